package io.snowflakeid.segment;

import io.snowflakeid.internal.keys.SnowflakeSettings;
import io.snowflakeid.internal.config.SegmentConfiguration;
import io.snowflakeid.internal.jdbc.JdbcSupport;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;


/**
 * The SQL of segment mode. {@code <table>}: one row per key with the highest value handed out so far and the step;
 * {@code <table>_free}: ranges handed back by instances that stopped gracefully, handed out again first. Only the
 * statements: {@link SegmentStore} runs them, each allocation one UPDATE (or a primary-key-guarded INSERT) in its
 * own transaction, so two instances can never get overlapping ranges.
 */
final class SegmentTable {

	static final String DEFAULT_NAME = SegmentConfiguration.DEFAULT_TABLE_NAME;

	private final String name;

	private final String freeName;

	SegmentTable(String name) {
		this.name = SegmentConfiguration.checkTableName(name); // 58 characters a part: "_free" is added
		this.freeName = name + "_free";
	}

	String name() {
		return this.name;
	}

	/** Portable DDL (PostgreSQL, MySQL/MariaDB, H2). */
	String[] createStatements() {
		return new String[] {
				"CREATE TABLE IF NOT EXISTS " + this.name + " (segment_key VARCHAR(128) NOT NULL, "
						+ "max_value BIGINT NOT NULL, step INT NOT NULL, PRIMARY KEY (segment_key))",
				"CREATE TABLE IF NOT EXISTS " + this.freeName + " (segment_key VARCHAR(128) NOT NULL, "
						+ "first_value BIGINT NOT NULL, last_value BIGINT NOT NULL, PRIMARY KEY (segment_key, first_value))" };
	}

	void createIfMissing(Connection connection) throws SQLException {
		JdbcSupport.createTablesIfMissing(connection, List.of(createStatements()), List.of(this.freeName, this.name));
	}

	/** Queries both tables for no rows; the database's error if either cannot be read. */
	void checkReadable(Connection connection) throws SQLException {
		for (String table : List.of(this.name, this.freeName)) {
			try (PreparedStatement query = connection
				.prepareStatement("SELECT COUNT(*) FROM " + table + " WHERE 1 = 0")) {
				query.executeQuery().close();
			}
		}
	}

	/**
	 * Takes the lowest handed-back range above {@code after} for the key, or null. The DELETE decides who gets it
	 * when two instances race for the same range.
	 */
	Segment takeFreeRange(Connection connection, String key, long after) throws SQLException {
		String select = "SELECT first_value, last_value FROM " + this.freeName
				+ " WHERE segment_key = ? AND first_value > ? ORDER BY first_value";
		try (PreparedStatement query = connection.prepareStatement(select)) {
			query.setString(1, key);
			query.setLong(2, after);
			try (ResultSet result = query.executeQuery()) {
				while (result.next()) {
					long first = result.getLong(1);
					long last = result.getLong(2);
					try (PreparedStatement delete = connection.prepareStatement(
							"DELETE FROM " + this.freeName + " WHERE segment_key = ? AND first_value = ?")) {
						delete.setString(1, key);
						delete.setLong(2, first);
						if (delete.executeUpdate() == 1) {
							return new Segment(first, last);
						}
					}
				}
			}
		}
		return null;
	}

	/**
	 * Moves the key's maximum up by {@code step}, in the caller's transaction; the new maximum, or null if the key
	 * has no row yet. The row stays locked until the caller commits, so two instances never get the same range.
	 */
	Long raiseMax(Connection connection, String key, int step) throws SQLException {
		try (PreparedStatement update = connection.prepareStatement(
				"UPDATE " + this.name + " SET max_value = max_value + ?, step = ? WHERE segment_key = ?")) {
			update.setInt(1, step);
			update.setInt(2, step);
			update.setString(3, key);
			if (update.executeUpdate() != 1) {
				return null;
			}
		}
		try (PreparedStatement select = connection
			.prepareStatement("SELECT max_value FROM " + this.name + " WHERE segment_key = ?")) {
			select.setString(1, key);
			try (ResultSet result = select.executeQuery()) {
				result.next();
				return result.getLong(1);
			}
		}
	}

	/**
	 * Creates the key's row holding its first segment, {@code initialValue} to {@code initialValue + step - 1}, in
	 * the caller's transaction. Fails with a duplicate-key error if another instance created it first.
	 */
	void insertRow(Connection connection, String key, long initialValue, int step) throws SQLException {
		try (PreparedStatement insert = connection.prepareStatement(
				"INSERT INTO " + this.name + " (segment_key, max_value, step) VALUES (?, ?, ?)")) {
			insert.setString(1, key);
			insert.setLong(2, initialValue - 1 + step);
			insert.setInt(3, step);
			insert.executeUpdate();
		}
	}

	/** Hands a range back for the next instance to use. */
	void giveBack(Connection connection, String key, Segment range) throws SQLException {
		try (PreparedStatement insert = connection.prepareStatement(
				"INSERT INTO " + this.freeName + " (segment_key, first_value, last_value) VALUES (?, ?, ?)")) {
			insert.setString(1, key);
			insert.setLong(2, range.first());
			insert.setLong(3, range.last());
			insert.executeUpdate();
		}
	}

	/** A closed range of values. */
	record Segment(long first, long last) {

		long size() {
			return this.last - this.first + 1;
		}
	}
}
