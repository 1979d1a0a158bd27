package io.snowflakeid.spring.jpa;

import java.util.UUID;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.beans.factory.support.AbstractBeanFactory;
import org.springframework.boot.SpringBootVersion;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The starter's post-processors leave Spring's count of them right: a JPA application with a worker id lease (the
 * starter then adds the post-processor that orders the claim after the database initialization) starts without a
 * single "not eligible for getting processed by all BeanPostProcessors" warning. Before, that post-processor was
 * both added early and registered again as a bean, Spring counted it once, and every later bean of the application
 * was logged as not eligible (hundreds of warnings at each start, none of them true).
 */
@ExtendWith(OutputCaptureExtension.class)
class BeanPostProcessorCountTests {

	@Test
	void aJpaApplicationWithALeaseStartsWithoutNotEligibleWarnings(CapturedOutput output) {
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(JpaTestApplication.class).run(
				"--spring.datasource.url=jdbc:h2:mem:bpp-count-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1",
				"--spring.main.web-application-type=none", "--spring.jpa.hibernate.ddl-auto=create-drop",
				"--snowflake.datacenter-id=", "--snowflake.worker-id=",
				"--logging.config=classpath:bean-post-processor-checker-console-logback.xml")) {
			Object ordering = context.getBean("snowflakeCreatedAfterDatabaseInitialization");
			// the cause, on every line: the bean that carries the ordering is no post-processor the context would
			// register a second time
			assertThat(ordering).isNotInstanceOf(BeanPostProcessor.class);
			assertThat(((AbstractBeanFactory) context.getBeanFactory()).getBeanPostProcessors())
				.anyMatch((processor) -> processor.getClass().getName().startsWith(ordering.getClass().getName()));
		}
		if (SpringBootVersion.getVersion().startsWith("4.")) {
			// the symptom (on the main line, where this test's logging configuration reaches the console)
			assertThat(output).as("the start's log is on the console (the library's lines prove it)")
				.contains("Leased snowflake worker");
		}
		assertThat(output).doesNotContain("is not eligible for getting processed by all BeanPostProcessors");
	}
}
