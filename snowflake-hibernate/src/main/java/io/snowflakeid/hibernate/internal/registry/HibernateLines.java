package io.snowflakeid.hibernate.internal.registry;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.util.Collection;
import java.util.Map;

import org.hibernate.MappingException;
import org.hibernate.generator.GeneratorCreationContext;
import org.hibernate.mapping.ForeignKey;
import org.hibernate.mapping.Table;

/**
 * The two Hibernate calls whose form differs between the lines this jar runs on (6.6, 7.2, 7.3, 7.4, 8.0), made by
 * reflection: the sources must also compile against 6.6 (the {@code boot3} profile builds the modules' own test
 * suites that way), and a direct call compiled against 7.4 would fail to link on 8.0. Everything else is called
 * directly.
 */
public final class HibernateLines {

	/** {@code GeneratorCreationContext.getMemberDetails()}: since 7.3. */
	private static final Method MEMBER_DETAILS = method(GeneratorCreationContext.class, "getMemberDetails");

	/** {@code MemberDetails.toJavaMember()} of hibernate-models (7.x and later; 6.6 does not have the library). */
	private static final Method TO_JAVA_MEMBER = method(type("org.hibernate.models.spi.MemberDetails"),
			"toJavaMember");

	/** {@code Table.getForeignKeys()}: a {@code Map} up to 7.x, a {@code Collection} in 8.0 (another method). */
	private static final Method FOREIGN_KEYS = method(Table.class, "getForeignKeys");

	private HibernateLines() {
	}

	/**
	 * The attribute's Java member as Hibernate 7.3 and later pass it to {@code initialize(annotation, context)}:
	 * a {@code MemberDetails} in the context instead of the {@code Member} argument of the deprecated form.
	 */
	public static Member javaMember(GeneratorCreationContext context, String annotation) {
		Object details = (MEMBER_DETAILS != null) ? invoke(MEMBER_DETAILS, context) : null;
		Object member = (details != null && TO_JAVA_MEMBER != null) ? invoke(TO_JAVA_MEMBER, details) : null;
		if (member instanceof Member javaMember) {
			return javaMember;
		}
		String entity = (context.getPersistentClass() != null) ? context.getPersistentClass().getEntityName()
				: "an entity";
		throw new MappingException(annotation + " on " + entity + ": Hibernate's GeneratorCreationContext ("
				+ context.getClass().getName() + ") names no attribute (getMemberDetails() gave " + details + ")");
	}

	/** The table's foreign keys on every line. */
	@SuppressWarnings("unchecked")
	public static Collection<ForeignKey> foreignKeys(Table table) {
		Object keys = invoke(FOREIGN_KEYS, table);
		return (keys instanceof Map<?, ?> map) ? (Collection<ForeignKey>) map.values() : (Collection<ForeignKey>) keys;
	}

	/**
	 * Whether a session or session factory is Hibernate Reactive's, which this module does not depend on: by its
	 * class's package (its sessions and factories implement Hibernate ORM's interfaces).
	 */
	public static boolean isHibernateReactive(Object sessionOrFactory) {
		return sessionOrFactory != null && sessionOrFactory.getClass().getName().startsWith("org.hibernate.reactive.");
	}

	private static Object invoke(Method method, Object target) {
		try {
			return method.invoke(target);
		}
		catch (InvocationTargetException ex) {
			if (ex.getCause() instanceof RuntimeException runtime) {
				throw runtime;
			}
			throw new IllegalStateException(ex.getCause());
		}
		catch (IllegalAccessException ex) {
			throw new IllegalStateException(ex);
		}
	}

	private static Class<?> type(String name) {
		try {
			return Class.forName(name, false, Table.class.getClassLoader());
		}
		catch (ClassNotFoundException | LinkageError ex) {
			return null;
		}
	}

	private static Method method(Class<?> type, String name) {
		try {
			return (type != null) ? type.getMethod(name) : null;
		}
		catch (NoSuchMethodException ex) {
			return null;
		}
	}
}
