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

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The settings-map binding (plain Hibernate) and the checks of the typed configuration. */
class SnowflakeConfigurationTests {

	private static final Instant START = Instant.parse("2024-03-01T00:00:00Z");

	private static SnowflakeConfiguration read(Map<String, ?> settings) {
		return SnowflakeConfiguration.fromSettings(settings);
	}

	@Test
	void durationsReadWithOrWithoutAUnit() {
		assertEquals(Duration.ofMillis(10), SettingsMapReader.toDuration("10ms"));
		assertEquals(Duration.ofMillis(10), SettingsMapReader.toDuration(" 10 "));
		assertEquals(Duration.ofSeconds(2), SettingsMapReader.toDuration("2s"));
		assertEquals(Duration.ofMinutes(3), SettingsMapReader.toDuration("3m"));
		assertEquals(Duration.ofHours(1), SettingsMapReader.toDuration("1h"));
		assertEquals(Duration.ofMillis(500), SettingsMapReader.toDuration("PT0.5S"));
		assertEquals(Duration.ofMillis(250), SettingsMapReader.toDuration(250));
		assertEquals(Duration.ofSeconds(7), SettingsMapReader.toDuration(Duration.ofSeconds(7)));
		SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
				() -> read(Map.of(SnowflakeSettings.CLOCK_TOLERANCE, "soon")));
		assertEquals(SnowflakeSettings.CLOCK_TOLERANCE, ex.getSetting());
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
		assertEquals(43, layout.timestampBits());
		assertEquals(4, layout.datacenterBits());
		assertEquals(6, layout.workerBits());
		assertEquals(10, layout.sequenceBits());
		assertEquals(START, layout.epoch());
		SnowflakeIdGenerator generator = configuration.generatorBuilder().build();
		assertEquals(Duration.ofMillis(250), generator.clockTolerance());
		assertEquals(2, generator.datacenterId());
		assertEquals(3, generator.workerId());
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
		assertEquals(39, layout.timestampBits());
		assertEquals(4, layout.datacenterBits());
		assertEquals(8, layout.workerBits());
		assertEquals(10, layout.tickMillis());
		assertEquals(Instant.parse("2024-01-01T00:00:00Z"), layout.epoch());
		assertEquals(2, generator.datacenterId());
		assertEquals(5, generator.workerId());
	}

	@Test
	void unreadableSettingNamesItsKey() {
		SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
				() -> read(Map.of("snowflake.worker-id", "seven")));
		assertEquals("Invalid snowflake.worker-id = 'seven': allowed a whole number", ex.getMessage());
		ex = assertThrows(SnowflakeConfigurationException.class, () -> read(Map.of("snowflake.epoch", "yesterday")));
		assertEquals("snowflake.epoch", ex.getSetting());
	}

	@Test
	void aBitCountTooLargeForAnIntIsRefusedNotWrappedAndALargeIntGetsTheFieldsOwnRange() {
		SnowflakeConfigurationException huge = assertThrows(SnowflakeConfigurationException.class,
				() -> read(Map.of(SnowflakeSettings.TIMESTAMP_BITS, 4_294_967_337L)));
		assertEquals(SnowflakeSettings.TIMESTAMP_BITS, huge.getSetting());
		SnowflakeConfigurationException maxInt = assertThrows(SnowflakeConfigurationException.class,
				() -> read(Map.of(SnowflakeSettings.TIMESTAMP_BITS, Integer.MAX_VALUE)));
		assertEquals("1..63", maxInt.getAllowed(), "the timestamp field needs at least one bit");
		SnowflakeConfigurationException minInt = assertThrows(SnowflakeConfigurationException.class,
				() -> read(Map.of(SnowflakeSettings.TIMESTAMP_BITS, Integer.MIN_VALUE)));
		assertEquals("1..63", minInt.getAllowed());
	}

	@Test
	void presetsNameTheirLayoutsAndAnUnknownOneIsRefused() {
		assertEquals(SnowflakeLayout.JAVASCRIPT_SAFE, read(Map.of(SnowflakeSettings.LAYOUT_PRESET, "javascript-safe")).layout());
		assertEquals(SnowflakeLayout.DEFAULT, read(Map.of()).layout());
		SnowflakeConfigurationException preset = assertThrows(SnowflakeConfigurationException.class,
				() -> read(Map.of(SnowflakeSettings.LAYOUT_PRESET, "tiny")));
		assertEquals("snowflake.layout.preset", preset.getSetting());
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
		assertEquals("my_segments", segment.tableName());
		assertEquals(250, segment.defaultStep());
		assertEquals(0.25, segment.prefetchThreshold());
		assertEquals(Duration.ofSeconds(2), segment.maxWait());
		assertFalse(segment.createTable());
		assertTrue(segment.dynamicStep());
		assertEquals(Duration.ofMinutes(5), segment.dynamicStepTarget());

		SegmentConfiguration defaults = read(Map.of()).segment();
		assertEquals(SegmentConfiguration.DEFAULTS, defaults);
		assertEquals("snowflake_segment", defaults.tableName());
		assertEquals(1000, defaults.defaultStep());
		assertTrue(defaults.createTable());
		assertFalse(defaults.dynamicStep());
		assertEquals(Duration.ofSeconds(5), defaults.maxWait());

		SnowflakeConfigurationException bad = assertThrows(SnowflakeConfigurationException.class,
				() -> read(Map.of(SnowflakeSettings.SEGMENT_PREFETCH_THRESHOLD, "a lot")));
		assertEquals(SnowflakeSettings.SEGMENT_PREFETCH_THRESHOLD, bad.getSetting());
	}

	@Test
	void aSwitchIsTrueOrFalseInEverySettingNeverSilentlyFalse() {
		for (String key : new String[] { SnowflakeSettings.LEASE_CREATE_TABLE, SnowflakeSettings.SEGMENT_CREATE_TABLE,
				SnowflakeSettings.SEGMENT_DYNAMIC_STEP }) {
			SnowflakeConfigurationException bad = assertThrows(SnowflakeConfigurationException.class,
					() -> read(Map.of(key, "yes")), key);
			assertEquals(key, bad.getSetting());
			assertEquals("true or false", bad.getAllowed());
		}
		assertFalse(read(Map.of(SnowflakeSettings.SEGMENT_CREATE_TABLE, " FALSE ")).segment().createTable());
		assertTrue(read(Map.of(SnowflakeSettings.SEGMENT_DYNAMIC_STEP, "True")).segment().dynamicStep());
	}

	@Test
	void leaseSettingsAreReadAndCheckedOnce() {
		LeaseConfiguration lease = read(Map.of(SnowflakeSettings.LEASE_TABLE_NAME, " my_leases ",
				SnowflakeSettings.LEASE_DURATION, "6s", SnowflakeSettings.LEASE_SAFETY_MARGIN, "2s",
				SnowflakeSettings.LEASE_CREATE_TABLE, "TRUE")).lease();
		assertEquals(new LeaseConfiguration("my_leases", Duration.ofSeconds(6), Duration.ofSeconds(2), true), lease);
		assertEquals(LeaseConfiguration.DEFAULTS, read(Map.of()).lease());
		SnowflakeConfigurationException shortLease = assertThrows(SnowflakeConfigurationException.class,
				() -> read(Map.of(SnowflakeSettings.LEASE_DURATION, "2s")));
		assertEquals("Invalid snowflake.lease.duration = PT2S: allowed 3 s to 1 h", shortLease.getMessage());
	}

	@Test
	void staticIdsOutsideTheLayoutAreRefusedWithTheirRange() {
		SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
				() -> read(Map.of(SnowflakeSettings.WORKER_ID, "32")));
		assertEquals("0..31 (5 worker bits)", ex.getAllowed());
		SnowflakeConfigurationException years = assertThrows(SnowflakeConfigurationException.class,
				() -> read(Map.of(SnowflakeSettings.LIFETIME_WARNING_YEARS, "-1")));
		assertEquals(SnowflakeSettings.LIFETIME_WARNING_YEARS, years.getSetting());
	}

	@Test
	void assignmentNamesParseAndUnknownOnesAreRejected() {
		assertEquals(WorkerAssignment.DATABASE_LEASE,
				read(Map.of(SnowflakeSettings.WORKER_ASSIGNMENT, "database-lease")).workerAssignment());
		assertEquals(WorkerAssignment.AUTO, read(Map.of()).workerAssignment());
		SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
				() -> read(Map.of(SnowflakeSettings.WORKER_ASSIGNMENT, "mac-address")));
		assertEquals("snowflake.worker-assignment", ex.getSetting());
		assertTrue(ex.getAllowed().contains("database-lease"));
	}
}
