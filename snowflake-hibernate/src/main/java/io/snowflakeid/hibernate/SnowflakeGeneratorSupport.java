package io.snowflakeid.hibernate;

import java.lang.reflect.Field;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.TypeVariable;
import java.util.EnumSet;
import java.util.function.Supplier;

import io.snowflakeid.AssignedIdRefusedException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.hibernate.internal.registry.HibernateLines;
import io.snowflakeid.hibernate.internal.registry.SnowflakeGeneratorLookup;
import io.snowflakeid.hibernate.internal.registry.SnowflakeMappingException;
import org.hibernate.engine.spi.SharedSessionContractImplementor;
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
 * How Hibernate creates them, the same jar on every line: the no-arg constructor, then
 * {@code AnnotationBasedGenerator.initialize}, in the form the line calls. Hibernate 6.6 and 7.2 call
 * {@code initialize(annotation, member, context)}; 7.3 deprecated it, and 7.3, 7.4 and 8.0 call
 * {@code initialize(annotation, context)} instead (their default of that method would forward to the deprecated
 * one; the subclasses override both, so from 7.3 on the deprecated one is never called). There is deliberately no
 * constructor taking the annotation: Hibernate 7.3+ would try an {@code (annotation, Member, context)} one first
 * (the deprecated form), calls {@code initialize} on an {@code AnnotationBasedGenerator} even after an
 * {@code (annotation, context)} one, and a Spring bean container creates generators through the no-arg
 * constructor anyway; one path keeps every line and both containers on the same code.
 * <p>
 * The subclasses name {@code AnnotationBasedGenerator<SnowflakeId>} among their own interfaces: Hibernate
 * 8.0.0.Beta1 looks for the annotation type only there, not on superclasses (it failed with "Could not find
 * implementing interface" when this class declared it).
 */
abstract class SnowflakeGeneratorSupport implements BeforeExecutionGenerator {

	private static final long serialVersionUID = 1L;

	/**
	 * Where the generator comes from. In Spring it is created once the application context has its database
	 * ready, not while Hibernate builds the session factory (see {@code GeneratorSource}); the first id takes it.
	 */
	private transient Supplier<SnowflakeIdGenerator> source;

	private transient volatile SnowflakeIdGenerator ids;

	private boolean decimalString;

	/** {@code Entity.attribute}, for messages. */
	private String attribute;

	/** Hibernate 7.3 and later: the member comes from the context. */
	final void setUp(GeneratorCreationContext context) {
		setUp(HibernateLines.javaMember(context, "@SnowflakeId"), context);
	}

	final void setUp(Member member, GeneratorCreationContext context) {
		String attribute = attributeName(member);
		this.attribute = attribute;
		Class<?> type = attributeType(member, context);
		if (type == Long.class || type == long.class) {
			this.decimalString = false;
		}
		else if (type == String.class) {
			this.decimalString = true;
		}
		else {
			throw SnowflakeMappingException.unsupportedType("@SnowflakeId", attribute, type,
					"Long, long and String (decimal)");
		}
		SnowflakeMappingException.refuseGeneratedValue("@SnowflakeId", member, attribute, type.getName());
		if (SnowflakeGeneratorLookup.isSpringAotProcessing()) {
			return;
		}
		this.source = SnowflakeGeneratorLookup.find(context.getServiceRegistry(), attribute);
	}

	@Override
	public Object generate(SharedSessionContractImplementor session, Object owner, Object currentValue,
			EventType eventType) {
		if (currentValue != null && !isPrimitiveZero(currentValue)) {
			// The application set the value itself (an import, a migration): keep it, unless it is one this
			// generator would issue itself later.
			return checkedAssigned(currentValue);
		}
		return nextValue();
	}

	/**
	 * An id the application set, kept if it cannot meet a generated one ({@link AssignedIdRefusedException#check}).
	 * A String that is not a decimal number is kept (a legacy key of a String id column).
	 */
	private Object checkedAssigned(Object value) {
		AssignedIdRefusedException.checkValue(ids(), this.attribute, value, System.currentTimeMillis());
		return value;
	}

	Object nextValue() {
		SnowflakeIdGenerator ids = ids();
		return this.decimalString ? ids.nextIdAsString() : ids.nextId();
	}

	private SnowflakeIdGenerator ids() {
		SnowflakeIdGenerator ids = this.ids;
		if (ids == null) {
			if (this.source == null) {
				throw notInitialized("@SnowflakeId", getClass());
			}
			ids = this.source.get();
			this.ids = ids; // every source hands out the same generator: a race stores it twice
		}
		return ids;
	}

	/**
	 * Hibernate 7.4's check that the generated values fit the attribute; the attribute type was already checked
	 * with a message of our own in {@link #setUp}, so this never fails it. (No {@code @Override}: the sources also
	 * compile against 6.6.)
	 */
	public Class<?> getGeneratedType() {
		return this.decimalString ? String.class : Long.class;
	}

	/** Why a generator has no ids: Spring AOT at build time, or created without its annotation. */
	static IllegalStateException notInitialized(String annotation, Class<?> generator) {
		if (SnowflakeGeneratorLookup.isSpringAotProcessing()) {
			return SnowflakeGeneratorLookup.notDuringAotProcessing(annotation);
		}
		return new IllegalStateException(generator.getSimpleName() + " was created without " + annotation
				+ " (named in @GenericGenerator or @GeneratedValue, say), so Hibernate never initialized it: put "
				+ annotation + " on the attribute instead");
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
