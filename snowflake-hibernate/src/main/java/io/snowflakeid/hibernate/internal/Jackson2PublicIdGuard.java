package io.snowflakeid.hibernate.internal;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.ser.BeanSerializerModifier;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.snowflakeid.publicid.PublicId;

/**
 * Jackson 2: a mapper with the ids-as-strings module that leaves {@code @PublicId} to the public-id module
 * ({@link SnowflakeIdJackson2Module#besidePublicIds()}, the starter's) but without that module (built by hand):
 * every type with a {@code @PublicId} member is refused, written, read or as a map key, naming it. Whole types, so
 * that no shape Jackson writes past the annotation introspector (object-identity references, creators, {@code
 * @JsonKey}/{@code @JsonValue} keys) lets the raw id through. The public-id module's presence is read from the
 * mapper's configuration, whichever module was registered first.
 */
final class Jackson2PublicIdGuard {

	private Jackson2PublicIdGuard() {
	}

	/** The first {@code @PublicId} member of the type, described, or null. */
	static String publicIdMember(BeanDescription description) {
		for (BeanPropertyDefinition property : description.findProperties()) {
			for (AnnotatedMember member : new AnnotatedMember[] { property.getField(), property.getGetter(),
					property.getSetter(), property.getConstructorParameter() }) {
				if (member != null && member.hasAnnotation(PublicId.class)) {
					return description.getBeanClass().getName() + "." + property.getName();
				}
			}
		}
		AnnotatedMember value = description.findJsonValueAccessor();
		if (value != null && value.hasAnnotation(PublicId.class)) {
			return description.getBeanClass().getName() + "." + value.getName();
		}
		return null;
	}

	static String refusal(String where) {
		return "@PublicId " + where + " cannot be written or read as JSON by this mapper: it has the snowflake-id"
				+ " module without the public-id module (PublicIdJackson2Module, which the starter's mappers have), and"
				+ " the raw id must not go out where a token was promised. Register the public-id module too, or remove"
				+ " @PublicId";
	}

	static final class Serializers extends BeanSerializerModifier {

		private static final long serialVersionUID = 1L;

		@Override
		public JsonSerializer<?> modifySerializer(SerializationConfig config, BeanDescription description,
				JsonSerializer<?> serializer) {
			String where = PublicIdJackson2Module.introspects(config) ? null : publicIdMember(description);
			return (where != null) ? new Refusal(refusal(where)) : serializer;
		}

		@Override
		public JsonSerializer<?> modifyKeySerializer(SerializationConfig config, JavaType type,
				BeanDescription description, JsonSerializer<?> serializer) {
			if (type.isPrimitive() || type.getRawClass().getName().startsWith("java.")
					|| PublicIdJackson2Module.introspects(config)) {
				return serializer;
			}
			String where = publicIdMember(config.introspect(type));
			return (where != null) ? new Refusal(refusal(where)) : serializer;
		}
	}

	static final class Deserializers extends BeanDeserializerModifier {

		private static final long serialVersionUID = 1L;

		@Override
		public JsonDeserializer<?> modifyDeserializer(DeserializationConfig config, BeanDescription description,
				JsonDeserializer<?> deserializer) {
			String where = PublicIdJackson2Module.introspects(config) ? null : publicIdMember(description);
			return (where != null) ? new ReadRefusal(refusal(where)) : deserializer;
		}
	}

	static final class Refusal extends StdSerializer<Object> {

		private static final long serialVersionUID = 1L;

		private final String message;

		Refusal(String message) {
			super(Object.class);
			this.message = message;
		}

		@Override
		public void serialize(Object value, JsonGenerator generator, SerializerProvider provider) throws IOException {
			provider.reportBadDefinition(provider.constructType(Object.class), this.message);
		}
	}

	static final class ReadRefusal extends StdDeserializer<Object> {

		private static final long serialVersionUID = 1L;

		private final String message;

		ReadRefusal(String message) {
			super(Object.class);
			this.message = message;
		}

		@Override
		public Object deserialize(JsonParser parser, DeserializationContext context) throws IOException {
			return context.reportBadDefinition(context.constructType(Object.class), this.message);
		}

		@Override
		public Object getNullValue(DeserializationContext context) throws JsonMappingException {
			return null; // a null is no id
		}
	}
}
