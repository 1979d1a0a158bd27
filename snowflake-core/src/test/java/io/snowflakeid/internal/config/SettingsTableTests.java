package io.snowflakeid.internal.config;

import java.io.IOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

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

/**
 * The settings table is the one declaration of each setting: every key of {@link SnowflakeSettings} has a row (and
 * no row is without a key), the defaults it documents are the ones the configuration applies, and
 * {@code docs/configuration.md} shows the same defaults.
 */
class SettingsTableTests {

	/**
	 * Every key constant has its row. The constants are for the keys the root package's messages name (it cannot
	 * depend on the table); a new row needs none unless such a message names it (docs/building.md, "Adding a
	 * setting"). The lease and segment rows have none: their messages name the rows' keys.
	 */
	@Test
	void everyKeyHasExactlyOneRow() throws IllegalAccessException {
		Set<String> keys = new TreeSet<>();
		for (Field field : SnowflakeSettings.class.getFields()) {
			if (Modifier.isStatic(field.getModifiers()) && field.getType() == String.class
					&& !field.getName().equals("PREFIX")) {
				keys.add((String) field.get(null));
			}
		}
		Set<String> rows = new TreeSet<>();
		for (Setting<?> setting : Settings.ALL) {
			assertThat(rows.add(setting.key())).as("one row for %s", setting).isTrue();
			assertThat(setting.configures()).as("%s goes into the configuration", setting).isTrue();
			assertThat(setting.description()).as("%s is documented", setting).isNotBlank().doesNotContain("\n");
		}
		assertThat(rows).containsAll(keys);
		assertThat(keys).as("no constant for a lease or segment row: its messages name the row's key")
			.noneMatch((key) -> key.startsWith("snowflake.lease.") || key.startsWith("snowflake.segment."));
	}

	/**
	 * The descriptions (also Spring's configuration metadata, shown by IDEs) say what a worker id beside an automatic
	 * assignment does: it is refused at start, it no longer wins over the assignment.
	 */
	@Test
	void theDescriptionsSayAWorkerIdGoesWithStaticOrAutoOnly() {
		assertThat(Settings.WORKER_ASSIGNMENT.description()).doesNotContain("always win")
			.contains("refused at start");
		assertThat(Settings.WORKER_ID.description()).contains("refused at start");
	}

	@Test
	void theDocumentedDefaultsAreTheDefaultsTheConfigurationApplies() {
		Map<String, Object> defaults = new HashMap<>();
		for (Setting<?> setting : Settings.ALL) {
			if (setting.defaultText() != null) {
				assertThat((Object) setting.parse(setting.defaultText())).as("%s=%s", setting, setting.defaultText())
					.isEqualTo(setting.defaultValue());
				defaults.put(setting.key(), setting.defaultText());
			}
		}
		SnowflakeConfiguration unset = SnowflakeConfiguration.fromSettings(Map.of());
		assertThat(SnowflakeConfiguration.fromSettings(defaults)).isEqualTo(unset);
		assertThat(unset.layout()).isEqualTo(SnowflakeLayout.DEFAULT);
		assertThat(unset.datacenterId()).isNull();
		assertThat(unset.workerId()).isNull();
		assertThat(Settings.DATACENTER_ID.defaultValue()).isNull();
		assertThat(Settings.WORKER_ID.defaultValue()).isNull();
		assertThat(unset.segment()).isEqualTo(SegmentConfiguration.DEFAULTS);
		assertThat(unset.lease()).isEqualTo(LeaseConfiguration.DEFAULTS);
		// the API's constants say the same
		assertThat(SnowflakeConfiguration.DEFAULT_LIFETIME_WARNING_YEARS)
			.isEqualTo(Settings.LIFETIME_WARNING_YEARS.defaultValue());
		assertThat(SnowflakeIdGenerator.Builder.DEFAULT_CLOCK_TOLERANCE)
			.isEqualTo(Settings.CLOCK_TOLERANCE.defaultValue());
		assertThat(SnowflakeLayout.DEFAULT_EPOCH).isEqualTo(Settings.EPOCH.defaultValue());
		// the widths have no default of their own: unset, they are the preset's (javascript-safe: 41/0/5/7)
		assertThat(List.of(Settings.TIMESTAMP_BITS, Settings.DATACENTER_BITS, Settings.WORKER_BITS,
				Settings.SEQUENCE_BITS)).allSatisfy((setting) -> assertThat(setting.defaultValue()).isNull());
		assertThat(SnowflakeConfiguration.fromSettings(Map.of(Settings.LAYOUT_PRESET.key(), "javascript-safe")).layout())
			.isEqualTo(SnowflakeLayout.JAVASCRIPT_SAFE);
		assertThat(SnowflakeLayout.DEFAULT.tickMillis()).isEqualTo(Settings.TICK_LENGTH.defaultValue().toMillis());
	}

