package io.snowflakeid.quarkus.runtime;

import jakarta.json.bind.serializer.JsonbSerializer;
import jakarta.json.bind.serializer.SerializationContext;
import jakarta.json.stream.JsonGenerator;

/**
 * A {@code @SnowflakeId Long} property as a JSON string with JSON-B, so JavaScript clients do not round ids above
 * 2^53. The build puts {@code @JsonbTypeSerializer(SnowflakeIdJsonbSerializer.class)} on each such property that has
 * no JSON-B type annotation of its own: JSON-B has no hook to choose a serializer per property at run time.
 */
public final class SnowflakeIdJsonbSerializer implements JsonbSerializer<Long> {

	@Override
	public void serialize(Long id, JsonGenerator generator, SerializationContext context) {
		generator.write(Long.toString(id));
	}
}
