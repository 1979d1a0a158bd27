package io.snowflakeid.quarkus.runtime;

import java.lang.reflect.Type;

import io.snowflakeid.hibernate.internal.SnowflakeIdText;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.bind.serializer.DeserializationContext;
import jakarta.json.bind.serializer.JsonbDeserializer;
import jakarta.json.stream.JsonParser;

/**
 * A {@code @SnowflakeId Long} property read with JSON-B from a decimal string (as {@link SnowflakeIdJsonbSerializer}
 * writes it) or a number (as clients that never saw strings send it); anything else is an error naming the value.
 */
public final class SnowflakeIdJsonbDeserializer implements JsonbDeserializer<Long> {

	@Override
	public Long deserialize(JsonParser parser, DeserializationContext context, Type type) {
		Long id = idOrNull(parser, context);
		if (id == null && type == long.class) {
			throw new RejectedJsonbValue("null where a long id belongs", null);
		}
		return id;
	}

	/**
	 * The id at the parser, or null for JSON null. Yasson hands over the parser at the value, JSON null included, and
	 * supports neither currentEvent() nor getValue() on it: the value is read as a JsonValue through the context.
	 */
	static Long idOrNull(JsonParser parser, DeserializationContext context) {
		JsonValue value = context.deserialize(JsonValue.class, parser);
		String text = switch (value.getValueType()) {
			case NULL -> null;
			case STRING -> ((JsonString) value).getString();
			case NUMBER -> value.toString();
			default -> throw new RejectedJsonbValue("not an id: a JSON " + value.getValueType().name().toLowerCase(
					java.util.Locale.ROOT), null);
		};
		return (text != null) ? parse(text) : null;
	}

	/** A decimal id's text as the id; a malformed one refused as the client's mistake (a 400). */
	static Long parse(String text) {
		try {
			return SnowflakeIdText.parse(text);
		}
		catch (IllegalArgumentException ex) {
			throw new RejectedJsonbValue(ex.getMessage(), ex);
		}
	}
}
