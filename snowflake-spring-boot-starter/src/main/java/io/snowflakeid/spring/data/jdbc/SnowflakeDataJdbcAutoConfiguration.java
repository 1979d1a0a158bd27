package io.snowflakeid.spring.data.jdbc;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.segment.SegmentIdGenerators;
import io.snowflakeid.spring.SnowflakeAutoConfiguration;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;
import org.springframework.data.relational.core.mapping.RelationalMappingContext;
import org.springframework.data.relational.core.mapping.event.BeforeConvertCallback;

/**
 * {@code @SnowflakeId} and {@code @SegmentId} on Spring Data JDBC aggregates, without JPA or Hibernate: a
 * {@code BeforeConvertCallback} that fills them before the INSERT from the same generator bean, lease and segment
 * tables as JPA entities of the application use. Replace it by defining a bean named
 * {@code snowflakeIdBeforeConvertCallback}.
 * <p>
 * Everything the callback needs is looked up on first use, so a context without Spring Data JDBC repositories
 * (Spring Data JDBC on the class path, but unused) starts as before.
 */
@AutoConfiguration(after = SnowflakeAutoConfiguration.class)
@ConditionalOnClass(value = BeforeConvertCallback.class,
		name = "org.springframework.data.jdbc.core.JdbcAggregateOperations")
public final class SnowflakeDataJdbcAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(name = "snowflakeIdBeforeConvertCallback")
	SnowflakeIdBeforeConvertCallback snowflakeIdBeforeConvertCallback(
			ObjectProvider<RelationalMappingContext> mappingContext, ObjectProvider<SnowflakeIdGenerator> snowflakeIds,
			ObjectProvider<SegmentIdGenerators> segmentIds) {
		// getIfUnique: an application with R2DBC's mapping context too is not served the wrong one.
		return new SnowflakeIdBeforeConvertCallback(mappingContext::getIfUnique, snowflakeIds::getIfAvailable,
				segmentIds::getIfAvailable);
	}
}
