package io.snowflakeid.hibernate;

import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.TypeVariable;
import java.util.EnumSet;

import io.snowflakeid.SnowflakeIdGenerator;
import org.hibernate.MappingException;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.generator.AnnotationBasedGenerator;
import org.hibernate.generator.BeforeExecutionGenerator;
import org.hibernate.generator.EventType;
import org.hibernate.generator.EventTypeSets;
import org.hibernate.generator.GeneratorCreationContext;
import org.hibernate.mapping.Property;

/**
 * What the id and the value generator of {@link SnowflakeId} share: checking the attribute type, finding the
 * application's {@link SnowflakeIdGenerator}, and keeping values the application set itself. It holds no
 * sequence state (Hibernate may build several instances per attribute); all instances draw from one generator.
 * <p>
 * Only the no-arg constructor and {@link #initialize} are used: the creation path Hibernate 6.6 and 7.x share.
 */
abstract class SnowflakeGeneratorSupport implements BeforeExecutionGenerator, AnnotationBasedGenerator<SnowflakeId> {

	private static final long serialVersionUID = 1L;

	private transient SnowflakeIdGenerator ids;

	private boolean decimalString;

	@Override
	public void initialize(SnowflakeId annotation, Member member, GeneratorCreationContext context) {
		String attribute = attributeName(member);
		Class<?> type = attributeType(member, context);
		if (type == Long.class || type == long.class) {
			this.decimalString = false;
		}
		else if (type == String.class) {
			this.decimalString = true;
		}
		else {
			throw new MappingException("@SnowflakeId on " + attribute + " of type "
					+ ((type != null) ? type.getName() : "unknown")
					+ ": supported attribute types are Long, long and String (decimal)");
		}
		if (SnowflakeGeneratorLookup.isSpringAotProcessing()) {
			return;
		}
		this.ids = SnowflakeGeneratorLookup.find(context.getServiceRegistry(), attribute);
	}

	@Override
	public Object generate(SharedSessionContractImplementor session, Object owner, Object currentValue,
			EventType eventType) {
		if (currentValue != null && !isPrimitiveZero(currentValue)) {
			// The application set the value itself (an import, a migration): keep it.
			return currentValue;
		}
		return nextValue();
	}

	Object nextValue() {
		if (this.ids == null) {
			throw SnowflakeGeneratorLookup.notDuringAotProcessing("@SnowflakeId");
		}
		return this.decimalString ? this.ids.nextIdAsString() : this.ids.nextId();
	}

	/** A primitive {@code long} attribute cannot be null; 0 means "not set", as it would for IDENTITY. */
	private static boolean isPrimitiveZero(Object value) {
		return value instanceof Long number && number == 0L;
	}

	@Override
	public EnumSet<EventType> getEventTypes() {
		return EventTypeSets.INSERT_ONLY;
	}

	static String attributeName(Member member) {
		String name = member.getName();
		if (member instanceof Method && name.startsWith("get") && name.length() > 3) {
			name = Character.toLowerCase(name.charAt(3)) + name.substring(4);
		}
		else if (member instanceof Method && name.startsWith("is") && name.length() > 2) {
			name = Character.toLowerCase(name.charAt(2)) + name.substring(3);
		}
		return member.getDeclaringClass().getSimpleName() + "." + name;
	}

	/**
	 * The attribute's Java type: the member's, or, when that is a type variable of a generic
	 * {@code @MappedSuperclass} ({@code BaseEntity<I>} with {@code I id}), the type Hibernate resolved for this
	 * entity ({@code Long} for {@code Order extends BaseEntity<Long>}).
	 */
	static Class<?> attributeType(Member member, GeneratorCreationContext context) {
		Class<?> declared = attributeType(member);
		boolean generic = (member instanceof Field field && field.getGenericType() instanceof TypeVariable<?>)
				|| (member instanceof Method method && method.getGenericReturnType() instanceof TypeVariable<?>);
		Property property = (context != null) ? context.getProperty() : null;
		if (!generic || property == null || property.getReturnedClassName() == null) {
			return declared;
		}
		String resolved = property.getReturnedClassName();
		if (resolved.equals("long")) {
			return long.class;
		}
		try {
			return Class.forName(resolved, false, member.getDeclaringClass().getClassLoader());
		}
		catch (ClassNotFoundException | LinkageError ex) {
			return declared;
		}
	}

	static Class<?> attributeType(Member member) {
		if (member instanceof Field field) {
			return field.getType();
		}
		if (member instanceof Method method) {
			return method.getReturnType();
		}
		return null;
	}
}
