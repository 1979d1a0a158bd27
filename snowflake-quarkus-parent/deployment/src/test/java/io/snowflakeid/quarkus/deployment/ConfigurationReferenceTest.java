package io.snowflakeid.quarkus.deployment;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The committed configuration reference of {@code quarkus.snowflake.*} is the one Quarkus' config documentation
 * generator writes from this build (the quarkus-config-doc-maven-plugin, from the models the extension processor
 * writes at compile time): the javadoc of the config mappings is the only source.
 */
class ConfigurationReferenceTest {

	private static final Path GENERATED = Path.of("target/quarkus-generated-doc/config/snowflake-quarkus.md");

	private static final Path COMMITTED = Path.of("../../docs/quarkus-configuration.md");

	@Test
	void theCommittedReferenceIsTheGeneratedOne() throws IOException {
		String generated = Files.readString(GENERATED);
		assertThat(generated).contains("quarkus.snowflake.worker-id", "quarkus.snowflake.lease.duration",
				"quarkus.snowflake.public-id.keys", "quarkus.snowflake.jackson.ids-as-strings");
		assertThat(Files.readString(COMMITTED))
			.as("docs/quarkus-configuration.md is out of date: put " + GENERATED.toAbsolutePath()
					+ " below its header")
			.endsWith(generated);
	}
}
