package io.snowflakeid.quarkus.runtime;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

import io.quarkus.runtime.configuration.ConfigurationException;
import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.config.Setting;
import io.snowflakeid.config.Settings;
import io.snowflakeid.config.SnowflakeConfiguration;
import org.eclipse.microprofile.config.Config;

/**
 * {@code quarkus.snowflake.*} read as the core reads {@code snowflake.*}: each row of the settings table under
 * Quarkus' prefix, as text, through the table's own parsers and checks ({@link SnowflakeConfiguration#fromSettings}),
 * so that values, defaults, ranges and messages are those of Spring and plain Hibernate. Errors name the Quarkus
 * property.
 */
public final class QuarkusSettings {

	/** What Quarkus puts before every {@code snowflake.*} key. */
	public static final String PREFIX = "quarkus.";

	/** A {@code snowflake.} key in a message (not part of a longer name, such as a package). */
	private static final Pattern KEY = Pattern.compile("(?<![\\w.\\-])snowflake\\.(?=[a-z])");

	/**
	 * The last configuration read, with the {@code Config} it was read from: the generator, the segment generators,
	 * Hibernate's settings and the layout check of the metadata all ask at start, and get one reading. A new
	 * {@code Config} (static init's, a dev-mode reload's, another application's) is read afresh.
	 */
	private static volatile Reading last;

	private QuarkusSettings() {
	}

	/**
	 * The configuration of {@code config}'s {@code quarkus.snowflake.*} values, read once per {@code Config}.
	 * @throws ConfigurationException naming the {@code quarkus.snowflake.*} property, its value and what is allowed
	 */
	public static SnowflakeConfiguration configuration(Config config) {
		Reading reading = last;
		if (reading != null && reading.config() == config) {
			return reading.configuration();
		}
		SnowflakeConfiguration configuration = read(config);
		last = new Reading(config, configuration);
		return configuration;
	}

	private static SnowflakeConfiguration read(Config config) {
		try {
			return SnowflakeConfiguration.fromSettings(settings(config));
		}
		catch (SnowflakeConfigurationException ex) {
			throw new ConfigurationException(quarkusNames(ex.getMessage()), ex);
		}
	}

	/** The {@code snowflake.*} settings map of the values set under {@code quarkus.snowflake.*}. */
	static Map<String, Object> settings(Config config) {
		Map<String, Object> settings = new LinkedHashMap<>();
		for (Setting<?> setting : Settings.ALL) {
			config.getOptionalValue(PREFIX + setting.key(), String.class)
				.ifPresent((value) -> settings.put(setting.key(), value));
		}
		return settings;
	}

	/** {@code message} with every {@code snowflake.*} key written as the {@code quarkus.snowflake.*} property. */
	public static String quarkusNames(String message) {
		return (message != null) ? KEY.matcher(message).replaceAll(PREFIX + "snowflake.") : null;
	}

	private record Reading(Config config, SnowflakeConfiguration configuration) {
	}
}
