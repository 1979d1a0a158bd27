package io.snowflakeid.hibernate.internal;

import io.snowflakeid.publicid.PublicId;
import tools.jackson.core.JsonGenerator;
import tools.jackson.core.JsonParser;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DeserializationConfig;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.SerializationConfig;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.deser.ValueDeserializerModifier;
import tools.jackson.databind.deser.std.StdDeserializer;
import tools.jackson.databind.introspect.AnnotatedMember;
import tools.jackson.databind.introspect.BeanPropertyDefinition;
import tools.jackson.databind.ser.ValueSerializerModifier;
import tools.jackson.databind.ser.std.StdSerializer;

/**
 * Jackson 3: a mapper with {@link SnowflakeIdJackson3Module} but without the public-id module (built by hand): every
 * type with a {@code @PublicId} member is refused, written, read or as a map key, naming it (it went out as the raw
 * id, reviews J1-4 and session 39). Whole types, so that no shape Jackson writes past the annotation introspector
 * (object-identity references, creators, {@code @JsonKey}/{@code @JsonValue} keys) lets the raw id through. The
 * public-id module's presence is read from the mapper's configuration, whichever module was registered first. The
 * Jackson 2 twin is {@link Jackson2PublicIdGuard}, beside it.
 */
final class Jackson3PublicIdGuard {

	private Jackson3PublicIdGuard() {
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
		return PublicIdJson.withoutPublicIdModule(where, "PublicIdJackson3Module");
	}

	/** JDK types carry no {@code @PublicId}: not introspected. */
	private static boolean applies(JavaType type) {
		return PublicIdJson.isApplicationType(type.getRawClass());
	}

	static final class Serializers extends ValueSerializerModifier {

		private static final long serialVersionUID = 1L;

		@Override
		public ValueSerializer<?> modifySerializer(SerializationConfig config, BeanDescription.Supplier description,
				ValueSerializer<?> serializer) {
			String where = (!applies(description.getType()) || PublicIdJackson3Module.introspects(config)) ? null
					: publicIdMember(description.get());
			return (where != null) ? new Refusal(refusal(where)) : serializer;
		}

		@Override
		public ValueSerializer<?> modifyKeySerializer(SerializationConfig config, JavaType type,
				BeanDescription.Supplier description, ValueSerializer<?> serializer) {
			String where = (!applies(type) || PublicIdJackson3Module.introspects(config)) ? null
					: publicIdMember(description.get());
			return (where != null) ? new Refusal(refusal(where)) : serializer;
		}
	}

	static final class Deserializers extends ValueDeserializerModifier {

		private static final long serialVersionUID = 1L;

		@Override
		public ValueDeserializer<?> modifyDeserializer(DeserializationConfig config,
				BeanDescription.Supplier description, ValueDeserializer<?> deserializer) {
			String where = (!applies(description.getType()) || PublicIdJackson3Module.introspects(config)) ? null
					: publicIdMember(description.get());
			return (where != null) ? new ReadRefusal(refusal(where)) : deserializer;
		}
	}

	static final class Refusal extends StdSerializer<Object> {

		private final String message;

		Refusal(String message) {
			super(Object.class);
			this.message = message;
		}

		@Override
		public void serialize(Object value, JsonGenerator generator, SerializationContext context) {
			context.reportBadDefinition(context.constructType(Object.class), this.message);
		}
	}

	static final class ReadRefusal extends StdDeserializer<Object> {

		private final String message;

		ReadRefusal(String message) {
			super(Object.class);
			this.message = message;
		}

		@Override
		public Object deserialize(JsonParser parser, DeserializationContext context) {
			return context.reportBadDefinition(context.constructType(Object.class), this.message);
		}

		/**
		 * A JSON null (or an absent creator property, a null element) fails too, as with Jackson 2: the type is
		 * refused, whatever value it is given.
		 */
		@Override
		public Object getNullValue(DeserializationContext context) {
			return context.reportBadDefinition(context.constructType(Object.class), this.message);
		}
	}
}