	/**
	 * The bindings put each row's value by key, and each record takes its own in {@code with(Map)} (the generator's in
	 * the builder's {@code build()}): a row without its line there would be lost.
	 */
	@Test
	void everyRowReachesTheConfiguration() {
		SnowflakeConfiguration unset = SnowflakeConfiguration.fromSettings(Map.of());
		for (Setting<?> setting : Settings.ALL) {
			Map<String, Object> settings = new HashMap<>(Map.of(setting.key(), anotherValue(setting)));
			if (setting.key().endsWith("-bits")) { // the widths sum to 63: one bit moves to another field
				Setting<Integer> other = (setting == Settings.SEQUENCE_BITS) ? Settings.TIMESTAMP_BITS
						: Settings.SEQUENCE_BITS;
				settings.put(other.key(), classicWidth(other) + 1);
			}
			assertThat(SnowflakeConfiguration.fromSettings(settings)).as("%s", settings).isNotEqualTo(unset);
		}
	}

	/**
	 * Each row's value arrives in its own component, not only somewhere: {@link #everyRowReachesTheConfiguration}
	 * compares with the unset configuration, which a value landing in another component of the same type passes too.
	 * The readers below say where each row goes; a row added without one fails.
	 */
	@Test
	void everyRowsValueArrivesInItsOwnComponent() {
		Map<String, Function<SnowflakeConfiguration, Object>> component = new HashMap<>();
		component.put(SnowflakeSettings.LAYOUT_PRESET, SnowflakeConfiguration::layout);
		component.put(SnowflakeSettings.TIMESTAMP_BITS, (c) -> c.layout().timestampBits());
		component.put(SnowflakeSettings.DATACENTER_BITS, (c) -> c.layout().datacenterBits());
		component.put(SnowflakeSettings.WORKER_BITS, (c) -> c.layout().workerBits());
		component.put(SnowflakeSettings.SEQUENCE_BITS, (c) -> c.layout().sequenceBits());
		component.put(SnowflakeSettings.EPOCH, (c) -> c.layout().epoch());
		component.put(SnowflakeSettings.TICK_LENGTH, (c) -> Duration.ofMillis(c.layout().tickMillis()));
		component.put(SnowflakeSettings.DATACENTER_ID, SnowflakeConfiguration::datacenterId);
		component.put(SnowflakeSettings.WORKER_ID, SnowflakeConfiguration::workerId);
		component.put(SnowflakeSettings.CLOCK_TOLERANCE, SnowflakeConfiguration::clockTolerance);
		component.put(SnowflakeSettings.WORKER_ASSIGNMENT, SnowflakeConfiguration::workerAssignment);
		component.put(SnowflakeSettings.LIFETIME_WARNING_YEARS, SnowflakeConfiguration::lifetimeWarningYears);
		component.put(SnowflakeSettings.SCHEMA_CHECK, SnowflakeConfiguration::schemaCheck);
		component.put(Settings.LEASE_TABLE_NAME.key(), (c) -> c.lease().tableName());
		component.put(Settings.LEASE_DURATION.key(), (c) -> c.lease().duration());
		component.put(Settings.LEASE_SAFETY_MARGIN.key(), (c) -> c.lease().safetyMargin());
		component.put(Settings.LEASE_CREATE_TABLE.key(), (c) -> c.lease().createTable());
		component.put(Settings.LEASE_ACCEPT_DATA_LOSS_RISK.key(), (c) -> c.lease().acceptDataLossRisk());
		component.put(Settings.SEGMENT_TABLE_NAME.key(), (c) -> c.segment().tableName());
		component.put(Settings.SEGMENT_DEFAULT_STEP.key(), (c) -> c.segment().defaultStep());
		component.put(Settings.SEGMENT_PREFETCH_THRESHOLD.key(), (c) -> c.segment().prefetchThreshold());
		component.put(Settings.SEGMENT_MAX_WAIT.key(), (c) -> c.segment().maxWait());
		component.put(Settings.SEGMENT_CREATE_TABLE.key(), (c) -> c.segment().createTable());
		component.put(Settings.SEGMENT_DYNAMIC_STEP.key(), (c) -> c.segment().dynamicStep());
		component.put(Settings.SEGMENT_DYNAMIC_STEP_TARGET.key(), (c) -> c.segment().dynamicStepTarget());
		component.put(Settings.SEGMENT_MAX_STEP.key(), (c) -> c.segment().maxStep());
		assertThat(component.keySet()).containsExactlyInAnyOrderElementsOf(
				Settings.ALL.stream().map(Setting::key).toList());
		// every row set at once, each to a value of its own that is not its default
		Map<String, Object> values = new HashMap<>();
		values.put(SnowflakeSettings.LAYOUT_PRESET, "javascript-safe");
		// 42 + 2 + 4 + 5 = javascript-safe's 53 bits, each width other than the preset's 41/0/5/7
		values.put(SnowflakeSettings.TIMESTAMP_BITS, 42);
		values.put(SnowflakeSettings.DATACENTER_BITS, 2);
		values.put(SnowflakeSettings.WORKER_BITS, 4);
		values.put(SnowflakeSettings.SEQUENCE_BITS, 5);
		values.put(SnowflakeSettings.EPOCH, Instant.parse("2021-01-01T00:00:00Z"));
		values.put(SnowflakeSettings.TICK_LENGTH, Duration.ofMillis(2));
		values.put(SnowflakeSettings.DATACENTER_ID, 3L);
		values.put(SnowflakeSettings.WORKER_ID, 9L);
		values.put(SnowflakeSettings.CLOCK_TOLERANCE, Duration.ofMillis(250));
		values.put(SnowflakeSettings.WORKER_ASSIGNMENT, WorkerAssignment.STATIC);
		values.put(SnowflakeSettings.LIFETIME_WARNING_YEARS, 5);
		values.put(SnowflakeSettings.SCHEMA_CHECK, SchemaCheck.WARN);
		values.put(Settings.LEASE_TABLE_NAME.key(), "my_leases");
		values.put(Settings.LEASE_DURATION.key(), Duration.ofSeconds(30));
		values.put(Settings.LEASE_SAFETY_MARGIN.key(), Duration.ofSeconds(2));
		values.put(Settings.LEASE_CREATE_TABLE.key(), false);
		values.put(Settings.LEASE_ACCEPT_DATA_LOSS_RISK.key(), true);
		values.put(Settings.SEGMENT_TABLE_NAME.key(), "my_segments");
		values.put(Settings.SEGMENT_DEFAULT_STEP.key(), 500);
		values.put(Settings.SEGMENT_PREFETCH_THRESHOLD.key(), 0.5);
		values.put(Settings.SEGMENT_MAX_WAIT.key(), Duration.ofSeconds(3));
		values.put(Settings.SEGMENT_CREATE_TABLE.key(), false);
		values.put(Settings.SEGMENT_DYNAMIC_STEP.key(), true);
		values.put(Settings.SEGMENT_DYNAMIC_STEP_TARGET.key(), Duration.ofMinutes(2));
		values.put(Settings.SEGMENT_MAX_STEP.key(), 5000);
		SnowflakeConfiguration built = SnowflakeConfiguration.fromSettings(values);
		SnowflakeLayout layout = SnowflakeLayout.JAVASCRIPT_SAFE.toBuilder().timestampBits(42).datacenterBits(2)
			.workerBits(4).sequenceBits(5).epoch(Instant.parse("2021-01-01T00:00:00Z"))
			.tickLength(Duration.ofMillis(2)).build();
		for (Setting<?> setting : Settings.ALL) {
			Object expected = (setting == Settings.LAYOUT_PRESET) ? layout : values.get(setting.key());
			assertThat(component.get(setting.key()).apply(built)).as("%s", setting.key()).isEqualTo(expected);
			assertThat(expected).as("%s: a value other than its default", setting.key())
				.isNotEqualTo(setting.defaultValue());
		}
	}

