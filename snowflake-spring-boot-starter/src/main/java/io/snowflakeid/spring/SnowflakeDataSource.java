package io.snowflakeid.spring;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

import org.springframework.beans.factory.annotation.Qualifier;

/**
 * Qualifier for the DataSource that holds the worker id leases and the {@code @SegmentId} segments, as Spring
 * Boot's {@code @FlywayDataSource} and {@code @LiquibaseDataSource} do for migrations. Without it the starter uses
 * the only DataSource, or the {@code @Primary} one of several.
 * <pre class="code">
 * &#64;Bean
 * &#64;SnowflakeDataSource
 * DataSource idsDataSource() { ... }
 * </pre>
 */
@Target({ ElementType.FIELD, ElementType.METHOD, ElementType.PARAMETER, ElementType.TYPE,
		ElementType.ANNOTATION_TYPE })
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Qualifier
public @interface SnowflakeDataSource {

}
