package io.snowflakeid.internal.config;

import java.time.DateTimeException;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;

import io.snowflakeid.SnowflakeConfigurationException;

/**
 * One row of the settings table: a key, how its value is read, its default (as documented, read by the same
 * parser), one line of documentation and, for the settings of a {@link SnowflakeConfiguration}, where the value goes.
 * Ranges are checked where the value is used (the configuration records), once, whichever binding produced it.
 *
 * @param <T> the type of the value
 */
public final class Setting<T> {

	private final String key;

	private final Class<T> type;


	private final String defaultText;

	private final T defaultValue;

	private final String description;

	/** The description in Quarkus' words where a module's Spring wording does not hold there; else null. */
	private final String quarkusDescription;

	private final boolean configures;

	Setting(String key, Class<T> type, T defaultValue, String description, boolean configures) {
		this(key, type, defaultValue, description, null, configures);
	}

	private Setting(String key, Class<T> type, T defaultValue, String description, String quarkusDescription,
			boolean configures) {
		this.key = Objects.requireNonNull(key);
		this.type = Objects.requireNonNull(type);
		if (!Parsers.parses(type)) {
			throw new IllegalArgumentException("No parser for " + key + " of type " + type.getName());
		}
		this.defaultValue = defaultValue;
		this.defaultText = (defaultValue != null) ? format(defaultValue) : null;
		this.description = Objects.requireNonNull(description);
		this.quarkusDescription = quarkusDescription;
		this.configures = configures;
	}

	/**
	 * This row with its description in Quarkus' words, where the module's Spring wording (an application's own
	 * client bean, {@code spring.data.redis.*}, actuator endpoints) says nothing true in Quarkus.
	 */
	Setting<T> inQuarkus(String description) {
		return new Setting<>(this.key, this.type, this.defaultValue, this.description,
				Objects.requireNonNull(description), this.configures);
	}

	/** The full key, e.g. {@code snowflake.segment.max-wait}. */
	public String key() {
		return this.key;
	}

	public Class<T> type() {
		return this.type;
	}

	/**
	 * The default as the documentation and the configuration metadata show it (e.g. {@code 5s}), or null when the
	 * setting has none; this setting's parser reads it back as {@link #defaultValue()}.
	 */
	public String defaultText() {
		return this.defaultText;
	}

	/** The default, or null when there is none (then the value must be set, or another setting decides). */
	public T defaultValue() {
		return this.defaultValue;
	}

	/** {@code value}, or this setting's default when it is null (a property a binding left unset). */
	public T or(T value) {
		return (value != null) ? value : this.defaultValue;
	}

	/** One line of documentation. */
	public String description() {
		return this.description;
	}

	/**
	 * The documentation in Quarkus' configuration ({@code quarkus.snowflake.*}, written from this row): the
	 * description, unless this row has one in Quarkus' words.
	 */
	public String quarkusDescription() {
		return (this.quarkusDescription != null) ? this.quarkusDescription : this.description;
	}

	/** Whether the value is part of a {@link SnowflakeConfiguration} (else a module reads it itself). */
	public boolean configures() {
		return this.configures;
	}

	/** Reads a value as the settings-map binding does. */
	public T parse(Object value) {
		try {
			return this.type.cast(Parsers.parse(this.type, value));
		}
		catch (SnowflakeConfigurationException ex) {
			throw ex;
		}
		catch (IllegalArgumentException | DateTimeException | ArithmeticException ex) {
			String expected = (ex instanceof Parsers.Unparseable unparseable) ? unparseable.expected
					: ex.getMessage();
			throw new SnowflakeConfigurationException(this.key, "'" + value + "'", expected);
		}
	}

	/**
	 * This setting's value in a settings map, or null when it is absent.
	 * @throws SnowflakeConfigurationException naming the key and the value if it cannot be read
	 */
	public T read(Map<String, ?> settings) {
		Object value = settings.get(this.key);
		return (value != null) ? parse(value) : null;
	}

	/** This setting's value in a settings map, or its default when it is absent. */
	public T readOrDefault(Map<String, ?> settings) {
		T value = read(settings);
		return (value != null) ? value : this.defaultValue;
	}

	/** Hands the value a settings map holds (if any) to a configuration builder. */
	public void readInto(Map<String, ?> settings, SnowflakeConfiguration.Builder builder) {
		T value = read(settings);
		if (value != null) {
			builder.put(this, value);
		}
	}

	/** A value as a setting is written: {@code 5s}, {@code 15m}, {@code fail}, {@code 2020-01-01T00:00:00Z}. */
	static String format(Object value) {
		if (value instanceof Duration duration) {
			long millis = duration.toMillis();
			if (!duration.equals(Duration.ofMillis(millis))) {
				return duration.toNanos() + "ns";
			}
			for (long[] unit : new long[][] { { 86_400_000L, 'd' }, { 3_600_000L, 'h' }, { 60_000L, 'm' },
					{ 1000L, 's' } }) {
				if (millis != 0 && millis % unit[0] == 0) {
					return (millis / unit[0]) + String.valueOf((char) unit[1]);
				}
			}
			return millis + "ms";
		}
		if (value instanceof Enum<?> constant) {
			return constant.name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
		}
		return value.toString();
	}

	@Override
	public String toString() {
		return this.key;
	}
}
