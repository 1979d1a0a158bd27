package io.snowflakeid.hibernate.internal;

import java.util.List;

import com.fasterxml.jackson.annotation.ObjectIdGenerators;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.PropertyName;
import com.fasterxml.jackson.databind.SerializationConfig;
import com.fasterxml.jackson.databind.introspect.BeanPropertyDefinition;
import com.fasterxml.jackson.databind.introspect.ObjectIdInfo;
import com.fasterxml.jackson.databind.ser.BeanPropertyWriter;
import com.fasterxml.jackson.databind.ser.BeanSerializer;
import com.fasterxml.jackson.databind.ser.BeanSerializerModifier;
import com.fasterxml.jackson.databind.ser.impl.ObjectIdWriter;
import com.fasterxml.jackson.databind.ser.impl.PropertyBasedObjectIdGenerator;
import com.fasterxml.jackson.databind.ser.std.BeanSerializerBase;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.publicid.PublicId;

/**
 * Jackson 2: an object id taken from a {@code @SnowflakeId} or {@code @PublicId} property
 * ({@code @JsonIdentityInfo(generator = PropertyGenerator.class, property = "id")}) is written as that property is,
 * also where Jackson writes the id alone: the second occurrence of an object, and
 * {@code @JsonIdentityReference(alwaysAsId = true)}. Jackson writes those with the serializer of the id's type
 * ({@code Long}: a JSON number), past the property's own; a JavaScript client would round the id, and a public id
 * would go out raw. The bean serializers of classes with such a property keep the property's serializer for the
 * object id (a {@code @PublicId} property without one is refused, never written raw).
 */
final class Jackson2ObjectIds extends BeanSerializerModifier {

	private static final long serialVersionUID = 1L;

	@Override
	public JsonSerializer<?> modifySerializer(SerializationConfig config, BeanDescription description,
			JsonSerializer<?> serializer) {
		if (serializer instanceof BeanSerializerBase bean && !(serializer instanceof IdAsProperty)
				&& hasIdProperty(description.findProperties())) {
			return new IdAsProperty(bean);
		}
		return serializer;
	}

	/** Whether the class has a property an object id could be taken from that this module writes its own way. */
	private static boolean hasIdProperty(List<BeanPropertyDefinition> properties) {
		for (BeanPropertyDefinition property : properties) {
			if (property.getPrimaryMember() != null && (property.getPrimaryMember().hasAnnotation(SnowflakeId.class)
					|| property.getPrimaryMember().hasAnnotation(PublicId.class))) {
				return true;
			}
		}
		return false;
	}

	/** A bean serializer whose object id, when it is one of those properties, is written by the property's serializer. */
	static final class IdAsProperty extends BeanSerializer {

		private static final long serialVersionUID = 1L;

		IdAsProperty(BeanSerializerBase source) {
			super(source);
		}

		private IdAsProperty(BeanSerializerBase source, ObjectIdWriter objectIdWriter) {
			super(source, objectIdWriter);
		}

		/** Where Jackson sets the object id's serializer (once contextual): the property's instead. */
		@Override
		public BeanSerializerBase withObjectIdWriter(ObjectIdWriter objectIdWriter) {
			return new IdAsProperty(this, asProperty(objectIdWriter));
		}

		/** Jackson moves the id property first this way (an object id declared on a property): keep this type. */
		@Override
		protected BeanSerializerBase withProperties(BeanPropertyWriter[] properties,
				BeanPropertyWriter[] filteredProperties) {
			return new IdAsProperty(super.withProperties(properties, filteredProperties));
		}

		private ObjectIdWriter asProperty(ObjectIdWriter writer) {
			if (writer == null || writer.serializer == null
					|| !(writer.generator instanceof PropertyBasedObjectIdGenerator generator)) {
				return writer;
			}
			for (BeanPropertyWriter property : this._props) {
				if (!isIdOf(generator, property)) {
					continue;
				}
				boolean publicId = property.getAnnotation(PublicId.class) != null;
				if (!publicId && property.getAnnotation(SnowflakeId.class) == null) {
					return writer;
				}
				if (property.hasSerializer()) {
					return writer.withSerializer(property.getSerializer());
				}
				return writer.withSerializer(publicId
						? new SnowflakeIdJackson2Module.PublicIdRefusal(property.getMember())
						: ToStringSerializer.instance);
			}
			return writer;
		}

		/**
		 * Whether the generator takes its ids from {@code property}: Jackson's generator names its property only to
		 * itself, and says whether another generator would take the same ({@code canUseFor}: the same scope and
		 * property).
		 */
		private static boolean isIdOf(PropertyBasedObjectIdGenerator generator, BeanPropertyWriter property) {
			ObjectIdInfo probe = new ObjectIdInfo(PropertyName.construct(property.getName()), generator.getScope(),
					ObjectIdGenerators.PropertyGenerator.class, null);
			return generator.canUseFor(new PropertyBasedObjectIdGenerator(probe, property));
		}
	}
}
