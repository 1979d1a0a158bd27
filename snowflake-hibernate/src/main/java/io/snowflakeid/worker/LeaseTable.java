package io.snowflakeid.worker;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.HashMap;
import java.util.Map;
import java.util.regex.Pattern;

import io.snowflakeid.SnowflakeConfigurationException;

/**
 * The SQL of the lease table: one row per (datacenter, worker) with its owner, lease end and high-water mark.
 * Every change is a single conditional UPDATE or a primary-key-guarded INSERT, so two instances can never both
 * win the same row, on any database; no select-then-update. Times are epoch milliseconds.
 */
final class LeaseTable {

	/** A plain, optionally schema-qualified, SQL identifier: configuration can never inject SQL. */
	private static final Pattern IDENTIFIER = Pattern.compile("[A-Za-z_][A-Za-z0-9_]{0,62}(\\.[A-Za-z_][A-Za-z0-9_]{0,62})?");

	static final String DEFAULT_NAME = "snowflake_worker_lease";

	private final String name;

	LeaseTable(String name) {
		if (name == null || !IDENTIFIER.matcher(name).matches()) {
			throw new SnowflakeConfigurationException(WorkerLeaseSettings.TABLE_NAME, "'" + name + "'",
					"a plain SQL identifier, optionally schema-qualified: letters, digits and _ (not starting with a "
							+ "digit), at most 63 characters per part, e.g. " + DEFAULT_NAME);
		}
		this.name = name;
	}

	String name() {
		return this.name;
	}

	/** Portable DDL (PostgreSQL, MySQL/MariaDB, H2); the README shows the same per database. */
	String createStatement() {
		return "CREATE TABLE IF NOT EXISTS " + this.name + " (" + "datacenter_id INT NOT NULL, "
				+ "worker_id INT NOT NULL, " + "owner VARCHAR(255), " + "instance_id VARCHAR(64), "
				+ "lease_end BIGINT NOT NULL, " + "high_water_mark BIGINT NOT NULL, "
				+ "PRIMARY KEY (datacenter_id, worker_id))";
	}

	void createIfMissing(Connection connection) throws SQLException {
		try (Statement statement = connection.createStatement()) {
			statement.execute(createStatement());
		}
		catch (SQLException ex) {
			// Another instance may have created it at the same moment (PostgreSQL reports that as a clash).
			if (!exists(connection)) {
				throw ex;
			}
		}
	}

	boolean exists(Connection connection) {
		try (Statement statement = connection.createStatement()) {
			statement.executeQuery("SELECT COUNT(*) FROM " + this.name + " WHERE 1 = 0").close();
			return true;
		}
		catch (SQLException ex) {
			return false;
		}
	}

	/** Lease ends of the rows that exist, keyed by {@code datacenter << 32 | worker}. */
	Map<Long, Long> leaseEnds(Connection connection, Integer datacenterId) throws SQLException {
		String sql = "SELECT datacenter_id, worker_id, lease_end FROM " + this.name
				+ ((datacenterId != null) ? " WHERE datacenter_id = ?" : "");
		Map<Long, Long> rows = new HashMap<>();
		try (PreparedStatement statement = connection.prepareStatement(sql)) {
			if (datacenterId != null) {
				statement.setInt(1, datacenterId);
			}
			try (ResultSet result = statement.executeQuery()) {
				while (result.next()) {
					rows.put(key(result.getInt(1), result.getInt(2)), result.getLong(3));
				}
			}
		}
		return rows;
	}

	/** Takes an existing row whose lease ended before {@code expiredBefore}. */
	boolean takeExpired(Connection connection, int datacenterId, int workerId, String owner, String instanceId,
			long leaseEnd, long expiredBefore) throws SQLException {
		String sql = "UPDATE " + this.name + " SET owner = ?, instance_id = ?, lease_end = ?"
				+ " WHERE datacenter_id = ? AND worker_id = ? AND lease_end < ?";
		try (PreparedStatement statement = connection.prepareStatement(sql)) {
			statement.setString(1, owner);
			statement.setString(2, instanceId);
			statement.setLong(3, leaseEnd);
			statement.setInt(4, datacenterId);
			statement.setInt(5, workerId);
			statement.setLong(6, expiredBefore);
			return statement.executeUpdate() == 1;
		}
	}

	/** Creates the row of a never-used worker id; false if another instance created it first. */
	boolean insertNew(Connection connection, int datacenterId, int workerId, String owner, String instanceId,
			long leaseEnd) throws SQLException {
		String sql = "INSERT INTO " + this.name
				+ " (datacenter_id, worker_id, owner, instance_id, lease_end, high_water_mark) VALUES (?, ?, ?, ?, ?, 0)";
		try (PreparedStatement statement = connection.prepareStatement(sql)) {
			statement.setInt(1, datacenterId);
			statement.setInt(2, workerId);
			statement.setString(3, owner);
			statement.setString(4, instanceId);
			statement.setLong(5, leaseEnd);
			return statement.executeUpdate() == 1;
		}
		catch (SQLException ex) {
			if (isDuplicateKey(ex)) {
				return false;
			}
			throw ex;
		}
	}

	long highWaterMark(Connection connection, int datacenterId, int workerId) throws SQLException {
		String sql = "SELECT high_water_mark FROM " + this.name + " WHERE datacenter_id = ? AND worker_id = ?";
		try (PreparedStatement statement = connection.prepareStatement(sql)) {
			statement.setInt(1, datacenterId);
			statement.setInt(2, workerId);
			try (ResultSet result = statement.executeQuery()) {
				if (!result.next()) {
					throw new SQLException("Row (" + datacenterId + ", " + workerId + ") vanished from " + this.name);
				}
				return result.getLong(1);
			}
		}
	}

	/**
	 * Extends the lease if this instance still holds it and raises the high-water mark (never lowers it).
	 * {@code leaseEnd == 0} releases the row.
	 */
	boolean update(Connection connection, int datacenterId, int workerId, String instanceId, long leaseEnd,
			long highWaterMark, boolean release) throws SQLException {
		String sql = "UPDATE " + this.name + " SET lease_end = ?,"
				+ " high_water_mark = CASE WHEN high_water_mark > ? THEN high_water_mark ELSE ? END"
				+ (release ? ", owner = NULL, instance_id = NULL" : "")
				+ " WHERE datacenter_id = ? AND worker_id = ? AND instance_id = ?";
		try (PreparedStatement statement = connection.prepareStatement(sql)) {
			statement.setLong(1, leaseEnd);
			statement.setLong(2, highWaterMark);
			statement.setLong(3, highWaterMark);
			statement.setInt(4, datacenterId);
			statement.setInt(5, workerId);
			statement.setString(6, instanceId);
			return statement.executeUpdate() == 1;
		}
	}

	static long key(int datacenterId, int workerId) {
		return ((long) datacenterId << 32) | workerId;
	}

	/** SQLState class 23 is "integrity constraint violation" on every database we support. */
	private static boolean isDuplicateKey(SQLException ex) {
		for (SQLException e = ex; e != null; e = e.getNextException()) {
			String state = e.getSQLState();
			if (state != null && state.startsWith("23")) {
				return true;
			}
		}
		return false;
	}
}
