package io.snowflakeid.spring.aot;

import java.util.Map;
import java.util.UUID;

import io.snowflakeid.spring.jpa.JpaTestApplication;
import org.junit.jupiter.api.Test;

import org.springframework.aot.generate.ClassNameGenerator;
import org.springframework.aot.generate.DefaultGenerationContext;
import org.springframework.aot.generate.GeneratedFiles.Kind;
import org.springframework.aot.generate.InMemoryGeneratedFiles;
import org.springframework.context.annotation.AnnotationConfigApplicationContext;
import org.springframework.context.aot.ApplicationContextAotGenerator;
import org.springframework.core.env.MapPropertySource;
import org.springframework.javapoet.ClassName;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An ahead-of-time build (Spring AOT, native images) runs the bean factory post-processors at build time and bakes
 * the bean definitions into code: the worker id claim's wait for the database initialization must be in that code,
 * not in an object that only existed in the build.
 */
class AheadOfTimeStartupOrderTests {

	@Test
	void theGeneratedCodeKeepsTheClaimWaitingForTheDatabaseInitialization() {
		AnnotationConfigApplicationContext context = new AnnotationConfigApplicationContext();
		context.getEnvironment().getPropertySources().addFirst(new MapPropertySource("test", Map.of(
				"spring.datasource.url", "jdbc:h2:mem:aot-" + UUID.randomUUID(), "spring.sql.init.mode", "always")));
		context.register(JpaTestApplication.class);
		InMemoryGeneratedFiles files = new InMemoryGeneratedFiles();
		DefaultGenerationContext generation = new DefaultGenerationContext(
				new ClassNameGenerator(ClassName.get(JpaTestApplication.class)), files);
		new ApplicationContextAotGenerator().processAheadOfTime(context, generation);
		generation.writeGeneratedContent();
		StringBuilder sources = new StringBuilder();
		files.getGeneratedFiles(Kind.SOURCE).forEach((path, content) -> {
			try {
				sources.append(new String(content.getInputStream().readAllBytes(), java.nio.charset.StandardCharsets.UTF_8)).append('\n');
			}
			catch (java.io.IOException ex) {
				throw new java.io.UncheckedIOException(ex);
			}
		});
		String code = sources.toString();
		assertThat(code).as("the post-processor that creates the claim after the initialization is a registered bean")
			.contains("snowflakeCreatedAfterDatabaseInitialization");
		int registration = code.indexOf("EntityManagerFactoryAfterClaim.CreatedAfter");
		assertThat(registration).isNotNegative();
		assertThat(code).as("with the names the claim waits for").contains("\"snowflakeWorkerClaim\"")
			.contains("\"dataSourceScriptDatabaseInitializer\"");
		context.close();
	}
}
