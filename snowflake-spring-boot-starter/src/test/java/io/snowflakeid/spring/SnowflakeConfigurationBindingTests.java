package io.snowflakeid.spring;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.stream.Collectors;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.internal.config.Setting;
import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.internal.keys.SnowflakeSettings;
import io.snowflakeid.config.SchemaCheck;
import io.snowflakeid.internal.config.SnowflakeConfiguration;
import io.snowflakeid.spring.internal.SnowflakeProperties;
import io.snowflakeid.internal.config.WorkerAssignment;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.BeanCreationException;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.origin.Origin;
import org.springframework.boot.origin.OriginLookup;
import org.springframework.boot.origin.SystemEnvironmentOrigin;
import org.springframework.core.env.AbstractEnvironment;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.PropertySource;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowable;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Every {@code snowflake.*} key through both bindings — Spring Boot properties and the Hibernate settings map —
 * into the one typed {@link SnowflakeConfiguration}: a valid value means the same in both, and a value out of range
 * is refused by both with the same message (it is checked once, in the configuration). A key added to
 * {@link SnowflakeSettings} without a row here, or without Spring configuration metadata, fails the test.
 */
class SnowflakeConfigurationBindingTests {

	/**
	 * A key, a valid value as text, what the configuration holds for it, and a value out of range (null for a
	 * switch); {@code with} are the other settings the value needs (a bit width needs another to sum to 63).
	 */
	private record Row(String key, String valid, Function<SnowflakeConfiguration, Object> read, Object expected,
			String outOfRange, Map<String, String> with) {

		Row(String key, String valid, Function<SnowflakeConfiguration, Object> read, Object expected,
				String outOfRange) {
			this(key, valid, read, expected, outOfRange, Map.of());
		}

		Map<String, String> settings(String value) {
			Map<String, String> settings = new HashMap<>(this.with);
			settings.put(this.key, value);
			return settings;
		}
	}

