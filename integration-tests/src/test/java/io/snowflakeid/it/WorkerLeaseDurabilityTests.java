package io.snowflakeid.it;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.snowflakeid.worker.ConnectionSource;
import io.snowflakeid.worker.WorkerLease;
import io.snowflakeid.worker.WorkerLeaseException;
import io.snowflakeid.worker.WorkerLeaseSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assumptions.assumeThat;

/**
 * A lease database that can lose a committed write is refused at start, naming the setting, its value, the fix and
 * the property that accepts the risk: a lost renewal gives the worker id to another instance while this one still
 * issues ids. The settings are changed on the real servers for the test and restored after it.
 */
class WorkerLeaseDurabilityTests {

	private static final String TABLE = "snowflake_lease_durability";

	private final List<WorkerLease> leases = new ArrayList<>();

	@AfterEach
	void closeLeases() {
		this.leases.forEach(WorkerLease::close);
	}

	private WorkerLease acquire(ConnectionSource connections, boolean acceptRisk) {
		WorkerLease lease = WorkerLease.acquire(WorkerLeaseSettings.builder(connections).tableName(TABLE)
			.datacenterId(3).duration(Duration.ofSeconds(10)).acceptDataLossRisk(acceptRisk).build());
		this.leases.add(lease);
		return lease;
	}

	private static ConnectionSource connections(TestDatabase database, String sessionSetting) {
		String url = database.url();
		return () -> {
			Connection connection = database.connect(url);
			if (sessionSetting != null) {
				try (Statement statement = connection.createStatement()) {
					statement.execute(sessionSetting);
				}
			}
			return connection;
		};
	}

	@Test
	void postgresqlWithSynchronousCommitOffForTheLeaseSessionIsRefusedUnlessTheRiskIsAccepted() {
		assumeThat(TestDatabase.enabled()).contains(TestDatabase.POSTGRESQL);
		// As ALTER ROLE ... SET synchronous_commit = off would do for the application's user.
		ConnectionSource risky = connections(TestDatabase.POSTGRESQL, "SET synchronous_commit = off");
		assertThatExceptionOfType(WorkerLeaseException.class).isThrownBy(() -> acquire(risky, false))
			.withMessageContaining("PostgreSQL synchronous_commit = off")
			.withMessageContaining("set it to on")
			.withMessageContaining("snowflake.lease.accept-data-loss-risk=true")
			.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo(WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION));
		assertThat(acquire(risky, true).generator().nextId()).isPositive();
		assertThat(acquire(connections(TestDatabase.POSTGRESQL, null), false).generator().nextId()).isPositive();
	}

	@Test
	void postgresqlWithFsyncOffIsRefused() throws Exception {
		assumeThat(TestDatabase.enabled()).contains(TestDatabase.POSTGRESQL);
		ConnectionSource plain = connections(TestDatabase.POSTGRESQL, null);
		try {
			serverSetting(plain, "ALTER SYSTEM SET fsync = off", "fsync", "off");
			assertThatExceptionOfType(WorkerLeaseException.class).isThrownBy(() -> acquire(plain, false))
				.withMessageContaining("PostgreSQL fsync = off")
				.withMessageContaining("snowflake.lease.accept-data-loss-risk=true");
		}
		finally {
			serverSetting(plain, "ALTER SYSTEM RESET fsync", "fsync", "on");
		}
		assertThat(acquire(plain, false).generator().nextId()).isPositive();
	}

	@Test
	void mariadbWithInnodbFlushLogAtTrxCommit2IsRefusedUnlessTheRiskIsAccepted() throws Exception {
		assumeThat(TestDatabase.enabled()).contains(TestDatabase.MARIADB);
		ConnectionSource plain = connections(TestDatabase.MARIADB, null);
		String original = query(plain, "select @@global.innodb_flush_log_at_trx_commit");
		try {
			execute(plain, "SET GLOBAL innodb_flush_log_at_trx_commit = 2");
			assertThatExceptionOfType(WorkerLeaseException.class).isThrownBy(() -> acquire(plain, false))
				.withMessageContaining("MariaDB innodb_flush_log_at_trx_commit = 2")
				.withMessageContaining("set innodb_flush_log_at_trx_commit = 1")
				.withMessageContaining("snowflake.lease.accept-data-loss-risk=true");
			assertThat(acquire(plain, true).generator().nextId()).isPositive();
		}
		finally {
			execute(plain, "SET GLOBAL innodb_flush_log_at_trx_commit = " + Integer.parseInt(original));
		}
		assertThat(original).as("the CI server runs with durable commits").isEqualTo("1");
		assertThat(acquire(plain, false).generator().nextId()).isPositive();
	}

	@Test
	void anEmbeddedH2LeasesWithoutACheck() {
		assertThat(acquire(connections(TestDatabase.H2, null), false).generator().nextId()).isPositive();
	}

	/** Changes a server-wide setting and waits until new sessions see it (the reload is asynchronous). */
	private static void serverSetting(ConnectionSource connections, String statement, String name, String expected)
			throws Exception {
		execute(connections, statement);
		execute(connections, "SELECT pg_reload_conf()");
		long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
		while (!expected.equals(query(connections, "SELECT current_setting('" + name + "')"))) {
			assertThat(System.nanoTime() - deadline).as(name + " did not become " + expected).isNegative();
			Thread.sleep(50);
		}
	}

	private static void execute(ConnectionSource connections, String sql) throws SQLException {
		try (Connection connection = connections.getConnection(); Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
	}

	private static String query(ConnectionSource connections, String sql) throws SQLException {
		try (Connection connection = connections.getConnection(); Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery(sql)) {
			result.next();
			return result.getString(1);
		}
	}
}
