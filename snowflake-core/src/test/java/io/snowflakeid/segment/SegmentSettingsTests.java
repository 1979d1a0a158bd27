package io.snowflakeid.segment;

import java.sql.SQLException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.internal.config.SegmentConfiguration;
import io.snowflakeid.worker.ConnectionSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

/**
 * The segment settings' builder and {@link SegmentConfiguration#with}: the one place where a segment setting's key
 * meets its component, which the settings-map binding, Spring, Quarkus and this builder all go through.
 */
class SegmentSettingsTests {

	/** Never asked for a connection: these tests only build settings. */
	private static final ConnectionSource NO_DATABASE = () -> {
		throw new SQLException("no database in a settings test");
	};

	private static final SegmentConfiguration CONFIGURED = new SegmentConfiguration("orders_segment", 50, 0.3,
			Duration.ofSeconds(2), false, true, Duration.ofMinutes(1), 400);

	@Test
	void theSettersOverrideTheSettingsGivenBeforeThem() {
		SegmentConfiguration built = SegmentSettings.builder(NO_DATABASE)
			.settings(CONFIGURED.values())
			.defaultStep(80)
			.maxStep(null) // explicitly none: the configuration's 400 must not survive
			.build().configuration;
		assertThat(built).isEqualTo(new SegmentConfiguration("orders_segment", 80, 0.3, Duration.ofSeconds(2), false,
				true, Duration.ofMinutes(1), null));
	}

	@Test
	void settingsReplaceWhatTheSettersSetBeforeThem() {
		SegmentConfiguration built = SegmentSettings.builder(NO_DATABASE)
			.defaultStep(80)
			.tableName("other_segment")
			.settings(CONFIGURED.values())
			.build().configuration;
		assertThat(built).isEqualTo(CONFIGURED);
	}

	@Test
	void everySetterReachesItsComponent() {
		SegmentConfiguration built = SegmentSettings.builder(NO_DATABASE)
			.tableName("orders_segment")
			.defaultStep(50)
			.prefetchThreshold(0.3)
			.maxWait(Duration.ofSeconds(2))
			.createTable(false)
			.dynamicStep(true)
			.dynamicStepTarget(Duration.ofMinutes(1))
			.maxStep(400)
			.build().configuration;
		assertThat(built).isEqualTo(CONFIGURED);
		assertThat(SegmentSettings.builder(NO_DATABASE).build().configuration).isEqualTo(SegmentConfiguration.DEFAULTS);
	}

	@Test
	void theValuesAreCheckedTogetherWhenBuiltWhateverTheOrderTheyWereSetIn() {
		// max-step below the default step is refused, but only the final pair counts: lowering the step afterwards
		// makes the same max-step valid
		assertThat(SegmentSettings.builder(NO_DATABASE).maxStep(500).defaultStep(100).build().configuration.maxStep())
			.isEqualTo(500);
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> SegmentSettings.builder(NO_DATABASE).maxStep(500).build())
			.withMessageContaining(Settings.SEGMENT_MAX_STEP.key())
			.withMessageContaining("500");
	}

	@Test
	void withReplacesTheComponentsOfTheKeysItHoldsAndIgnoresOtherKeys() {
		Map<String, Object> values = new HashMap<>();
		values.put(Settings.SEGMENT_PREFETCH_THRESHOLD.key(), 0.5);
		values.put(Settings.LEASE_DURATION.key(), Duration.ofSeconds(30)); // another group's key
		assertThat(CONFIGURED.with(values)).isEqualTo(new SegmentConfiguration("orders_segment", 50, 0.5,
				Duration.ofSeconds(2), false, true, Duration.ofMinutes(1), 400));
		assertThat(CONFIGURED.with(Map.of())).isEqualTo(CONFIGURED);
	}

	@Test
	void aNullForASettingThatMustHaveAValueNamesItsKey() {
		Map<String, Object> values = new HashMap<>();
		values.put(Settings.SEGMENT_DEFAULT_STEP.key(), null);
		assertThatNullPointerException().isThrownBy(() -> CONFIGURED.with(values))
			.withMessage(Settings.SEGMENT_DEFAULT_STEP.key() + " must not be null");
	}

	@Test
	void aValueOfTheWrongTypeIsRefusedNotConverted() {
		assertThatIllegalArgumentException()
			.isThrownBy(() -> CONFIGURED.with(Map.of(Settings.SEGMENT_DEFAULT_STEP.key(), "80")))
			.withMessageStartingWith(Settings.SEGMENT_DEFAULT_STEP.key() + " must be a Integer, not a java.lang.String");
	}

	/** A key that reads as a segment setting but is not its exact key is refused, not skipped (helper-76's review). */
	@Test
	void aSegmentKeySpelledAnotherWayIsRefusedNotSilentlyIgnored() {
		for (String key : new String[] { "SNOWFLAKE_SEGMENT_TABLE_NAME", "Snowflake.Segment.table-name",
				" snowflake.segment.table-name", "snowflake.segment-table-name", "snowflake.segments.table-name" }) {
			assertThatExceptionOfType(SnowflakeConfigurationException.class).as(key)
				.isThrownBy(() -> SegmentSettings.builder(NO_DATABASE).settings(Map.of(key, "orders_segment")))
				.withMessageContaining("'" + key + "'")
				.withMessageContaining("snowflake.segment.table-name");
		}
		assertThat(SegmentSettings.builder(NO_DATABASE)
			.settings(Map.of("hibernate.show_sql", "true", "snowflake.worker-id", "3"))
			.build().configuration).as("other settings are no segment settings").isEqualTo(SegmentConfiguration.DEFAULTS);
	}
}
