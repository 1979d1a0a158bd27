package io.snowflakeid.quarkus.runtime;

import java.lang.reflect.Type;

import io.snowflakeid.hibernate.internal.PublicIdJson;
import io.snowflakeid.publicid.InvalidPublicIdException;
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
		try {
			long id = QuarkusPublicIds.requiredCodec().decode(PublicIdJson.token(parser.getString()));
			return PublicIdJson.asTarget(id, (type == String.class) ? String.class : Long.class);
		}
		catch (InvalidPublicIdException ex) {
			throw new RejectedJsonbValue(ex.getMessage(), ex);
		}
	}
}
