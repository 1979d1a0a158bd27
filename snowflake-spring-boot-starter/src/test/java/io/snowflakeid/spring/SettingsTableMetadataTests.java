package io.snowflakeid.spring;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.internal.config.Setting;
import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.internal.config.SnowflakeConfiguration;
import io.snowflakeid.publicid.PublicIdAlphabet;
import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.redis.internal.RedisSettings;
import io.snowflakeid.spring.internal.PropertyBinding;
import io.snowflakeid.spring.internal.SnowflakeProperties;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.support.DefaultListableBeanFactory;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.json.JsonParserFactory;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.MutablePropertySources;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.entry;

/**
 * The settings table ({@link Settings}) is where each setting's default and description are declared; the Spring
 * side only binds. The configuration metadata IDEs show (generated, merged with
 * {@code additional-spring-configuration-metadata.json}) has the table's description and default for every row, and
 * {@link SnowflakeProperties} shows and applies the table's defaults.
 */
class SettingsTableMetadataTests {

	private static final Path ADDITIONAL = Path.of(
			"src/main/resources/META-INF/additional-spring-configuration-metadata.json");

	@SuppressWarnings("unchecked")
	private static Map<String, Map<String, Object>> properties(String resource) throws IOException {
		try (InputStream in = SettingsTableMetadataTests.class.getClassLoader().getResourceAsStream(resource)) {
			assertThat(in).as(resource + " on the class path").isNotNull();
			Map<String, Object> metadata = JsonParserFactory.getJsonParser()
				.parseMap(new String(in.readAllBytes(), StandardCharsets.UTF_8));
			Map<String, Map<String, Object>> byName = new java.util.TreeMap<>();
			for (Map<String, Object> property : (List<Map<String, Object>>) metadata.get("properties")) {
				assertThat(byName.put((String) property.get("name"), property)).as("one entry for %s", property)
					.isNull();
			}
			return byName;
		}
	}

	@Test
	void theMetadataHasTheTablesDescriptionAndDefaultForEverySetting() throws IOException {
		Map<String, Map<String, Object>> generated = properties("META-INF/spring-configuration-metadata.json");
		for (Setting<?> setting : Settings.EVERY_ROW) {
			Map<String, Object> property = generated.get(setting.key());
			assertThat(property).as("metadata of %s", setting).isNotNull();
			assertThat(property.get("description")).as("description of %s", setting)
				.isEqualTo(setting.description());
			if (setting.defaultText() == null) {
				assertThat(property).as("%s has no default", setting).doesNotContainKey("defaultValue");
			}
			else {
				assertThat(property).as("%s has a default", setting).containsKey("defaultValue");
				assertThat((Object) setting.parse(property.get("defaultValue"))).as("default of %s", setting)
					.isEqualTo(setting.defaultValue());
			}
		}
	}

	/**
	 * The starter's additional metadata is written from the table: an entry per row (name, type, description,
	 * default), then the entries and hints that are no row's, as they are. Spring's configuration processor merges it
	 * into the metadata IDEs show, and the lease and segment rows have no field for it to find: their entries come
	 * from here alone. A new row fails this test, which writes the file as it should be into {@code target/}.
	 */
	@Test
	void theAdditionalMetadataIsWrittenFromTheTable() throws IOException {
		String committed = Files.readString(ADDITIONAL);
		String written = AdditionalMetadata.written(Settings.EVERY_ROW, JsonParserFactory.getJsonParser().parseMap(committed));
		if (!written.equals(committed)) {
			Path copy = Path.of("target", ADDITIONAL.getFileName().toString());
			Files.writeString(copy, written);
			throw new AssertionError(ADDITIONAL + " is not the settings table's: copy " + copy.toAbsolutePath()
					+ " over it (what differs: git diff --no-index " + ADDITIONAL + " " + copy + ")");
		}
	}

