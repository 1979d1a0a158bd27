package io.snowflakeid.config;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Map;
import java.util.function.Consumer;
import java.util.function.Function;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeSettings;
import io.snowflakeid.worker.WorkerAssignment;

/**
 * The settings-map binding: reads {@code snowflake.*} entries of a map (Hibernate settings from persistence.xml or
 * hibernate.properties, whose values are text or already typed objects) into a {@link SnowflakeConfiguration}.
 * Each key is read once, with the parser of its type; numbers and durations are accepted in the forms Spring Boot
 * accepts for the same property, so a value means the same in both bindings, and a value that cannot be read is an
 * error naming the key, never a silent default. Ranges are checked by the configuration itself.
 */
final class SettingsMapReader {


	private final Map<String, ?> settings;

	private SettingsMapReader(Map<String, ?> settings) {
		this.settings = settings;
	}

	static SnowflakeConfiguration read(Map<String, ?> settings) {
		SettingsMapReader reader = new SettingsMapReader(settings);
		SnowflakeConfiguration.Builder builder = SnowflakeConfiguration.builder();
		reader.text(SnowflakeSettings.LAYOUT_PRESET, builder::layoutPreset);
		reader.read(SnowflakeSettings.TIMESTAMP_BITS, SettingsMapReader::toInt, builder::timestampBits);
		reader.read(SnowflakeSettings.DATACENTER_BITS, SettingsMapReader::toInt, builder::datacenterBits);
		reader.read(SnowflakeSettings.WORKER_BITS, SettingsMapReader::toInt, builder::workerBits);
		reader.read(SnowflakeSettings.SEQUENCE_BITS, SettingsMapReader::toInt, builder::sequenceBits);
		reader.read(SnowflakeSettings.EPOCH, SettingsMapReader::toInstant, builder::epoch);
		reader.read(SnowflakeSettings.TICK_LENGTH, SettingsMapReader::toDuration, builder::tickLength);
		reader.read(SnowflakeSettings.DATACENTER_ID, SettingsMapReader::toLong, builder::datacenterId);
		reader.read(SnowflakeSettings.WORKER_ID, SettingsMapReader::toLong, builder::workerId);
		reader.read(SnowflakeSettings.CLOCK_TOLERANCE, SettingsMapReader::toDuration, builder::clockTolerance);
		reader.read(SnowflakeSettings.WORKER_ASSIGNMENT, WorkerAssignment::parse, builder::workerAssignment);
		reader.read(SnowflakeSettings.LIFETIME_WARNING_YEARS, SettingsMapReader::toInt, builder::lifetimeWarningYears);
		reader.read(SnowflakeSettings.SCHEMA_CHECK, SchemaCheck::parse, builder::schemaCheck);
		reader.text(SnowflakeSettings.LEASE_TABLE_NAME, builder::leaseTableName);
		reader.read(SnowflakeSettings.LEASE_DURATION, SettingsMapReader::toDuration, builder::leaseDuration);
		reader.read(SnowflakeSettings.LEASE_SAFETY_MARGIN, SettingsMapReader::toDuration, builder::leaseSafetyMargin);
		reader.read(SnowflakeSettings.LEASE_CREATE_TABLE, SettingsMapReader::toBoolean, builder::leaseCreateTable);
		reader.read(SnowflakeSettings.LEASE_ACCEPT_DATA_LOSS_RISK, SettingsMapReader::toBoolean,
				builder::leaseAcceptDataLossRisk);
		reader.text(SnowflakeSettings.SEGMENT_TABLE_NAME, builder::segmentTableName);
		reader.read(SnowflakeSettings.SEGMENT_DEFAULT_STEP, SettingsMapReader::toInt, builder::segmentDefaultStep);
		reader.read(SnowflakeSettings.SEGMENT_PREFETCH_THRESHOLD, SettingsMapReader::toDouble,
				builder::segmentPrefetchThreshold);
		reader.read(SnowflakeSettings.SEGMENT_MAX_WAIT, SettingsMapReader::toDuration, builder::segmentMaxWait);
		reader.read(SnowflakeSettings.SEGMENT_CREATE_TABLE, SettingsMapReader::toBoolean, builder::segmentCreateTable);
		reader.read(SnowflakeSettings.SEGMENT_DYNAMIC_STEP, SettingsMapReader::toBoolean, builder::segmentDynamicStep);
		reader.read(SnowflakeSettings.SEGMENT_DYNAMIC_STEP_TARGET, SettingsMapReader::toDuration,
				builder::segmentDynamicStepTarget);
		return builder.build();
	}

	private void text(String key, Consumer<String> target) {
		Object value = this.settings.get(key);
		if (value != null) {
			target.accept(value.toString().trim());
		}
	}

	private <T> void read(String key, Function<Object, T> parser, Consumer<T> target) {
		Object value = this.settings.get(key);
		if (value == null) {
			return;
		}
		T parsed;
		try {
			parsed = parser.apply(value);
		}
		catch (SnowflakeConfigurationException ex) {
			throw ex;
		}
		catch (IllegalArgumentException | DateTimeParseException | ArithmeticException ex) {
			String expected = (ex instanceof Unparseable unparseable) ? unparseable.expected : ex.getMessage();
			throw new SnowflakeConfigurationException(key, "'" + value + "'", expected);
		}
		target.accept(parsed);
	}

	static Integer toInt(Object value) {
		long parsed = toLong(value);
		if (parsed < Integer.MIN_VALUE || parsed > Integer.MAX_VALUE) {
			throw new Unparseable("a whole number from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE);
		}
		return (int) parsed;
	}

	static Long toLong(Object value) {
		if (value instanceof Long || value instanceof Integer || value instanceof Short || value instanceof Byte) {
			return ((Number) value).longValue();
		}
		try {
			return Long.parseLong(value.toString().trim());
		}
		catch (NumberFormatException ex) {
			throw new Unparseable("a whole number");
		}
	}

	static Double toDouble(Object value) {
		if (value instanceof Number number) {
			return number.doubleValue();
		}
		try {
			return Double.parseDouble(value.toString().trim());
		}
		catch (NumberFormatException ex) {
			throw new Unparseable("a number such as 0.1");
		}
	}

	/** true or false (any case); anything else is an error, never a silent false. */
	static Boolean toBoolean(Object value) {
		if (value instanceof Boolean bool) {
			return bool;
		}
		String text = value.toString().trim();
		if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
			return Boolean.valueOf(text);
		}
		throw new Unparseable("true or false");
	}

	static Instant toInstant(Object value) {
		if (value instanceof Instant instant) {
			return instant;
		}
		try {
			return Instant.parse(value.toString().trim());
		}
		catch (DateTimeParseException ex) {
			throw new Unparseable("an ISO-8601 UTC instant such as 2020-01-01T00:00:00Z");
		}
	}

	/** A {@link Duration}, a number of milliseconds, Spring Boot's simple form (10ms, 1s, 5m, 1h) or ISO-8601. */
	static Duration toDuration(Object value) {
		return SnowflakeSettings.parseDuration(value); // its IllegalArgumentException says what is allowed
	}

	/** A value of the wrong form; {@link #read} turns it into a message naming the key and the value. */
	private static final class Unparseable extends IllegalArgumentException {

		private static final long serialVersionUID = 1L;

		final String expected;

		Unparseable(String expected) {
			super(expected);
			this.expected = expected;
		}
	}
}
