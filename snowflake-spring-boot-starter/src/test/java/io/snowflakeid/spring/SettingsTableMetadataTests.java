package io.snowflakeid.spring;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.snowflakeid.internal.config.Setting;
import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.internal.config.SnowflakeConfiguration;
import io.snowflakeid.publicid.PublicIdAlphabet;
import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.redis.internal.RedisSettings;
import io.snowflakeid.spring.internal.SnowflakeProperties;
import org.junit.jupiter.api.Test;

import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.source.MapConfigurationPropertySource;
import org.springframework.boot.json.JsonParserFactory;
import org.springframework.core.env.MutablePropertySources;

import static org.assertj.core.api.Assertions.assertThat;

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
		for (Setting<?> setting : everyRow()) {
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
		String written = AdditionalMetadata.written(everyRow(), JsonParserFactory.getJsonParser().parseMap(committed));
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
		for (Setting<?> setting : everyRow()) {
			assertThat(additional.get(setting.key())).as("additional metadata of %s", setting)
				.containsEntry("type", setting.type().getName())
				.containsEntry("description", setting.description());
		}
	}

	/** The modules' properties too: each module reads its settings map through the same rows. */
	@Test
	void theModulesPropertiesShowTheTablesDefaultsAndTheirKeysAreTheRowsKeys() {
		Binder empty = new Binder(new MapConfigurationPropertySource(Map.of()));
		Object zooKeeper = bound(empty, "snowflake.zookeeper", "zookeeper.SnowflakeZooKeeperProperties");
		assertThat(get(zooKeeper, "getPath")).isEqualTo(Settings.ZOOKEEPER_PATH.defaultValue())
			.isEqualTo("/snowflake/worker-lease");
		assertThat(get(zooKeeper, "getSessionTimeout")).isEqualTo(Settings.ZOOKEEPER_SESSION_TIMEOUT.defaultValue())
			.isEqualTo(Duration.ofSeconds(30));
		assertThat(get(zooKeeper, "getConnectionTimeout")).isEqualTo(Settings.ZOOKEEPER_CONNECTION_TIMEOUT.defaultValue())
			.isEqualTo(Duration.ofSeconds(10));
		assertThat(get(zooKeeper, "getConnectString")).isNull();
		assertThat(get(zooKeeper, "getAuth")).isNull();
		Object redis = bound(empty, "snowflake.redis", "redis.SnowflakeRedisProperties");
		assertThat(get(redis, "getKey")).isEqualTo(Settings.REDIS_KEY.defaultValue()).isEqualTo(RedisSettings.DEFAULT_KEY);
		assertThat(get(redis, "isAcceptDataLossRisk")).isEqualTo(Settings.REDIS_ACCEPT_DATA_LOSS_RISK.defaultValue())
			.isEqualTo(Boolean.FALSE);
		Object publicIds = bound(empty, "snowflake.public-id", "publicid.SnowflakePublicIdProperties");
		assertThat(get(publicIds, "getAlphabet")).isEqualTo(Settings.PUBLIC_ID_ALPHABET.defaultValue())
			.isEqualTo(PublicIdAlphabet.BASE62);
		assertThat(get(publicIds, "getCurrentVersion")).isNull();
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

	/** The module's properties (package-private, not an API) bound from {@code binder}. */
	private static Object bound(Binder binder, String prefix, String type) {
		try {
			return binder.bindOrCreate(prefix, Class.forName("io.snowflakeid.spring." + type));
		}
		catch (ClassNotFoundException ex) {
			throw new AssertionError(ex);
		}
	}

	private static Object get(Object properties, String getter) {
		try {
			java.lang.reflect.Method method = properties.getClass().getMethod(getter);
			method.setAccessible(true);
			return method.invoke(properties);
		}
		catch (ReflectiveOperationException ex) {
			throw new AssertionError(ex);
		}
	}

	private static List<Setting<?>> everyRow() {
		List<Setting<?>> rows = new java.util.ArrayList<>(Settings.ALL);
		rows.addAll(Settings.MODULES);
		return rows;
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
