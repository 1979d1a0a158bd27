package io.snowflakeid.segment;

import java.sql.SQLException;

import io.snowflakeid.internal.jdbc.JdbcSupport;
import io.snowflakeid.segment.SegmentTable.Segment;

/**
 * Segment mode's database work, and the one owner of its transactions: creating the tables, fetching a segment
 * (a handed-back range, else a new one) and handing one back. Each runs on its own connection, in its own
 * transactions, every statement bounded by {@link SegmentSettings#statementTimeout()}. The generator keeps the
 * cursor and the double buffer; {@link SegmentTable} only knows the statements.
 */
final class SegmentStore {

	/** Attempts to create a key's row when other instances keep creating it first (only the first start races). */
	private static final int CREATE_ROW_ATTEMPTS = 3;

	private final SegmentSettings settings;

	SegmentStore(SegmentSettings settings) {
		this.settings = settings;
	}

	/** Creates the segment table and its table of handed-back ranges if they are missing. */
	void createTablesIfMissing() throws SQLException {
		this.settings.connections.run(true, this.settings.statementTimeout(), (connection) -> {
			this.settings.table.createIfMissing(connection);
			return null;
		});
	}

	/** Reads both tables (no rows): throws what the database says if either is missing or not readable. */
	void checkTablesReadable() throws SQLException {
		this.settings.connections.run(true, this.settings.statementTimeout(), (connection) -> {
			this.settings.table.checkReadable(connection);
			return null;
		});
	}

	/**
	 * The lowest handed-back range of {@code key} above {@code after} (taken in a transaction of its own), else the
	 * next {@code step} values (the key's row created at {@code initialValue} if it has none yet).
	 */
	Segment fetch(String key, long initialValue, long after, int step) throws SQLException {
		return this.settings.connections.run(false, this.settings.statementTimeout(), (connection) -> {
			Segment free = this.settings.table.takeFreeRange(connection, key, after);
			connection.commit();
			if (free != null) {
				return free;
			}
			for (int attempt = 0; attempt < CREATE_ROW_ATTEMPTS; attempt++) {
				Long max = this.settings.table.raiseMax(connection, key, step);
				connection.commit();
				if (max != null) {
					return new Segment(max - step + 1, max);
				}
				try {
					this.settings.table.insertRow(connection, key, initialValue, step);
					connection.commit();
					return new Segment(initialValue, initialValue - 1 + step);
				}
				catch (SQLException ex) {
					connection.rollback();
					if (!JdbcSupport.isDuplicateKey(ex)) {
						throw ex;
					}
					// Another instance created the row first: raise it instead.
				}
			}
			throw new SQLException("Could not allocate a segment for key '" + key + "' in " + this.settings.tableName());
		});
	}

	/** Writes {@code range} back to the table of handed-back ranges, for the next instance; returns its size. */
	long giveBack(String key, Segment range) throws SQLException {
		return this.settings.connections.run(false, this.settings.statementTimeout(), (connection) -> {
			this.settings.table.giveBack(connection, key, range);
			connection.commit();
			return range.size();
		});
	}
}
