package io.snowflakeid.spring;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeIdParts;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.spring.internal.SnowflakeProperties;
import io.snowflakeid.internal.config.WorkerAssignment;
import javax.sql.DataSource;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.FilteredClassLoader;
import org.springframework.boot.test.context.assertj.AssertableApplicationContext;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.orm.jpa.LocalContainerEntityManagerFactoryBean;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class SnowflakeAutoConfigurationTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class));

	@Test
	void generatorUsesConfiguredDatacenterAndWorker() {
		this.contextRunner.withPropertyValues("snowflake.datacenter-id=3", "snowflake.worker-id=21")
			.run((context) -> {
				SnowflakeIdGenerator generator = context.getBean(SnowflakeIdGenerator.class);
				SnowflakeIdParts parts = generator.decode(generator.nextId());
				assertThat(parts.datacenterId()).isEqualTo(3);
				assertThat(parts.workerId()).isEqualTo(21);
				assertThat(generator.layout()).isEqualTo(SnowflakeLayout.DEFAULT);
			});
	}

	@Test
	void customLayoutEpochTickAndToleranceAreBound() {
		this.contextRunner
			.withPropertyValues("snowflake.datacenter-id=0", "snowflake.worker-id=1000",
					"snowflake.layout.timestamp-bits=39", "snowflake.layout.datacenter-bits=0",
					"snowflake.layout.worker-bits=12", "snowflake.layout.sequence-bits=12",
					"snowflake.epoch=2025-01-01T00:00:00Z", "snowflake.tick-length=10ms",
					"snowflake.clock-tolerance=250ms")
			.run((context) -> {
				SnowflakeIdGenerator generator = context.getBean(SnowflakeIdGenerator.class);
				SnowflakeLayout layout = generator.layout();
				assertThat(layout.timestampBits()).isEqualTo(39);
				assertThat(layout.workerBits()).isEqualTo(12);
				assertThat(layout.tickLength()).isEqualTo(Duration.ofMillis(10));
				assertThat(layout.epoch()).isEqualTo(Instant.parse("2025-01-01T00:00:00Z"));
				assertThat(generator.decode(generator.nextId()).workerId()).isEqualTo(1000);
				assertThat(context.getBean(SnowflakeProperties.class).getClockTolerance())
					.isEqualTo(Duration.ofMillis(250));
			});
	}

	@Test
	void userDefinedGeneratorReplacesTheAutoConfiguredOne() {
		this.contextRunner.withUserConfiguration(CustomGeneratorConfiguration.class).run((context) -> {
			assertThat(context).hasSingleBean(SnowflakeIdGenerator.class);
			assertThat(context.getBean(SnowflakeIdGenerator.class).workerId()).isEqualTo(30);
		});
	}

	@Test
	void aContextWithNoWorkerIdSourceStartsWithoutAGeneratorAndSaysWhatIsMissing() {
		// A test that excludes the DataSource, a batch tool sharing the jar: nothing there needs ids.
		this.contextRunner.run((context) -> {
			assertThat(context).hasNotFailed();
			assertThat(context).doesNotHaveBean(SnowflakeIdGenerator.class);
			assertThat(context).doesNotHaveBean(ManagedGenerator.class);
			// What Spring Boot's report shows when something does ask for a generator.
			String outcomes = org.springframework.boot.autoconfigure.condition.ConditionEvaluationReport
				.get(context.getBeanFactory())
				.getConditionAndOutcomesBySource()
				.values()
				.stream()
				.flatMap((all) -> all.stream())
				.map((each) -> each.getOutcome().getMessage())
				.collect(java.util.stream.Collectors.joining("\n"));
			assertThat(outcomes).contains("no static ids (snowflake.datacenter-id, snowflake.worker-id), no "
					+ "snowflake.worker-assignment and no DataSource to lease a worker id from")
				.contains("spring.autoconfigure.exclude");
		});
		this.contextRunner.withUserConfiguration(NeedsIds.class)
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.hasMessageContaining(SnowflakeIdGenerator.class.getName()));
	}

	@Test
	void anExplicitWorkerAssignmentWithoutItsSourceStillFailsAtStartNamingIt() {
		this.contextRunner.withPropertyValues("snowflake.worker-assignment=database-lease")
			.run((context) -> assertThat(context).hasFailed());
	}

	@org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
	static class NeedsIds {

		@org.springframework.context.annotation.Bean
		String idUser(SnowflakeIdGenerator ids) {
			return String.valueOf(ids.nextId());
		}
	}

	@Test
	void missingWorkerIdFailsStartupNamingTheProperty() {
		this.contextRunner.withPropertyValues("snowflake.datacenter-id=1").run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(SnowflakeConfigurationException.class)
				.hasMessageContaining("snowflake.worker-id = <not set>")
				.hasMessageContaining("0..31");
		});
	}

	@Test
	void workerIdOutOfRangeFailsStartupWithValueAndRange() {
		this.contextRunner.withPropertyValues("snowflake.datacenter-id=1", "snowflake.worker-id=40")
			.run((context) -> assertThat(context.getStartupFailure()).rootCause()
				.hasMessage("Invalid snowflake.worker-id = 40: allowed 0..31 (5 worker bits)"));
	}

	@Test
	void layoutNotSummingTo63BitsFailsStartup() {
		this.contextRunner
			.withPropertyValues("snowflake.datacenter-id=1", "snowflake.worker-id=1",
					"snowflake.layout.sequence-bits=14")
			.run((context) -> assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("= 65 bits")
				.hasMessageContaining("exactly 63 bits"));
	}

	@Test
	void logsLayoutNodeAndEndOfTimestampFieldOnceAtStart() {
		try (CapturedLogs logs = CapturedLogs.start()) {
			this.contextRunner.withPropertyValues("snowflake.datacenter-id=2", "snowflake.worker-id=9")
				.run((context) -> assertThat(context).hasSingleBean(SnowflakeIdGenerator.class));
			assertThat(logs.text()).contains("Snowflake ids: layout 1/41/5/5/12")
				.contains("datacenter 2, worker 9")
				.contains("2020-01-01T00:00:00Z")
				.contains("runs out at " + SnowflakeLayout.DEFAULT.exhaustedAt());
			assertThat(logs.text().split("Snowflake ids: layout", -1)).as("logged once").hasSize(2);
		}
	}

	/** The JPA properties the context's post-processor gives a fresh entity manager factory. */
	private static Map<String, Object> jpaPropertiesAfterTheStarter(AssertableApplicationContext context) {
		LocalContainerEntityManagerFactoryBean factory = new LocalContainerEntityManagerFactoryBean();
		context.getBean(HibernateJpaDefaults.class).postProcessBeforeInitialization(factory, "emf");
		return factory.getJpaPropertyMap();
	}

	private static SnowflakeProperties batchSize(int size) {
		SnowflakeProperties properties = new SnowflakeProperties();
		properties.getJpa().getBatchingDefaults().setBatchSize(size);
		return properties;
	}

	@Test
	void batchingDefaultsAreRegisteredWhenSpringOrmIsPresent() {
		this.contextRunner.withPropertyValues("snowflake.datacenter-id=1", "snowflake.worker-id=1")
			.run((context) -> {
				assertThat(context).hasSingleBean(HibernateJpaDefaults.class);
				assertThat(jpaPropertiesAfterTheStarter(context)).containsEntry("hibernate.jdbc.batch_size", "50")
					.containsEntry("hibernate.order_inserts", "true")
					.containsEntry("snowflake.schema-check", "fail");
			});
	}

	@Test
	void batchingDefaultsCanBeSwitchedOff() {
		this.contextRunner
			.withPropertyValues("snowflake.datacenter-id=1", "snowflake.worker-id=1",
					"snowflake.jpa.batching-defaults.enabled=false", "snowflake.schema-check=warn")
			.run((context) -> assertThat(jpaPropertiesAfterTheStarter(context))
				.doesNotContainKeys("hibernate.jdbc.batch_size", "hibernate.order_inserts")
				.as("the schema check setting still reaches Hibernate")
				.containsEntry("snowflake.schema-check", "warn"));
	}

	@Test
	void batchingDefaultsBackOffWithoutSpringOrm() {
		this.contextRunner.withClassLoader(new FilteredClassLoader(LocalContainerEntityManagerFactoryBean.class))
			.withPropertyValues("snowflake.datacenter-id=1", "snowflake.worker-id=1")
			.run((context) -> {
				assertThat(context).hasSingleBean(SnowflakeIdGenerator.class);
				assertThat(context).doesNotHaveBean(HibernateJpaDefaults.class);
			});
	}

	@Test
	void batchingDefaultsFillOnlyWhatTheApplicationLeftUnset() {
		HibernateJpaDefaults defaults = new HibernateJpaDefaults(() -> batchSize(50));
		Map<String, Object> unset = new HashMap<>();
		defaults.apply(unset, "entityManagerFactory");
		assertThat(unset).containsEntry("hibernate.jdbc.batch_size", "50")
			.containsEntry("hibernate.order_inserts", "true");
		Map<String, Object> userSet = new HashMap<>(Map.of("hibernate.jdbc.batch_size", "7", "hibernate.order_inserts",
				"false", "snowflake.schema-check", "off"));
		defaults.apply(userSet, "entityManagerFactory");
		assertThat(userSet).containsEntry("hibernate.jdbc.batch_size", "7")
			.containsEntry("hibernate.order_inserts", "false")
			.containsEntry("snowflake.schema-check", "off");
	}

	@Test
	void batchingDefaultsReachTheEntityManagerFactoryBeforeItIsBuilt() {
		LocalContainerEntityManagerFactoryBean factory = new LocalContainerEntityManagerFactoryBean();
		new HibernateJpaDefaults(() -> batchSize(25)).postProcessBeforeInitialization(factory, "emf");
		assertThat(factory.getJpaPropertyMap()).containsEntry("hibernate.jdbc.batch_size", "25");
	}

	@Test
	void aBatchSizeBelowOneIsRefusedNamingTheProperty() {
		assertThatThrownBy(() -> new HibernateJpaDefaults(() -> batchSize(0)).apply(new HashMap<>(), "emf"))
			.hasMessage("Invalid snowflake.jpa.batching-defaults.batch-size = 0: allowed 1..2147483647");
	}

	@Test
	void configurationMetadataIsInTheJarForIdeCompletion() throws Exception {
		try (InputStream metadata = getClass()
			.getResourceAsStream("/META-INF/spring-configuration-metadata.json")) {
			assertThat(metadata).isNotNull();
			String json = new String(metadata.readAllBytes(), StandardCharsets.UTF_8);
			assertThat(json).contains("\"snowflake.worker-assignment\"", "\"snowflake.lease.table-name\"",
					"\"snowflake.lease.duration\"", "\"snowflake.lease.safety-margin\"",
					"\"snowflake.lease.create-table\"", "\"snowflake.worker-id\"", "\"snowflake.datacenter-id\"",
					"\"snowflake.layout.sequence-bits\"", "\"snowflake.clock-tolerance\"",
					"\"snowflake.jpa.batching-defaults.enabled\"", "Every running instance");
		}
	}

	@Test
	void withoutStaticIdsAWorkerIdIsLeasedFromTheDataSourceAndReleasedOnClose() throws Exception {
		JdbcDataSource dataSource = new JdbcDataSource();
		dataSource.setURL("jdbc:h2:mem:starter-lease-" + java.util.UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
		this.contextRunner.withBean(DataSource.class, () -> dataSource)
			.withPropertyValues("snowflake.lease.duration=5s")
			.run((context) -> {
				ManagedGenerator managed = context.getBean(ManagedGenerator.class);
				assertThat(managed.assignment()).isEqualTo(WorkerAssignment.DATABASE_LEASE);
				assertThat(managed.lease()).isNotNull();
				SnowflakeIdGenerator generator = context.getBean(SnowflakeIdGenerator.class);
				assertThat(generator).isSameAs(managed.generator());
				assertThat(generator.decode(generator.nextId()).workerId()).isEqualTo(managed.lease().workerId());
				assertThat(leaseEnd(dataSource)).isGreaterThan(System.currentTimeMillis());
			});
		assertThat(leaseEnd(dataSource)).as("released when the context closed").isZero();
	}

	@Test
	void aDatabaseLeaseKeepsIssuingAcrossAContextStopAndStart() throws Exception {
		// No lifecycle bean of the library is involved: stop() stops nothing the lease needs (unlike Redis' factory).
		JdbcDataSource dataSource = new JdbcDataSource();
		dataSource.setURL("jdbc:h2:mem:starter-stop-" + java.util.UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
		this.contextRunner.withBean(DataSource.class, () -> dataSource)
			.withPropertyValues("snowflake.lease.duration=3s")
			.run((context) -> {
				SnowflakeIdGenerator generator = context.getBean(SnowflakeIdGenerator.class);
				ManagedGenerator managed = context.getBean(ManagedGenerator.class);
				long before = generator.nextId();
				context.stop();
				Thread.sleep(1_500); // past a renewal
				context.start();
				assertThat(generator.nextId()).isGreaterThan(before);
				assertThat(managed.lease().renewals()).isGreaterThanOrEqualTo(1);
				assertThat(managed.lease().isLost()).isFalse();
			});
	}

	@Test
	void aWorkerIdBesideADatabaseLeaseFailsStartupNamingBoth() {
		JdbcDataSource dataSource = new JdbcDataSource();
		dataSource.setURL("jdbc:h2:mem:starter-static-" + java.util.UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
		this.contextRunner.withBean(DataSource.class, () -> dataSource)
			.withPropertyValues("snowflake.worker-assignment=database-lease", "snowflake.datacenter-id=2",
					"snowflake.worker-id=9")
			.run((context) -> assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(SnowflakeConfigurationException.class)
				.hasMessageStartingWith("Invalid snowflake.worker-id = 9: allowed only with "
						+ "snowflake.worker-assignment=static or auto, not with database-lease"));
	}

	/** A profile that switches to a lease unsets the shared configuration's worker id with an empty value. */
	@Test
	void anEmptyWorkerIdUnsetsTheSharedOneForALease() {
		JdbcDataSource dataSource = new JdbcDataSource();
		dataSource.setURL("jdbc:h2:mem:starter-unset-" + java.util.UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
		this.contextRunner.withBean(DataSource.class, () -> dataSource)
			.withPropertyValues("snowflake.worker-assignment=database-lease", "snowflake.datacenter-id=2",
					"snowflake.worker-id=")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(ManagedGenerator.class).assignment())
					.isEqualTo(WorkerAssignment.DATABASE_LEASE);
			});
	}

	@Test
	void databaseLeaseWithoutADataSourceFailsStartup() {
		this.contextRunner.withPropertyValues("snowflake.worker-assignment=database-lease")
			.run((context) -> assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("database-lease needs a database"));
	}

	@Test
	void invalidLeaseTableNameFailsStartupNamingTheProperty() {
		JdbcDataSource dataSource = new JdbcDataSource();
		dataSource.setURL("jdbc:h2:mem:starter-bad-" + java.util.UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
		this.contextRunner.withBean(DataSource.class, () -> dataSource)
			.withPropertyValues("snowflake.lease.table-name=leases;drop table x")
			.run((context) -> assertThat(context.getStartupFailure()).rootCause()
				.isInstanceOf(SnowflakeConfigurationException.class)
				.hasMessageContaining("snowflake.lease.table-name = 'leases;drop table x'"));
	}

	private static long leaseEnd(DataSource dataSource) throws Exception {
		try (var connection = dataSource.getConnection();
				var result = connection.createStatement().executeQuery("select lease_end from snowflake_worker_lease")) {
			assertThat(result.next()).isTrue();
			return result.getLong(1);
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class CustomGeneratorConfiguration {

		@Bean
		SnowflakeIdGenerator customGenerator() {
			return SnowflakeIdGenerator.builder().datacenterId(0).workerId(30).build();
		}
	}

	@Test
	void logsTheStartLineAndTheLifetimeWarningForAnApplicationDefinedManagedGeneratorToo() {
		// 38 timestamp bits from 2020: the field runs out in 2028.
		SnowflakeLayout shortLived = SnowflakeLayout.builder().timestampBits(38).sequenceBits(15)
			.epoch(Instant.parse("2020-01-01T00:00:00Z")).build();
		try (CapturedLogs logs = CapturedLogs.start()) {
			this.contextRunner
				.withBean(ManagedGenerator.class,
						() -> new ManagedGenerator(SnowflakeIdGenerator.builder().layout(shortLived).datacenterId(1)
							.workerId(30).build(), WorkerAssignment.STATIC, null))
				.run((context) -> assertThat(context).hasNotFailed().hasSingleBean(SnowflakeIdGenerator.class));
			assertThat(logs.text()).contains("years remain in the snowflake timestamp field")
				.contains("Snowflake ids: layout 1/38/5/5/15");
		}
	}

	/**
	 * A lease table set in the application's own PropertySourcesPlaceholderConfigurer is leased from, as Spring Boot
	 * binds every property of the starter from that configurer's sources (else the service would lease from the
	 * default table while the others use the configured one).
	 */
	@Test
	void aLeaseTableFromAPlaceholderConfigurersPropertiesIsLeasedFrom() throws Exception {
		JdbcDataSource dataSource = new JdbcDataSource();
		dataSource.setURL("jdbc:h2:mem:starter-pspc-" + java.util.UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
		this.contextRunner.withBean(DataSource.class, () -> dataSource)
			.withUserConfiguration(OwnPlaceholderConfigurer.class)
			.run((context) -> assertThat(context).hasNotFailed()
				.getBean(io.snowflakeid.internal.ManagedGenerator.class)
				.isNotNull());
		java.util.List<String> tables = new java.util.ArrayList<>();
		try (var connection = dataSource.getConnection(); var result = connection.createStatement()
			.executeQuery("select upper(table_name) from information_schema.tables where upper(table_name) like '%LEASE%'")) {
			while (result.next()) {
				tables.add(result.getString(1));
			}
		}
		assertThat(tables).contains("TENANT_LEASES").doesNotContain("SNOWFLAKE_WORKER_LEASE");
	}

	@org.springframework.context.annotation.Configuration(proxyBeanMethods = false)
	static class OwnPlaceholderConfigurer {

		@org.springframework.context.annotation.Bean
		static org.springframework.context.support.PropertySourcesPlaceholderConfigurer placeholders() {
			var configurer = new org.springframework.context.support.PropertySourcesPlaceholderConfigurer();
			java.util.Properties properties = new java.util.Properties();
			properties.setProperty("snowflake.lease.table-name", "tenant_leases");
			configurer.setProperties(properties);
			return configurer;
		}
	}
}
