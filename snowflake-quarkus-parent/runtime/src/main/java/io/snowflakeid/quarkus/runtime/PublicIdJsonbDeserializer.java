package io.snowflakeid.quarkus.runtime;

import java.lang.reflect.Type;

import io.snowflakeid.hibernate.internal.PublicIdJson;
import io.snowflakeid.publicid.InvalidPublicIdException;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.bind.serializer.DeserializationContext;
import jakarta.json.bind.serializer.JsonbDeserializer;
import jakarta.json.stream.JsonParser;

/**
 * A {@code @PublicId} property read with JSON-B from its token: what does not decode (a raw id among it: it is no
 * token) is an error that says why, never an id taken as it is.
 */
public final class PublicIdJsonbDeserializer implements JsonbDeserializer<Object> {

	@Override
	public Object deserialize(JsonParser parser, DeserializationContext context, Type type) {
		// read as a JsonValue: Yasson hands over JSON null too, and its parser cannot say which value it is at
		JsonValue value = context.deserialize(JsonValue.class, parser);
		if (value.getValueType() == JsonValue.ValueType.NULL && type != long.class) {
			return null;
		}
		String text = switch (value.getValueType()) {
			case STRING -> ((JsonString) value).getString();
			case NUMBER -> value.toString(); // a raw id: refused by the codec as no token, with its reason
			default -> throw new RejectedJsonbValue("a public id is a token, a JSON string; not a JSON "
					+ value.getValueType().name().toLowerCase(java.util.Locale.ROOT), null);
		};
		try {
			long id = QuarkusPublicIds.requiredCodec().decode(PublicIdJson.token(text));
			return PublicIdJson.asTarget(id, (type == String.class) ? String.class : Long.class);
		}
		catch (InvalidPublicIdException ex) {
			throw new RejectedJsonbValue(ex.getMessage(), ex);
		}
	}
}
