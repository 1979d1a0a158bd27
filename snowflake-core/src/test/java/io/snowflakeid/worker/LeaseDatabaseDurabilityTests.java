package io.snowflakeid.worker;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.logging.Level;

import io.snowflakeid.testing.LogCapture;
import io.snowflakeid.testing.TestDatabase;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A lease database that can lose a committed write (PostgreSQL with fsync or synchronous_commit off, MariaDB or
 * MySQL with innodb_flush_log_at_trx_commit other than 1) is refused at start, naming the setting, its value and
 * the fix, unless {@code snowflake.lease.accept-data-loss-risk=true} (then a warning says so); a database whose
 * settings cannot be read is leased from with a warning. H2 stands in for those servers: its metadata names the
 * product, and the settings query is answered with the values under test.
 */
class LeaseDatabaseDurabilityTests {

	private static final String POSTGRESQL_QUERY = "select current_setting('fsync'), current_setting('synchronous_commit')";

	private static final String MYSQL_QUERY = "select @@global.innodb_flush_log_at_trx_commit";

	private final TestDatabase database = new TestDatabase("durability");

	@Test
	void postgreSqlWithFsyncOrSynchronousCommitOffIsRefusedNamingTheSetting() {
		assertThatExceptionOfType(WorkerLeaseException.class)
			.isThrownBy(() -> prepare(server("PostgreSQL", POSTGRESQL_QUERY, "select 'off', 'on'"), false))
			.satisfies((ex) -> assertThat(ex.getReason())
				.isEqualTo(WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION))
			.withMessageStartingWith("Refusing to lease a worker id from table snowflake_worker_lease: its database "
					+ "can lose a committed write, PostgreSQL fsync = off (a crash of the server can lose or corrupt "
					+ "committed transactions; set fsync = on in postgresql.conf).")
			.withMessageContaining("snowflake.lease.accept-data-loss-risk=true");
		assertThatExceptionOfType(WorkerLeaseException.class)
			.isThrownBy(() -> prepare(server("PostgreSQL", POSTGRESQL_QUERY, "select 'on', 'OFF'"), false))
			.withMessageContaining("PostgreSQL synchronous_commit = off (a crash of the server loses the last "
					+ "committed transactions; set it to on");
		assertThat(prepare(server("PostgreSQL", POSTGRESQL_QUERY, "select 'on', 'on'"), false)).isEmpty();
		assertThat(prepare(server("PostgreSQL", POSTGRESQL_QUERY, "select 'on', 'local'"), false))
			.as("local still flushes on the server itself").isEmpty();
	}

	@Test
	void mariaDbAndMySqlWithoutAFlushAtEveryCommitAreRefusedNamingTheValue() {
		assertThatExceptionOfType(WorkerLeaseException.class)
			.isThrownBy(() -> prepare(server("MariaDB", MYSQL_QUERY, "select ' 2 '"), false))
			.withMessageContaining("its database can lose a committed write, MariaDB innodb_flush_log_at_trx_commit = 2 "
					+ "(a crash of the server or its host loses up to a second of committed transactions; set "
					+ "innodb_flush_log_at_trx_commit = 1)");
		assertThatExceptionOfType(WorkerLeaseException.class)
			.isThrownBy(() -> prepare(server("MySQL", MYSQL_QUERY, "select '0'"), false))
			.withMessageContaining("MySQL innodb_flush_log_at_trx_commit = 0");
		assertThat(prepare(server("MariaDB", MYSQL_QUERY, "select ' 1'"), false)).isEmpty();
		assertThat(prepare(server("MySQL", MYSQL_QUERY, "select cast(null as varchar)"), false))
			.as("nothing to read: not refused").isEmpty();
		assertThat(prepare(server("MySQL", MYSQL_QUERY, "select 'x' where false"), false))
			.as("no row: not refused").isEmpty();
	}

