package io.snowflakeid.spring.jpa;

import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import io.snowflakeid.internal.ManagedGenerator;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.BeanCreationException;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.jdbc.datasource.DriverManagerDataSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The worker id lease is claimed on a thread of its own while Hibernate boots (issue 22: the claim was most of what
 * the starter added to a start): the EntityManagerFactory waits for the claim to have started, the generator takes
 * the result before the context is ready, and the claim bean releases the lease however the context ends.
 */
class WorkerClaimBesideHibernateTests {

	private static final String[] LEASE = { "--snowflake.datacenter-id=", "--snowflake.worker-id=" };

	@Test
	void theEntityManagerFactoryWaitsForTheClaimToStartAndTheGeneratorIsReadyWithTheContext() {
		String url = url();
		try (ConfigurableApplicationContext context = start(url, LEASE)) {
			assertThat(context.getBeanFactory().getBeanDefinition("entityManagerFactory").getDependsOn())
				.contains("snowflakeWorkerClaim");
			assertThat(context.getBeanFactory().containsSingleton("snowflakeManagedGenerator"))
				.as("created before the context was ready").isTrue();
			assertThat(context.getBean(ManagedGenerator.class).lease()).isNotNull();
			assertThat(heldLeases(url)).isEqualTo(1);
		}
		assertThat(heldLeases(url)).as("released when the context closed").isZero();
	}

	@Test
	void aStartFailingElsewhereWhileTheClaimRunsReleasesTheLease() {
		String url = url();
		start(url, LEASE).close(); // creates the lease table
		assertThatThrownBy(() -> new SpringApplicationBuilder(JpaTestApplication.class, FailingBean.class)
			.run(arguments(url, LEASE))).isInstanceOf(BeanCreationException.class).hasMessageContaining("failingBean");
		assertThat(heldLeases(url)).as("the claim bean released what it claimed").isZero();
	}

	@Test
	void withStaticIdsTheClaimMakesTheConfiguredGenerator() {
		try (ConfigurableApplicationContext context = start(url())) {
			ManagedGenerator managed = context.getBean(ManagedGenerator.class);
			assertThat(managed.lease()).isNull();
			assertThat(managed.generator().workerId()).isEqualTo(2);
		}
	}

	private static String url() {
		return "jdbc:h2:mem:claim-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
	}

	private static long heldLeases(String url) {
		JdbcTemplate jdbc = new JdbcTemplate(new DriverManagerDataSource(url, "sa", ""));
		return jdbc.queryForObject("SELECT COUNT(*) FROM snowflake_worker_lease WHERE instance_id IS NOT NULL",
				Long.class);
	}

	private static ConfigurableApplicationContext start(String url, String... arguments) {
		return new SpringApplicationBuilder(JpaTestApplication.class).run(arguments(url, arguments));
	}

	private static String[] arguments(String url, String... arguments) {
		List<String> all = new ArrayList<>(List.of("--spring.datasource.url=" + url,
				"--spring.main.web-application-type=none", "--spring.jpa.hibernate.ddl-auto=create-drop"));
		all.addAll(List.of(arguments));
		return all.toArray(String[]::new);
	}

	/** A bean of the application that fails after the claim has started. */
	@Configuration(proxyBeanMethods = false)
	static class FailingBean {

		@Bean
		Object failingBean(jakarta.persistence.EntityManagerFactory factory) {
			throw new IllegalStateException("the application's own bean fails");
		}
	}
}
