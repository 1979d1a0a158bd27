package io.snowflakeid.config;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.SnowflakeSettings;
import io.snowflakeid.segment.SegmentConfiguration;
import io.snowflakeid.worker.LeaseConfiguration;
import io.snowflakeid.worker.WorkerAssignment;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/** The settings-map binding (plain Hibernate) and the checks of the typed configuration. */
class SnowflakeConfigurationTests {

	private static final Instant START = Instant.parse("2024-03-01T00:00:00Z");

	private static SnowflakeConfiguration read(Map<String, ?> settings) {
		return SnowflakeConfiguration.fromSettings(settings);
	}

	@Test
	void durationsReadWithOrWithoutAUnit() {
		assertThat(SettingsMapReader.toDuration("10ms")).isEqualTo(Duration.ofMillis(10));
		assertThat(SettingsMapReader.toDuration(" 10 ")).isEqualTo(Duration.ofMillis(10));
		assertThat(SettingsMapReader.toDuration("2s")).isEqualTo(Duration.ofSeconds(2));
		assertThat(SettingsMapReader.toDuration("3m")).isEqualTo(Duration.ofMinutes(3));
		assertThat(SettingsMapReader.toDuration("1h")).isEqualTo(Duration.ofHours(1));
		assertThat(SettingsMapReader.toDuration("PT0.5S")).isEqualTo(Duration.ofMillis(500));
		assertThat(SettingsMapReader.toDuration(250)).isEqualTo(Duration.ofMillis(250));
		assertThat(SettingsMapReader.toDuration(Duration.ofSeconds(7))).isEqualTo(Duration.ofSeconds(7));
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> read(Map.of(SnowflakeSettings.CLOCK_TOLERANCE, "soon")))
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo(SnowflakeSettings.CLOCK_TOLERANCE));
	}

	@Test
	void everyLayoutFieldAndTheToleranceAreReadFromTheSettingsMap() {
		Map<String, Object> settings = new HashMap<>();
		settings.put(SnowflakeSettings.TIMESTAMP_BITS, "43");
		settings.put(SnowflakeSettings.DATACENTER_BITS, 4);
		settings.put(SnowflakeSettings.WORKER_BITS, "6");
		settings.put(SnowflakeSettings.SEQUENCE_BITS, "10");
		settings.put(SnowflakeSettings.EPOCH, START);
		settings.put(SnowflakeSettings.WORKER_ID, 3);
		settings.put(SnowflakeSettings.DATACENTER_ID, "2");
		settings.put(SnowflakeSettings.CLOCK_TOLERANCE, "250ms");
		SnowflakeConfiguration configuration = read(settings);
		SnowflakeLayout layout = configuration.layout();
		assertThat(layout.timestampBits()).isEqualTo(43);
		assertThat(layout.datacenterBits()).isEqualTo(4);
		assertThat(layout.workerBits()).isEqualTo(6);
		assertThat(layout.sequenceBits()).isEqualTo(10);
		assertThat(layout.epoch()).isEqualTo(START);
		SnowflakeIdGenerator generator = configuration.generatorBuilder().build();
		assertThat(generator.clockTolerance()).isEqualTo(Duration.ofMillis(250));
		assertThat(generator.datacenterId()).isEqualTo(2);
		assertThat(generator.workerId()).isEqualTo(3);
	}

	@Test
	void settingsMapConfiguresEveryField() {
		Map<String, Object> settings = new HashMap<>();
		settings.put("snowflake.datacenter-id", "2");
		settings.put("snowflake.worker-id", 5);
		settings.put("snowflake.epoch", "2024-01-01T00:00:00Z");
		settings.put("snowflake.tick-length", "10ms");
		settings.put("snowflake.layout.timestamp-bits", "39");
		settings.put("snowflake.layout.datacenter-bits", "4");
		settings.put("snowflake.layout.worker-bits", "8");
		settings.put("snowflake.layout.sequence-bits", "12");
		settings.put("snowflake.clock-tolerance", "2s");
		SnowflakeIdGenerator generator = read(settings).generatorBuilder().build();
		SnowflakeLayout layout = generator.layout();
		assertThat(layout.timestampBits()).isEqualTo(39);
		assertThat(layout.datacenterBits()).isEqualTo(4);
		assertThat(layout.workerBits()).isEqualTo(8);
		assertThat(layout.tickMillis()).isEqualTo(10);
		assertThat(layout.epoch()).isEqualTo(Instant.parse("2024-01-01T00:00:00Z"));
		assertThat(generator.datacenterId()).isEqualTo(2);
		assertThat(generator.workerId()).isEqualTo(5);
	}

	@Test
	void unreadableSettingNamesItsKey() {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> read(Map.of("snowflake.worker-id", "seven")))
			.withMessage("Invalid snowflake.worker-id = 'seven': allowed a whole number");
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> read(Map.of("snowflake.epoch", "yesterday")))
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo("snowflake.epoch"));
	}

	@Test
	void aBitCountTooLargeForAnIntIsRefusedNotWrappedAndALargeIntGetsTheFieldsOwnRange() {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> read(Map.of(SnowflakeSettings.TIMESTAMP_BITS, 4_294_967_337L)))
			.satisfies((huge) -> assertThat(huge.getSetting()).isEqualTo(SnowflakeSettings.TIMESTAMP_BITS));
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> read(Map.of(SnowflakeSettings.TIMESTAMP_BITS, Integer.MAX_VALUE)))
			.satisfies((maxInt) -> assertThat(maxInt.getAllowed()).as("the timestamp field needs at least one bit")
				.isEqualTo("1..63"));
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> read(Map.of(SnowflakeSettings.TIMESTAMP_BITS, Integer.MIN_VALUE)))
			.satisfies((minInt) -> assertThat(minInt.getAllowed()).isEqualTo("1..63"));
	}

	@Test
	void presetsNameTheirLayoutsAndAnUnknownOneIsRefused() {
		assertThat(read(Map.of(SnowflakeSettings.LAYOUT_PRESET, "javascript-safe")).layout())
			.isEqualTo(SnowflakeLayout.JAVASCRIPT_SAFE);
		assertThat(read(Map.of()).layout()).isEqualTo(SnowflakeLayout.DEFAULT);
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> read(Map.of(SnowflakeSettings.LAYOUT_PRESET, "tiny")))
			.satisfies((preset) -> assertThat(preset.getSetting()).isEqualTo("snowflake.layout.preset"));
	}

	@Test
	void everySegmentSettingIsReadFromTheSettingsMap() {
		Map<String, Object> map = new HashMap<>();
		map.put(SnowflakeSettings.SEGMENT_TABLE_NAME, " my_segments ");
		map.put(SnowflakeSettings.SEGMENT_DEFAULT_STEP, "250");
		map.put(SnowflakeSettings.SEGMENT_PREFETCH_THRESHOLD, " 0.25 ");
		map.put(SnowflakeSettings.SEGMENT_MAX_WAIT, "2s");
		map.put(SnowflakeSettings.SEGMENT_CREATE_TABLE, "false");
		map.put(SnowflakeSettings.SEGMENT_DYNAMIC_STEP, "true");
		map.put(SnowflakeSettings.SEGMENT_DYNAMIC_STEP_TARGET, "5m");
		SegmentConfiguration segment = read(map).segment();
		assertThat(segment.tableName()).isEqualTo("my_segments");
		assertThat(segment.defaultStep()).isEqualTo(250);
		assertThat(segment.prefetchThreshold()).isEqualTo(0.25);
		assertThat(segment.maxWait()).isEqualTo(Duration.ofSeconds(2));
		assertThat(segment.createTable()).isFalse();
		assertThat(segment.dynamicStep()).isTrue();
		assertThat(segment.dynamicStepTarget()).isEqualTo(Duration.ofMinutes(5));

		SegmentConfiguration defaults = read(Map.of()).segment();
		assertThat(defaults).isEqualTo(SegmentConfiguration.DEFAULTS);
		assertThat(defaults.tableName()).isEqualTo("snowflake_segment");
		assertThat(defaults.defaultStep()).isEqualTo(1000);
		assertThat(defaults.createTable()).isTrue();
		assertThat(defaults.dynamicStep()).isFalse();
		assertThat(defaults.maxWait()).isEqualTo(Duration.ofSeconds(5));

		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> read(Map.of(SnowflakeSettings.SEGMENT_PREFETCH_THRESHOLD, "a lot")))
			.satisfies((bad) -> assertThat(bad.getSetting()).isEqualTo(SnowflakeSettings.SEGMENT_PREFETCH_THRESHOLD));
	}

	@Test
	void aSwitchIsTrueOrFalseInEverySettingNeverSilentlyFalse() {
		for (String key : new String[] { SnowflakeSettings.LEASE_CREATE_TABLE, SnowflakeSettings.SEGMENT_CREATE_TABLE,
				SnowflakeSettings.SEGMENT_DYNAMIC_STEP, SnowflakeSettings.LEASE_ACCEPT_DATA_LOSS_RISK }) {
			assertThatExceptionOfType(SnowflakeConfigurationException.class).as(key)
				.isThrownBy(() -> read(Map.of(key, "yes")))
				.satisfies((bad) -> assertThat(bad.getSetting()).isEqualTo(key))
				.satisfies((bad) -> assertThat(bad.getAllowed()).isEqualTo("true or false"));
		}
		assertThat(read(Map.of(SnowflakeSettings.SEGMENT_CREATE_TABLE, " FALSE ")).segment().createTable()).isFalse();
		assertThat(read(Map.of(SnowflakeSettings.SEGMENT_DYNAMIC_STEP, "True")).segment().dynamicStep()).isTrue();
	}

	@Test
	void leaseSettingsAreReadAndCheckedOnce() {
		LeaseConfiguration lease = read(Map.of(SnowflakeSettings.LEASE_TABLE_NAME, " my_leases ",
				SnowflakeSettings.LEASE_DURATION, "6s", SnowflakeSettings.LEASE_SAFETY_MARGIN, "2s",
				SnowflakeSettings.LEASE_CREATE_TABLE, "TRUE")).lease();
		assertThat(lease)
			.isEqualTo(new LeaseConfiguration("my_leases", Duration.ofSeconds(6), Duration.ofSeconds(2), true));
		assertThat(read(Map.of()).lease()).isEqualTo(LeaseConfiguration.DEFAULTS);
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> read(Map.of(SnowflakeSettings.LEASE_DURATION, "2s")))
			.withMessage("Invalid snowflake.lease.duration = PT2S: allowed 3 s to 1 h");
	}

	@Test
	void staticIdsOutsideTheLayoutAreRefusedWithTheirRange() {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> read(Map.of(SnowflakeSettings.WORKER_ID, "32")))
			.satisfies((ex) -> assertThat(ex.getAllowed()).isEqualTo("0..31 (5 worker bits)"));
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> read(Map.of(SnowflakeSettings.LIFETIME_WARNING_YEARS, "-1")))
			.satisfies((years) -> assertThat(years.getSetting()).isEqualTo(SnowflakeSettings.LIFETIME_WARNING_YEARS));
	}

	@Test
	void assignmentNamesParseAndUnknownOnesAreRejected() {
		assertThat(read(Map.of(SnowflakeSettings.WORKER_ASSIGNMENT, "database-lease")).workerAssignment())
			.isEqualTo(WorkerAssignment.DATABASE_LEASE);
		assertThat(read(Map.of()).workerAssignment()).isEqualTo(WorkerAssignment.AUTO);
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> read(Map.of(SnowflakeSettings.WORKER_ASSIGNMENT, "mac-address")))
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo("snowflake.worker-assignment"))
			.satisfies((ex) -> assertThat(ex.getAllowed()).contains("database-lease"));
	}
}
