package io.snowflakeid.quarkus.runtime;

import java.util.Map;

import io.quarkus.runtime.configuration.ConfigurationException;
import io.smallrye.config.PropertiesConfigSource;
import io.smallrye.config.SmallRyeConfig;
import io.smallrye.config.SmallRyeConfigBuilder;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** Messages of the core name the Quarkus properties. */
class QuarkusSettingsTests {

	@Test
	void aSettingInAMessageIsNamedAsTheQuarkusProperty() {
		assertThat(QuarkusSettings.quarkusNames("Invalid snowflake.worker-id = 40: allowed 0..31 (5 worker bits); "
				+ "or set snowflake.layout.worker-bits"))
			.isEqualTo("Invalid quarkus.snowflake.worker-id = 40: allowed 0..31 (5 worker bits); or set "
					+ "quarkus.snowflake.layout.worker-bits");
	}

	@Test
	void packageNamesAndQuarkusPropertiesAreLeftAsTheyAre() {
		String message = "io.snowflakeid.worker.WorkerLease, quarkus.snowflake.worker-id, my-snowflake.table";
		assertThat(QuarkusSettings.quarkusNames(message)).isEqualTo(message);
	}

	@Test
	void theSegmentMaxStepIsReadUnderQuarkusPrefixAndARefusalNamesTheQuarkusProperty() {
		assertThat(QuarkusSettings.configurationAtStaticInit(config(Map.of("quarkus.snowflake.segment.max-step", "5000")))
			.segment().maxStep()).isEqualTo(5000);
		assertThat(QuarkusSettings.configurationAtStaticInit(config(Map.of())).segment().maxStep()).isNull();
		assertThatExceptionOfType(ConfigurationException.class)
			.isThrownBy(() -> QuarkusSettings
				.configurationAtStaticInit(config(Map.of("quarkus.snowflake.segment.max-step", "0"))))
			.withMessage("Invalid quarkus.snowflake.segment.max-step = 0: allowed 1..1000000");
	}

	private static SmallRyeConfig config(Map<String, String> values) {
		return new SmallRyeConfigBuilder().withSources(new PropertiesConfigSource(values, "test", 500)).build();
	}
}
