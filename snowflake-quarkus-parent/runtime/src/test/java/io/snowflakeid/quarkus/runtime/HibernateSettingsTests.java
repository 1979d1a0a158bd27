package io.snowflakeid.quarkus.runtime;

import java.util.Optional;

import io.quarkus.runtime.configuration.ConfigurationException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** The batching switch reads true or false only: a typo is refused, never a silent off. */
class HibernateSettingsTests {

	@Test
	void trueFalseInAnyCaseAndUnsetMeaningTrue() {
		assertThat(HibernateSettings.enabled(Optional.empty())).isTrue();
		assertThat(HibernateSettings.enabled(Optional.of(" TRUE "))).isTrue();
		assertThat(HibernateSettings.enabled(Optional.of("false"))).isFalse();
	}

	@Test
	void aTypoIsRefusedNamingTheProperty() {
		assertThatExceptionOfType(ConfigurationException.class)
			.isThrownBy(() -> HibernateSettings.enabled(Optional.of("ture")))
			.withMessage("Invalid quarkus.snowflake.jpa.batching-defaults.enabled = 'ture': allowed true or false "
					+ "(default true)");
	}
}