	private static final List<Row> ROWS = List.of(
			new Row(SnowflakeSettings.DATACENTER_ID, "3", SnowflakeConfiguration::datacenterId, 3L, "32"),
			new Row(SnowflakeSettings.WORKER_ID, "17", SnowflakeConfiguration::workerId, 17L, "-1"),
			new Row(SnowflakeSettings.WORKER_ASSIGNMENT, "hostname-ordinal", SnowflakeConfiguration::workerAssignment,
					WorkerAssignment.HOSTNAME_ORDINAL, null),
			new Row(SnowflakeSettings.EPOCH, "2024-01-01T00:00:00Z", (c) -> c.layout().epoch(),
					Instant.parse("2024-01-01T00:00:00Z"), "1960-01-01T00:00:00Z"),
			new Row(SnowflakeSettings.TICK_LENGTH, "10ms", (c) -> c.layout().tickMillis(), 10L, "0ms"),
			new Row(SnowflakeSettings.LAYOUT_PRESET, "javascript-safe", SnowflakeConfiguration::layout,
					SnowflakeLayout.JAVASCRIPT_SAFE, "tiny"),
			new Row(SnowflakeSettings.TIMESTAMP_BITS, "43", (c) -> c.layout().timestampBits(), 43, "64",
					Map.of(SnowflakeSettings.SEQUENCE_BITS, "10")),
			new Row(SnowflakeSettings.DATACENTER_BITS, "3", (c) -> c.layout().datacenterBits(), 3, "-1",
					Map.of(SnowflakeSettings.WORKER_BITS, "7")),
			new Row(SnowflakeSettings.WORKER_BITS, "7", (c) -> c.layout().workerBits(), 7, "70",
					Map.of(SnowflakeSettings.DATACENTER_BITS, "3")),
			new Row(SnowflakeSettings.SEQUENCE_BITS, "10", (c) -> c.layout().sequenceBits(), 10, "0",
					Map.of(SnowflakeSettings.TIMESTAMP_BITS, "43")),
			new Row(SnowflakeSettings.CLOCK_TOLERANCE, "250ms", SnowflakeConfiguration::clockTolerance,
					Duration.ofMillis(250), "2m"),
			new Row(SnowflakeSettings.LIFETIME_WARNING_YEARS, "20", SnowflakeConfiguration::lifetimeWarningYears, 20,
					"-1"),
			new Row(SnowflakeSettings.SCHEMA_CHECK, "warn", SnowflakeConfiguration::schemaCheck, SchemaCheck.WARN,
					null),
			new Row(Settings.LEASE_TABLE_NAME.key(), "app.my_leases", (c) -> c.lease().tableName(),
					"app.my_leases", "leases; drop table x"),
			new Row(Settings.LEASE_DURATION.key(), "30s", (c) -> c.lease().duration(), Duration.ofSeconds(30),
					"2s"),
			new Row(Settings.LEASE_SAFETY_MARGIN.key(), "1m", (c) -> c.lease().safetyMargin(),
					Duration.ofMinutes(1), "2h"),
			new Row(Settings.LEASE_CREATE_TABLE.key(), "false", (c) -> c.lease().createTable(), false, null),
			new Row(Settings.LEASE_ACCEPT_DATA_LOSS_RISK.key(), "true", (c) -> c.lease().acceptDataLossRisk(), true,
					null),
			new Row(Settings.SEGMENT_TABLE_NAME.key(), "my_segments", (c) -> c.segment().tableName(),
					"my_segments", "1segments"),
			new Row(Settings.SEGMENT_DEFAULT_STEP.key(), "250", (c) -> c.segment().defaultStep(), 250, "0"),
			new Row(Settings.SEGMENT_PREFETCH_THRESHOLD.key(), "0.25", (c) -> c.segment().prefetchThreshold(), 0.25,
					"0.95"),
			new Row(Settings.SEGMENT_MAX_WAIT.key(), "2s", (c) -> c.segment().maxWait(), Duration.ofSeconds(2),
					"2m"),
			new Row(Settings.SEGMENT_CREATE_TABLE.key(), "false", (c) -> c.segment().createTable(), false, null),
			new Row(Settings.SEGMENT_DYNAMIC_STEP.key(), "true", (c) -> c.segment().dynamicStep(), true, null),
			new Row(Settings.SEGMENT_DYNAMIC_STEP_TARGET.key(), "5m", (c) -> c.segment().dynamicStepTarget(),
					Duration.ofMinutes(5), "2d"),
			new Row(Settings.SEGMENT_MAX_STEP.key(), "5000", (c) -> c.segment().maxStep(), 5000, "1000001"),
			// below snowflake.segment.default-step: refused by both with the same message
			new Row(Settings.SEGMENT_MAX_STEP.key(), "400", (c) -> c.segment().maxStep(), 400, "200",
					Map.of(Settings.SEGMENT_DEFAULT_STEP.key(), "300")));

	@Test
	void withNothingSetBothBindingsGiveTheSameDefaults() {
		assertThat(throughSpring(Map.of())).isEqualTo(throughSettingsMap(Map.of()));
	}

	@Test
	void everyValidValueMeansTheSameInBothBindings() {
		for (Row row : ROWS) {
			Map<String, String> settings = row.settings(row.valid());
			SnowflakeConfiguration spring = throughSpring(settings);
			SnowflakeConfiguration hibernate = throughSettingsMap(settings);
			assertThat(row.read().apply(spring)).as("%s=%s through Spring", row.key(), row.valid())
				.isEqualTo(row.expected());
			assertThat(hibernate).as("%s=%s: Hibernate as Spring", row.key(), row.valid()).isEqualTo(spring);
		}
	}

