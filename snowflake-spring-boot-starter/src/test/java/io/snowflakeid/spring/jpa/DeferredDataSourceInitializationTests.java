package io.snowflakeid.spring.jpa;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.internal.ManagedGenerator;
import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.jdbc.core.JdbcTemplate;
import org.springframework.transaction.support.TransactionTemplate;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code spring.jpa.defer-datasource-initialization=true} (Hibernate creates the schema, then {@code data.sql} seeds
 * it), a common set-up: Spring Boot then makes the EntityManagerFactory a database initializer, so the generator,
 * which waits for the database initialization, cannot be created while the EntityManagerFactory is built. It was,
 * and such an application failed to start with a circular reference, with static ids as with a lease.
 */
class DeferredDataSourceInitializationTests {

	@Test
	void staticIdsStartAndIssueIdsBesideTheSeedData() {
		try (ConfigurableApplicationContext context = start()) {
			assertSeededAndInserting(context);
			assertThat(context.getBean(ManagedGenerator.class).lease()).isNull();
		}
	}

	@Test
	void aLeasedWorkerIdIsClaimedAfterTheSeedDataAndBeforeTheContextIsReady() {
		try (ConfigurableApplicationContext context = start("--snowflake.datacenter-id=", "--snowflake.worker-id=")) {
			ManagedGenerator managed = context.getBean(ManagedGenerator.class);
			assertThat(managed.lease()).as("leased from the database").isNotNull();
			assertThat(Objects.requireNonNullElse(
					context.getBeanFactory().getBeanDefinition("entityManagerFactory").getDependsOn(), new String[0]))
				.as("the factory is a database initializer here, which the claim waits for: it cannot wait for the claim")
				.doesNotContain("snowflakeWorkerClaim");
			assertThat(context.getBean(JdbcTemplate.class)
				.queryForObject("SELECT COUNT(*) FROM snowflake_worker_lease WHERE instance_id IS NOT NULL", Long.class))
				.as("held in the table while the context runs").isEqualTo(1L);
			assertSeededAndInserting(context);
		}
	}

	private static void assertSeededAndInserting(ConfigurableApplicationContext context) {
		JdbcTemplate jdbc = context.getBean(JdbcTemplate.class);
		assertThat(jdbc.queryForList("SELECT id FROM ticket", Long.class)).as("data.sql ran").containsExactly(42L);
		EntityManagerFactory factory = context.getBean(EntityManagerFactory.class);
		List<Long> ids = new ArrayList<>();
		context.getBean(TransactionTemplate.class).executeWithoutResult((status) -> {
			var entityManager = org.springframework.orm.jpa.EntityManagerFactoryUtils
				.getTransactionalEntityManager(factory);
			for (int i = 0; i < 3; i++) {
				Ticket ticket = new Ticket();
				entityManager.persist(ticket);
				ids.add(ticket.getId());
			}
		});
		SnowflakeIdGenerator generator = context.getBean(SnowflakeIdGenerator.class);
		assertThat(ids).doesNotContainNull().doesNotHaveDuplicates().isSorted()
			.allSatisfy((id) -> assertThat(generator.decode(id).workerId()).isEqualTo(generator.workerId()));
		assertThat(jdbc.queryForObject("SELECT COUNT(*) FROM ticket", Long.class)).isEqualTo(4L);
	}

	private static ConfigurableApplicationContext start(String... arguments) {
		List<String> all = new ArrayList<>(List.of("--spring.datasource.url=jdbc:h2:mem:deferred-" + UUID.randomUUID(),
				"--spring.main.web-application-type=none", "--spring.jpa.hibernate.ddl-auto=create-drop",
				"--spring.jpa.defer-datasource-initialization=true", "--spring.sql.init.mode=always",
				"--spring.sql.init.data-locations=classpath:deferred/data.sql"));
		all.addAll(List.of(arguments));
		return new SpringApplicationBuilder(JpaTestApplication.class).run(all.toArray(String[]::new));
	}
}
