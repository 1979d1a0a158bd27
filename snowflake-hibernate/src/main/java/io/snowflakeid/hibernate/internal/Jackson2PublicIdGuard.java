package io.snowflakeid.hibernate.internal;

import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.introspect.AnnotatedMember;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.ser.BeanSerializerModifier;
import io.snowflakeid.publicid.PublicId;

/**
 * Jackson 2: a mapper with the ids-as-strings module ({@link SnowflakeIdJackson2Module}), which leaves
 * {@code @PublicId} to the public-id module, but without that module (built by hand):
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
		return PublicIdJson.withoutPublicIdModule(where, "PublicIdJackson2Module");
	}

	/** JDK types carry no {@code @PublicId}: not introspected. */
	private static boolean applies(JavaType type) {
		return PublicIdJson.isApplicationType(type.getRawClass());
	}

	static final class Serializers extends BeanSerializerModifier {

		private static final long serialVersionUID = 1L;

		@Override
		public JsonSerializer<?> modifySerializer(SerializationConfig config, BeanDescription description,
				JsonSerializer<?> serializer) {
			String where = (!applies(description.getType()) || PublicIdJackson2Module.introspects(config)) ? null
					: publicIdMember(description);
			return (where != null) ? new PublicIdJackson2Module.RefusingSerializer(refusal(where)) : serializer;
		}

		@Override
		public JsonSerializer<?> modifyKeySerializer(SerializationConfig config, JavaType type,
				BeanDescription description, JsonSerializer<?> serializer) {
			if (!applies(type) || PublicIdJackson2Module.introspects(config)) {
				return serializer;
			}
			String where = publicIdMember(config.introspect(type));
			return (where != null) ? new PublicIdJackson2Module.RefusingSerializer(refusal(where)) : serializer;
		}
	}

	static final class Deserializers extends BeanDeserializerModifier {

		private static final long serialVersionUID = 1L;

		@Override
		public JsonDeserializer<?> modifyDeserializer(DeserializationConfig config, BeanDescription description,
				JsonDeserializer<?> deserializer) {
			String where = (!applies(description.getType()) || PublicIdJackson2Module.introspects(config)) ? null
					: publicIdMember(description);
			return (where != null) ? new PublicIdJackson2Module.RefusingDeserializer(refusal(where)) : deserializer;
		}
	}
}
