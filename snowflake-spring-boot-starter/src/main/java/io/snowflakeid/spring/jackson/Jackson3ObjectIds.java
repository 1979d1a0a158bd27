package io.snowflakeid.spring.jackson;

import java.util.List;

import com.fasterxml.jackson.annotation.ObjectIdGenerators;
import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.publicid.PublicId;
import tools.jackson.core.JsonGenerator;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.DatabindException;
import tools.jackson.databind.PropertyName;
import tools.jackson.databind.SerializationConfig;
import tools.jackson.databind.SerializationContext;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.introspect.BeanPropertyDefinition;
import tools.jackson.databind.introspect.ObjectIdInfo;
import tools.jackson.databind.ser.BeanPropertyWriter;
import tools.jackson.databind.ser.BeanSerializer;
import tools.jackson.databind.ser.ValueSerializerModifier;
import tools.jackson.databind.ser.bean.BeanSerializerBase;
import tools.jackson.databind.ser.impl.ObjectIdWriter;
import tools.jackson.databind.ser.impl.PropertyBasedObjectIdGenerator;
import tools.jackson.databind.ser.std.StdSerializer;
import tools.jackson.databind.ser.std.ToStringSerializer;

/**
 * Jackson 3: an object id taken from a {@code @SnowflakeId} or {@code @PublicId} property
 * ({@code @JsonIdentityInfo(generator = PropertyGenerator.class, property = "id")}) is written as that property is,
 * also where Jackson writes the id alone: the second occurrence of an object, and
 * {@code @JsonIdentityReference(alwaysAsId = true)}. Jackson writes those with the serializer of the id's type
 * ({@code Long}: a JSON number), past the property's own; a JavaScript client would round the id, and a public id
 * would go out raw. The Jackson 2 twin is {@code io.snowflakeid.hibernate.internal.Jackson2ObjectIds}: the two APIs
 * differ by package and signatures, the logic is the same.
 */
final class Jackson3ObjectIds extends ValueSerializerModifier {

	private static final long serialVersionUID = 1L;

	@Override
	public ValueSerializer<?> modifySerializer(SerializationConfig config, BeanDescription.Supplier description,
			ValueSerializer<?> serializer) {
		if (serializer instanceof BeanSerializerBase bean && !(serializer instanceof IdAsProperty)
				&& hasIdProperty(description.get().findProperties())) {
			return new IdAsProperty(bean);
		}
		return serializer;
	}

	/** Whether the class has a property an object id could be taken from that the modules write their own way. */
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
				return writer.withSerializer(publicId ? new PublicIdRefusal(property.getName())
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

	/** A {@code @PublicId} object id without a serializer of its own: refused, never written raw. */
	static final class PublicIdRefusal extends StdSerializer<Object> {

		private final String property;

		PublicIdRefusal(String property) {
			super(Object.class);
			this.property = property;
		}

		@Override
		public void serialize(Object value, JsonGenerator generator, SerializationContext context) {
			throw DatabindException.from(generator, "@PublicId property '" + this.property + "' is an object id, and"
					+ " nothing turns it into a token here: the raw id must not go out where a token was promised");
		}
	}
}
