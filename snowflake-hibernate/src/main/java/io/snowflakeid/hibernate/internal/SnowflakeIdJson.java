package io.snowflakeid.hibernate.internal;

import java.lang.annotation.Annotation;
import java.util.function.BooleanSupplier;

import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.publicid.PublicId;

import com.fasterxml.jackson.annotation.JsonFormat;

/**
 * What the Jackson 2 and 3 modules beside it share: which properties are snowflake ids written as strings (how a JSON
 * value is read: {@link SnowflakeIdText}). Public for the starter's OpenAPI customizer; an
 * internal package, not an API.
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

	/**
	 * Whether the ids-as-strings modules take a member, whatever its type (the caller tests that): {@code @SnowflakeId}
	 * and not {@code @PublicId} (the public-id module writes those), no {@code @JsonFormat(shape = NUMBER)} asked
	 * when writing ({@code mutator}: reading, which accepts both forms), and no (de)serializer of the application's
	 * on it ({@code ownCodec}, asked last: only the line's own annotation types can say).
	 */
	static boolean asString(Annotations annotations, boolean mutator, BooleanSupplier ownCodec) {
		return annotations.get(SnowflakeId.class) != null && annotations.get(PublicId.class) == null
				&& (mutator || !keepsNumber(annotations.get(JsonFormat.class))) && !ownCodec.getAsBoolean();
	}

	/** The annotations of a member of either Jackson line: {@code annotated::getAnnotation}. */
	@FunctionalInterface
	interface Annotations {

		<A extends Annotation> A get(Class<A> type);
	}
}
