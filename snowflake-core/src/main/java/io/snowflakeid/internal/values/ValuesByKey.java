package io.snowflakeid.internal.values;

import java.util.Map;
import java.util.Objects;

/**
 * Reads the values a binding collected by setting key, as the configuration records' {@code with(Map)} take them:
 * typed already (the settings table's parsers ran), a key absent meaning "keep what the record has". Public for the
 * records of the core's packages only; not an API.
 */
public final class ValuesByKey {

	private ValuesByKey() {
	}

	/**
	 * The map's value for the key (null included), or {@code current} when the map does not hold the key.
	 * @throws IllegalArgumentException naming the key if the value is not of the type
	 */
	public static <T> T value(Map<String, ?> values, String key, Class<T> type, T current) {
		if (!values.containsKey(key)) {
			return current;
		}
		Object value = values.get(key);
		if (value != null && !type.isInstance(value)) {
			throw new IllegalArgumentException(key + " must be a " + type.getSimpleName() + ", not a "
					+ value.getClass().getName() + " (text is read by the settings table's parsers first)");
		}
		return type.cast(value);
	}

	/** As {@link #value}, for a component that cannot be null (a primitive): a null names the key. */
	public static <T> T required(Map<String, ?> values, String key, Class<T> type, T current) {
		return Objects.requireNonNull(value(values, key, type, current), key + " must not be null");
	}
}
