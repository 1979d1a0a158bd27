package io.snowflakeid.internal.config;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.internal.keys.SnowflakeSettings;
import io.snowflakeid.config.SchemaCheck;
import io.snowflakeid.internal.config.SegmentConfiguration;
import io.snowflakeid.internal.config.LeaseConfiguration;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

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

	/**
	 * Hibernate's settings map may hold typed objects (set programmatically rather than from a properties file):
	 * each is taken as it is, a Double as that Double, an enum constant as that constant.
	 */
	@Test
	void typedValuesOfASettingsMapAreTakenAsTheyAre() {
		Map<String, Object> settings = new HashMap<>();
		settings.put(Settings.SEGMENT_PREFETCH_THRESHOLD.key(), 0.3);
		settings.put(Settings.SEGMENT_DEFAULT_STEP.key(), (short) 250);
		settings.put(Settings.SEGMENT_DYNAMIC_STEP.key(), Boolean.TRUE);
		settings.put(Settings.SEGMENT_MAX_WAIT.key(), Duration.ofMillis(1500));
		settings.put(SnowflakeSettings.WORKER_ID, (byte) 7);
		settings.put(SnowflakeSettings.DATACENTER_ID, 3L);
		settings.put(SnowflakeSettings.WORKER_ASSIGNMENT, WorkerAssignment.STATIC);
		settings.put(SnowflakeSettings.SCHEMA_CHECK, SchemaCheck.WARN);
		settings.put(SnowflakeSettings.EPOCH, START);
		SnowflakeConfiguration configuration = read(settings);
		assertThat(configuration.segment().prefetchThreshold()).isEqualTo(0.3);
		assertThat(configuration.segment().defaultStep()).isEqualTo(250);
		assertThat(configuration.segment().dynamicStep()).isTrue();
		assertThat(configuration.segment().maxWait()).isEqualTo(Duration.ofMillis(1500));
		assertThat(configuration.workerId()).isEqualTo(7L);
		assertThat(configuration.datacenterId()).isEqualTo(3L);
		assertThat(configuration.workerAssignment()).isEqualTo(WorkerAssignment.STATIC);
		assertThat(configuration.schemaCheck()).isEqualTo(SchemaCheck.WARN);
		assertThat(configuration.layout().epoch()).isEqualTo(START);
		// A float is widened as a number, not re-read from its text.
		assertThat(Settings.SEGMENT_PREFETCH_THRESHOLD.parse(0.1f)).isEqualTo((double) 0.1f);
	}

	/** A row of the settings table needs a parser for its type: one of another type is refused as it is declared. */
	@Test
	void aSettingOfATypeWithoutAParserIsRefusedWhereItIsDeclared() {
		assertThatExceptionOfType(IllegalArgumentException.class)
			.isThrownBy(() -> new Setting<>("snowflake.colour", java.net.URI.class, null, "A colour.", true))
			.withMessage("No parser for snowflake.colour of type java.net.URI");
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
		map.put(Settings.SEGMENT_TABLE_NAME.key(), " my_segments ");
		map.put(Settings.SEGMENT_DEFAULT_STEP.key(), "250");
		map.put(Settings.SEGMENT_PREFETCH_THRESHOLD.key(), " 0.25 ");
		map.put(Settings.SEGMENT_MAX_WAIT.key(), "2s");
		map.put(Settings.SEGMENT_CREATE_TABLE.key(), "false");
		map.put(Settings.SEGMENT_DYNAMIC_STEP.key(), "true");
		map.put(Settings.SEGMENT_DYNAMIC_STEP_TARGET.key(), "5m");
		map.put(Settings.SEGMENT_MAX_STEP.key(), " 4000 ");
		SegmentConfiguration segment = read(map).segment();
		assertThat(segment.tableName()).isEqualTo("my_segments");
		assertThat(segment.defaultStep()).isEqualTo(250);
		assertThat(segment.prefetchThreshold()).isEqualTo(0.25);
		assertThat(segment.maxWait()).isEqualTo(Duration.ofSeconds(2));
		assertThat(segment.createTable()).isFalse();
		assertThat(segment.dynamicStep()).isTrue();
		assertThat(segment.dynamicStepTarget()).isEqualTo(Duration.ofMinutes(5));
		assertThat(segment.maxStep()).isEqualTo(4000);

		SegmentConfiguration defaults = read(Map.of()).segment();
		assertThat(defaults).isEqualTo(SegmentConfiguration.DEFAULTS);
		assertThat(defaults.tableName()).isEqualTo("snowflake_segment");
		assertThat(defaults.defaultStep()).isEqualTo(1000);
		assertThat(defaults.createTable()).isTrue();
		assertThat(defaults.dynamicStep()).isFalse();
		assertThat(defaults.maxWait()).isEqualTo(Duration.ofSeconds(5));
		assertThat(defaults.maxStep()).as("no max-step: 100 x the step").isNull();

		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> read(Map.of(Settings.SEGMENT_PREFETCH_THRESHOLD.key(), "a lot")))
			.satisfies((bad) -> assertThat(bad.getSetting()).isEqualTo(Settings.SEGMENT_PREFETCH_THRESHOLD.key()));
	}

	/** snowflake.segment.max-step through the settings map: a whole number in 1..1000000, at least the default step. */
	@Test
	void maxStepIsReadAndCheckedAgainstItsRangeAndTheDefaultStep() {
		assertThat(read(Map.of(Settings.SEGMENT_MAX_STEP.key(), "1000")).segment().maxStep()).isEqualTo(1000);
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> read(Map.of(Settings.SEGMENT_MAX_STEP.key(), "lots")))
			.satisfies((bad) -> assertThat(bad.getSetting()).isEqualTo(Settings.SEGMENT_MAX_STEP.key()))
			.withMessageContaining("'lots'");
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> read(Map.of(Settings.SEGMENT_MAX_STEP.key(), "2000000")))
			.withMessage("Invalid snowflake.segment.max-step = 2000000: allowed 1..1000000");
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> read(Map.of(Settings.SEGMENT_MAX_STEP.key(), "999")))
			.as("below the default default-step, 1000")
			.withMessage("Invalid snowflake.segment.max-step = 999: allowed 1000..1000000 (at least "
					+ "snowflake.segment.default-step = 1000)");
		assertThat(read(Map.of(Settings.SEGMENT_MAX_STEP.key(), "999", Settings.SEGMENT_DEFAULT_STEP.key(), "10"))
			.segment().maxStep()).isEqualTo(999);
	}

	@Test
	void aSwitchIsTrueOrFalseInEverySettingNeverSilentlyFalse() {
		for (String key : new String[] { Settings.LEASE_CREATE_TABLE.key(), Settings.SEGMENT_CREATE_TABLE.key(),
				Settings.SEGMENT_DYNAMIC_STEP.key(), Settings.LEASE_ACCEPT_DATA_LOSS_RISK.key() }) {
			assertThatExceptionOfType(SnowflakeConfigurationException.class).as(key)
				.isThrownBy(() -> read(Map.of(key, "yes")))
				.satisfies((bad) -> assertThat(bad.getSetting()).isEqualTo(key))
				.satisfies((bad) -> assertThat(bad.getAllowed()).isEqualTo("true or false"));
		}
		assertThat(read(Map.of(Settings.SEGMENT_CREATE_TABLE.key(), " FALSE ")).segment().createTable()).isFalse();
		assertThat(read(Map.of(Settings.SEGMENT_DYNAMIC_STEP.key(), "True")).segment().dynamicStep()).isTrue();
	}

	@Test
	void leaseSettingsAreReadAndCheckedOnce() {
		LeaseConfiguration lease = read(Map.of(Settings.LEASE_TABLE_NAME.key(), " my_leases ",
				Settings.LEASE_DURATION.key(), "6s", Settings.LEASE_SAFETY_MARGIN.key(), "2s",
				Settings.LEASE_CREATE_TABLE.key(), "TRUE")).lease();
		assertThat(lease)
			.isEqualTo(new LeaseConfiguration("my_leases", Duration.ofSeconds(6), Duration.ofSeconds(2), true));
		assertThat(read(Map.of()).lease()).isEqualTo(LeaseConfiguration.DEFAULTS);
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> read(Map.of(Settings.LEASE_DURATION.key(), "2s")))
			.withMessage("Invalid snowflake.lease.duration = PT2S: allowed 3 s to 1 h");
	}

	@Test
	void aTypedSetterIsItsRowAndNullUnsetsIt() {
		assertThat(SnowflakeConfiguration.builder().epoch(Instant.parse("2024-01-01T00:00:00Z")).workerBits(6)
			.datacenterBits(4).build())
			.isEqualTo(SnowflakeConfiguration.builder()
				.put(Settings.EPOCH, Instant.parse("2024-01-01T00:00:00Z"))
				.put(Settings.WORKER_BITS, 6)
				.put(Settings.DATACENTER_BITS, 4)
				.build());
		SnowflakeConfiguration unset = SnowflakeConfiguration.builder()
			.put(Settings.SEGMENT_DEFAULT_STEP, 50)
			.put(Settings.SEGMENT_DEFAULT_STEP, null)
			.workerBits(7)
			.workerBits(null)
			.put(Settings.LEASE_CREATE_TABLE, false)
			.put(Settings.LEASE_CREATE_TABLE, null)
			.build();
		assertThat(unset).isEqualTo(SnowflakeConfiguration.builder().build());
		assertThat(unset.segment()).isEqualTo(SegmentConfiguration.DEFAULTS);
		assertThat(unset.lease()).isEqualTo(LeaseConfiguration.DEFAULTS);
	}

	@Test
	void withSeveralBadValuesTheLeaseAndTheSegmentAreNamedBeforeTheLayout() {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> SnowflakeConfiguration.builder().timestampBits(50).put(Settings.SEGMENT_DEFAULT_STEP, 0).build())
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo(Settings.SEGMENT_DEFAULT_STEP.key()));
		Map<String, Object> settings = new HashMap<>();
		settings.put(SnowflakeSettings.TIMESTAMP_BITS, "50"); // 72 bits with the classic widths
		settings.put(Settings.LEASE_DURATION.key(), "1s");
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> SnowflakeConfiguration.fromSettings(settings))
			.withMessage("Invalid snowflake.lease.duration = PT1S: allowed 3 s to 1 h");
	}

	@Test
	void aLeaseConfigurationTakesTheValuesOfItsOwnKeysOnly() {
		Map<String, Object> values = new HashMap<>();
		values.put(Settings.LEASE_SAFETY_MARGIN.key(), Duration.ofSeconds(3));
		values.put(Settings.LEASE_ACCEPT_DATA_LOSS_RISK.key(), true);
		values.put(Settings.SEGMENT_DEFAULT_STEP.key(), 7); // another group's key
		assertThat(LeaseConfiguration.DEFAULTS.with(values)).isEqualTo(new LeaseConfiguration(
				LeaseConfiguration.DEFAULTS.tableName(), LeaseConfiguration.DEFAULTS.duration(), Duration.ofSeconds(3), true,
				true));
		values.put(Settings.LEASE_CREATE_TABLE.key(), null);
		assertThatNullPointerException().isThrownBy(() -> LeaseConfiguration.DEFAULTS.with(values))
			.withMessage(Settings.LEASE_CREATE_TABLE.key() + " must not be null");
		assertThatIllegalArgumentException()
			.isThrownBy(() -> LeaseConfiguration.DEFAULTS.with(Map.of(Settings.LEASE_DURATION.key(), "30s")))
			.withMessageStartingWith(Settings.LEASE_DURATION.key() + " must be a Duration, not a java.lang.String");
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

	/**
	 * The ranges the configuration checks itself, at both ends: the static ids within the layout's fields, the
	 * lifetime warning from 0 to 1000 years, the clock tolerance from 0 to 1 minute.
	 */
	@Test
	void theConfigurationsOwnRangesHoldAtBothEnds() {
		assertThat(read(Map.of(SnowflakeSettings.DATACENTER_ID, "31", SnowflakeSettings.WORKER_ID, "0")).datacenterId())
			.isEqualTo(31L);
		assertThat(read(Map.of(SnowflakeSettings.DATACENTER_ID, "0", SnowflakeSettings.WORKER_ID, "31")).workerId())
			.isEqualTo(31L);
		for (String datacenterId : new String[] { "32", "-1" }) {
			assertThatExceptionOfType(SnowflakeConfigurationException.class)
				.isThrownBy(() -> read(Map.of(SnowflakeSettings.DATACENTER_ID, datacenterId)))
				.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo(SnowflakeSettings.DATACENTER_ID))
				.satisfies((ex) -> assertThat(ex.getAllowed()).isEqualTo("0..31 (5 datacenter bits)"));
		}
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> read(Map.of(SnowflakeSettings.WORKER_ID, "-1")))
			.satisfies((ex) -> assertThat(ex.getAllowed()).isEqualTo("0..31 (5 worker bits)"));
		assertThat(read(Map.of(SnowflakeSettings.LIFETIME_WARNING_YEARS, "0")).lifetimeWarningYears()).isZero();
		assertThat(read(Map.of(SnowflakeSettings.LIFETIME_WARNING_YEARS, "1000")).lifetimeWarningYears())
			.isEqualTo(1000);
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> read(Map.of(SnowflakeSettings.LIFETIME_WARNING_YEARS, "1001")))
			.withMessage("Invalid snowflake.lifetime-warning-years = 1001: allowed 0..1000");
		assertThat(read(Map.of(SnowflakeSettings.CLOCK_TOLERANCE, "1m")).clockTolerance())
			.isEqualTo(Duration.ofMinutes(1));
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> read(Map.of(SnowflakeSettings.CLOCK_TOLERANCE, "60001ms")))
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo(SnowflakeSettings.CLOCK_TOLERANCE))
			.satisfies((ex) -> assertThat(ex.getAllowed())
				.isEqualTo("a whole number of milliseconds from 0 ms to 60000 ms"));
	}

	/** A module's duration setting (ZooKeeper's time-outs), read by its row: any accepted form, else the default. */
	@Test
	void aModulesDurationSettingIsReadOrFallsBack() {
		Setting<Duration> row = Settings.ZOOKEEPER_SESSION_TIMEOUT;
		String key = "snowflake.zookeeper.session-timeout";
		assertThat(row.readOrDefault(Map.of())).isEqualTo(Duration.ofSeconds(30));
		assertThat(row.readOrDefault(Map.of(key, "45s"))).isEqualTo(Duration.ofSeconds(45));
		assertThat(row.read(Map.of(key, 1500))).isEqualTo(Duration.ofMillis(1500));
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> row.readOrDefault(Map.of(key, "soon")))
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo(key))
			.withMessageContaining("'soon'")
			.withMessageContaining("a duration such as 10ms");
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

	/**
	 * The settings map reads exact keys: a key that reads as a misspelt lease or segment key is refused, naming the
	 * key and never the value (misspelt, the lease table would be the default while the other services use the
	 * configured one). Other keys are not its to judge: Hibernate's settings hold every system property.
	 */
	@Test
	void theSettingsMapRefusesAMisspeltLeaseOrSegmentKeyNamingTheKeyNotTheValue() {
		for (String typo : new String[] { "snowflake.lease.tableName", "SNOWFLAKE_LEASE_TABLE_NAME",
				"snowflake.leases.table-name", "snowflake.lease.tabel-name", "snowflake.segment.max_step",
				"snowflake.segment.maxstepp" }) {
			assertThatExceptionOfType(SnowflakeConfigurationException.class)
				.isThrownBy(() -> SnowflakeConfiguration.fromSettings(Map.of(typo, "s3cr3t")))
				.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo(typo))
				.satisfies((ex) -> assertThat(ex.getValue()).doesNotContain("s3cr3t"))
				.withMessageNotContaining("s3cr3t")
				.withMessageContaining("the key " + (typo.contains("segment") ? Settings.SEGMENT_MAX_STEP.key()
						: Settings.LEASE_TABLE_NAME.key()));
		}
		for (String other : new String[] { "snowflake.segment-simulation.seeds", "snowflake.segmentation.table",
				"snowflake.segment.cache-size", "snowflake.lease.service-host", "snowflake.zookeeper.path",
				"hibernate.jdbc.batch_size" }) {
			assertThat(SnowflakeConfiguration.fromSettings(Map.of(other, "1000"))).as(other)
				.isEqualTo(SnowflakeConfiguration.fromSettings(Map.of()));
		}
		assertThat(SnowflakeConfiguration.fromSettings(Map.of("snowflake.lease.table-name", "shared")).lease()
			.tableName()).isEqualTo("shared");
	}

	/**
	 * The modules' groups are checked too: a misspelt Redis key or ZooKeeper path would leave this service on the
	 * default hash or path, a pool of its own beside the others' (the same worker ids twice); a misspelt alphabet,
	 * tokens the others cannot read. A Kubernetes Service's variables, the public-id keys (a family) and a setting a
	 * newer release could add are left alone.
	 */
	@Test
	void aMisspeltModuleKeyIsRefusedAndItsNeighboursAreLeftAlone() {
		Map<String, Setting<?>> typos = Map.of("snowflake.redis.kye", Settings.REDIS_KEY, "snowflake.redis.url",
				Settings.REDIS_URI, "SNOWFLAKE_ZOOKEEPER_PTH", Settings.ZOOKEEPER_PATH, "snowflake.zookeeper.connect",
				Settings.ZOOKEEPER_CONNECT_STRING, "snowflake.public-id.alphabt", Settings.PUBLIC_ID_ALPHABET,
				"quarkus.snowflake.zookeeper.session-timeout-ms", Settings.ZOOKEEPER_SESSION_TIMEOUT);
		typos.forEach((typo, row) -> assertThat(Settings.misspeltRow(typo, typo.startsWith("quarkus.") ? "quarkus."
				: "")).as(typo).isSameAs(row));
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> SnowflakeConfiguration.fromSettings(Map.of("snowflake.redis.kye", "shared-leases")))
			.withMessageContaining("the key snowflake.redis.key")
			.withMessageNotContaining("shared-leases");
		for (String other : new String[] { "SNOWFLAKE_REDIS_SERVICE_HOST", "SNOWFLAKE_REDIS_PORT",
				"SNOWFLAKE_REDIS_PORT_6379_TCP_ADDR", "SNOWFLAKE_ZOOKEEPER_SERVICE_PORT", "SNOWFLAKE_ZOOKEEPER_PORT",
				"snowflake.public-id.keys.1", "snowflake.public-id.keys[A]", "snowflake.redisson.codec",
				"snowflake.redis.connect-timeout", "snowflake.zookeeper.chroot" }) {
			assertThat(Settings.misspeltRow(other, "")).as(other).isNull();
		}
		for (Setting<?> row : Settings.MODULES) {
			assertThat(SnowflakeConfiguration.fromSettings(Map.of(row.key(), "x"))).as(row.key())
				.isEqualTo(SnowflakeConfiguration.fromSettings(Map.of()));
		}
		assertThat(Settings.namesARow("QUARKUS_SNOWFLAKE_REDIS_ACCEPT_DATA_LOSS_RISK", "quarkus.", Settings.REDIS_GROUP,
				true)).isTrue();
	}

	/**
	 * A misspelt name of the generator's own settings or the layout's is refused too: a misspelt worker-assignment
	 * left the service on auto (a database lease beside services leasing from ZooKeeper or Redis: the same worker ids
	 * twice), a misspelt layout on the default widths. Directly under the prefix, which other software shares (the
	 * Snowflake data warehouse's drivers read SNOWFLAKE_ACCOUNT, SNOWFLAKE_SCHEMA, ...), only a name within two edits
	 * of a row of nine letters or more is one; never a name cut short.
	 */
	@Test
	void aMisspeltGeneratorOrLayoutKeyIsRefusedAndTheDataWarehousesNamesAreLeftAlone() {
		Map<String, Setting<?>> typos = Map.of("snowflake.worker-asignment", Settings.WORKER_ASSIGNMENT,
				"SNOWFLAKE_WORKER_ASIGNMENT", Settings.WORKER_ASSIGNMENT, "snowflake.worker.assignment",
				Settings.WORKER_ASSIGNMENT, "snowflake.clock-tolerence", Settings.CLOCK_TOLERANCE,
				"snowflake.datacentre-id", Settings.DATACENTER_ID, "snowflake.layout.worker-bit", Settings.WORKER_BITS,
				"snowflake.layout.presets", Settings.LAYOUT_PRESET, "quarkus.snowflake.tick-lenght", Settings.TICK_LENGTH,
				// spellings Quarkus does not read (helper-87: the prefix's words once counted as other words)
				"QUARKUS_SNOWFLAKE_WORKERASSIGNMENT", Settings.WORKER_ASSIGNMENT, "quarkus.snowflake.workerAssignment",
				Settings.WORKER_ASSIGNMENT);
		typos.forEach((typo, row) -> assertThat(Settings.misspeltRow(typo, typo.toLowerCase(java.util.Locale.ROOT).startsWith("quarkus") ? "quarkus."
				: "")).as(typo).isSameAs(row));
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> SnowflakeConfiguration.fromSettings(Map.of("snowflake.worker-asignment", "zookeeper")))
			.withMessageContaining("the key snowflake.worker-assignment")
			.withMessageNotContaining("zookeeper");
		for (String other : new String[] { "SNOWFLAKE_ACCOUNT", "SNOWFLAKE_USER", "SNOWFLAKE_PASSWORD",
				"SNOWFLAKE_DATABASE", "SNOWFLAKE_SCHEMA", "SNOWFLAKE_WAREHOUSE", "SNOWFLAKE_ROLE", "SNOWFLAKE_URL",
				"SNOWFLAKE_HOST", "SNOWFLAKE_PORT", "SNOWFLAKE_REGION", "SNOWFLAKE_TOKEN", "SNOWFLAKE_AUTHENTICATOR",
				"SNOWFLAKE_PRIVATE_KEY_FILE", "SNOWFLAKE_PRIVATE_KEY_FILE_PWD", "SNOWFLAKE_JDBC_URL",
				"snowflake.schema", "snowflake.work", "snowflake.epoc", "SNOWFLAKE_SERVICE_HOST",
				"SNOWFLAKE_PORT_8080_TCP_ADDR", "snowflake.jackson.ids-as-strings", "snowflake.metrics.enabled",
				"snowflake.jpa.batching-defaults.enabled", "snowflake.jooq.columns",
				"quarkus.snowflake.health.enabled", "quarkus.snowflake.jsonb.ids-as-strings",
				// helper-86's survey of 10,846 names: other applications' namespaces that begin with the word
				"snowflake-id.data-center-id", "snowflake-id.datacenter-id", "snowflakeid.worker-assignment",
				"snowflakes.clock-tolerance", "snowflake.id.dataCenterId", "SNOWFLAKE_ID_DATACENTERID",
				"snowflake.datasource.url", "snowflake.database.name", "SNOWFLAKE_TOKEN_PATH" }) {
			assertThat(Settings.misspeltRow(other, other.startsWith("quarkus.") ? "quarkus." : "")).as(other)
				.isNull();
		}
		assertThat(SnowflakeConfiguration.fromSettings(Map.of("snowflake.schema", "PUBLIC", "snowflake.account", "x")))
			.isEqualTo(SnowflakeConfiguration.fromSettings(Map.of()));
	}

	/** What the bindings with names of their own (Spring, Quarkus) ask of the table. */
	@Test
	void aMisspellingIsWithinTwoEditsOfARowOrContainsItAndAnEnvironmentNameIsReadInItsOwnForm() {
		assertThat(Settings.misspeltRow("SNOWFLAKE_LEASE_TABEL_NAME", "")).isSameAs(Settings.LEASE_TABLE_NAME);
		assertThat(Settings.misspeltRow("quarkus.snowflake.segment.maxstepp", "quarkus."))
			.isSameAs(Settings.SEGMENT_MAX_STEP);
		assertThat(Settings.misspeltRow("snowflake.segment.dynamic-step-targets", ""))
			.isSameAs(Settings.SEGMENT_DYNAMIC_STEP_TARGET);
		assertThat(Settings.misspeltRow("snowflake.lease.duraton", "")).isSameAs(Settings.LEASE_DURATION);
		assertThat(Settings.misspeltRow("snowflake.lease.table", "")).isSameAs(Settings.LEASE_TABLE_NAME);
		assertThat(Settings.misspeltRow("snowflake.segment.max-wiat", "")).isSameAs(Settings.SEGMENT_MAX_WAIT);
		assertThat(Settings.misspeltRow("snowflake.lease.tabel-nmae", "")).as("two edits in a long name")
			.isSameAs(Settings.LEASE_TABLE_NAME);
		// names a newer release could add, beside today's: no misspelling, so that older instances still start
		for (String other : new String[] { "SNOWFLAKE_LEASE_SERVICE_HOST", "SNOWFLAKE_LEASE_PORT_5432_TCP_ADDR",
				"SNOWFLAKE_LEASE_DB_PASSWORD", "snowflake.worker-id", "snowflake.jooq.columns",
				"snowflake.segment.cache-size", "snowflake.segment.min-step", "snowflake.lease.table-name-suffix",
				"snowflake.segment.max-step-per-key", "snowflake.segment.min-wait" }) {
			assertThat(Settings.misspeltRow(other, "")).as(other).isNull();
		}
		assertThat(Settings.namesARow("quarkus.snowflake.lease.table.name", "quarkus.", Settings.LEASE_GROUP, true))
			.isTrue();
		assertThat(Settings.namesARow("QUARKUS_SNOWFLAKE_LEASE_TABLE_NAME", "quarkus.", Settings.LEASE_GROUP, true))
			.isTrue();
		assertThat(Settings.namesARow("QUARKUS_SNOWFLAKE_LEASE_TABLENAME", "quarkus.", Settings.LEASE_GROUP, true))
			.as("SmallRye reads no such variable").isFalse();
		assertThat(Settings.namesARow("quarkus.snowflake.lease.table.name", "quarkus.", Settings.LEASE_GROUP, false))
			.isFalse();
		assertThat(Settings.namesARow("quarkus.snowflake.lease.table-name", "quarkus.", Settings.LEASE_GROUP, false))
			.isTrue();
		SnowflakeConfigurationException refusal = Settings.misspeltName("snowflake.lease.tabel-name", "",
				Settings.LEASE_TABLE_NAME, "application.properties - 3:1");
		assertThat(refusal.getSetting()).isEqualTo("snowflake.lease.tabel-name");
		assertThat(refusal.getAllowed()).isEqualTo("the key snowflake.lease.table-name");
		assertThat(refusal.getMessage()).contains("(value not shown)", "application.properties - 3:1");
	}
}
