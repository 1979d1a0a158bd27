package io.snowflakeid.hibernate.internal;

import com.fasterxml.jackson.annotation.ObjectIdGenerator;
import tools.jackson.databind.BeanDescription;
import tools.jackson.databind.SerializationConfig;
import tools.jackson.databind.introspect.ObjectIdInfo;
import tools.jackson.databind.ser.BeanPropertyWriter;
import tools.jackson.databind.ser.BeanSerializerBuilder;
import tools.jackson.databind.ser.ValueSerializerModifier;
import tools.jackson.databind.ser.impl.ObjectIdWriter;
import tools.jackson.databind.ser.impl.PropertyBasedObjectIdGenerator;

/**
 * Jackson 3: the object id of a class whose {@code @JsonIdentityInfo(generator = PropertyGenerator.class, property =
 * "id")} names a {@code @SnowflakeId} property is the id as a string, so that where Jackson writes the object id alone
 * (the second occurrence of an object, {@code @JsonIdentityReference(alwaysAsId = true)}) it is a JSON string as the
 * property is; Jackson would write it with {@code Long}'s serializer, a number that JavaScript rounds. The id generator
 * is swapped, not a serializer (the public-id module does the same for a {@code @PublicId} id, with the token): every
 * bean serializer, other modules' included, and formats with native object ids then write the string.
 * <p>
 * Not covered: an object id declared on the referring property rather than the class (Jackson builds its generator
 * while writing); the reference is then a number. The Jackson 2 twin is {@link Jackson2ObjectIds}, beside it:
 * the two APIs differ by package and signatures, the logic is the same.
 */
final class Jackson3ObjectIds extends ValueSerializerModifier {

	private static final long serialVersionUID = 1L;

	@Override
	public BeanSerializerBuilder updateBuilder(SerializationConfig config, BeanDescription.Supplier description,
			BeanSerializerBuilder builder) {
		ObjectIdWriter writer = builder.getObjectIdWriter();
		ObjectIdInfo info = (writer != null) ? description.get().getObjectIdInfo() : null;
		// exactly Jackson's property generator: not the public-id module's token generator, nor another module's
		if (info == null || writer.generator.getClass() != PropertyBasedObjectIdGenerator.class) {
			return builder;
		}
		String name = info.getPropertyName().getSimpleName();
		for (BeanPropertyWriter property : builder.getProperties()) {
			if (property.getName().equals(name) && writesAsString(property)) {
				builder.setObjectIdWriter(ObjectIdWriter.construct(config.constructType(String.class), null,
						new StringIdGenerator(info, property), writer.alwaysAsId));
			}
		}
		return builder;
	}

	/** A {@code @SnowflakeId} property the module writes as a string (not a public id, no number format asked). */
	private static boolean writesAsString(BeanPropertyWriter property) {
		return SnowflakeIdJson.asString(property::getAnnotation, false, () -> false);
	}

	/** The property's value as a decimal string. */
	static final class StringIdGenerator extends PropertyBasedObjectIdGenerator {

		private static final long serialVersionUID = 1L;

		StringIdGenerator(ObjectIdInfo info, BeanPropertyWriter property) {
			super(info, property);
		}

		private StringIdGenerator(Class<?> scope, BeanPropertyWriter property) {
			super(scope, property);
		}

		@Override
		public Object generateId(Object pojo) {
			Object id = super.generateId(pojo);
			return (id != null) ? id.toString() : null;
		}

		@Override
		public ObjectIdGenerator<Object> forScope(Class<?> scope) {
			return (scope == this._scope) ? this : new StringIdGenerator(scope, this._property);
		}

		@Override
		public ObjectIdGenerator<Object> newForSerialization(Object context) {
			return this;
		}
	}
}
