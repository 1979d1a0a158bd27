package io.snowflakeid.spring.owngenerator;

import java.sql.Connection;
import java.sql.DriverManager;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.SnowflakeSchemaException;
import jakarta.persistence.EntityManagerFactory;
import io.snowflakeid.spring.jpa.JpaTestApplication;
import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.NestedExceptionUtils;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * An application's own generator bean, whatever its name, is created on the thread that starts the context (the column
 * check, which asks for its layout, runs on a thread of its own: creating beans there races the start), and its
 * layout is the one the check uses.
 */
class ApplicationsOwnGeneratorTests {

	static final AtomicReference<Thread> createdOn = new AtomicReference<>();

	@Test
	void isCreatedOnTheStartingThreadAndItsLayoutIsChecked() {
		createdOn.set(null);
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(JpaTestApplication.class,
				OwnGenerator.class)
			.run("--spring.datasource.url=jdbc:h2:mem:own-" + UUID.randomUUID(),
					"--spring.main.web-application-type=none", "--spring.jpa.hibernate.ddl-auto=create-drop")) {
			assertThat(createdOn.get()).isSameAs(Thread.currentThread());
			assertThat(context.getBean(SnowflakeIdGenerator.class).layout()).isEqualTo(SnowflakeLayout.JAVASCRIPT_SAFE);
		}
	}

	@Test
	void aGeneratorBuiltFromTheEntityManagerFactoryStartsAndItsColumnsAreStillChecked() throws Exception {
		String narrow = "jdbc:h2:mem:own-narrow-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
		try (Connection connection = DriverManager.getConnection(narrow, "sa", "")) {
			connection.createStatement().execute("CREATE TABLE ticket (id INTEGER PRIMARY KEY)");
		}
		assertThatThrownBy(() -> start(narrow, "--spring.jpa.hibernate.ddl-auto=none").close())
			.hasRootCauseInstanceOf(SnowflakeSchemaException.class);
		try (ConfigurableApplicationContext context = start("jdbc:h2:mem:own-" + UUID.randomUUID(),
				"--spring.jpa.hibernate.ddl-auto=create-drop")) {
			assertThat(context.getBean(SnowflakeIdGenerator.class).workerId()).isEqualTo(6);
		}
	}

	/**
	 * Without the starter's claim nothing else reads the segment settings at start; Spring Data JDBC would ask for the
	 * segment generators only at its first insert. A value they refuse fails the start, naming it.
	 */
	@Test
	void aSegmentSettingTheSegmentGeneratorsWouldRefuseFailsTheStart() {
		assertThatThrownBy(() -> new SpringApplicationBuilder(JpaTestApplication.class, OwnGenerator.class)
			.run("--spring.datasource.url=jdbc:h2:mem:own-" + UUID.randomUUID(),
					"--spring.main.web-application-type=none", "--spring.jpa.hibernate.ddl-auto=create-drop",
					"--snowflake.segment.max-wait=soon")
			.close()).satisfies((ex) -> assertThat(NestedExceptionUtils.getMostSpecificCause(ex))
				.isInstanceOf(SnowflakeConfigurationException.class)
				.hasMessageContaining("snowflake.segment.max-wait")
				.hasMessageContaining("soon"));
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(JpaTestApplication.class,
				OwnGenerator.class)
			.run("--spring.datasource.url=jdbc:h2:mem:own-" + UUID.randomUUID(),
					"--spring.main.web-application-type=none", "--spring.jpa.hibernate.ddl-auto=create-drop",
					"--snowflake.segment.max-wait=2s")) {
			assertThat(context.getBean(SnowflakeIdGenerator.class).workerId()).isEqualTo(5);
		}
	}

	private static ConfigurableApplicationContext start(String url, String ddl) {
		return new SpringApplicationBuilder(JpaTestApplication.class, GeneratorFromTheFactory.class)
			.run("--spring.datasource.url=" + url, "--spring.main.web-application-type=none", ddl);
	}

	/** A generator that needs the EntityManagerFactory (say, its worker id kept in an entity): a cycle if asked early. */
	@Configuration(proxyBeanMethods = false)
	static class GeneratorFromTheFactory {

		@Bean
		SnowflakeIdGenerator ownGenerator(EntityManagerFactory factory) {
			return SnowflakeIdGenerator.builder().workerId(6).datacenterId(factory.isOpen() ? 1 : 2).build();
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class OwnGenerator {

		@Bean
		SnowflakeIdGenerator snowflakeManagedGenerator() {
			createdOn.set(Thread.currentThread());
			return SnowflakeIdGenerator.builder().layout(SnowflakeLayout.JAVASCRIPT_SAFE).workerId(5).build();
		}
	}
}