	@Test
	void anAcceptedRiskIsAWarningAndTheLeaseIsTaken() {
		List<String> warnings = prepare(server("PostgreSQL", POSTGRESQL_QUERY, "select 'off', 'on'"), true);
		assertThat(warnings).singleElement().satisfies((warning) -> assertThat(warning).startsWith("Leasing a worker "
				+ "id from table snowflake_worker_lease although its database can lose a committed write, PostgreSQL "
				+ "fsync = off").contains("accepted by snowflake.lease.accept-data-loss-risk=true"));

		WorkerLease lease = WorkerLease.acquire(WorkerLeaseSettings
			.builder(server("MariaDB", MYSQL_QUERY, "select '2'")).acceptDataLossRisk(true).build());
		try {
			assertThat(lease.generator().nextId()).isPositive();
		}
		finally {
			lease.close();
		}
		assertThatExceptionOfType(WorkerLeaseException.class).isThrownBy(() -> WorkerLease
			.acquire(WorkerLeaseSettings.builder(server("MariaDB", MYSQL_QUERY, "select '2'")).build()))
			.withMessageContaining("MariaDB innodb_flush_log_at_trx_commit = 2");
	}

	/** Settings that cannot be read (no privilege, a compatible database without them): a warning, not a refusal. */
	@Test
	void settingsThatCannotBeReadAreAWarningNotARefusal() {
		List<String> warnings = prepare(server("PostgreSQL", POSTGRESQL_QUERY, "select no_such_function()"), false);
		assertThat(warnings).singleElement().satisfies((warning) -> assertThat(warning)
			.startsWith("Could not read the durability settings of the lease database (")
			.endsWith("): whether it can lose a committed write is not checked"));
	}

	/**
	 * Prepares a lease table on {@code connections} (where the durability check runs), returning the warnings
	 * logged about durability (the in-memory warning aside).
	 */
	private static List<String> prepare(ConnectionSource connections, boolean acceptDataLossRisk) {
		try (LogCapture log = LogCapture.of(DurabilityCheck.class)) {
			new JdbcLeaseStore(connections, new LeaseTable(LeaseTable.DEFAULT_NAME), true, acceptDataLossRisk)
				.prepare(Duration.ofSeconds(5));
			return log.messages(Level.WARNING).stream()
				.filter((message) -> !message.contains("in-memory database"))
				.toList();
		}
		catch (SQLException ex) {
			throw new IllegalStateException(ex);
		}
	}

	/**
	 * Connections to the test database that name themselves {@code product} and answer {@code settingsQuery} as
	 * {@code answer} does.
	 */
	private ConnectionSource server(String product, String settingsQuery, String answer) {
		Map<String, String> answers = Map.of(settingsQuery, answer);
		return () -> {
			Connection connection = this.database.connection();
			DatabaseMetaData metadata = connection.getMetaData();
			DatabaseMetaData named = (DatabaseMetaData) Proxy.newProxyInstance(getClass().getClassLoader(),
					new Class<?>[] { DatabaseMetaData.class }, (proxy, method, args) -> method.getName()
						.equals("getDatabaseProductName") ? product : invoke(method, metadata, args));
			return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { Connection.class },
					(proxy, method, args) -> {
						if (method.getName().equals("getMetaData")) {
							return named;
						}
						if (method.getName().equals("createStatement") && args == null) {
							Statement statement = connection.createStatement();
							return Proxy.newProxyInstance(getClass().getClassLoader(),
									new Class<?>[] { Statement.class }, (statementProxy, call, callArgs) -> {
										if (call.getName().equals("executeQuery")
												&& answers.containsKey((String) callArgs[0])) {
											return statement.executeQuery(answers.get((String) callArgs[0]));
										}
										return invoke(call, statement, callArgs);
									});
						}
						return invoke(method, connection, args);
					});
		};
	}

	private static Object invoke(Method method, Object target, Object[] args) throws Throwable {
		try {
			return method.invoke(target, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}
}
