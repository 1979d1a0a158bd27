package io.snowflakeid.hibernate.internal;

import java.util.function.Supplier;

/**
 * The containers a {@code @PublicId} property may be, written once for both Jackson lines: their {@code JavaType}s
 * differ ({@code com.fasterxml.jackson.databind} and {@code tools.jackson.databind}), so each module reads its own
 * through a {@link Types} of six one-line methods.
 */
final class PublicIdShapes {

	private PublicIdShapes() {
	}

	/** One Jackson line's {@code JavaType}, as far as the shapes need it. */
	interface Types<T> {

		boolean isMapLike(T type);

		/** The elements (of a collection, array or reference type) or a map's values; null for a scalar. */
		T content(T type);

		T key(T type);

		Class<?> raw(T type);

		/** A collection, array, map or reference type ({@code Optional}, {@code AtomicReference}). */
		boolean isContainer(T type);

		String canonical(T type);
	}

	/**
	 * The ids of a container, or null where it holds none: the elements of a collection, array or {@code Optional}
	 * ({@code Long} or {@code String}, not a primitive: a {@code long[]} is a scalar shape of its own), the values of
	 * a map ({@code Long}).
	 */
	static <T> T idContent(Types<T> types, T type) {
		T content = (type != null) ? types.content(type) : null;
		if (content == null) {
			return null;
		}
		Class<?> raw = types.raw(content);
		boolean id = types.isMapLike(type) ? raw == Long.class : PublicIdJson.isIdType(raw) && !raw.isPrimitive();
		return id ? content : null;
	}

	/** A map keyed by ids ({@code Long}): its keys are written and read as tokens. */
	static <T> boolean hasIdKeys(Types<T> types, T type) {
		return type != null && types.isMapLike(type) && types.raw(types.key(type)) == Long.class;
	}

	/**
	 * Refuses a container with no id inside, no container at all, or a map whose values are containers (lists of
	 * ids?): Jackson would write them as they are, raw. Refuses as well a serializer or deserializer of the
	 * application's on the whole container ({@code replaced}): it would replace the tokens of its elements.
	 */
	static <T> void requireIdsInside(Types<T> types, T type, boolean replaced, Supplier<String> where) {
		T values = types.isMapLike(type) ? types.content(type) : null;
		boolean nested = values != null && types.isContainer(values);
		if ((idContent(types, type) == null && !hasIdKeys(types, type)) || nested) {
			throw new IllegalArgumentException(PublicIdJson.unsupported(where.get(), types.canonical(type)));
		}
		if (replaced) {
			throw new IllegalArgumentException(PublicIdJson.replaced(where.get()));
		}
	}
}
