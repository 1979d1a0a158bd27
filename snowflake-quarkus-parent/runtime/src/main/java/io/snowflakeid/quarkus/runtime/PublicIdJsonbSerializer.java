package io.snowflakeid.quarkus.runtime;

import io.quarkus.arc.Arc;
import io.snowflakeid.publicid.PublicIdCodec;
import jakarta.json.bind.JsonbException;
import jakarta.json.bind.serializer.JsonbSerializer;
import jakarta.json.bind.serializer.SerializationContext;
import jakarta.json.stream.JsonGenerator;

/**
 * A {@code @PublicId} property ({@code Long}, {@code long} or a decimal {@code String}) as its token with JSON-B. The
 * build puts {@code @JsonbTypeSerializer(PublicIdJsonbSerializer.class)} on it; without a key (which the start refuses
 * where the build saw a use) it fails rather than write the raw id.
 */
public final class PublicIdJsonbSerializer implements JsonbSerializer<Object> {

	@Override
	public void serialize(Object id, JsonGenerator generator, SerializationContext context) {
		generator.write(codec().encode(idOf(id)));
	}

	static PublicIdCodec codec() {
		return Arc.container().instance(QuarkusPublicIds.class).get().codec().orElseThrow(() -> new JsonbException(
				"@PublicId property without a public id key: set " + QuarkusPublicIds.KEYS));
	}

	private static long idOf(Object id) {
		if (id instanceof Long value) {
			return value;
		}
		if (id instanceof String text && text.length() <= 19 && text.chars().allMatch((c) -> c >= '0' && c <= '9')
				&& !text.isEmpty()) {
			return Long.parseLong(text);
		}
		throw new JsonbException("A @PublicId property holds " + ((id instanceof String) ? "a String that is not a decimal"
				+ " id" : "a " + id.getClass().getName()) + ": only Long ids and Strings of decimal ids are written as"
				+ " tokens");
	}
}
