package io.snowflakeid.quarkus.runtime;

import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.lang.reflect.TypeVariable;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;

import jakarta.json.bind.serializer.DeserializationContext;
import jakarta.json.bind.serializer.JsonbDeserializer;
import jakarta.json.stream.JsonParser;

/**
 * Reads what {@link SnowflakeIdValuesJsonbSerializer} writes: ids as decimal strings or numbers, in a JSON array for a
 * collection or array property, the values of a JSON object for a map, alone for an {@code Optional<Long>} or a type
 * variable's id. Anything else is an error
 * naming the value (a 400 in Quarkus REST), as for a single id.
 */
public final class SnowflakeIdValuesJsonbDeserializer implements JsonbDeserializer<Object> {

	@Override
	public Object deserialize(JsonParser parser, DeserializationContext context, Type type) {
		Class<?> raw = raw(type);
		if (raw == Optional.class) {
			return Optional.ofNullable(SnowflakeIdJsonbDeserializer.idOrNull(parser, context));
		}
		if (raw == Long.class || raw == long.class || raw == Object.class) {
			return SnowflakeIdJsonbDeserializer.idOrNull(parser, context); // a type variable's id (Object once erased)
		}
		if (!parser.hasNext()) {
			// no array or object to read: JSON null (an absent value), or one value where several belong
			if (SnowflakeIdJsonbDeserializer.idOrNull(parser, context) == null) {
				return null;
			}
			return reject("not a JSON " + (Map.class.isAssignableFrom(raw) ? "object" : "array") + " of ids");
		}
		if (Map.class.isAssignableFrom(raw)) {
			Map<String, Long> ids = SortedMap.class.isAssignableFrom(raw) ? new TreeMap<>()
					: raw.isAssignableFrom(LinkedHashMap.class) ? new LinkedHashMap<>() : new HashMap<>();
			if (!raw.isInstance(ids)) {
				throw new IllegalStateException("@SnowflakeId ids of type " + type.getTypeName() + " are not read here");
			}
			return entries(parser, ids);
		}
		List<Long> ids = ids(parser);
		if (raw == long[].class) {
			return ids.stream().mapToLong((id) -> (id != null) ? id : reject("null in a long[] of ids")).toArray();
		}
		if (raw == Long[].class) {
			return ids.toArray(new Long[0]);
		}
		if (raw.isAssignableFrom(ArrayList.class)) {
			return ids;
		}
		if (raw.isAssignableFrom(LinkedHashSet.class)) {
			return new LinkedHashSet<>(ids);
		}
		if (raw.isAssignableFrom(TreeSet.class) || SortedSet.class.isAssignableFrom(raw)) {
			return new TreeSet<>(ids);
		}
		if (Collection.class.isAssignableFrom(raw)) {
			try {
				@SuppressWarnings("unchecked")
				Collection<Long> collection = (Collection<Long>) raw.getDeclaredConstructor().newInstance();
				collection.addAll(ids);
				return collection;
			}
			catch (ReflectiveOperationException ex) {
				throw new IllegalStateException("Cannot create a " + raw.getName() + " of ids: " + ex, ex);
			}
		}
		throw new IllegalStateException("@SnowflakeId ids of type " + type.getTypeName() + " are not read here");
	}

	/** The elements of the JSON array the parser is at (its start read by JSON-B), up to its end. */
	private static List<Long> ids(JsonParser parser) {
		List<Long> ids = new ArrayList<>();
		while (parser.hasNext()) {
			JsonParser.Event event = parser.next();
			switch (event) {
				case END_ARRAY -> {
					return ids;
				}
				case VALUE_NULL -> ids.add(null);
				case VALUE_STRING, VALUE_NUMBER -> ids.add(SnowflakeIdJsonbDeserializer.parse(parser.getString()));
				default -> reject("not an id: " + event);
			}
		}
		return reject("an array of ids without its end");
	}

	/** The members of the JSON object the parser is at (its start read by JSON-B), up to its end, into {@code ids}. */
	private static Map<String, Long> entries(JsonParser parser, Map<String, Long> ids) {
		String key = null;
		while (parser.hasNext()) {
			JsonParser.Event event = parser.next();
			switch (event) {
				case END_OBJECT -> {
					return ids;
				}
				case KEY_NAME -> key = parser.getString();
				case VALUE_NULL, VALUE_STRING, VALUE_NUMBER -> {
					if (key == null) {
						reject("not a JSON object of ids: a value without a name"); // an array sent for a map
					}
					ids.put(key, (event == JsonParser.Event.VALUE_NULL) ? null
							: SnowflakeIdJsonbDeserializer.parse(parser.getString()));
					key = null;
				}
				default -> reject("not an id: " + event);
			}
		}
		return reject("an object of ids without its end");
	}

	private static <T> T reject(String message) {
		throw new RejectedJsonbValue(message, null);
	}

	private static Class<?> raw(Type type) {
		if (type instanceof Class<?> raw) {
			return raw;
		}
		if (type instanceof ParameterizedType parameterized) {
			return raw(parameterized.getRawType());
		}
		if (type instanceof TypeVariable<?>) {
			return Object.class;
		}
		return Object.class;
	}
}
