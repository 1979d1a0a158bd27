package io.snowflakeid;

import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names of every setting, in one place: they are the Spring Boot properties and, unchanged, the Hibernate
 * settings (persistence.xml, hibernate.properties) of plain Hibernate applications. Error messages use them so that
 * a user sees the key they have to fix. Both bindings read them into one typed
 * {@code io.snowflakeid.internal.config.SnowflakeConfiguration}, where each is parsed and checked once.
 */
public final class SnowflakeSettings {

	/** The forms a duration setting may take, for messages. */
	private static final String DURATION_FORMS = "a duration such as 10ms, 1s, 5m or PT0.01S (a plain number means "
			+ "milliseconds)";

	/** Spring Boot's simple duration form: a whole number and an optional unit (no unit: milliseconds). */
	private static final Pattern SIMPLE_DURATION = Pattern.compile("([+-]?\\d+)\\s*(ns|us|ms|s|m|h|d)?");

	public static final String PREFIX = "snowflake.";

	public static final String DATACENTER_ID = PREFIX + "datacenter-id";

	public static final String WORKER_ID = PREFIX + "worker-id";

	/** How the worker id is assigned: auto, static, database-lease, hostname-ordinal or ip-address. */
	public static final String WORKER_ASSIGNMENT = PREFIX + "worker-assignment";

	public static final String EPOCH = PREFIX + "epoch";

	public static final String TICK_LENGTH = PREFIX + "tick-length";

	/** {@code classic} (41/5/5/12 in 63 bits, the default) or {@code javascript-safe} (41/0/5/7 in 53 bits). */
	public static final String LAYOUT_PRESET = PREFIX + "layout.preset";

	public static final String TIMESTAMP_BITS = PREFIX + "layout.timestamp-bits";

	public static final String DATACENTER_BITS = PREFIX + "layout.datacenter-bits";

	public static final String WORKER_BITS = PREFIX + "layout.worker-bits";

	public static final String SEQUENCE_BITS = PREFIX + "layout.sequence-bits";

	public static final String CLOCK_TOLERANCE = PREFIX + "clock-tolerance";

	/** Log a warning at start when less than this many years remain in the timestamp field (default 10). */
	public static final String LIFETIME_WARNING_YEARS = PREFIX + "lifetime-warning-years";

	/**
	 * At start, check that every {@code @SnowflakeId}/{@code @SegmentId} column can hold the ids: {@code fail}
	 * (default), {@code warn} or {@code off}.
	 */
	public static final String SCHEMA_CHECK = PREFIX + "schema-check";

	public static final String LEASE_TABLE_NAME = PREFIX + "lease.table-name";

	public static final String LEASE_DURATION = PREFIX + "lease.duration";

	public static final String LEASE_SAFETY_MARGIN = PREFIX + "lease.safety-margin";

	public static final String LEASE_CREATE_TABLE = PREFIX + "lease.create-table";

	/**
	 * {@code true} to lease from a database that may lose a committed write ({@code fsync=off},
	 * {@code synchronous_commit=off}, {@code innodb_flush_log_at_trx_commit} other than 1), which is refused otherwise.
	 */
	public static final String LEASE_ACCEPT_DATA_LOSS_RISK = PREFIX + "lease.accept-data-loss-risk";

	public static final String SEGMENT_TABLE_NAME = PREFIX + "segment.table-name";

	public static final String SEGMENT_DEFAULT_STEP = PREFIX + "segment.default-step";

	public static final String SEGMENT_PREFETCH_THRESHOLD = PREFIX + "segment.prefetch-threshold";

	public static final String SEGMENT_MAX_WAIT = PREFIX + "segment.max-wait";

	public static final String SEGMENT_CREATE_TABLE = PREFIX + "segment.create-table";

	public static final String SEGMENT_DYNAMIC_STEP = PREFIX + "segment.dynamic-step";

	public static final String SEGMENT_DYNAMIC_STEP_TARGET = PREFIX + "segment.dynamic-step-target";

	/** The most the dynamic step grows to (1..1000000, at least the default step); unset: 100 x the step. */
	public static final String SEGMENT_MAX_STEP = PREFIX + "segment.max-step";

	private SnowflakeSettings() {
	}

	/**
	 * A duration as every binding reads them: a {@link Duration}, a number of milliseconds, Spring Boot's simple form
	 * ({@code 10ms}, {@code 1s}, {@code 5m}, {@code 1h}, {@code 1d}) or ISO-8601 ({@code PT0.01S}).
	 * @throws IllegalArgumentException if it is none of these (the message says what is allowed)
	 * @throws ArithmeticException if it overflows
	 */
	public static Duration parseDuration(Object value) {
		if (value instanceof Duration duration) {
			return duration;
		}
		if (value instanceof Long || value instanceof Integer) {
			return Duration.ofMillis(((Number) value).longValue());
		}
		String text = value.toString().trim();
		Matcher simple = SIMPLE_DURATION.matcher(text.toLowerCase(Locale.ROOT));
		if (simple.matches()) {
			try {
				long amount = Long.parseLong(simple.group(1));
				String unit = (simple.group(2) != null) ? simple.group(2) : "ms";
				return switch (unit) {
					case "ns" -> Duration.ofNanos(amount);
					case "us" -> Duration.ofNanos(Math.multiplyExact(amount, 1000L));
					case "s" -> Duration.ofSeconds(amount);
					case "m" -> Duration.ofMinutes(amount);
					case "h" -> Duration.ofHours(amount);
					case "d" -> Duration.ofDays(amount);
					default -> Duration.ofMillis(amount);
				};
			}
			catch (NumberFormatException | ArithmeticException ex) { // too many digits for a duration
				throw new IllegalArgumentException(DURATION_FORMS, ex);
			}
		}
		try {
			return Duration.parse(text.toUpperCase(Locale.ROOT));
		}
		catch (DateTimeParseException ex) {
			throw new IllegalArgumentException(DURATION_FORMS, ex);
		}
	}

	/**
	 * The duration setting {@code setting} of a settings map (Hibernate's; the coordination modules read their own
	 * settings with it), or {@code fallback} when it is absent.
	 * @throws SnowflakeConfigurationException naming the setting and the value if it is not a duration
	 */
	public static Duration duration(Map<String, ?> settings, String setting, Duration fallback) {
		Object value = settings.get(setting);
		if (value == null) {
			return fallback;
		}
		try {
			return parseDuration(value);
		}
		catch (IllegalArgumentException | ArithmeticException ex) {
			throw new SnowflakeConfigurationException(setting, "'" + value + "'", DURATION_FORMS);
		}
	}
}
