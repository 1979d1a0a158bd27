package io.snowflakeid.quarkus.runtime;

import java.lang.ref.WeakReference;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.regex.Pattern;

import io.quarkus.runtime.configuration.ConfigurationException;
import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.internal.config.Setting;
import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.internal.config.SnowflakeConfiguration;
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
	 * The last configuration read at runtime, with the {@code Config} it was read from (weakly: a dev-mode reload's
	 * predecessor is not kept): the generator, the segment generators and Hibernate's settings all ask at start, and
	 * get one reading. A new {@code Config} (a dev-mode reload's, another application's) is read afresh. Static init
	 * reads without it ({@link #configurationAtStaticInit}): in a native image its {@code Config} would otherwise stay
	 * in the image heap, with the build machine's environment.
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
		if (reading != null && reading.config().get() == config) {
			return reading.configuration();
		}
		SnowflakeConfiguration configuration = read(config);
		last = new Reading(new WeakReference<>(config), configuration);
		return configuration;
	}

	/** The configuration of {@code config}, read at static init: not kept (see {@link #last}). */
	public static SnowflakeConfiguration configurationAtStaticInit(Config config) {
		return read(config);
	}

	private static SnowflakeConfiguration read(Config config) {
		try {
			return SnowflakeConfiguration.fromSettings(settings(config));
		}
		catch (SnowflakeConfigurationException ex) {
			throw configurationError(ex);
		}
	}

	/**
	 * The {@code snowflake.*} settings map of the values set under {@code quarkus.snowflake.*}. A name under the
	 * lease's or segment mode's prefix that no row is read by but that reads as a misspelt row is refused (Quarkus
	 * would only warn of it): it would leave its default in place, another lease table than the other services'.
	 */
	static Map<String, Object> settings(Config config) {
		for (String name : config.getPropertyNames()) {
			// a profile's value (%prod.quarkus.snowflake...) is read by its name without the profile
			String unprofiled = (name.startsWith("%") && name.indexOf('.') > 0) ? name.substring(name.indexOf('.') + 1)
					: name;
			String group = Settings.groupOf(unprofiled, PREFIX);
			if (group != null) {
				// SmallRye reads a mapping's key by its exact name, and from the environment (an .env file too) in
				// the environment variable's form
				String source = config.getConfigValue(name).getSourceName();
				boolean environment = source != null && source.startsWith("EnvConfigSource");
				Setting<?> misspelt = Settings.namesARow(unprofiled, PREFIX, group, environment) ? null
						: Settings.misspeltRow(unprofiled, PREFIX);
				if (misspelt != null) {
					throw Settings.misspeltName(name, PREFIX, misspelt, source);
				}
			}
		}
		Map<String, Object> settings = new LinkedHashMap<>();
		for (Setting<?> setting : Settings.ALL) {
			config.getOptionalValue(PREFIX + setting.key(), String.class)
				.ifPresent((value) -> settings.put(setting.key(), value));
		}
		return settings;
	}

	/**
	 * The {@code snowflake.zookeeper.*} and {@code snowflake.redis.*} settings of the values set under
	 * {@code quarkus.snowflake.*}, as written (a secret is not trimmed): what the coordination modules' stores read.
	 */
	static Map<String, Object> coordinationSettings(Config config) {
		Map<String, Object> settings = new LinkedHashMap<>();
		for (Setting<?> setting : Settings.MODULES) {
			if (setting.key().startsWith("snowflake.zookeeper.") || setting.key().startsWith("snowflake.redis.")) {
				config.getOptionalValue(PREFIX + setting.key(), String.class)
					.ifPresent((value) -> settings.put(setting.key(), value));
			}
		}
		return settings;
	}

	/**
	 * {@code refusal} as Quarkus reports a bad configuration, its message in {@code quarkus.snowflake.*} names: it
	 * takes the refusal's stack trace and causes, not the refusal itself, whose message names the Spring property
	 * ("Caused by: ... snowflake.worker-id" under a Quarkus start's error).
	 */
	public static ConfigurationException configurationError(RuntimeException refusal) {
		ConfigurationException error = new ConfigurationException(quarkusNames(refusal.getMessage()),
				refusal.getCause());
		error.setStackTrace(refusal.getStackTrace());
		return error;
	}

	/** {@code message} with every {@code snowflake.*} key written as the {@code quarkus.snowflake.*} property. */
	public static String quarkusNames(String message) {
		return (message != null) ? KEY.matcher(message).replaceAll(PREFIX + "snowflake.") : null;
	}

	private record Reading(WeakReference<Config> config, SnowflakeConfiguration configuration) {
	}
}
