package io.snowflakeid.quarkus.deployment.startup;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;

import io.agroal.api.AgroalDataSource;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.internal.config.WorkerAssignment;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A worker id leased from the default datasource (the two subclasses: {@code auto} without a worker id, and
 * {@code database-lease}): held while the application runs, the entity's id on the leased worker, and handed back
 * when the application stops gracefully (read after the stop, from the database file it leaves behind).
 */
abstract class DatabaseLeaseTests {

	/**
	 * The lease table of this test JVM (its process id in the name): the real databases' is shared with other runs,
	 * and it is dropped only after the application stopped (Quarkus loads the test class a second time, in the
	 * application's class loader, while the application runs).
	 */
	static final String TABLE = "quarkus_lease_" + ProcessHandle.current().pid();

	static QuarkusUnitTest app(String db) {
		return app(TestApps.h2File(db), TestApps.fileUrl(db), null, null);
	}

	/** {@code app} leasing its worker id from the database at {@code url}, checked there after it stopped. */
	static QuarkusUnitTest app(QuarkusUnitTest app, String url, String user, String password) {
		return app.overrideConfigKey("quarkus.snowflake.datacenter-id", "2")
			.overrideConfigKey("quarkus.snowflake.lease.duration", "30s") // not run out by a slow, niced CI build
			.overrideConfigKey("quarkus.snowflake.lease.table-name", TABLE)
			.setAfterAllCustomizer(() -> {
				try (Connection connection = (user != null) ? DriverManager.getConnection(url, user, password)
						: DriverManager.getConnection(url)) {
					assertThat(leaseEnd(connection)).as("the lease handed back when the application stopped").isZero();
					connection.createStatement().execute("drop table " + TABLE);
				}
				catch (SQLException ex) {
					throw new IllegalStateException(ex);
				}
			});
	}

	@Inject
	ManagedGenerator managed;

	@Inject
	SnowflakeIdGenerator generator;

	@Inject
	EntityManager entityManager;

	@Inject
	AgroalDataSource dataSource;

	@Test
	void theWorkerIdIsLeasedAndTheEntitysIdIsOnIt() throws SQLException {
		assertThat(this.managed.assignment()).isEqualTo(WorkerAssignment.DATABASE_LEASE);
		assertThat(this.managed.lease()).isNotNull();
		assertThat(this.generator).isSameAs(this.managed.generator());
		Item item = new Item();
		QuarkusTransaction.requiringNew().run(() -> this.entityManager.persist(item));
		assertThat(this.generator.decode(item.id).workerId()).isEqualTo(this.managed.lease().workerId());
		assertThat(this.generator.decode(item.id).datacenterId()).isEqualTo(2);
		try (Connection connection = this.dataSource.getConnection()) {
			assertThat(leaseEnd(connection)).as("held while the application runs")
				.isGreaterThan(System.currentTimeMillis());
		}
	}

	private static long leaseEnd(Connection connection) throws SQLException {
		try (ResultSet result = connection.createStatement()
			.executeQuery("select lease_end from " + TABLE)) {
			assertThat(result.next()).as("a lease row").isTrue();
			long leaseEnd = result.getLong(1);
			assertThat(result.next()).as("one lease row").isFalse();
			return leaseEnd;
		}
	}
}
