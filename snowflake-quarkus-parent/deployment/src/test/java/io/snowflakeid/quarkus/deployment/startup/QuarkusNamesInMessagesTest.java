package io.snowflakeid.quarkus.deployment.startup;

import java.util.Map;

import io.quarkus.runtime.configuration.ConfigurationException;
import io.smallrye.config.EnvConfigSource;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import io.snowflakeid.internal.config.SnowflakeConfiguration;
import io.snowflakeid.quarkus.runtime.QuarkusSettings;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Without a Quarkus start: QuarkusSettings.configuration (the code the recorder and ArcGeneratorSource call) on a
 * SmallRye config: each core message names the quarkus.snowflake property, and the environment form of a key is
 * found.
 */
class QuarkusNamesInMessagesTest {

	static SmallRyeConfig config(Map<String, String> properties) {
		return new SmallRyeConfigBuilder().withSources(new PropertiesConfigSource(properties, "test", 250)).build();
	}

	@ParameterizedTest
	@CsvSource(delimiter = '|', value = {
			"quarkus.snowflake.worker-id|40|Invalid quarkus.snowflake.worker-id = 40: allowed 0..31",
			"quarkus.snowflake.layout.timestamp-bits|40|Invalid quarkus.snowflake.layout",
			"quarkus.snowflake.layout.worker-bits|70|Invalid quarkus.snowflake.layout.worker-bits = 70",
			"quarkus.snowflake.tick-length|1500us|Invalid quarkus.snowflake.tick-length",
			"quarkus.snowflake.tick-length|0|Invalid quarkus.snowflake.tick-length",
			"quarkus.snowflake.tick-length|ten|Invalid quarkus.snowflake.tick-length = 'ten'",
			"quarkus.snowflake.epoch|1960-01-01T00:00:00Z|Invalid quarkus.snowflake.epoch",
			"quarkus.snowflake.clock-tolerance|2m|Invalid quarkus.snowflake.clock-tolerance",
			"quarkus.snowflake.worker-assignment|kubernetes|Invalid quarkus.snowflake.worker-assignment = 'kubernetes'",
			"quarkus.snowflake.layout.preset|js|Invalid quarkus.snowflake.layout.preset",
			"quarkus.snowflake.schema-check|fial|Invalid quarkus.snowflake.schema-check",
			"quarkus.snowflake.lease.create-table|yes|Invalid quarkus.snowflake.lease.create-table" })
	void aBadValueIsRefusedNamingTheQuarkusProperty(String key, String value, String expected) {
		Map<String, String> properties = new java.util.HashMap<>(
				Map.of("quarkus.snowflake.datacenter-id", "1", "quarkus.snowflake.worker-id", "1"));
		properties.put(key, value);
		assertThatExceptionOfType(ConfigurationException.class)
			.isThrownBy(() -> QuarkusSettings.configuration(config(properties)))
			.satisfies((ex) -> {
				assertThat(ex.getMessage()).startsWith(expected)
					.doesNotContainPattern("(?<![\\w.-])snowflake\\.[a-z]");
			});
	}

	@Test
	void theEnvironmentFormOfAKeyIsFound() {
		SmallRyeConfig config = new SmallRyeConfigBuilder()
			.withSources(new EnvConfigSource(Map.of("QUARKUS_SNOWFLAKE_WORKER_ID", "7",
					"QUARKUS_SNOWFLAKE_DATACENTER_ID", "5", "QUARKUS_SNOWFLAKE_LAYOUT_WORKER_BITS", "6", "QUARKUS_SNOWFLAKE_LAYOUT_SEQUENCE_BITS", "11",
					"QUARKUS_SNOWFLAKE_CLOCK_TOLERANCE", "250"), 300))
			.build();
		SnowflakeConfiguration configuration = QuarkusSettings.configuration(config);
		assertThat(configuration.workerId()).isEqualTo(7L);
		assertThat(configuration.datacenterId()).isEqualTo(5L);
		assertThat(configuration.layout().workerBits()).isEqualTo(6);
		assertThat(configuration.clockTolerance()).hasMillis(250);
	}

	@Test
	void oneConfigIsReadOnceAndAnotherAfresh() {
		SmallRyeConfig first = config(
				Map.of("quarkus.snowflake.datacenter-id", "1", "quarkus.snowflake.worker-id", "2"));
		SnowflakeConfiguration read = QuarkusSettings.configuration(first);
		assertThat(QuarkusSettings.configuration(first)).as("the generator, segments and Hibernate ask in turn")
			.isSameAs(read);
		SmallRyeConfig reloaded = config(
				Map.of("quarkus.snowflake.datacenter-id", "1", "quarkus.snowflake.worker-id", "3"));
		assertThat(QuarkusSettings.configuration(reloaded).workerId()).as("a reload's config").isEqualTo(3L);
		assertThat(QuarkusSettings.configuration(first).workerId()).isEqualTo(2L);
	}
}
