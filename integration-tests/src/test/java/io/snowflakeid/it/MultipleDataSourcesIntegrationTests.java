package io.snowflakeid.it;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.util.UUID;

import javax.sql.DataSource;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.spring.SnowflakeDataSource;
import io.snowflakeid.internal.config.WorkerAssignment;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.EnableAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Primary;
import org.springframework.core.env.Environment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * Spring Boot applications with two DataSources, as docs/spring-datasources.md describes them: the leases and
 * segments go to the DataSource marked {@code @SnowflakeDataSource}, else the {@code @Primary} one; with two plain
 * ones the application starts when no lease is needed, and otherwise stops saying what to mark.
 */
@ExtendWith(OutputCaptureExtension.class)
class MultipleDataSourcesIntegrationTests {

	private static final String BUSINESS_URL = "it.business-url";

	private static final String IDS_URL = "it.ids-url";

	@Test
	void jpaUsesThePrimaryWhileLeasesAndSegmentsLiveInTheSnowflakeDataSource() throws Exception {
		String business = h2Url("business");
		String ids = h2Url("ids");
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(IntegrationTestApplication.class,
				PrimaryAndSnowflakeDataSources.class)
			.properties(BUSINESS_URL + "=" + business, IDS_URL + "=" + ids, "spring.jpa.hibernate.ddl-auto=create-drop",
					"spring.main.web-application-type=none", "spring.main.banner-mode=off",
					"snowflake.lease.duration=5s")
			.run()) {
			ManagedGenerator managed = context.getBean(ManagedGenerator.class);
			assertThat(managed.assignment()).isEqualTo(WorkerAssignment.DATABASE_LEASE);
			EntityManager entityManager = context.getBean(EntityManagerFactory.class).createEntityManager();
			try {
				entityManager.getTransaction().begin();
				Account account = new Account();
				Customer customer = new Customer("c");
				entityManager.persist(account);
				entityManager.persist(customer);
				entityManager.getTransaction().commit();
				assertThat(account.getId()).isEqualTo(1L);
				assertThat(context.getBean(SnowflakeIdGenerator.class).decode(customer.getId()).workerId())
					.isEqualTo(managed.lease().workerId());
			}
			finally {
				entityManager.close();
			}
			assertThat(hasTable(ids, "SNOWFLAKE_WORKER_LEASE")).isTrue();
			assertThat(hasTable(ids, "SNOWFLAKE_SEGMENT")).isTrue();
			assertThat(hasTable(ids, "IT_ACCOUNT")).as("entities stay in the JPA database").isFalse();
			assertThat(hasTable(business, "IT_ACCOUNT")).isTrue();
			assertThat(hasTable(business, "SNOWFLAKE_WORKER_LEASE")).isFalse();
			assertThat(hasTable(business, "SNOWFLAKE_SEGMENT")).isFalse();
		}
	}

	@Test
	void twoDataSourcesWithoutPrimaryStartWithStaticIds() {
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(TwoPlainDataSources.class)
			.properties(BUSINESS_URL + "=" + h2Url("a"), IDS_URL + "=" + h2Url("b"),
					"spring.main.web-application-type=none", "spring.main.banner-mode=off",
					"spring.data.jpa.repositories.enabled=false", "snowflake.datacenter-id=3", "snowflake.worker-id=9")
			.run()) {
			assertThat(context.getBean(ManagedGenerator.class).assignment()).isEqualTo(WorkerAssignment.STATIC);
			assertThat(context.getBean(SnowflakeIdGenerator.class).workerId()).isEqualTo(9);
		}
	}

	@Test
	void twoDataSourcesWithoutPrimaryAndNoStaticIdsStopWithAReportNamingWhatToMark(CapturedOutput output) {
		Throwable failure = catchThrowable(() -> new SpringApplicationBuilder(TwoPlainDataSources.class)
			.properties(BUSINESS_URL + "=" + h2Url("a"), IDS_URL + "=" + h2Url("b"),
					"spring.main.web-application-type=none", "spring.main.banner-mode=off",
					"spring.data.jpa.repositories.enabled=false")
			.run()
			.close());
		assertThat(failure).isNotNull();
		assertThat(output).contains("APPLICATION FAILED TO START")
			.contains("2 DataSource beans ('first', 'second')")
			.contains("Action:")
			.contains("with @io.snowflakeid.spring.SnowflakeDataSource")
			.contains("snowflake.datacenter-id and snowflake.worker-id");
	}

	private static String h2Url(String name) {
		return "jdbc:h2:mem:" + name + "-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
	}

	private static boolean hasTable(String url, String table) throws Exception {
		try (Connection connection = DriverManager.getConnection(url, "sa", "");
				ResultSet result = connection.createStatement()
					.executeQuery("SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES"
							+ " WHERE TABLE_NAME = '" + table + "'")) {
			result.next();
			return result.getInt(1) > 0;
		}
	}

	private static DataSource h2(String url) {
		JdbcDataSource dataSource = new JdbcDataSource();
		dataSource.setURL(url);
		dataSource.setUser("sa");
		return dataSource;
	}

	/** As in docs/spring-datasources.md: JPA on the @Primary one, snowflake ids on the other. */
	@Configuration(proxyBeanMethods = false)
	static class PrimaryAndSnowflakeDataSources {

		@Bean
		@Primary
		DataSource businessDataSource(Environment environment) {
			return h2(environment.getRequiredProperty(BUSINESS_URL));
		}

		@Bean
		@SnowflakeDataSource
		DataSource idsDataSource(Environment environment) {
			return h2(environment.getRequiredProperty(IDS_URL));
		}
	}

	/**
	 * Two DataSources, neither @Primary nor marked: a JDBC application (Boot's JPA auto-configuration backs off with
	 * two candidates; an application with Spring Data JPA then defines its own EntityManagerFactories, so its
	 * repository auto-configuration is switched off here).
	 */
	@Configuration(proxyBeanMethods = false)
	@EnableAutoConfiguration
	static class TwoPlainDataSources {

		@Bean
		DataSource first(Environment environment) {
			return h2(environment.getRequiredProperty(BUSINESS_URL));
		}

		@Bean
		DataSource second(Environment environment) {
			return h2(environment.getRequiredProperty(IDS_URL));
		}
	}
}
