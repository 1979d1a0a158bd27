package io.snowflakeid.config;

import java.util.Locale;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.internal.keys.SnowflakeSettings;

/**
 * What happens at start when a {@code @SnowflakeId} or {@code @SegmentId} column cannot hold the ids
 * ({@code snowflake.schema-check}): a 32-bit column that MariaDB in non-strict mode would silently clamp, a
 * VARCHAR too short for the text form, an identity column that rejects explicit ids.
 */
public enum SchemaCheck {

	/** Refuse to start, naming the attribute, the column, its type and the ALTER statement that fixes it. */
	FAIL,

	/** Log the same findings as warnings and start. */
	WARN,

	/** Do not look at the columns. */
	OFF;

	/** The kebab-case property value, e.g. {@code fail}. */
	public String value() {
		return name().toLowerCase(Locale.ROOT);
	}

	public static SchemaCheck parse(Object value) {
		if (value instanceof SchemaCheck check) {
			return check;
		}
		String text = String.valueOf(value).trim().toUpperCase(Locale.ROOT);
		for (SchemaCheck check : values()) {
			if (check.name().equals(text)) {
				return check;
			}
		}
		throw new SnowflakeConfigurationException(SnowflakeSettings.SCHEMA_CHECK, "'" + value + "'",
				"fail, warn or off");
	}
}
