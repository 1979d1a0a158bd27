package io.snowflakeid.internal.config;

import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.snowflakeid.internal.keys.SnowflakeSettings;
import io.snowflakeid.config.SchemaCheck;
import io.snowflakeid.publicid.PublicIdAlphabet;

/**
 * The parsers of the settings table: numbers, switches, instants and durations in the forms Spring Boot accepts for
 * the same property, so a value means the same in both bindings; a value of the wrong form is an error that says
 * what is allowed ({@link Setting#parse} adds the key and the value), never a silent default.
 */
final class Parsers {

	/** The forms a duration setting may take, for messages. */
	private static final String DURATION_FORMS = "a duration such as 10ms, 1s, 5m or PT0.01S (a plain number means "
			+ "milliseconds)";

	/** Spring Boot's simple duration form: a whole number and an optional unit (no unit: milliseconds). */
	private static final Pattern SIMPLE_DURATION = Pattern.compile("([+-]?\\d+)\\s*(ns|us|ms|s|m|h|d)?");

	private Parsers() {
	}

	/**
	 * Reads {@code value} as a {@code type} of the settings table. A switch rather than a parser function per row:
	 * the table's class initialization then creates no lambdas (each one costs a cold start about a millisecond).
	 */
	static Object parse(Class<?> type, Object value) {
		if (type == String.class) {
			return text(value);
		}
		if (type == Integer.class) {
			return toInt(value);
		}
		if (type == Long.class) {
			return toLong(value);
		}
		if (type == Double.class) {
			return toDouble(value);
		}
		if (type == Boolean.class) {
			return toBoolean(value);
		}
		if (type == Instant.class) {
			return toInstant(value);
		}
		if (type == Duration.class) {
			return toDuration(value);
		}
		if (type == WorkerAssignment.class) {
			return WorkerAssignment.parse(value);
		}
		if (type == SchemaCheck.class) {
			return SchemaCheck.parse(value);
		}
		if (type == PublicIdAlphabet.class) {
			return (value instanceof PublicIdAlphabet alphabet) ? alphabet : PublicIdAlphabet.parse(value.toString());
		}
		throw new IllegalArgumentException("No parser for settings of type " + type.getName());
	}

	/** Whether {@link #parse} reads that type. */
	static boolean parses(Class<?> type) {
		return type == String.class || type == Integer.class || type == Long.class || type == Double.class
				|| type == Boolean.class || type == Instant.class || type == Duration.class
				|| type == WorkerAssignment.class || type == SchemaCheck.class || type == PublicIdAlphabet.class;
	}

	/** Trimmed text. */
	public static String text(Object value) {
		return value.toString().trim();
	}

	public static Integer toInt(Object value) {
		long parsed = toLong(value);
		if (parsed < Integer.MIN_VALUE || parsed > Integer.MAX_VALUE) {
			throw new Unparseable("a whole number from " + Integer.MIN_VALUE + " to " + Integer.MAX_VALUE);
		}
		return (int) parsed;
	}

	public static Long toLong(Object value) {
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

	public static Double toDouble(Object value) {
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
	public static Boolean toBoolean(Object value) {
		if (value instanceof Boolean bool) {
			return bool;
		}
		String text = value.toString().trim();
		if (text.equalsIgnoreCase("true") || text.equalsIgnoreCase("false")) {
			return Boolean.valueOf(text);
		}
		throw new Unparseable("true or false");
	}

	public static Instant toInstant(Object value) {
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

	/**
	 * A duration as every binding reads them: a {@link Duration}, a number of milliseconds, Spring Boot's simple form
	 * ({@code 10ms}, {@code 1s}, {@code 5m}, {@code 1h}, {@code 1d}) or ISO-8601 ({@code PT0.01S}).
	 * @throws IllegalArgumentException if it is none of these (the message says what is allowed)
	 * @throws ArithmeticException if it overflows
	 */
	public static Duration toDuration(Object value) {
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

	/** A value of the wrong form; {@link Setting#parse} turns it into a message naming the key and the value. */
	static final class Unparseable extends IllegalArgumentException {

		private static final long serialVersionUID = 1L;

		final String expected;

		Unparseable(String expected) {
			super(expected);
			this.expected = expected;
		}
	}
}
