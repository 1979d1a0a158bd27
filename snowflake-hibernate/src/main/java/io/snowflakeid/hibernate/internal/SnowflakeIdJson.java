package io.snowflakeid.hibernate.internal;

import com.fasterxml.jackson.annotation.JsonFormat;

/**
 * What the Jackson modules share: which properties are snowflake ids (how a JSON value is read: {@link
 * SnowflakeIdText}). Public for the
 * Jackson 2 module beside it (Spring Boot 3.5, Quarkus), the starter's Jackson 3 module (Spring Boot 4) and its
 * OpenAPI customizer; an internal package, not an API.
 */
public final class SnowflakeIdJson {

	private SnowflakeIdJson() {
	}

	/** A {@code Long}/{@code long} property annotated {@code @SnowflakeId} (String ids are strings already). */
	public static boolean isNumericSnowflakeId(boolean annotated, Class<?> type) {
		return annotated && (type == Long.class || type == long.class);
	}

	/**
	 * Whether the property asks to stay a JSON number ({@code @JsonFormat(shape = NUMBER)}): for an existing API whose
	 * clients are not JavaScript and expect numbers. Reading accepts both forms either way.
	 */
	public static boolean keepsNumber(JsonFormat format) {
		return format != null
				&& (format.shape() == JsonFormat.Shape.NUMBER || format.shape() == JsonFormat.Shape.NUMBER_INT);
	}
}