	/** A width of the classic layout (the widths have no default of their own). */
	private static int classicWidth(Setting<?> setting) {
		SnowflakeLayout classic = SnowflakeLayout.DEFAULT;
		return switch (setting.key()) {
			case SnowflakeSettings.TIMESTAMP_BITS -> classic.timestampBits();
			case SnowflakeSettings.DATACENTER_BITS -> classic.datacenterBits();
			case SnowflakeSettings.WORKER_BITS -> classic.workerBits();
			case SnowflakeSettings.SEQUENCE_BITS -> classic.sequenceBits();
			default -> throw new IllegalArgumentException(setting.key());
		};
	}

	/** A valid value other than the default. */
	private static Object anotherValue(Setting<?> setting) {
		Object fallback = setting.defaultValue();
		Class<?> type = setting.type();
		if (type == Boolean.class) {
			return !(Boolean) fallback;
		}
		if (setting == Settings.SEGMENT_MAX_STEP) {
			return Settings.SEGMENT_DEFAULT_STEP.defaultValue() * 5; // no default; at least the default step
		}
		if (type == Integer.class) {
			if (fallback == null && !setting.key().endsWith("-bits")) {
				throw new AssertionError(setting + " has no default: give it a valid value here, as "
						+ Settings.SEGMENT_MAX_STEP + " has");
			}
			return ((fallback != null) ? (Integer) fallback : classicWidth(setting)) - 1;
		}
		if (type == Long.class) {
			return 1L;
		}
		if (type == Double.class) {
			return 0.2;
		}
		if (type == Duration.class) {
			return ((Duration) fallback).multipliedBy(2);
		}
		if (type == Instant.class) {
			return Instant.parse("2021-01-01T00:00:00Z");
		}
		if (type == WorkerAssignment.class) {
			return WorkerAssignment.STATIC;
		}
		if (type == SchemaCheck.class) {
			return SchemaCheck.WARN;
		}
		return setting == Settings.LAYOUT_PRESET ? "javascript-safe" : fallback + "_other";
	}

