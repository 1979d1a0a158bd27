package io.snowflakeid.quarkus.runtime;

import java.lang.reflect.Type;

import io.snowflakeid.hibernate.internal.SnowflakeIdText;
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
		// Yasson hands over the parser at the value (a string or a number; null never reaches here) and supports
		// neither currentEvent() nor getValue() on it: getString() gives the text of both.
		String text = parser.getString();
		try {
			return SnowflakeIdText.parse(text);
		}
		catch (IllegalArgumentException ex) {
			throw new RejectedJsonbValue(ex.getMessage(), ex);
		}
	}
}
