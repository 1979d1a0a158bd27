package io.snowflakeid.spring.openapi;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.spring.SnowflakeAutoConfiguration;
import io.snowflakeid.spring.internal.SnowflakeProperties;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.context.annotation.Bean;

/**
 * springdoc-openapi (3.x on Spring Boot 4, 2.x on 3.5; both share {@code PropertyCustomizer} and swagger-core's
 * model): the OpenAPI document describes {@code @SnowflakeId Long} properties as the JSON strings the starter writes
 * when {@code snowflake.jackson.ids-as-strings} is on (the default), so that generated clients do not parse them into
 * numbers that lose precision.
 * <p>
 * Before springdoc's own configuration, whose converter for {@code PropertyCustomizer} beans exists only if one is
 * defined when it is processed. The customizer is defined whatever {@code ids-as-strings} says, and then does
 * nothing: springdoc keeps model converters in swagger-core's JVM-wide registry and replaces one only when a new
 * context registers one of the same class, so in a JVM with several contexts (a test suite) a context without it
 * would document strings with the customizer of a context started before it.
 */
@AutoConfiguration(after = SnowflakeAutoConfiguration.class,
		beforeName = "org.springdoc.core.configuration.SpringDocConfiguration")
@ConditionalOnBean(SnowflakeIdGenerator.class)
@ConditionalOnClass(name = { "org.springdoc.core.customizers.PropertyCustomizer",
		"io.swagger.v3.core.converter.AnnotatedType", "com.fasterxml.jackson.databind.JavaType" })
public final class SnowflakeOpenApiAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(name = "snowflakeIdPropertyCustomizer")
	SnowflakeIdPropertyCustomizer snowflakeIdPropertyCustomizer(SnowflakeProperties properties,
			SnowflakeIdGenerator generator, ObjectProvider<PublicIdCodec> publicIds) {
		return new SnowflakeIdPropertyCustomizer(properties.getJackson().isIdsAsStrings(), generator.layout(),
				publicIds.getIfAvailable());
	}

	/** {@code @PathVariable/@RequestParam @PublicId Long} parameters as tokens (nothing without public ids). */
	@Bean
	@ConditionalOnMissingBean
	@ConditionalOnClass(name = "org.springdoc.core.customizers.ParameterCustomizer")
	PublicIdParameterCustomizer publicIdParameterCustomizer(ObjectProvider<PublicIdCodec> publicIds) {
		return new PublicIdParameterCustomizer(publicIds.getIfAvailable());
	}
}
