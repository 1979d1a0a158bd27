package io.snowflakeid.hibernate.internal.registry;

import org.hibernate.MappingException;

/**
 * An {@code @SnowflakeId} or {@code @SegmentId} attribute the library cannot fill: a type other than those it
 * generates, or a second generator on the same id ({@code @GeneratedValue}). Thrown while Hibernate builds its
 * SessionFactory, before any row is written; the Spring Boot starter turns it into a failure report that says what
 * else changes with the fix. Internal (not an API): a mapping to fix, not an exception to catch; its message says what
 * to change.
 */
public class SnowflakeMappingException extends MappingException {

	private static final long serialVersionUID = 1L;

	/** What is wrong with the attribute. */
	public enum Problem {

		/** The attribute's type is not one the annotation fills ({@code Integer}, say). */
		UNSUPPORTED_TYPE,

		/** The attribute also carries {@code @GeneratedValue}: two generators for one id. */
		COMBINED_WITH_GENERATED_VALUE
	}

	private final Problem problem;

	private final String annotation;

	private final String attribute;

	private final String attributeType;

	SnowflakeMappingException(Problem problem, String annotation, String attribute, String attributeType,
			String message) {
		super(message);
		this.problem = problem;
		this.annotation = annotation;
		this.attribute = attribute;
		this.attributeType = attributeType;
	}

	public Problem getProblem() {
		return this.problem;
	}

	/** {@code @SnowflakeId} or {@code @SegmentId}. */
	public String getAnnotation() {
		return this.annotation;
	}

	/** {@code Entity.attribute}. */
	public String getAttribute() {
		return this.attribute;
	}

	/** The attribute's Java type as declared, e.g. {@code java.lang.Integer}; {@code unknown} if unresolved. */
	public String getAttributeType() {
		return this.attributeType;
	}

	public static SnowflakeMappingException unsupportedType(String annotation, String attribute, Class<?> type,
			String supported) {
		String typeName = (type != null) ? type.getName() : "unknown";
		return new SnowflakeMappingException(Problem.UNSUPPORTED_TYPE, annotation, attribute, typeName,
				annotation + " on " + attribute + " of type " + typeName + ": supported attribute types are "
						+ supported);
	}

	/**
	 * Refuses {@code @GeneratedValue} beside the annotation: Hibernate would quietly use one of the two, and a
	 * half-migrated entity (its column still auto-increment) must not pass review unnoticed.
	 */
	public static void refuseGeneratedValue(String annotation, java.lang.reflect.Member member, String attribute,
			String type) {
		if (member instanceof java.lang.reflect.AnnotatedElement element
				&& element.isAnnotationPresent(jakarta.persistence.GeneratedValue.class)) {
			String strategy = element.getAnnotation(jakarta.persistence.GeneratedValue.class).strategy().name();
			throw new SnowflakeMappingException(Problem.COMBINED_WITH_GENERATED_VALUE, annotation, attribute, type,
					annotation + " on " + attribute + " together with @GeneratedValue(strategy = " + strategy
							+ "): two generators for one id. Remove @GeneratedValue (" + annotation + " generates "
							+ "the id before the INSERT), and the column's own generation (AUTO_INCREMENT, IDENTITY, "
							+ "a sequence default) in a migration");
		}
	}
}
