package io.snowflakeid.hibernate;

import org.hibernate.engine.spi.SharedSessionContractImplementor;
import org.hibernate.id.IdentifierGenerator;

/**
 * {@link SnowflakeId} on an {@code @Id}: an {@link IdentifierGenerator}, i.e. a before-execution generator, so
 * the id exists before the INSERT and Hibernate can batch inserts.
 */
public class SnowflakeIdentifierGenerator extends SnowflakeGeneratorSupport implements IdentifierGenerator {

	private static final long serialVersionUID = 1L;

	@Override
	public Object generate(SharedSessionContractImplementor session, Object object) {
		return nextValue();
	}

	/** Lets {@code persist()} keep an id the application assigned itself. */
	@Override
	public boolean allowAssignedIdentifiers() {
		return true;
	}
}
