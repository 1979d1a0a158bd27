package io.snowflakeid.spring.jpa;

import java.sql.DriverManager;
import java.util.UUID;

import io.snowflakeid.SnowflakeIdGenerator;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;
import org.hibernate.MappingException;
import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Hibernate inside a Spring application whose context has no generator bean (the starter's auto-configuration
 * excluded): it must not build a generator from its own settings, which know nothing of application.properties.
 */
class HibernateInSpringWithoutTheStarterTests {

	private static final String EXCLUDE = "--spring.autoconfigure.exclude="
			+ "io.snowflakeid.spring.SnowflakeAutoConfiguration";

	@Test
	void entityManagerFactoryFailsNamingTheAttributeTheMissingAutoConfigurationAndTheFix() throws Exception {
		String url = "jdbc:h2:mem:no-starter-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
		assertThatThrownBy(() -> start(url, EXCLUDE).close())
			.as("application.properties sets datacenter 1 / worker 2; Hibernate must not lease (0,0) instead")
			.hasRootCauseInstanceOf(MappingException.class)
			.rootCause()
			.hasMessageContaining("@SnowflakeId on Ticket.id")
			.hasMessageContaining("Spring application")
			.hasMessageContaining("no io.snowflakeid.SnowflakeIdGenerator bean")
			.hasMessageContaining("io.snowflakeid.spring.SnowflakeAutoConfiguration")
			.hasMessageContaining("missing or excluded")
			.hasMessageContaining("@ImportAutoConfiguration(SnowflakeAutoConfiguration.class)");
		try (var connection = DriverManager.getConnection(url, "sa", "");
				var tables = connection.createStatement()
					.executeQuery("SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES"
							+ " WHERE UPPER(TABLE_NAME) = 'SNOWFLAKE_WORKER_LEASE'")) {
			tables.next();
			assertThat(tables.getInt(1)).as("no lease taken behind the application's back").isZero();
		}
	}

	@Test
	void snowflakeSettingsGivenToHibernateOnPurposeAreStillUsed() {
		String url = "jdbc:h2:mem:no-starter-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
		try (ConfigurableApplicationContext context = start(url, EXCLUDE,
				"--spring.jpa.properties.snowflake.datacenter-id=3", "--spring.jpa.properties.snowflake.worker-id=4")) {
			assertThat(context.getBeanNamesForType(SnowflakeIdGenerator.class)).isEmpty();
			EntityManager entityManager = context.getBean(EntityManagerFactory.class).createEntityManager();
			try {
				entityManager.getTransaction().begin();
				Ticket ticket = new Ticket();
				entityManager.persist(ticket);
				entityManager.getTransaction().commit();
				// Hibernate's settings have the default layout: 41/5/5/12.
				assertThat((ticket.getId() >>> 17) & 31).isEqualTo(3);
				assertThat((ticket.getId() >>> 12) & 31).isEqualTo(4);
			}
			finally {
				entityManager.close();
			}
		}
	}

	private static ConfigurableApplicationContext start(String url, String... arguments) {
		String[] all = new String[arguments.length + 3];
		all[0] = "--spring.datasource.url=" + url;
		all[1] = "--spring.main.web-application-type=none";
		all[2] = "--spring.jpa.hibernate.ddl-auto=create-drop";
		System.arraycopy(arguments, 0, all, 3, arguments.length);
		return new SpringApplicationBuilder(JpaTestApplication.class).run(all);
	}
}
