package io.snowflakeid.worker;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;

import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.internal.logging.Logging;

/**
 * Whether the lease database may lose a write it acknowledged, read at start with one query. A lost renewal is as
 * bad as a lost row: the row goes back to an older token and lease end, another instance takes the worker id after
 * that older end while this one still issues ids up to the newer one, and the high-water mark a successor checks is
 * the older one too. What can be read is checked; what cannot (an asynchronous replica promoted after a failover,
 * a disk cache that lies) is the deployment's to provide, and docs/worker-assignment.md says so.
 */
final class DurabilityCheck {

	private static final System.Logger logger = Logging.getLogger(DurabilityCheck.class);

	private DurabilityCheck() {
	}

	/**
	 * What lets this database lose a commit, as "setting = value (why)", or null if nothing readable does. A
	 * database that reports a known product but not its settings (a PostgreSQL-compatible one without
	 * {@code fsync}, say) is not refused for that: a warning says the check could not be made.
	 */
	static String risk(Connection connection) throws SQLException {
		try {
			return readRisk(connection);
		}
		catch (SQLException ex) {
			logger.log(System.Logger.Level.WARNING, "Could not read the durability settings of the lease database "
					+ "({0}): whether it can lose a committed write is not checked", ex.getMessage());
			return null;
		}
	}

	/** URLs of in-memory databases already warned about (once per JVM: every restart of a test context claims). */
	private static final java.util.Set<String> IN_MEMORY_NOTED = java.util.concurrent.ConcurrentHashMap.newKeySet();

	/**
	 * Warns once when the lease database lives in this JVM's memory (H2 {@code mem:}, HSQLDB {@code mem:}, Derby
	 * {@code memory:}): every instance has a lease table of its own and gets the same worker id, which is right for
	 * tests and a single instance only. Nothing is refused: that is what tests and demos run on.
	 */
	static void noteInMemory(Connection connection, String where) {
		String url;
		try {
			url = connection.getMetaData().getURL();
		}
		catch (SQLException | RuntimeException ex) {
			return;
		}
		String lower = (url != null) ? url.toLowerCase(Locale.ROOT) : "";
		boolean inMemory = lower.startsWith("jdbc:h2:mem:") || lower.startsWith("jdbc:hsqldb:mem:")
				|| lower.startsWith("jdbc:derby:memory:");
		if (inMemory && IN_MEMORY_NOTED.add(lower)) {
			logger.log(System.Logger.Level.WARNING, "The worker id is leased from {0} in an in-memory database ({1}): "
					+ "every JVM has a lease table of its own, so instances sharing ids (the same database tables, "
					+ "messages, caches) get the same worker id and can issue the same ids. Fine for tests and a "
					+ "single instance; several instances lease from one shared database", where, url);
		}
	}

	private static String readRisk(Connection connection) throws SQLException {
		String product = connection.getMetaData().getDatabaseProductName().toLowerCase(Locale.ROOT);
		if (product.contains("postgresql")) {
			// current_setting reads this session's value: synchronous_commit may be set per database, role or session.
			String[] values = query(connection,
					"select current_setting('fsync'), current_setting('synchronous_commit')");
			if ("off".equalsIgnoreCase(values[0])) {
				return "PostgreSQL fsync = off (a crash of the server can lose or corrupt committed transactions; "
						+ "set fsync = on in postgresql.conf)";
			}
			if ("off".equalsIgnoreCase(values[1])) {
				return "PostgreSQL synchronous_commit = off (a crash of the server loses the last committed "
						+ "transactions; set it to on, for the database or role of the lease "
						+ "(ALTER ROLE ... SET synchronous_commit = on) or in postgresql.conf)";
			}
			return null;
		}
		if (product.contains("mariadb") || product.contains("mysql")) {
			String[] values = query(connection, "select @@global.innodb_flush_log_at_trx_commit");
			if (values[0] != null && !"1".equals(values[0].trim())) {
				return (product.contains("mariadb") ? "MariaDB" : "MySQL") + " innodb_flush_log_at_trx_commit = "
						+ values[0].trim() + " (a crash of the server or its host loses up to a second of committed "
						+ "transactions; set innodb_flush_log_at_trx_commit = 1)";
			}
			return null;
		}
		return null;
	}

	/**
	 * Refuses a risky database, or logs a warning once when the risk is accepted.
	 * @throws WorkerLeaseException if {@code risk} is not null and not accepted
	 */
	static void refuseOrWarn(String risk, boolean accepted, String where) {
		if (risk == null) {
			return;
		}
		if (!accepted) {
			throw new WorkerLeaseException(WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION,
					"Refusing to lease a worker id from " + where + ": its database can lose a committed write, "
							+ risk + ". A lost lease renewal lets another instance take this instance's worker id "
							+ "while it still issues ids: duplicate ids. Fix the setting, or accept the risk "
							+ "explicitly with " + Settings.LEASE_ACCEPT_DATA_LOSS_RISK.key() + "=true");
		}
		logger.log(System.Logger.Level.WARNING, "Leasing a worker id from {0} although its database can lose a "
				+ "committed write, {1}: accepted by {2}=true. A crash of the database can lead to duplicate ids.",
				where, risk, Settings.LEASE_ACCEPT_DATA_LOSS_RISK.key());
	}

	private static String[] query(Connection connection, String sql) throws SQLException {
		try (Statement statement = connection.createStatement(); ResultSet result = statement.executeQuery(sql)) {
			int columns = result.getMetaData().getColumnCount();
			String[] values = new String[columns];
			if (result.next()) {
				for (int i = 0; i < columns; i++) {
					values[i] = result.getString(i + 1);
				}
			}
			return values;
		}
	}
}
