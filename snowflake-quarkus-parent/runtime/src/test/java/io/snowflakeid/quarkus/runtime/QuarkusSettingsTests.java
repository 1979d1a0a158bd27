package io.snowflakeid.quarkus.runtime;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

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
}
