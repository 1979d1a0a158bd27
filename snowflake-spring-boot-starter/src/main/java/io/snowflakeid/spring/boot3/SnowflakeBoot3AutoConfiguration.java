package io.snowflakeid.spring.boot3;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.spring.SnowflakeAutoConfiguration;
import io.snowflakeid.spring.internal.SnowflakeHealthIndicators;
import io.snowflakeid.spring.internal.SnowflakeHealthRuntimeHints;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.ImportRuntimeHints;

/**
 * Everything only the Spring Boot 3.5 line needs, in one package so that dropping 3.5 is this deletion (plus the
 * {@code boot3} factory method and package name in {@code SnowflakeHealthIndicators}/{@code ReflectiveHealthIndicator},
 * which build the health indicator for either line): the health indicator in
 * {@code org.springframework.boot.actuate.health}, and the Jackson 2 module. Nothing here activates on Spring
 * Boot 4, except the Jackson 2 module when an application adds Jackson 2 itself.
 */
@AutoConfiguration(after = SnowflakeAutoConfiguration.class)
public final class SnowflakeBoot3AutoConfiguration {

	/** Spring Boot 3: {@code org.springframework.boot.actuate.health}. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = SnowflakeHealthIndicators.BOOT_3_HEALTH_INDICATOR)
	@ConditionalOnMissingClass(SnowflakeHealthIndicators.BOOT_4_HEALTH_INDICATOR)
	@ConditionalOnBean(SnowflakeIdGenerator.class)
	@ConditionalOnProperty(prefix = "management.health.snowflake", name = "enabled", matchIfMissing = true)
	@ImportRuntimeHints(SnowflakeHealthRuntimeHints.class)
	static class HealthConfiguration {

		@Bean
		@ConditionalOnMissingBean(name = "snowflakeHealthIndicator")
		Object snowflakeHealthIndicator(SnowflakeIdGenerator generator, ObjectProvider<ManagedGenerator> managed) {
			return SnowflakeHealthIndicators.boot3(generator, managed.getIfAvailable());
		}
	}

	/**
	 * Jackson 2, used by Spring Boot 3: Module beans are registered with the ObjectMapper. Not conditional on a
	 * generator: the JSON form is the same in a test slice as in the application.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "com.fasterxml.jackson.databind.Module")
	@ConditionalOnProperty(prefix = "snowflake.jackson", name = "ids-as-strings", matchIfMissing = true)
	static class Jackson2Configuration {

		@Bean
		@ConditionalOnMissingBean(name = "snowflakeIdJackson2Module")
		SnowflakeIdJackson2Module snowflakeIdJackson2Module() {
			return new SnowflakeIdJackson2Module();
		}
	}
}
