package io.snowflakeid.quarkus.runtime;

import io.snowflakeid.hibernate.internal.PublicIdJson;
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
		long value;
		try {
			value = PublicIdJson.idOf(id, "a JSON-B property");
		}
		catch (IllegalArgumentException ex) {
			throw new JsonbException(ex.getMessage(), ex);
		}
		generator.write(QuarkusPublicIds.requiredCodec().encode(value));
	}
}
