package io.snowflakeid.it;

import java.util.ArrayList;
import java.util.List;
import java.util.LongSummaryStatistics;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.it.InsertWorkload.InsertCost;
import io.snowflakeid.internal.config.WorkerAssignment;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import javax.sql.DataSource;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A Spring Boot JPA application using the starter exactly as the README's quick start shows. */
class SpringBootJpaIntegrationTests {

	static List<TestDatabase> databases() {
		return TestDatabase.enabled();
	}

	private static ConfigurableApplicationContext start(TestDatabase database, String... extraProperties) {
		List<String> properties = new ArrayList<>(List.of("spring.datasource.url=" + database.url(),
				"spring.datasource.username=" + database.username(),
				"spring.datasource.password=" + database.password(), "spring.jpa.hibernate.ddl-auto=create-drop",
				"spring.jpa.open-in-view=false", "spring.jpa.properties.hibernate.generate_statistics=true",
				"spring.main.web-application-type=none", "spring.main.banner-mode=off",
				"snowflake.datacenter-id=4", "snowflake.worker-id=19"));
		properties.addAll(List.of(extraProperties));
		return new SpringApplicationBuilder(IntegrationTestApplication.class, RoundTripCounting.class)
			.properties(properties.toArray(String[]::new))
			.run();
	}

	@ParameterizedTest
	@MethodSource("databases")
	void entitiesPersistedFromSeveralThreadsGetUniqueOrderedDecodableIds(TestDatabase database) throws Exception {
		try (ConfigurableApplicationContext context = start(database)) {
			InsertWorkload.persistConcurrentlyAndVerify(context.getBean(EntityManagerFactory.class), 4, 100, 4, 19);
		}
	}

	private static InsertCost insert2000(ConfigurableApplicationContext context) {
		return InsertWorkload.insert(context.getBean(EntityManagerFactory.class),
				context.getBean(RoundTripCounting.class).roundTrips, 2_000);
	}

