package io.snowflakeid.spring;

import java.util.UUID;

import io.snowflakeid.hibernate.internal.registry.SnowflakeMappingException;
import io.snowflakeid.spring.mapping.halfmigrated.HalfMigratedApplication;
import io.snowflakeid.spring.mapping.integerid.IntegerIdApplication;
import org.junit.jupiter.api.Test;

import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.diagnostics.FailureAnalysis;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * An {@code Integer} id, or {@code @GeneratedValue} left beside {@code @SnowflakeId}, stops a real Spring Boot
 * application with a failure report that names the attribute and says what else changes, not a raw stack trace.
 */
class SnowflakeMappingFailureAnalyzerTests {

	private static Throwable startFailure(Class<?> application) {
		return catchThrowable(() -> new SpringApplicationBuilder(application).web(WebApplicationType.NONE)
			.run("--spring.datasource.url=jdbc:h2:mem:mapping-" + UUID.randomUUID(),
					"--spring.config.name=no-application-properties", "--snowflake.datacenter-id=1",
					"--snowflake.worker-id=1", "--spring.main.banner-mode=off")
			.close());
	}

	@Test
	void anIntegerIdIsReportedWithTheAttributeAndEverythingThatChangesWithLong() {
		Throwable failure = startFailure(IntegerIdApplication.class);
		FailureAnalysis analysis = new SnowflakeMappingFailureAnalyzer().analyze(failure);
		assertThat(analysis).as("analysis of %s", failure).isNotNull();
		assertThat(analysis.getDescription()).contains("@SnowflakeId on LegacyCustomer.id of type java.lang.Integer");
		assertThat(analysis.getAction()).contains("Declare LegacyCustomer.id as Long",
				"JpaRepository<Entity, Integer> becomes JpaRepository<Entity, Long>", "@PathVariable",
				"foreign key column", "schema.sql", "See docs/migrating.md, section \"Integer ids\".");
		assertThat(Docs.read("migrating.md")).as("the page and section the message sends users to")
			.contains("\n## Integer ids\n");
		assertThat(analysis.getCause()).isInstanceOf(SnowflakeMappingException.class);
	}

	@Test
	void generatedValueBesideSnowflakeIdIsReportedNamingTheAttribute() {
		Throwable failure = startFailure(HalfMigratedApplication.class);
		FailureAnalysis analysis = new SnowflakeMappingFailureAnalyzer().analyze(failure);
		assertThat(analysis).as("analysis of %s", failure).isNotNull();
		assertThat(analysis.getDescription()).contains("@SnowflakeId on HalfMigratedOrder.id together with "
				+ "@GeneratedValue(strategy = IDENTITY)");
		assertThat(analysis.getAction()).contains("Remove @GeneratedValue from HalfMigratedOrder.id");
	}

	@Test
	void otherFailuresAreLeftToOtherAnalyzers() {
		assertThat(new SnowflakeMappingFailureAnalyzer().analyze(new IllegalStateException("other"))).isNull();
	}
}
