package io.snowflakeid.hibernate;

import io.snowflakeid.hibernate.internal.registry.HibernateLines;

import java.lang.reflect.Member;

import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.generator.AnnotationBasedGenerator;
import org.hibernate.generator.EventType;
import org.hibernate.generator.GeneratorCreationContext;
import org.hibernate.id.IdentifierGenerator;

/**
 * {@link SnowflakeId} on an {@code @Id}: an {@link IdentifierGenerator}, i.e. a before-execution generator, so
 * the id exists before the INSERT and Hibernate can batch inserts. How Hibernate creates it on each line: see
 * {@link SnowflakeGeneratorSupport}.
 */
public class SnowflakeIdentifierGenerator extends SnowflakeGeneratorSupport
		implements IdentifierGenerator, AnnotationBasedGenerator<SnowflakeId> {

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

	@Override
	public Object generate(SharedSessionContractImplementor session, Object object) {
		return nextValue();
	}

	/**
	 * Hibernate Reactive's {@code persist()} (3.2) passes no current value, whatever {@link #allowAssignedIdentifiers()}
	 * says, and would replace an id the application assigned: read it from the entity there.
	 */
	@Override
	public Object generate(SharedSessionContractImplementor session, Object owner, Object currentValue,
			EventType eventType) {
		Object assigned = currentValue;
		if (assigned == null && owner != null && HibernateLines.isHibernateReactive(session)) {
			assigned = session.getEntityPersister(null, owner).getIdentifier(owner, session);
		}
		return super.generate(session, owner, assigned, eventType);
	}

	/** Lets {@code persist()} keep an id the application assigned itself. */
	@Override
	public boolean allowAssignedIdentifiers() {
		return true;
	}
}