	@ParameterizedTest
	@MethodSource("databases")
	void insertsAreBatchedOutOfTheBox(TestDatabase database) {
		try (ConfigurableApplicationContext context = start(database)) {
			InsertCost cost = insert2000(context);
			String where = database + " with Spring Boot " + SpringBootVersion.getVersion();
			assertThat(cost.preparedStatements()).as("prepared statements for 2,000 inserts on %s", where)
				.isLessThanOrEqualTo(200);
			assertThat(cost.roundTrips()).as("JDBC round trips for 2,000 inserts on %s", where)
				.isLessThanOrEqualTo(200);
			assertThat(cost.batches()).as("batches of the default size 50").isEqualTo(40);
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void applicationsOwnBatchSizeWins(TestDatabase database) {
		try (ConfigurableApplicationContext context = start(database,
				"spring.jpa.properties.hibernate.jdbc.batch_size=5")) {
			assertThat(insert2000(context).batches()).as("batches of 5").isEqualTo(400);
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void batchingDefaultsCanBeSwitchedOff(TestDatabase database) {
		try (ConfigurableApplicationContext context = start(database,
				"snowflake.jpa.batching-defaults.enabled=false")) {
			InsertCost cost = insert2000(context);
			assertThat(cost.batches()).as("Hibernate does not batch unless told to").isZero();
			assertThat(cost.singleUpdates()).isEqualTo(2_000);
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void entitiesUseTheApplicationsGeneratorBean(TestDatabase database) throws Exception {
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(IntegrationTestApplication.class,
				CustomGenerator.class)
			.properties("spring.datasource.url=" + database.url(), "spring.datasource.username=" + database.username(),
					"spring.datasource.password=" + database.password(), "spring.jpa.hibernate.ddl-auto=create-drop",
					"spring.main.web-application-type=none", "spring.main.banner-mode=off")
			.run()) {
			SnowflakeIdGenerator bean = context.getBean(SnowflakeIdGenerator.class);
			assertThat(bean.workerId()).isEqualTo(27);
			long before = bean.nextId();
			LongSummaryStatistics entityIds = InsertWorkload
				.persistConcurrentlyAndVerify(context.getBean(EntityManagerFactory.class), 2, 20, 1, 27);
			long after = bean.nextId();
			assertThat(entityIds.getMin()).as("entities and the bean draw from one sequence").isGreaterThan(before);
			assertThat(after).isGreaterThan(entityIds.getMax());
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void withoutStaticIdsEachApplicationLeasesItsOwnWorkerIdAndReleasesItOnClose(TestDatabase database)
			throws Exception {
		String url = database.url(); // one database for both applications (H2 urls are unique per call)
		String[] leaseOnly = { "spring.datasource.url=" + url, "snowflake.datacenter-id=", "snowflake.worker-id=",
				"snowflake.lease.table-name=it_lease" };
		int firstWorker;
		try (ConfigurableApplicationContext first = start(database, leaseOnly);
				ConfigurableApplicationContext second = start(database, leaseOnly)) {
			ManagedGenerator a = first.getBean(ManagedGenerator.class);
			ManagedGenerator b = second.getBean(ManagedGenerator.class);
			assertThat(a.assignment()).isEqualTo(WorkerAssignment.DATABASE_LEASE);
			assertThat(a.lease().datacenterId() + "/" + a.lease().workerId())
				.as("two applications on one database never share a worker id")
				.isNotEqualTo(b.lease().datacenterId() + "/" + b.lease().workerId());
			firstWorker = a.lease().workerId();
			LongSummaryStatistics ids = InsertWorkload.persistConcurrentlyAndVerify(
					first.getBean(EntityManagerFactory.class), 2, 10, a.lease().datacenterId(), a.lease().workerId());
			assertThat(ids.getCount()).isEqualTo(80);
		}
		try (Connection connection = database.connect(url);
				ResultSet held = connection.createStatement()
					.executeQuery("SELECT COUNT(*) FROM it_lease WHERE lease_end > 0")) {
			held.next();
			assertThat(held.getLong(1)).as("both leases released when the contexts closed").isZero();
		}
		assertThat(firstWorker).isNotNegative();
	}

	@ParameterizedTest
	@MethodSource("databases")
	void segmentIdsAreDenseAndContinueWithoutHolesAfterAGracefulRestart(TestDatabase database) throws Exception {
		String url = database.url();
		List<Long> ids = new ArrayList<>();
		try (ConfigurableApplicationContext first = start(database, "spring.datasource.url=" + url)) {
			try (Connection connection = database.connect(url); Statement statement = connection.createStatement()) {
				statement.execute("DELETE FROM snowflake_segment WHERE segment_key = 'Account'");
				statement.execute("DELETE FROM snowflake_segment_free WHERE segment_key = 'Account'");
			}
			persistAccounts(first, 30, ids);
		}
		try (ConfigurableApplicationContext second = start(database, "spring.datasource.url=" + url,
				"spring.jpa.hibernate.ddl-auto=update")) {
			persistAccounts(second, 5, ids);
		}
		for (int i = 0; i < ids.size(); i++) {
			assertThat(ids.get(i)).as("dense from 1 across a graceful restart: %s", ids).isEqualTo(i + 1L);
		}
	}

	private static void persistAccounts(ConfigurableApplicationContext context, int count, List<Long> ids) {
		EntityManager em = context.getBean(EntityManagerFactory.class).createEntityManager();
		try {
			em.getTransaction().begin();
			for (int i = 0; i < count; i++) {
				Account account = new Account();
				em.persist(account);
				ids.add(account.getId());
			}
			em.getTransaction().commit();
		}
		finally {
			em.close();
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void invalidWorkerIdFailsStartupNamingTheProperty(TestDatabase database) {
		assertThatThrownBy(() -> start(database, "snowflake.worker-id=40").close()).rootCause()
			.hasMessage("Invalid snowflake.worker-id = 40: allowed 0..31 (5 worker bits)");
	}

	@ParameterizedTest
	@MethodSource("databases")
	void snowflakeSettingsInJpaPropertiesWorkWithoutTheGeneratorBean(TestDatabase database) throws Exception {
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(IntegrationTestApplication.class)
			.properties("spring.datasource.url=" + database.url(), "spring.datasource.username=" + database.username(),
					"spring.datasource.password=" + database.password(), "spring.jpa.hibernate.ddl-auto=create-drop",
					"spring.main.web-application-type=none", "spring.main.banner-mode=off",
					"spring.autoconfigure.exclude=io.snowflakeid.spring.SnowflakeAutoConfiguration",
					"spring.jpa.properties.snowflake.datacenter-id=2", "spring.jpa.properties.snowflake.worker-id=3")
			.run()) {
			assertThat(context.getBeanNamesForType(SnowflakeIdGenerator.class)).isEmpty();
			InsertWorkload.persistConcurrentlyAndVerify(context.getBean(EntityManagerFactory.class), 2, 10, 2, 3);
		}
	}

	/** Counts the JDBC round trips of the application's DataSource. */
	@Configuration(proxyBeanMethods = false)
	static class RoundTripCounting {

		final JdbcRoundTrips roundTrips = new JdbcRoundTrips();

		@Bean
		static BeanPostProcessor countingDataSource(ObjectProvider<RoundTripCounting> counting) {
			return new BeanPostProcessor() {
				@Override
				public Object postProcessAfterInitialization(Object bean, String beanName) {
					return (bean instanceof DataSource dataSource) ? counting.getObject().roundTrips.wrap(dataSource)
							: bean;
				}
			};
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class CustomGenerator {

		@Bean
		SnowflakeIdGenerator myGenerator() {
			return SnowflakeIdGenerator.builder().datacenterId(1).workerId(27).build();
		}
	}
}
