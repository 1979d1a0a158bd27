package io.snowflakeid.hibernate.internal;

/**
 * How a snowflake id written as JSON text is read, by every JSON binding (Jackson 2 and 3, JSON-B): apart from
 * {@link SnowflakeIdJson}, which needs Jackson's annotations, which an application with JSON-B alone has not. An
 * internal package, not an API.
 */
public final class SnowflakeIdText {

	private SnowflakeIdText() {
	}

	/**
	 * A decimal string such as {@code "912207628317364225"} (blanks around it allowed); anything else is an error
	 * naming the value.
	 * @throws IllegalArgumentException if {@code text} is no decimal {@code long}
	 */
	public static long parse(String text) {
		try {
			return Long.parseLong(text.trim());
		}
		catch (NumberFormatException ex) {
			throw new IllegalArgumentException("Not a snowflake id: '" + text
					+ "' (expected a decimal string or number such as \"912207628317364225\")", ex);
		}
	}
}