	@Test
	void aValueThatCannotBeReadIsAnErrorNamingTheKeyAndTheValue() {
		for (Setting<?> setting : Settings.ALL) {
			if (setting.type() == String.class) {
				continue; // any text is read; the configuration checks it
			}
			assertThatExceptionOfType(SnowflakeConfigurationException.class)
				.isThrownBy(() -> setting.read(Map.of(setting.key(), "maybe?")))
				.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo(setting.key()))
				.withMessageContaining("'maybe?'");
		}
	}

	@Test
	void theModulesRowsAreReadByTheirModulesAndDocumented() {
		Set<String> keys = new TreeSet<>();
		Settings.ALL.forEach((setting) -> keys.add(setting.key()));
		for (Setting<?> setting : Settings.MODULES) {
			assertThat(keys.add(setting.key())).as("one row for %s", setting).isTrue();
			assertThat(setting.configures()).as("%s is its module's", setting).isFalse();
			assertThat(setting.key()).startsWith(SnowflakeSettings.PREFIX);
			assertThat(setting.description()).as("%s is documented", setting).isNotBlank().doesNotContain("\n");
			if (setting.defaultText() != null) {
				assertThat((Object) setting.parse(setting.defaultText())).isEqualTo(setting.defaultValue());
			}
		}
		assertThatExceptionOfType(IllegalArgumentException.class)
			.isThrownBy(() -> SnowflakeConfiguration.builder().put(Settings.REDIS_KEY, "key"))
			.withMessageContaining("not a setting of the configuration");
	}

	@Test
	void aDurationTooLongForADurationIsAnErrorSayingWhichFormsAreAllowed() {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> Settings.SEGMENT_MAX_WAIT.parse("99999999999999999999s"))
			.withMessageContaining("'99999999999999999999s'")
			.withMessageContaining("10ms")
			.withMessageNotContaining("For input string");
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> Settings.LEASE_DURATION.parse("9999999999999999d"))
			.withMessageContaining("10ms")
			.withMessageNotContaining("overflow");
	}

	/**
	 * The Spring Boot binding fills the builder setter by setter (chained); the settings-map binding reads the same
	 * settings from text: both give the same configuration, every setting arriving.
	 */
	@Test
	void theBuilderAndTheSettingsMapGiveTheSameConfiguration() {
		SnowflakeConfiguration built = SnowflakeConfiguration.builder().layoutPreset("classic").timestampBits(40)
			.datacenterBits(4).workerBits(6).sequenceBits(13).epoch(Instant.parse("2021-01-01T00:00:00Z"))
			.tickLength(Duration.ofMillis(2)).datacenterId(3L).workerId(9L).clockTolerance(Duration.ofMillis(250))
			.workerAssignment(WorkerAssignment.STATIC).lifetimeWarningYears(5).schemaCheck(SchemaCheck.WARN)
			.put(Settings.LEASE_TABLE_NAME, "my_leases").put(Settings.LEASE_DURATION, Duration.ofSeconds(30))
			.put(Settings.LEASE_SAFETY_MARGIN, Duration.ofSeconds(2)).put(Settings.LEASE_CREATE_TABLE, false)
			.put(Settings.LEASE_ACCEPT_DATA_LOSS_RISK, true).put(Settings.SEGMENT_TABLE_NAME, "my_segments")
			.put(Settings.SEGMENT_DEFAULT_STEP, 500).put(Settings.SEGMENT_PREFETCH_THRESHOLD, 0.5)
			.put(Settings.SEGMENT_MAX_WAIT, Duration.ofSeconds(3)).put(Settings.SEGMENT_CREATE_TABLE, false)
			.put(Settings.SEGMENT_DYNAMIC_STEP, true).put(Settings.SEGMENT_DYNAMIC_STEP_TARGET, Duration.ofMinutes(2))
			.put(Settings.SEGMENT_MAX_STEP, 5000).build();
		Map<String, Object> settings = new HashMap<>();
		settings.put(SnowflakeSettings.LAYOUT_PRESET, "classic");
		settings.put(SnowflakeSettings.TIMESTAMP_BITS, "40");
		settings.put(SnowflakeSettings.DATACENTER_BITS, "4");
		settings.put(SnowflakeSettings.WORKER_BITS, "6");
		settings.put(SnowflakeSettings.SEQUENCE_BITS, "13");
		settings.put(SnowflakeSettings.EPOCH, "2021-01-01T00:00:00Z");
		settings.put(SnowflakeSettings.TICK_LENGTH, "2ms");
		settings.put(SnowflakeSettings.DATACENTER_ID, "3");
		settings.put(SnowflakeSettings.WORKER_ID, "9");
		settings.put(SnowflakeSettings.CLOCK_TOLERANCE, "250ms");
		settings.put(SnowflakeSettings.WORKER_ASSIGNMENT, "static");
		settings.put(SnowflakeSettings.LIFETIME_WARNING_YEARS, "5");
		settings.put(SnowflakeSettings.SCHEMA_CHECK, "warn");
		settings.put(Settings.LEASE_TABLE_NAME.key(), "my_leases");
		settings.put(Settings.LEASE_DURATION.key(), "30s");
		settings.put(Settings.LEASE_SAFETY_MARGIN.key(), "2s");
		settings.put(Settings.LEASE_CREATE_TABLE.key(), "false");
		settings.put(Settings.LEASE_ACCEPT_DATA_LOSS_RISK.key(), "true");
		settings.put(Settings.SEGMENT_TABLE_NAME.key(), "my_segments");
		settings.put(Settings.SEGMENT_DEFAULT_STEP.key(), "500");
		settings.put(Settings.SEGMENT_PREFETCH_THRESHOLD.key(), "0.5");
		settings.put(Settings.SEGMENT_MAX_WAIT.key(), "3s");
		settings.put(Settings.SEGMENT_CREATE_TABLE.key(), "false");
		settings.put(Settings.SEGMENT_DYNAMIC_STEP.key(), "true");
		settings.put(Settings.SEGMENT_DYNAMIC_STEP_TARGET.key(), "2m");
		settings.put(Settings.SEGMENT_MAX_STEP.key(), "5000");
		assertThat(settings.keySet()).as("every setting of the configuration")
			.containsExactlyInAnyOrderElementsOf(Settings.ALL.stream().map(Setting::key).toList());
		assertThat(built).isEqualTo(SnowflakeConfiguration.fromSettings(settings));
		assertThat(built.layout().sequenceBits()).isEqualTo(13);
		assertThat(built.lease().acceptDataLossRisk()).isTrue();
		assertThat(built.segment().dynamicStepTarget()).isEqualTo(Duration.ofMinutes(2));
		assertThat(built.segment().maxStep()).isEqualTo(5000);
	}

	/**
	 * Values are written as the documentation writes them (the Default column, the configuration metadata): a
	 * duration in its largest whole unit, else in milliseconds, else in nanoseconds; an enum constant in kebab case.
	 * Each reads back as the same value.
	 */
	@Test
	void aValueIsWrittenInTheFormTheDocumentationUsesAndReadsBackTheSame() {
		Map<Object, String> written = new java.util.LinkedHashMap<>();
		written.put(Duration.ofDays(2), "2d");
		written.put(Duration.ofHours(36), "36h");
		written.put(Duration.ofMinutes(90), "90m");
		written.put(Duration.ofSeconds(5), "5s");
		written.put(Duration.ofMillis(1500), "1500ms");
		written.put(Duration.ofMillis(1), "1ms");
		written.put(Duration.ZERO, "0ms");
		written.put(Duration.ofNanos(1_500_000), "1500000ns");
		written.put(WorkerAssignment.DATABASE_LEASE, "database-lease");
		written.put(SchemaCheck.FAIL, "fail");
		written.put(Instant.parse("2020-01-01T00:00:00Z"), "2020-01-01T00:00:00Z");
		written.put(0.25, "0.25");
		written.forEach((value, text) -> assertThat(Setting.format(value)).as("%s", value).isEqualTo(text));
		for (Object duration : new Object[] { Duration.ofDays(2), Duration.ofMillis(1500), Duration.ZERO }) {
			assertThat(Settings.SEGMENT_MAX_WAIT.parse(Setting.format(duration))).isEqualTo(duration);
		}
		assertThat(Settings.SEGMENT_MAX_WAIT.defaultText()).isEqualTo("5s");
		assertThat(Settings.WORKER_ASSIGNMENT.defaultText()).isEqualTo("auto");
	}

	/** How a module reads its own setting: the value set (as its parser reads it), else the table's default. */
	@Test
	void aModuleGetsItsSettingOrTheDefault() {
		assertThat(Settings.ZOOKEEPER_PATH.readOrDefault(Map.of())).isEqualTo("/snowflake/worker-lease");
		assertThat(Settings.ZOOKEEPER_PATH.readOrDefault(Map.of(Settings.ZOOKEEPER_PATH.key(), " /ids/lease ")))
			.isEqualTo("/ids/lease");
		assertThat(Settings.ZOOKEEPER_SESSION_TIMEOUT.readOrDefault(Map.of(Settings.ZOOKEEPER_SESSION_TIMEOUT.key(),
				"45s"))).isEqualTo(Duration.ofSeconds(45));
		assertThat(Settings.REDIS_ACCEPT_DATA_LOSS_RISK.or(null)).isFalse();
		assertThat(Settings.REDIS_ACCEPT_DATA_LOSS_RISK.or(true)).isTrue();
		assertThat(Settings.ZOOKEEPER_CONNECT_STRING.or(null)).as("no default").isNull();
		assertThat(Settings.REDIS_KEY).hasToString("snowflake.redis.key");
	}

	/** docs/configuration.md: each row's Default column is the table's default ({@code *none*} without one). */
	@Test
	void theConfigurationReferenceShowsTheTablesDefaults() throws IOException {
		Map<String, String> documented = new TreeMap<>();
		Matcher row = Pattern.compile("(?m)^\\| `(snowflake\\.[^`]*)` \\| ([^|]*) \\|").matcher(docs("configuration.md"));
		while (row.find()) {
			documented.put(row.group(1), row.group(2).trim());
		}
		Map<String, String> expected = new TreeMap<>();
		Map<String, String> actual = new TreeMap<>();
		List<Setting<?>> rows = Settings.EVERY_ROW;
		for (Setting<?> setting : rows) {
			// without a default: *none*, or what the unset value is, in italics (*the preset's* ...)
			expected.put(setting.key(), (setting.defaultText() != null) ? "`" + setting.defaultText() + "`" : "*");
			String shown = documented.get(setting.key());
			actual.put(setting.key(), (shown != null && shown.startsWith("*")) ? "*" : shown);
		}
		assertThat(actual).isEqualTo(expected);
	}

	/**
	 * A guide page that repeats a setting in a table of its own (segment-ids.md, public-ids.md...) names a key of the
	 * reference and, where it shows a default, the table's: such copies are not generated, and drifted before.
	 */
	@Test
	void theGuidesTablesNameDocumentedKeysWithTheTablesDefaults() throws IOException {
		Set<String> referenced = new TreeSet<>();
		Matcher reference = Pattern.compile("(?m)^\\| `(snowflake\\.[^`]*)` \\|").matcher(docs("configuration.md"));
		while (reference.find()) {
			referenced.add(reference.group(1));
		}
		Map<String, String> defaults = new HashMap<>();
		List<Setting<?>> rows = Settings.EVERY_ROW;
		for (Setting<?> setting : rows) {
			if (setting.defaultText() != null) {
				defaults.put(setting.key(), setting.defaultText());
			}
		}
		Path dir = Path.of("").toAbsolutePath();
		while (!Files.isRegularFile(dir.resolve("docs").resolve("configuration.md"))) {
			dir = dir.getParent();
		}
		List<String> pages;
		try (var files = Files.list(dir.resolve("docs"))) {
			pages = files.map((file) -> file.getFileName().toString())
				.filter((name) -> name.endsWith(".md"))
				// the reference itself, Quarkus' generated one, and dated measurements of earlier code
				.filter((name) -> !Set.of("configuration.md", "quarkus-configuration.md", "benchmarks-history.md")
					.contains(name))
				.sorted()
				.toList();
		}
		int checked = 0;
		for (String page : pages) {
			Matcher row = Pattern.compile("(?m)^\\| `(snowflake\\.[^`]*)` \\| ([^|]*) \\|").matcher(docs(page));
			while (row.find()) {
				String key = row.group(1);
				String shown = row.group(2).trim();
				assertThat(referenced).as("docs/%s shows %s: a key of docs/configuration.md", page, key).contains(key);
				if (shown.startsWith("`") && defaults.containsKey(key)) {
					assertThat(shown).as("docs/%s: the default of %s", page, key).isEqualTo("`" + defaults.get(key) + "`");
					checked++;
				}
			}
		}
		assertThat(checked).as("defaults shown in guide tables (segment-ids.md has seven)").isGreaterThanOrEqualTo(7);
	}

	/**
	 * The Quarkus reference (generated from the extension's {@code SnowflakeConfig}, whose descriptions are written by
	 * hand, shorter than the table's): each "Default x." it states for {@code quarkus.snowflake.<key>} is the table's
	 * default of {@code snowflake.<key>}.
	 */
	@Test
	void theQuarkusReferenceStatesTheTablesDefaults() throws IOException {
		Map<String, String> defaults = new HashMap<>();
		List<Setting<?>> rows = Settings.EVERY_ROW;
		for (Setting<?> setting : rows) {
			defaults.put(setting.key(), setting.defaultText());
		}
		Matcher entry = Pattern.compile("(?m)^`quarkus\\.(snowflake\\.[a-z0-9.-]+)`\\s+([\\s\\S]*?)Environment variable")
			.matcher(docs("quarkus-configuration.md"));
		Map<String, String> stated = new TreeMap<>();
		Map<String, String> expected = new TreeMap<>();
		while (entry.find()) {
			Matcher shown = Pattern.compile("Default (\\S+)\\.(?:\\s|$)").matcher(entry.group(2));
			if (shown.find() && defaults.containsKey(entry.group(1))) {
				stated.put(entry.group(1), shown.group(1));
				expected.put(entry.group(1), String.valueOf(defaults.get(entry.group(1))));
			}
		}
		assertThat(stated).as("defaults stated in docs/quarkus-configuration.md").hasSizeGreaterThanOrEqualTo(20)
			.isEqualTo(expected);
	}

	private static String docs(String name) throws IOException {
		Path dir = Path.of("").toAbsolutePath();
		while (dir != null && !Files.isRegularFile(dir.resolve("docs").resolve(name))) {
			dir = dir.getParent();
		}
		assertThat(dir).as("docs/" + name + " above the module").isNotNull();
		return Files.readString(dir.resolve("docs").resolve(name));
	}
}
