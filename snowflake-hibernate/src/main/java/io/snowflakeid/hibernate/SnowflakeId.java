package io.snowflakeid.hibernate;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.hibernate.annotations.IdGeneratorType;
import org.hibernate.annotations.ValueGenerationType;

/**
 * Gives an attribute a snowflake id, computed in memory before the INSERT (so JDBC batching works, unlike
 * {@code IDENTITY}): unique across tables and instances, time-ordered and decodable.
 *
 * <pre>
 * &#64;Entity
 * class Order {
 *     &#64;Id &#64;SnowflakeId
 *     Long id;
 * }
 * </pre>
 *
 * Supported attribute types: {@code Long}, {@code long} and {@code String} (the decimal form, for APIs whose
 * clients cannot hold 64-bit numbers). On a non-id attribute (an order number, say) the value is set on INSERT.
 * A value the application has already set (imports, migrations) is kept, not replaced.
 * <p>
 * The generator comes from the Spring Boot starter's {@code SnowflakeIdGenerator} bean, or, in plain Hibernate,
 * from the {@code snowflake.*} Hibernate settings (see docs/plain-hibernate.md).
 */
@Documented
@IdGeneratorType(SnowflakeIdentifierGenerator.class)
@ValueGenerationType(generatedBy = SnowflakeValueGenerator.class)
@Retention(RetentionPolicy.RUNTIME)
@Target({ ElementType.FIELD, ElementType.METHOD })
public @interface SnowflakeId {

}
