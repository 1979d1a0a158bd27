package io.snowflakeid.spring.earlypostprocessor;

import java.util.UUID;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.spring.jpa.JpaTestApplication;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application's post-processor that takes the generator is created before the context's other beans, and the
 * worker id claim with it: the claim still waits for the database initialization (here an SQL script creating the
 * lease table, which the library is told not to create).
 */
class PostProcessorTakingIdsTests {

	@Test
	void theClaimStillWaitsForTheScriptThatCreatesTheLeaseTable() {
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(JpaTestApplication.class,
				PostProcessorTakingIds.class)
			.run("--spring.datasource.url=jdbc:h2:mem:early-" + UUID.randomUUID(),
					"--spring.main.web-application-type=none", "--spring.jpa.hibernate.ddl-auto=create-drop",
					"--spring.sql.init.mode=always",
					"--spring.sql.init.schema-locations=classpath:io/snowflakeid/db/flyway/h2/R__snowflake_id_tables.sql",
					"--snowflake.lease.create-table=false", "--snowflake.datacenter-id=", "--snowflake.worker-id=")) {
			assertThat(context.getBean(ManagedGenerator.class).lease()).as("leased from the scripted table").isNotNull();
			assertThat(context.getBean(SnowflakeIdGenerator.class).nextId()).isPositive();
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class PostProcessorTakingIds {

		@Bean
		static BeanPostProcessor idStampingPostProcessor(SnowflakeIdGenerator ids) {
			return new BeanPostProcessor() {
			};
		}
	}
}
