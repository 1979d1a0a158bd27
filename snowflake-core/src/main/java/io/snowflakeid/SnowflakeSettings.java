package io.snowflakeid;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Map;
import java.util.function.IntConsumer;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Names of the settings, shared by every binding: they are the Spring Boot properties and, unchanged, the
 * Hibernate settings (persistence.xml, hibernate.properties) of plain Hibernate applications. Error messages use
 * them so that a user sees the key they have to fix.
 */
public final class SnowflakeSettings {

	public static final String PREFIX = "snowflake.";

	public static final String DATACENTER_ID = PREFIX + "datacenter-id";

	public static final String WORKER_ID = PREFIX + "worker-id";

	public static final String EPOCH = PREFIX + "epoch";

	public static final String TICK_LENGTH = PREFIX + "tick-length";

	public static final String TIMESTAMP_BITS = PREFIX + "layout.timestamp-bits";

	public static final String DATACENTER_BITS = PREFIX + "layout.datacenter-bits";

	public static final String WORKER_BITS = PREFIX + "layout.worker-bits";

	public static final String SEQUENCE_BITS = PREFIX + "layout.sequence-bits";

	public static final String CLOCK_TOLERANCE = PREFIX + "clock-tolerance";

	/** {@code classic} (41/5/5/12 in 63 bits, the default) or {@code javascript-safe} (41/0/5/7 in 53 bits). */
	public static final String LAYOUT_PRESET = PREFIX + "layout.preset";

	/** Log a warning at start when less than this many years remain in the timestamp field (default 10). */
	public static final String LIFETIME_WARNING_YEARS = PREFIX + "lifetime-warning-years";

	private static final Pattern SIMPLE_DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m)?");

	private SnowflakeSettings() {
	}

	/**
	 * A generator builder configured from {@code snowflake.*} entries of a settings map (such as Hibernate's).
	 * Absent entries keep the defaults; datacenter and worker ids have none and are checked by
	 * {@link SnowflakeIdGenerator.Builder#build()}.
	 * @throws SnowflakeConfigurationException naming the entry that cannot be read
	 */
	public static SnowflakeIdGenerator.Builder builderFrom(Map<String, ?> settings) {
		SnowflakeLayout.Builder layout = preset(settings.get(LAYOUT_PRESET)).toBuilder();
		readInt(settings, TIMESTAMP_BITS, layout::timestampBits);
		readInt(settings, DATACENTER_BITS, layout::datacenterBits);
		readInt(settings, WORKER_BITS, layout::workerBits);
		readInt(settings, SEQUENCE_BITS, layout::sequenceBits);
		Object epoch = settings.get(EPOCH);
		if (epoch != null) {
			layout.epoch(toInstant(epoch));
		}
		Object tick = settings.get(TICK_LENGTH);
		if (tick != null) {
			layout.tickLength(toDuration(TICK_LENGTH, tick));
		}
		SnowflakeIdGenerator.Builder builder = SnowflakeIdGenerator.builder().layout(layout.build());
		Object datacenter = settings.get(DATACENTER_ID);
		if (datacenter != null) {
			builder.datacenterId(toLong(DATACENTER_ID, datacenter));
		}
		Object worker = settings.get(WORKER_ID);
		if (worker != null) {
			builder.workerId(toLong(WORKER_ID, worker));
		}
		Object tolerance = settings.get(CLOCK_TOLERANCE);
		if (tolerance != null) {
			builder.clockTolerance(toDuration(CLOCK_TOLERANCE, tolerance));
		}
		return builder;
	}

	/** The layout a preset name stands for. */
	public static SnowflakeLayout preset(Object name) {
		String text = (name == null) ? "classic" : name.toString().trim().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
		return switch (text) {
			case "classic", "" -> SnowflakeLayout.DEFAULT;
			case "javascript-safe" -> SnowflakeLayout.JAVASCRIPT_SAFE;
			default -> throw new SnowflakeConfigurationException(LAYOUT_PRESET, "'" + name + "'",
					"classic or javascript-safe");
		};
	}

	/**
	 * A warning if less than {@code years} remain in the layout's timestamp field at {@code now}, else null. A
	 * field already exhausted makes generators refuse to start; this is the early notice.
	 */
	public static String lifetimeWarning(SnowflakeLayout layout, java.time.Instant now, long years) {
		Duration left = layout.remainingLifetime(now);
		if (left.compareTo(Duration.ofDays(365 * years + years / 4)) >= 0) {
			return null;
		}
		return String.format(java.util.Locale.ROOT,
				"Only %.1f years remain in the snowflake timestamp field (it runs out at %s, less than %d years from now"
						+ " (%s)). Plan a new layout before then: a later %s or more %s for new tables",
				left.toDays() / 365.25, layout.exhaustedAt(), years, LIFETIME_WARNING_YEARS, EPOCH, TIMESTAMP_BITS);
	}

	private static void readInt(Map<String, ?> settings, String key, IntConsumer target) {
		Object value = settings.get(key);
		if (value != null) {
			long parsed = toLong(key, value);
			if (parsed < Integer.MIN_VALUE || parsed > Integer.MAX_VALUE) {
				throw new SnowflakeConfigurationException(key, value, "0.." + SnowflakeLayout.USABLE_BITS);
			}
			target.accept((int) parsed);
		}
	}

	public static long toLong(String key, Object value) {
		if (value instanceof Number number) {
			return number.longValue();
		}
		try {
			return Long.parseLong(value.toString().trim());
		}
		catch (NumberFormatException ex) {
			throw new SnowflakeConfigurationException(key, "'" + value + "'", "a whole number");
		}
	}

	static Instant toInstant(Object value) {
		if (value instanceof Instant instant) {
			return instant;
		}
		try {
			return Instant.parse(value.toString().trim());
		}
		catch (DateTimeParseException ex) {
			throw new SnowflakeConfigurationException(EPOCH, "'" + value + "'",
					"an ISO-8601 UTC instant such as 2020-01-01T00:00:00Z");
		}
	}

	/** Accepts a {@link Duration}, a number of milliseconds, {@code 10ms}, {@code 1s}, {@code 1m} or ISO-8601. */
	public static Duration toDuration(String key, Object value) {
		if (value instanceof Duration duration) {
			return duration;
		}
		if (value instanceof Number number) {
			return Duration.ofMillis(number.longValue());
		}
		String text = value.toString().trim().toLowerCase(Locale.ROOT);
		Matcher simple = SIMPLE_DURATION.matcher(text);
		if (simple.matches()) {
			long amount = Long.parseLong(simple.group(1));
			String unit = (simple.group(2) != null) ? simple.group(2) : "ms";
			return switch (unit) {
				case "s" -> Duration.ofSeconds(amount);
				case "m" -> Duration.ofMinutes(amount);
				default -> Duration.ofMillis(amount);
			};
		}
		try {
			return Duration.parse(text.toUpperCase(Locale.ROOT));
		}
		catch (DateTimeParseException ex) {
			throw new SnowflakeConfigurationException(key, "'" + value + "'",
					"a duration such as 10ms, 1s or PT0.01S (a plain number means milliseconds)");
		}
	}
}
