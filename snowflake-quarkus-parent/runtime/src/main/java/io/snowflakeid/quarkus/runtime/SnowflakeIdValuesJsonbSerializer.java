package io.snowflakeid.quarkus.runtime;

import java.util.Map;
import java.util.Optional;

import jakarta.json.bind.serializer.JsonbSerializer;
import jakarta.json.bind.serializer.SerializationContext;
import jakarta.json.stream.JsonGenerator;

/**
 * A {@code @SnowflakeId} property that holds ids rather than one {@code Long}, with JSON-B: a {@code List}, {@code Set}
 * or other collection of {@code Long}, a {@code Long[]} or {@code long[]}, an {@code Optional<Long>}, a
 * {@code Map<String, Long>} (the ids its values), and an id whose
 * declared type is a type variable ({@code I id} in a generic superclass): each id a JSON string, as
 * {@link SnowflakeIdJsonbSerializer} writes one. The build puts it on such properties, as it puts that one on
 * {@code Long} properties. A value that is no id (a type variable bound to another type) is left to JSON-B.
 */
public final class SnowflakeIdValuesJsonbSerializer implements JsonbSerializer<Object> {

	@Override
	public void serialize(Object value, JsonGenerator generator, SerializationContext context) {
		if (value instanceof Long id) {
			generator.write(Long.toString(id));
		}
		else if (value instanceof Optional<?> optional) {
			if (optional.isPresent()) {
				serialize(optional.get(), generator, context);
			}
			else {
				generator.writeNull();
			}
		}
		else if (value instanceof Iterable<?> ids) {
			generator.writeStartArray();
			for (Object id : ids) {
				element(id, generator, context);
			}
			generator.writeEnd();
		}
		else if (value instanceof Map<?, ?> ids) {
			generator.writeStartObject();
			for (Map.Entry<?, ?> entry : ids.entrySet()) {
				generator.writeKey(String.valueOf(entry.getKey()));
				element(entry.getValue(), generator, context);
			}
			generator.writeEnd();
		}
		else if (value instanceof Long[] ids) {
			generator.writeStartArray();
			for (Long id : ids) {
				element(id, generator, context);
			}
			generator.writeEnd();
		}
		else if (value instanceof long[] ids) {
			generator.writeStartArray();
			for (long id : ids) {
				generator.write(Long.toString(id));
			}
			generator.writeEnd();
		}
		else {
			context.serialize(value, generator);
		}
	}

	private static void element(Object id, JsonGenerator generator, SerializationContext context) {
		if (id == null) {
			generator.writeNull();
		}
		else if (id instanceof Long value) {
			generator.write(Long.toString(value));
		}
		else {
			context.serialize(id, generator);
		}
	}
}
