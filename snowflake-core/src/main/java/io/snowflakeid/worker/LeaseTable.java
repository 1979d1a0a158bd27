package io.snowflakeid.worker;

import io.snowflakeid.internal.keys.SnowflakeSettings;
import io.snowflakeid.internal.config.LeaseConfiguration;
import io.snowflakeid.internal.jdbc.JdbcSupport;
import io.snowflakeid.spi.LeaseRecord;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;


/**
 * The SQL of the lease table: one row per (datacenter, worker) with its owner, lease end and high-water mark.
 * Every change is a single conditional UPDATE or a primary-key-guarded INSERT, so two instances can never both
 * win the same row, on any database; no select-then-update. Times are epoch milliseconds.
 */
final class LeaseTable {

	/** H2's error code (and SQLState) for a concurrent update ({@code ErrorCode.CONCURRENT_UPDATE_1}). */
	private static final int H2_CONCURRENT_UPDATE = 90131;

	static final String DEFAULT_NAME = LeaseConfiguration.DEFAULT_TABLE_NAME;

	private final String name;

	LeaseTable(String name) {
		this.name = LeaseConfiguration.checkTableName(name);
	}

	String name() {
		return this.name;
	}

	/** Portable DDL (PostgreSQL, MySQL/MariaDB, H2); docs/worker-assignment.md shows the same per database. */
	String createStatement() {
		return "CREATE TABLE IF NOT EXISTS " + this.name + " (" + "datacenter_id INT NOT NULL, "
				+ "worker_id INT NOT NULL, " + "owner VARCHAR(255), " + "instance_id VARCHAR(64), "
				+ "lease_end BIGINT NOT NULL, " + "high_water_mark BIGINT NOT NULL, "
				+ "PRIMARY KEY (datacenter_id, worker_id))";
	}

	void createIfMissing(Connection connection) throws SQLException {
		JdbcSupport.createTablesIfMissing(connection, List.of(createStatement()), List.of(this.name));
	}

	boolean exists(Connection connection) {
		return JdbcSupport.tablesExist(connection, List.of(this.name));
	}

	/** The rows that exist (of one datacenter if given). */
	List<LeaseRecord> rows(Connection connection, Integer datacenterId) throws SQLException {
		String sql = "SELECT datacenter_id, worker_id, lease_end, high_water_mark FROM " + this.name
				+ ((datacenterId != null) ? " WHERE datacenter_id = ?" : "");
		List<LeaseRecord> rows = new ArrayList<>();
		try (PreparedStatement statement = connection.prepareStatement(sql)) {
			if (datacenterId != null) {
				statement.setInt(1, datacenterId);
			}
			try (ResultSet result = statement.executeQuery()) {
				while (result.next()) {
					rows.add(new LeaseRecord(result.getInt(1), result.getInt(2), result.getLong(3), result.getLong(4)));
				}
			}
		}
		return rows;
	}

	/**
	 * Takes a row whose lease ended before {@code expiredBefore} and whose mark is still the one read, writing the
	 * claimant's lease end and mark in the same statement: the mark read is the predecessor's last word.
	 */
	boolean takeFree(Connection connection, LeaseRecord row, String owner, String token, long leaseEnd, long mark,
			long expiredBefore) throws SQLException {
		String sql = "UPDATE " + this.name + " SET owner = ?, instance_id = ?, lease_end = ?, high_water_mark = ?"
				+ " WHERE datacenter_id = ? AND worker_id = ? AND lease_end < ? AND high_water_mark = ?";
		try (PreparedStatement statement = connection.prepareStatement(sql)) {
			statement.setString(1, owner);
			statement.setString(2, token);
			statement.setLong(3, leaseEnd);
			statement.setLong(4, mark);
			statement.setInt(5, row.datacenterId());
			statement.setInt(6, row.workerId());
			statement.setLong(7, expiredBefore);
			statement.setLong(8, row.highWaterMark());
			return statement.executeUpdate() == 1;
		}
	}