	@Test
	void theAdditionalMetadataHasATypeForEveryRow() throws IOException {
		Map<String, Map<String, Object>> additional = properties(
				"META-INF/additional-spring-configuration-metadata.json");
		for (Setting<?> setting : Settings.EVERY_ROW) {
			assertThat(additional.get(setting.key())).as("additional metadata of %s", setting)
				.containsEntry("type", setting.type().getName())
				.containsEntry("description", setting.description());
		}
	}

	/**
	 * ZooKeeper's and Redis' rows are no fields: each is bound by its key (Spring's relaxed names, placeholders), as
	 * written, into the settings map the module's provider reads with the rows' parsers and defaults; an unset row is
	 * absent, a name of another module or none of a row is not taken.
	 */
	@Test
	void theZooKeeperAndRedisRowsAreBoundByTheirKeysIntoTheModulesSettingsMap() {
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources()
			.addFirst(new MapPropertySource("application", Map.of("snowflake.zookeeper.sessionTimeout", "45s",
					"snowflake.redis.key", " as written ", "snowflake.redis.uri", "${lease.server}",
					"lease.server", "redis://127.0.0.1:1/0", "snowflake.zookeeper.unknown", "x")));
		environment.getPropertySources()
			.replace(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
					new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
							Map.of("SNOWFLAKE_ZOOKEEPER_CONNECTSTRING", "zk-1:2181",
									"SNOWFLAKE_REDIS_ACCEPTDATALOSSRISK", "true", "SNOWFLAKE_PUBLICID_ALPHABET",
									"decimal", "SNOWFLAKE_PUBLICID_KEYS_1", "not a row")));
		DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
		assertThat(PropertyBinding.moduleSettings(beans, environment, "snowflake.zookeeper."))
			.containsOnly(entry(Settings.ZOOKEEPER_CONNECT_STRING.key(), "zk-1:2181"),
					entry(Settings.ZOOKEEPER_SESSION_TIMEOUT.key(), "45s"));
		assertThat(PropertyBinding.moduleSettings(beans, environment, "snowflake.redis."))
			.containsOnly(entry(Settings.REDIS_KEY.key(), " as written "),
					entry(Settings.REDIS_URI.key(), "redis://127.0.0.1:1/0"),
					entry(Settings.REDIS_ACCEPT_DATA_LOSS_RISK.key(), "true"));
		assertThat(PropertyBinding.moduleSettings(beans, environment, "snowflake.public-id."))
			.containsOnly(entry(Settings.PUBLIC_ID_ALPHABET.key(), "decimal"));
		assertThat(PropertyBinding.moduleSettings(beans, new StandardEnvironment(), "snowflake.redis.")).isEmpty();
	}

	/**
	 * A placeholder Spring cannot resolve is refused, not taken as text: a ZooKeeper password anyone can read in the
	 * docs, another Redis key than the other instances use. A secret's message shows nothing of it.
	 */
	@Test
	void aModuleRowWithAnUnresolvedPlaceholderIsRefused() {
		DefaultListableBeanFactory beans = new DefaultListableBeanFactory();
		StandardEnvironment environment = new StandardEnvironment();
		environment.getPropertySources()
			.addFirst(new MapPropertySource("application",
					Map.of("snowflake.zookeeper.auth", "digest:orders:${SNOWFLAKE_TEST_UNSET_PASSWORD}",
							"snowflake.redis.key", "leases:${SNOWFLAKE_TEST_UNSET_TENANT}")));
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> PropertyBinding.moduleSettings(beans, environment, "snowflake.zookeeper."))
			.withMessageContaining(Settings.ZOOKEEPER_AUTH.key())
			.withMessageNotContaining("orders")
			.withMessageNotContaining("SNOWFLAKE_TEST_UNSET_PASSWORD");
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> PropertyBinding.moduleSettings(beans, environment, "snowflake.redis."))
			.withMessageContaining(Settings.REDIS_KEY.key())
			.withMessageContaining("Set SNOWFLAKE_TEST_UNSET_TENANT");
		environment.getPropertySources()
			.addFirst(new MapPropertySource("resolved", Map.of("SNOWFLAKE_TEST_UNSET_TENANT", "eu")));
		assertThat(PropertyBinding.moduleSettings(beans, environment, "snowflake.redis."))
			.containsOnly(entry(Settings.REDIS_KEY.key(), "leases:eu"));
	}

	/** Every module row's key is the one its module documents, and its default the module's. */
	@Test
	void theModulesKeysAreTheRowsKeys() {
		assertThat(Settings.ZOOKEEPER_PATH.defaultValue()).isEqualTo("/snowflake/worker-lease");
		assertThat(Settings.ZOOKEEPER_SESSION_TIMEOUT.defaultValue()).isEqualTo(Duration.ofSeconds(30));
		assertThat(Settings.ZOOKEEPER_CONNECTION_TIMEOUT.defaultValue()).isEqualTo(Duration.ofSeconds(10));
		assertThat(Settings.REDIS_KEY.defaultValue()).isEqualTo(RedisSettings.DEFAULT_KEY);
		assertThat(Settings.REDIS_ACCEPT_DATA_LOSS_RISK.defaultValue()).isFalse();
		assertThat(Settings.PUBLIC_ID_ALPHABET.defaultValue()).isEqualTo(PublicIdAlphabet.BASE62);
		assertThat(List.of(Settings.ZOOKEEPER_CONNECT_STRING.key(), Settings.ZOOKEEPER_PATH.key(),
				Settings.ZOOKEEPER_SESSION_TIMEOUT.key(), Settings.ZOOKEEPER_CONNECTION_TIMEOUT.key(),
				Settings.ZOOKEEPER_AUTH.key(), Settings.REDIS_URI.key(), Settings.REDIS_KEY.key(),
				Settings.REDIS_ACCEPT_DATA_LOSS_RISK.key(), Settings.PUBLIC_ID_CURRENT_VERSION.key(),
				Settings.PUBLIC_ID_ALPHABET.key()))
			.containsExactly("snowflake.zookeeper.connect-string", "snowflake.zookeeper.path",
					"snowflake.zookeeper.session-timeout", "snowflake.zookeeper.connection-timeout",
					"snowflake.zookeeper.auth", RedisSettings.URI, RedisSettings.KEY,
					RedisSettings.ACCEPT_DATA_LOSS_RISK, PublicIdCodec.CURRENT_VERSION, PublicIdCodec.ALPHABET);
	}

	@Test
	void unsetPropertiesShowAndApplyTheTablesDefaults() {
		SnowflakeProperties properties = new Binder(new MapConfigurationPropertySource(Map.of()))
			.bindOrCreate("snowflake", SnowflakeProperties.class);
		assertThat(properties.toConfiguration(new MutablePropertySources())).isEqualTo(SnowflakeConfiguration.fromSettings(Map.of()));
		assertThat(properties.toLayout()).isEqualTo(SnowflakeConfiguration.fromSettings(Map.of()).layout());
		assertThat(properties.getEpoch()).isEqualTo(Settings.EPOCH.defaultValue());
		assertThat(properties.getTickLength()).isEqualTo(Settings.TICK_LENGTH.defaultValue());
		assertThat(properties.getClockTolerance()).isEqualTo(Settings.CLOCK_TOLERANCE.defaultValue());
		assertThat(properties.getWorkerAssignment()).isEqualTo(Settings.WORKER_ASSIGNMENT.defaultValue());
		assertThat(properties.getLifetimeWarningYears()).isEqualTo(Settings.LIFETIME_WARNING_YEARS.defaultValue());
		assertThat(properties.getSchemaCheck()).isEqualTo(Settings.SCHEMA_CHECK.defaultValue());
		assertThat(properties.getLayout().getPreset()).isEqualTo(Settings.LAYOUT_PRESET.defaultValue());
	}
}
