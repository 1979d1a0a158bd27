package io.snowflakeid.quarkus.reactive;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;

import io.quarkus.hibernate.reactive.panache.Panache;
import io.quarkus.test.QuarkusUnitTest;
import io.quarkus.vertx.VertxContextSupport;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.internal.config.WorkerAssignment;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A reactive application whose default datasource has a JDBC URL beside its reactive one: the worker id is leased
 * over JDBC (at start, renewed on the lease's thread, never on the event loop), the reactive persists are on it, and
 * the lease is handed back when the application stops gracefully.
 */
@EnabledIf("postgresql")
class LeaseBesideReactiveTest {

	/** This test JVM's lease table (its process id in the name): the database is shared with other runs. */
	static final String TABLE = "quarkus_reactive_lease_" + ProcessHandle.current().pid();

	static final String JDBC_URL = "jdbc:postgresql://127.0.0.1:5432/test";

	@RegisterExtension
	static final QuarkusUnitTest app = new QuarkusUnitTest().withApplicationRoot((jar) -> jar.addClasses(Receipt.class, ConnectionThreads.class))
		.overrideConfigKey("quarkus.datasource.db-kind", "postgresql")
		.overrideConfigKey("quarkus.datasource.username", "postgres")
		.overrideConfigKey("quarkus.datasource.reactive.url", "postgresql://127.0.0.1:5432/test")
		.overrideConfigKey("quarkus.datasource.jdbc.url", JDBC_URL)
		.overrideConfigKey("quarkus.devservices.enabled", "false")
		.overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "drop-and-create")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "4")
		.overrideConfigKey("quarkus.snowflake.lease.duration", "9s") // renewed every 3 s
		.overrideConfigKey("quarkus.snowflake.lease.table-name", TABLE)
		.setAfterAllCustomizer(() -> {
			try (Connection connection = DriverManager.getConnection(JDBC_URL, "postgres", "")) {
				assertThat(leaseEnd(connection)).as("the lease handed back when the application stopped").isZero();
				connection.createStatement().execute("drop table " + TABLE);
			}
			catch (SQLException ex) {
				throw new IllegalStateException(ex);
			}
		});

	static boolean postgresql() {
		return Arrays.asList(System.getProperty("snowflake.test.databases", "h2").split(",")).contains("postgresql");
	}

	@Inject
	ManagedGenerator managed;

	@Inject
	SnowflakeIdGenerator generator;


	@Test
	void theWorkerIdIsLeasedOverJdbcAndTheReactivePersistsAreOnIt() throws SQLException {
		assertThat(this.managed.assignment()).isEqualTo(WorkerAssignment.DATABASE_LEASE);
		Receipt receipt = new Receipt();
		receipt.amount = 12;
		persist(receipt);
		assertThat(this.generator.decode(receipt.id).workerId()).isEqualTo(this.managed.lease().workerId());
		assertThat(this.generator.decode(receipt.id).datacenterId()).isEqualTo(4);
		try (Connection connection = DriverManager.getConnection(JDBC_URL, "postgres", "")) {
			assertThat(leaseEnd(connection)).as("held while the application runs")
				.isGreaterThan(System.currentTimeMillis());
		}
	}

	/** Panache's persist, on a Vert.x duplicated context as Hibernate Reactive wants, waited for. */
	private static void persist(Receipt receipt) {
		try {
			VertxContextSupport.subscribeAndAwait(() -> Panache.withTransaction(receipt::persist));
		}
		catch (Throwable ex) {
			throw new AssertionError(ex);
		}
	}

	/**
	 * The lease's JDBC work runs at start and off the event loop afterwards (the renewals on the lease's thread, their
	 * connections taken on the library's connect threads): a renewal is waited for, and no connection was taken on an
	 * event loop.
	 */
	@Test
	void theLeaseIsTakenAndRenewedOffTheEventLoop() throws InterruptedException {
		long renewals = this.managed.lease().renewals();
		int acquired = ConnectionThreads.ACQUIRED_ON.size();
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
		while (this.managed.lease().renewals() == renewals && System.nanoTime() < deadline) {
			Thread.sleep(100);
		}
		assertThat(this.managed.lease().renewals()).as("a renewal within 30 s (every 3 s)").isGreaterThan(renewals);
		assertThat(ConnectionThreads.ACQUIRED_ON).as("the renewal's connection among them").hasSizeGreaterThan(acquired)
			.noneMatch((thread) -> thread.startsWith("event loop"));
	}

	private static long leaseEnd(Connection connection) throws SQLException {
		try (ResultSet result = connection.createStatement().executeQuery("select lease_end from " + TABLE)) {
			assertThat(result.next()).as("a lease row").isTrue();
			long leaseEnd = result.getLong(1);
			assertThat(result.next()).as("one lease row").isFalse();
			return leaseEnd;
		}
	}
}
