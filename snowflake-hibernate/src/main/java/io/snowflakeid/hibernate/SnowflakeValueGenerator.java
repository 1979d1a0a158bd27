package io.snowflakeid.hibernate;

/**
 * {@link SnowflakeId} on an ordinary attribute (an order or tracking number): set on INSERT unless the
 * application already set it. Hibernate does not accept an {@code IdentifierGenerator} here, hence this sibling
 * of {@link SnowflakeIdentifierGenerator}.
 */
public class SnowflakeValueGenerator extends SnowflakeGeneratorSupport {

	private static final long serialVersionUID = 1L;
}
