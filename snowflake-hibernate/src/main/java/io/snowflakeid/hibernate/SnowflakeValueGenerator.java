package io.snowflakeid.hibernate;

import java.lang.reflect.Member;

import org.hibernate.generator.AnnotationBasedGenerator;
import org.hibernate.generator.GeneratorCreationContext;

/**
 * {@link SnowflakeId} on an ordinary attribute (an order or tracking number): set on INSERT unless the
 * application already set it. Hibernate does not accept an {@code IdentifierGenerator} here, hence this sibling
 * of {@link SnowflakeIdentifierGenerator}; it repeats the two {@code initialize} methods because Hibernate 8.0
 * reads the annotation type off the generator's own interfaces (see {@link SnowflakeGeneratorSupport}).
 */
public class SnowflakeValueGenerator extends SnowflakeGeneratorSupport
		implements AnnotationBasedGenerator<SnowflakeId> {

	private static final long serialVersionUID = 1L;

	/** What Hibernate 7.3, 7.4 and 8.0 call. (No {@code @Override}: the sources also compile against 6.6.) */
	public void initialize(SnowflakeId annotation, GeneratorCreationContext context) {
		setUp(context);
	}

	/** What Hibernate 6.6 and 7.2 call (deprecated for removal since 7.3, which calls the method above). */
	@Override
	@SuppressWarnings("removal")
	public void initialize(SnowflakeId annotation, Member member, GeneratorCreationContext context) {
		setUp(member, context);
	}
}