	/** Creates the row of a never-used worker id; false if another instance created it first. */
	boolean insertNew(Connection connection, int datacenterId, int workerId, String owner, String token,
			long leaseEnd, long mark) throws SQLException {
		String sql = "INSERT INTO " + this.name
				+ " (datacenter_id, worker_id, owner, instance_id, lease_end, high_water_mark) VALUES (?, ?, ?, ?, ?, ?)";
		try (PreparedStatement statement = connection.prepareStatement(sql)) {
			statement.setInt(1, datacenterId);
			statement.setInt(2, workerId);
			statement.setString(3, owner);
			statement.setString(4, token);
			statement.setLong(5, leaseEnd);
			statement.setLong(6, mark);
			return statement.executeUpdate() == 1;
		}
		catch (SQLException ex) {
			if (JdbcSupport.isDuplicateKey(ex)) {
				return false;
			}
			throw ex;
		}
	}

	/**
	 * Extends the lease if this instance still holds it, under a new token (the fencing token: a second holder of
	 * an old one, such as a cloned VM, loses at its next renewal), and raises the mark (never lowers it).
	 * {@code tokens} are the row's token as last confirmed plus those of attempts whose outcome is unknown (they
	 * may have committed); {@code newToken} is never one of them, so a stale statement executing late cannot
	 * match a row a later renewal already moved on.
	 */
	boolean renew(Connection connection, int datacenterId, int workerId, Collection<String> tokens, String newToken,
			long leaseEnd, long mark) throws SQLException {
		String sql = "UPDATE " + this.name + " SET instance_id = ?, lease_end = ?,"
				+ " high_water_mark = CASE WHEN high_water_mark > ? THEN high_water_mark ELSE ? END"
				+ " WHERE datacenter_id = ? AND worker_id = ? AND instance_id IN (" + placeholders(tokens.size()) + ")";
		try (PreparedStatement statement = connection.prepareStatement(sql)) {
			statement.setString(1, newToken);
			statement.setLong(2, leaseEnd);
			statement.setLong(3, mark);
			statement.setLong(4, mark);
			statement.setInt(5, datacenterId);
			statement.setInt(6, workerId);
			bindTokens(statement, 7, tokens);
			return statement.executeUpdate() == 1;
		}
	}

	/**
	 * Frees the row if this instance still holds it (under any of {@code tokens}), storing the exact mark of what
	 * it issued: lower than what the renewals stored, so the successor does not wait for time this instance never
	 * used.
	 */
	boolean release(Connection connection, int datacenterId, int workerId, Collection<String> tokens,
			long exactMark) throws SQLException {
		String sql = "UPDATE " + this.name + " SET lease_end = 0, owner = NULL, instance_id = NULL,"
				+ " high_water_mark = ? WHERE datacenter_id = ? AND worker_id = ? AND instance_id IN ("
				+ placeholders(tokens.size()) + ")";
		try (PreparedStatement statement = connection.prepareStatement(sql)) {
			statement.setLong(1, exactMark);
			statement.setInt(2, datacenterId);
			statement.setInt(3, workerId);
			bindTokens(statement, 4, tokens);
			return statement.executeUpdate() == 1;
		}
	}

	private static void bindTokens(PreparedStatement statement, int firstIndex, Collection<String> tokens)
			throws SQLException {
		int index = firstIndex;
		for (String token : tokens) {
			statement.setString(index++, token);
		}
	}

	private static String placeholders(int count) {
		if (count < 1) {
			throw new IllegalArgumentException("no token");
		}
		return "?" + ", ?".repeat(count - 1);
	}

	/**
	 * A transaction that lost a race under a strict isolation level: SQLState 40001 (PostgreSQL serializable,
	 * MySQL/MariaDB deadlock), 40P01 (PostgreSQL deadlock), or MariaDB's error 1020 (record changed since last
	 * read, with innodb_snapshot_isolation); or H2's 90131 (concurrent update), which embedded H2 puts in the cause of
	 * the lock timeout an insert gets when another session's insert of the same key stays uncommitted longer than the
	 * timeout. Someone else changed the row: take another, or retry. Each lease statement is a transaction of its
	 * own, so a statement that failed so committed nothing.
	 */
	static boolean isSerializationFailure(SQLException ex) {
		for (Throwable e = ex; e != null; e = e.getCause()) {
			if (e instanceof SQLException sql) {
				String state = sql.getSQLState();
				if ((state != null && (state.equals("40001") || state.equals("40P01"))) || sql.getErrorCode() == 1020
						|| (sql.getErrorCode() == H2_CONCURRENT_UPDATE && "90131".equals(state))) {
					return true;
				}
				SQLException next = sql.getNextException();
				if (next != null && next != e && isSerializationFailure(next)) {
					return true;
				}
			}
		}
		return false;
	}
}
