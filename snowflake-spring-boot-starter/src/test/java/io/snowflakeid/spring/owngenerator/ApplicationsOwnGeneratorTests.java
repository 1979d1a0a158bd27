package io.snowflakeid.spring.owngenerator;

import java.util.UUID;
import java.util.concurrent.atomic.AtomicReference;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.spring.jpa.JpaTestApplication;
import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

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

	@Configuration(proxyBeanMethods = false)
	static class OwnGenerator {

		@Bean
		SnowflakeIdGenerator snowflakeManagedGenerator() {
			createdOn.set(Thread.currentThread());
			return SnowflakeIdGenerator.builder().layout(SnowflakeLayout.JAVASCRIPT_SAFE).workerId(5).build();
		}
	}
}
