package io.snowflakeid.it;

import java.util.List;

import io.snowflakeid.hibernate.internal.registry.SnowflakeGeneratorService;
import io.snowflakeid.it.InsertWorkload.InsertCost;
import io.snowflakeid.worker.WorkerLease;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import javax.sql.DataSource;
import org.hibernate.SessionFactory;
import org.hibernate.cfg.Configuration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/** A Hibernate application without Spring, configured through Hibernate settings as the README shows. */
class PlainHibernateIntegrationTests {

	static List<TestDatabase> databases() {
		return TestDatabase.enabled();
	}

	private final JdbcRoundTrips roundTrips = new JdbcRoundTrips();

	private SessionFactory build(TestDatabase database) {
		return build(database, true);
	}

	private SessionFactory build(TestDatabase database, boolean staticIds) {
		DataSource dataSource = new DriverManagerDataSource(database.url(), database.username(), database.password());
		Configuration configuration = new Configuration().addAnnotatedClass(Customer.class)
			.addAnnotatedClass(PurchaseOrder.class)
			.addAnnotatedClass(SupportTicket.class);
		configuration.getProperties().put("hibernate.connection.datasource", this.roundTrips.wrap(dataSource));
		configuration.setProperty("hibernate.hbm2ddl.auto", "create-drop")
			.setProperty("hibernate.generate_statistics", "true")
			.setProperty("hibernate.jdbc.batch_size", "50")
			.setProperty("hibernate.order_inserts", "true");
		if (staticIds) {
			configuration.setProperty("snowflake.datacenter-id", "6").setProperty("snowflake.worker-id", "2");
		}
		else {
			configuration.setProperty("snowflake.lease.table-name", "it_plain_lease");
		}
		return configuration.buildSessionFactory();
	}

	@ParameterizedTest
	@MethodSource("databases")
	void entitiesPersistedFromSeveralThreadsGetUniqueOrderedDecodableIds(TestDatabase database) throws Exception {
		try (SessionFactory factory = build(database)) {
			InsertWorkload.persistConcurrentlyAndVerify(factory, 4, 100, 6, 2);
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void withoutStaticIdsTheWorkerIdIsLeasedThroughHibernatesConnections(TestDatabase database) throws Exception {
		try (SessionFactory factory = build(database, false)) {
			SnowflakeGeneratorService service = factory.unwrap(SessionFactoryImplementor.class)
				.getServiceRegistry()
				.getService(SnowflakeGeneratorService.class);
			WorkerLease lease = service.managedGenerator().lease();
			assertThat(lease).isNotNull();
			InsertWorkload.persistConcurrentlyAndVerify(factory, 2, 10, lease.datacenterId(), lease.workerId());
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void insertsAreBatched(TestDatabase database) {
		try (SessionFactory factory = build(database)) {
			InsertCost cost = InsertWorkload.insert(factory, this.roundTrips, 2_000);
			assertThat(cost.preparedStatements()).isLessThanOrEqualTo(200);
			assertThat(cost.batches()).isEqualTo(40);
			assertThat(cost.singleUpdates()).isZero();
		}
	}
}