	@Test
	void everyValueOutOfRangeIsRefusedByBothWithTheSameMessage() {
		for (Row row : ROWS) {
			if (row.outOfRange() == null) {
				continue;
			}
			Map<String, String> settings = row.settings(row.outOfRange());
			Throwable spring = catchThrowable(() -> throughSpring(settings));
			Throwable hibernate = catchThrowable(() -> throughSettingsMap(settings));
			assertThat(spring).as("%s=%s through Spring", row.key(), row.outOfRange())
				.isInstanceOf(SnowflakeConfigurationException.class);
			assertThat(hibernate).as("%s=%s through the settings map", row.key(), row.outOfRange())
				.isInstanceOf(SnowflakeConfigurationException.class)
				.hasMessage(spring.getMessage());
			assertThat(((SnowflakeConfigurationException) spring).getSetting()).startsWith(SnowflakeSettings.PREFIX);
		}
	}

	@Test
	void anUnreadableSwitchIsRefusedByBothNeverReadAsFalse() {
		for (String key : List.of(Settings.LEASE_CREATE_TABLE.key(), Settings.SEGMENT_CREATE_TABLE.key(),
				Settings.SEGMENT_DYNAMIC_STEP.key(), Settings.LEASE_ACCEPT_DATA_LOSS_RISK.key())) {
			// read as text by the row's parser in both (lease and segment rows have no typed field)
			assertThatExceptionOfType(SnowflakeConfigurationException.class)
				.isThrownBy(() -> throughSpring(Map.of(key, "maybe")))
				.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo(key));
			assertThatExceptionOfType(SnowflakeConfigurationException.class)
				.isThrownBy(() -> throughSettingsMap(Map.of(key, "maybe")))
				.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo(key));
		}
	}

	/**
	 * The lease's and segment mode's settings have no fields in the properties: each row is bound by its key. Spring's
	 * relaxed names still reach it, from environment variables (both spellings Spring reads for a dashed name) and
	 * from a properties file (camel case, underscores), and its converters read the text as a field's would.
	 */
	@Test
	void theLeaseAndSegmentRowsBindByEveryNameSpringRelaxesToTheirKeys() {
		Map<String, Object> environment = Map.of("SNOWFLAKE_SEGMENT_MAXSTEP", "5000", "SNOWFLAKE_LEASE_TABLE_NAME",
				"env_leases", "SNOWFLAKE_SEGMENT_MAX_WAIT", "2s", "SNOWFLAKE_LEASE_ACCEPTDATALOSSRISK", "true");
		SnowflakeConfiguration fromEnvironment = throughSpring(
				new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
						environment));
		assertThat(fromEnvironment.segment().maxStep()).isEqualTo(5000);
		assertThat(fromEnvironment.segment().maxWait()).isEqualTo(Duration.ofSeconds(2));
		assertThat(fromEnvironment.lease().tableName()).isEqualTo("env_leases");
		assertThat(fromEnvironment.lease().acceptDataLossRisk()).isTrue();
		SnowflakeConfiguration fromFile = throughSpring(new MapPropertySource("application.properties",
				Map.of("snowflake.segment.maxStep", "6000", "snowflake.lease.table_name", "file_leases",
						"snowflake.segment.dynamic-step-target", "PT2M", "snowflake.lease.duration", "30000")));
		assertThat(fromFile.segment().maxStep()).isEqualTo(6000);
		assertThat(fromFile.segment().dynamicStepTarget()).isEqualTo(Duration.ofMinutes(2));
		assertThat(fromFile.lease().tableName()).isEqualTo("file_leases");
		assertThat(fromFile.lease().duration()).as("a bare number is milliseconds, as for a Duration field")
			.isEqualTo(Duration.ofSeconds(30));
	}

	/**
	 * A property under snowflake.lease. or snowflake.segment. that no row is read by but that reads as a misspelt row
	 * is refused, in both bindings and from every source: misspelt, it would leave this service on the default lease
	 * table while the others lease from the configured one, each handing out the same worker ids. Its value is never
	 * shown. Every spelling of a real key still binds (above).
	 */
	@Test
	void aMisspeltLeaseOrSegmentPropertyIsRefusedByBothNamingTheKeyNotTheValue() {
		for (Map.Entry<String, String> typo : Map.of("snowflake.lease.tabel-name", "shared_leases",
				"snowflake.segment.maxstepp", "5000", "snowflake.leases.table-name", "shared_leases").entrySet()) {
			assertThatExceptionOfType(SnowflakeConfigurationException.class)
				.isThrownBy(() -> throughSpring(Map.of(typo.getKey(), typo.getValue())))
				.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo(typo.getKey()))
				.withMessageNotContaining(typo.getValue()) // another application's name may hold a secret
				.withMessageMatching("(?s).*(snowflake.lease.table-name|snowflake.segment.max-step).*");
			assertThatExceptionOfType(SnowflakeConfigurationException.class)
				.isThrownBy(() -> throughSettingsMap(Map.of(typo.getKey(), typo.getValue())))
				.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo(typo.getKey()))
				.withMessageNotContaining(typo.getValue());
		}
		// a spelling Spring does not read the key by (a nested YAML name) is a misspelling too
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> throughSpring(Map.of("snowflake.lease.table.name", "shared_leases")))
			.withMessageContaining("the key snowflake.lease.table-name")
			.withMessageNotContaining("shared_leases");
		// from the environment and the system properties too, naming where it was found
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> throughSpring(new SystemEnvironmentPropertySource(
					StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
					Map.of("SNOWFLAKE_LEASE_TABEL_NAME", "shared_leases"))))
			.withMessageContaining("SNOWFLAKE_LEASE_TABEL_NAME")
			.withMessageContaining("the key snowflake.lease.table-name")
			.withMessageNotContaining("shared_leases");
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> throughSpring(new MapPropertySource(
					StandardEnvironment.SYSTEM_PROPERTIES_PROPERTY_SOURCE_NAME,
					Map.of("snowflake.segment.max-wiat", "2s"))))
			.withMessageContaining("the key snowflake.segment.max-wait");
		// the settings map reads exact keys only: a relaxed spelling there is refused too, naming the key
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> throughSettingsMap(Map.of("snowflake.lease.tableName", "shared_leases")))
			.withMessageContaining("the key snowflake.lease.table-name");
	}

	/**
	 * What is no misspelling is left alone, as Spring leaves unknown properties: the variables of a Kubernetes
	 * Service named snowflake-lease, an application's own variables, a setting of a newer release in shared
	 * configuration (older instances must still start), other snowflake.* properties.
	 */
	@Test
	void otherNamesUnderTheGroupsAreNoMisspelling() {
		SnowflakeConfiguration defaults = SnowflakeConfiguration.fromSettings(Map.of());
		assertThat(throughSpring(new SystemEnvironmentPropertySource(
				StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
				Map.of("SNOWFLAKE_LEASE_SERVICE_HOST", "10.0.0.7", "SNOWFLAKE_LEASE_PORT", "tcp://10.0.0.7:80",
						"SNOWFLAKE_LEASE_PORT_5432_TCP_ADDR", "10.0.0.7", "SNOWFLAKE_LEASE_DB_PASSWORD", "s3cr3t"))))
			.isEqualTo(defaults);
		assertThat(throughSpring(Map.of("snowflake.segment.cache-size", "64", "snowflake.jackson.ids-as-strings",
				"false", "snowflake.segment-simulation.seeds", "10")))
			.isEqualTo(defaults);
		assertThat(throughSettingsMap(Map.of("snowflake.segment.cache-size", "64"))).isEqualTo(defaults);
		// a Kubernetes Service named snowflake-redis or snowflake-zookeeper, and the module's own rows, in any form
		assertThat(throughSpring(new SystemEnvironmentPropertySource(
				StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
				Map.of("SNOWFLAKE_REDIS_SERVICE_HOST", "10.0.0.8", "SNOWFLAKE_REDIS_PORT", "tcp://10.0.0.8:6379",
						"SNOWFLAKE_ZOOKEEPER_SERVICE_PORT", "2181", "SNOWFLAKE_REDIS_ACCEPTDATALOSSRISK", "true",
						"SNOWFLAKE_ZOOKEEPER_CONNECT_STRING", "zk:2181", "SNOWFLAKE_PUBLICID_KEYS_1", "k"))))
			.isEqualTo(defaults);
		assertThat(throughSpring(Map.of("snowflake.redis.key", "leases", "snowflake.zookeeper.sessionTimeout", "30s",
				"snowflake.public-id.keys[A]", "k", "snowflake.public-id.current-version", "A")))
			.isEqualTo(defaults);
	}

	/**
	 * A letter added to a row's name is refused like one dropped or changed, a plural included: as often a typo that
	 * leaves the service on a default table, hash or path (helper-83's review of a rule that let them through, asked
	 * for by an earlier review for names a newer release could add); a newer release names its settings two letters
	 * away instead. Names three letters longer or more are another setting's and left alone.
	 */
	@Test
	void aLetterAddedToARowsNameIsAMisspellingAndALongerNameIsNot() {
		for (Map.Entry<String, String> typo : Map.of("snowflake.lease.table-names", "the key snowflake.lease.table-name",
				"snowflake.redis.keys", "the key snowflake.redis.key", "snowflake.redis.uris",
				"the key snowflake.redis.uri", "snowflake.zookeeper.paths", "the key snowflake.zookeeper.path",
				"snowflake.public-id.alphabets", "the key snowflake.public-id.alphabet", "snowflake.redis.url",
				"the key snowflake.redis.uri").entrySet()) {
			assertThatExceptionOfType(SnowflakeConfigurationException.class).as(typo.getKey())
				.isThrownBy(() -> throughSpring(Map.of(typo.getKey(), "x")))
				.withMessageContaining(typo.getValue());
			assertThatExceptionOfType(SnowflakeConfigurationException.class).as(typo.getKey())
				.isThrownBy(() -> throughSettingsMap(Map.of(typo.getKey(), "x")))
				.withMessageContaining(typo.getValue());
		}
		Map<String, String> others = Map.of("snowflake.lease.table-name-suffix", "_eu", "snowflake.redis.key-prefix",
				"eu:");
		assertThat(throughSpring(others)).isEqualTo(SnowflakeConfiguration.fromSettings(Map.of()));
		assertThat(throughSettingsMap(others)).isEqualTo(SnowflakeConfiguration.fromSettings(Map.of()));
	}

	/**
	 * Both environment spellings Spring reads a dashed name by, set at once: with one value the row binds it; with two
	 * the start is refused naming both variables and neither value, since which one Spring takes is its order of
	 * spellings, not the operator's choice (before, the second was refused as a misspelling of its own row).
	 */
	@Test
	void bothEnvironmentSpellingsOfARowAgreeOrTheStartIsRefused() {
		SnowflakeConfiguration same = throughSpring(new SystemEnvironmentPropertySource(
				StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
				Map.of("SNOWFLAKE_LEASE_TABLENAME", "shared_leases", "SNOWFLAKE_LEASE_TABLE_NAME", "shared_leases")));
		assertThat(same.lease().tableName()).isEqualTo("shared_leases");
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> throughSpring(new SystemEnvironmentPropertySource(
					StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
					Map.of("SNOWFLAKE_LEASE_TABLENAME", "eu_leases", "SNOWFLAKE_LEASE_TABLE_NAME", "us_leases"))))
			.withMessageContaining("SNOWFLAKE_LEASE_TABLENAME")
			.withMessageContaining("SNOWFLAKE_LEASE_TABLE_NAME")
			.withMessageContaining("set twice with different values")
			.withMessageNotContaining("eu_leases")
			.withMessageNotContaining("us_leases");
		SnowflakeConfiguration module = throughSpring(new SystemEnvironmentPropertySource(
				StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
				Map.of("SNOWFLAKE_REDIS_ACCEPTDATALOSSRISK", "true", "SNOWFLAKE_REDIS_ACCEPT_DATA_LOSS_RISK", "true")));
		assertThat(module).isEqualTo(SnowflakeConfiguration.fromSettings(Map.of()));
		// a short row too, which the misspelling check leaves alone directly under the prefix (helper-87's review)
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> throughSpring(new SystemEnvironmentPropertySource(
					StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
					Map.of("SNOWFLAKE_WORKERID", "0", "SNOWFLAKE_WORKER_ID", "7", "SNOWFLAKE_DATACENTER_ID", "1"))))
			.withMessageContaining("set twice with different values")
			.withMessageContaining("SNOWFLAKE_WORKERID")
			.withMessageContaining("SNOWFLAKE_WORKER_ID");
		assertThat(throughSpring(new SystemEnvironmentPropertySource(
				StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
				Map.of("SNOWFLAKE_WORKERID", "7", "SNOWFLAKE_WORKER_ID", "7", "SNOWFLAKE_DATACENTER_ID", "1")))
			.workerId()).isEqualTo(7L);
		// the report says to remove one, not to set the value
		SnowflakeConfigurationException twice = catchThrowableOfType(SnowflakeConfigurationException.class,
				() -> throughSpring(new SystemEnvironmentPropertySource(
						StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
						Map.of("SNOWFLAKE_LEASE_TABLENAME", "eu_leases", "SNOWFLAKE_LEASE_TABLE_NAME", "us_leases"))));
		assertThat(twice.getSetting()).isEqualTo("snowflake.lease.table-name");
		FailureAnalysis analysis = new SnowflakeConfigurationFailureAnalyzer(null)
			.analyze(new BeanCreationException("snowflakeManagedGenerator", "failed", twice));
		assertThat(analysis.getAction()).startsWith("Remove one of the two properties").doesNotContain("Set ");
		// a spelling Spring does not read the row by, alone (its row not set by one it reads): a misspelling still
		for (String unread : List.of("SNOWFLAKE_LEASETABLENAME", "SNOWFLAKE_REDISKEY")) {
			assertThatExceptionOfType(SnowflakeConfigurationException.class).as(unread)
				.isThrownBy(() -> throughSpring(new SystemEnvironmentPropertySource(
						StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, Map.of(unread, "shared"))))
				.withMessageContaining("No setting has this name")
				.withMessageNotContaining("shared");
		}
	}

	/**
	 * The generator's own settings and the layout's: a misspelt name is refused (a misspelt worker-assignment left the
	 * service on auto, a database lease beside services leasing from ZooKeeper or Redis: the same worker ids twice),
	 * every name Spring binds the field by is not, and the Snowflake data warehouse's variables, which share the
	 * prefix, are left alone.
	 */
	@Test
	void aMisspeltGeneratorOrLayoutPropertyIsRefusedAndOtherSoftwaresNamesAreLeftAlone() {
		for (String typo : List.of("SNOWFLAKE_WORKER_ASIGNMENT", "SNOWFLAKE_WORKER_ASSIGNEMENT")) {
			assertThatExceptionOfType(SnowflakeConfigurationException.class).as(typo)
				.isThrownBy(() -> throughSpring(new SystemEnvironmentPropertySource(
						StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME, Map.of(typo, "zookeeper"))))
				.withMessageContaining("the key snowflake.worker-assignment")
				.withMessageContaining(typo)
				.withMessageNotContaining("zookeeper");
		}
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> throughSpring(Map.of("snowflake.layout.sequence-bit", "10")))
			.withMessageContaining("the key snowflake.layout.sequence-bits");
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> throughSpring(Map.of("snowflake.clock-tolerence", "2s")))
			.withMessageContaining("the key snowflake.clock-tolerance");
		for (String spelling : List.of("SNOWFLAKE_WORKER_ASSIGNMENT", "SNOWFLAKE_WORKERASSIGNMENT")) {
			assertThat(throughSpring(new SystemEnvironmentPropertySource(
					StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
					Map.of(spelling, "hostname-ordinal", "SNOWFLAKE_LAYOUT_SEQUENCE_BITS", "10",
							"SNOWFLAKE_LAYOUT_TIMESTAMPBITS", "43")))
				.workerAssignment()).as(spelling).isEqualTo(WorkerAssignment.HOSTNAME_ORDINAL);
		}
		assertThat(throughSpring(new SystemEnvironmentPropertySource(
				StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
				Map.of("SNOWFLAKE_ACCOUNT", "xy12345", "SNOWFLAKE_USER", "etl", "SNOWFLAKE_PASSWORD", "s3cr3t",
						"SNOWFLAKE_DATABASE", "ANALYTICS", "SNOWFLAKE_SCHEMA", "PUBLIC", "SNOWFLAKE_WAREHOUSE", "WH",
						"SNOWFLAKE_ROLE", "LOADER", "SNOWFLAKE_PRIVATE_KEY_FILE", "/keys/rsa.p8"))))
			.isEqualTo(SnowflakeConfiguration.fromSettings(Map.of()));
	}

	/**
	 * In a source whose every property has one origin, as SPRING_APPLICATION_JSON's has (the variable's), a misspelt
	 * name beside a real row of its group is still refused, and two spellings of one row with two values too
	 * (helper-85's review: the misspelling passed for the real row, whose origin it shared).
	 */
	@Test
	void aMisspellingBesideARealRowIsRefusedWhereEveryPropertyHasOneOrigin() {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> throughSpring(new OneOriginSource(
					Map.of("snowflake.lease.table-names", "orders_leases", "snowflake.lease.create-table", "false"))))
			.withMessageContaining("the key snowflake.lease.table-name")
			.withMessageNotContaining("orders_leases");
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> throughSpring(new OneOriginSource(
					Map.of("snowflake.lease.table-name", "eu_leases", "snowflake.lease.table.name", "us_leases"))))
			.withMessageContaining("set twice with different values")
			.withMessageNotContaining("eu_leases")
			.withMessageNotContaining("us_leases");
		assertThat(throughSpring(new OneOriginSource(
				Map.of("snowflake.lease.table-name", "eu_leases", "snowflake.lease.create-table", "false")))
			.lease()
			.tableName()).isEqualTo("eu_leases");
	}

	/** A source whose every property has one origin, as SPRING_APPLICATION_JSON's has (the variable's). */
	static final class OneOriginSource extends MapPropertySource implements OriginLookup<String> {

		OneOriginSource(Map<String, Object> properties) {
			super("spring.application.json", properties);
		}

		@Override
		public Origin getOrigin(String key) {
			return new SystemEnvironmentOrigin("SPRING_APPLICATION_JSON");
		}
	}

	/**
	 * The modules' groups too: a misspelt Redis key or ZooKeeper path would leave this service on the default hash or
	 * path, a pool of its own beside the other services' (the same worker ids twice).
	 */
	@Test
	void aMisspeltModulePropertyIsRefusedNamingTheKeyNotTheValue() {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> throughSpring(Map.of("snowflake.redis.kye", "shared-leases")))
			.withMessageContaining("the key snowflake.redis.key")
			.withMessageNotContaining("shared-leases");
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> throughSpring(new SystemEnvironmentPropertySource(
					StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
					Map.of("SNOWFLAKE_ZOOKEEPER_PTH", "/shared"))))
			.withMessageContaining("SNOWFLAKE_ZOOKEEPER_PTH")
			.withMessageContaining("the key snowflake.zookeeper.path");
	}

	@Test
	void theReportOfAMisspeltPropertySaysToCorrectItsName() {
		SnowflakeConfigurationException refused = catchThrowableOfType(SnowflakeConfigurationException.class,
				() -> throughSpring(Map.of("snowflake.lease.tabel-name", "orders_leases")));
		FailureAnalysis analysis = new SnowflakeConfigurationFailureAnalyzer(null)
			.analyze(new BeanCreationException("snowflakeManagedGenerator", "failed", refused));
		assertThat(analysis.getAction())
			.isEqualTo("Correct the name snowflake.lease.tabel-name to snowflake.lease.table-name, or remove it.")
			.doesNotContain("Set snowflake.lease.tabel-name")
			.doesNotContain("orders_leases");
		assertThat(analysis.getDescription()).contains("snowflake.lease.tabel-name").doesNotContain("orders_leases");
	}

	/** Read as text by the row's parser, as the settings map reads it: the same refusal, and an empty value too. */
	@Test
	void aLeaseOrSegmentValueThatIsNoValueOfItsTypeOrEmptyIsRefusedByBothAlike() {
		for (Setting<?> row : List.of(Settings.SEGMENT_MAX_WAIT, Settings.SEGMENT_DEFAULT_STEP,
				Settings.LEASE_CREATE_TABLE, Settings.LEASE_ACCEPT_DATA_LOSS_RISK, Settings.SEGMENT_DYNAMIC_STEP,
				Settings.SEGMENT_PREFETCH_THRESHOLD, Settings.LEASE_DURATION)) {
			for (String text : new String[] { "soon", "" }) {
				SnowflakeConfigurationException spring = catchThrowableOfType(SnowflakeConfigurationException.class,
						() -> throughSpring(Map.of(row.key(), text)));
				SnowflakeConfigurationException map = catchThrowableOfType(SnowflakeConfigurationException.class,
						() -> throughSettingsMap(Map.of(row.key(), text)));
				assertThat(spring).as("%s=%s through Spring", row, text).isNotNull();
				assertThat(map).as("%s=%s through the settings map", row, text).isNotNull();
				assertThat(spring.getSetting()).isEqualTo(row.key());
				assertThat(spring).hasMessage(map.getMessage());
			}
		}
	}

	/** As the starter binds: the properties bean from the environment, then the configuration from both. */
	static SnowflakeConfiguration throughSpring(PropertySource<?>... sources) {
		ConfigurableEnvironment environment = new AbstractEnvironment() {
		};
		for (PropertySource<?> source : sources) {
			environment.getPropertySources().addLast(source);
		}
		return Binder.get(environment).bindOrCreate("snowflake", SnowflakeProperties.class)
			.toConfiguration(environment.getPropertySources());
	}

	@Test
	void everySettingNameHasARowAndSpringMetadata() throws Exception {
		Set<String> keys = settingNames();
		Set<String> rowKeys = ROWS.stream().map(Row::key).collect(Collectors.toCollection(TreeSet::new));
		assertThat(rowKeys).as("a row for every setting of the settings table")
			.isEqualTo(keys);
		String metadata = read("META-INF/spring-configuration-metadata.json")
				+ read("META-INF/additional-spring-configuration-metadata.json");
		for (String key : keys) {
			assertThat(metadata).as("configuration metadata of %s", key).contains("\"name\": \"" + key + "\"");
		}
	}

	private static SnowflakeConfiguration throughSpring(Map<String, String> settings) {
		return throughSpring(new MapPropertySource("application.properties", Map.copyOf(settings)));
	}

	private static SnowflakeConfiguration throughSettingsMap(Map<String, String> settings) {
		return SnowflakeConfiguration.fromSettings(new HashMap<>(settings));
	}

	/** The key of every row of the settings table's configuration (the generator's, the lease's, the segments'). */
	private static Set<String> settingNames() {
		return Settings.ALL.stream().map(Setting::key).collect(Collectors.toCollection(TreeSet::new));
	}

	private static String read(String resource) throws IOException {
		List<String> all = new ArrayList<>();
		var urls = SnowflakeConfigurationBindingTests.class.getClassLoader().getResources(resource);
		while (urls.hasMoreElements()) {
			try (InputStream in = urls.nextElement().openStream()) {
				all.add(new String(in.readAllBytes(), StandardCharsets.UTF_8));
			}
		}
		return String.join("\n", all);
	}
}
