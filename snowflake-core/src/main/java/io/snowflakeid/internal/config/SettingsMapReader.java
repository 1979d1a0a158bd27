package io.snowflakeid.internal.config;

import java.time.Duration;
import java.util.Map;


/**
 * The settings-map binding: reads {@code snowflake.*} entries of a map (Hibernate settings from persistence.xml or
 * hibernate.properties, whose values are text or already typed objects) into a {@link SnowflakeConfiguration}: a
 * loop over the settings table ({@link Settings#ALL}), where each key has its parser. Numbers and durations are
 * accepted in the forms Spring Boot accepts for the same property, so a value means the same in both bindings, and
 * a value that cannot be read is an error naming the key, never a silent default. Ranges are checked by the
 * configuration itself.
 */
final class SettingsMapReader {

	private SettingsMapReader() {
	}

	static SnowflakeConfiguration read(Map<String, ?> settings) {
		return Settings.readInto(settings, SnowflakeConfiguration.builder()).build();
	}

	/** A {@link Duration}, a number of milliseconds, Spring Boot's simple form (10ms, 1s, 5m, 1h) or ISO-8601. */
	static Duration toDuration(Object value) {
		return Parsers.toDuration(value);
	}
}
