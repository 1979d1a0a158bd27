package io.snowflakeid.spring.actuate;

import io.micrometer.core.instrument.binder.MeterBinder;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.spring.SnowflakeAutoConfiguration;
import io.snowflakeid.spring.internal.SnowflakeHealthIndicators;
import io.snowflakeid.spring.internal.SnowflakeHealthRuntimeHints;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.ImportRuntimeHints;

/**
 * Operating snowflake ids in production, each piece only when its library is on the class path and each
 * switchable: the {@code snowflake} health indicator (Spring Boot 4), the {@code snowflake} actuator endpoint and
 * Micrometer meters. The Spring Boot 3.5 health indicator is in {@code io.snowflakeid.spring.boot3}.
 */
@AutoConfiguration(after = SnowflakeAutoConfiguration.class)
@ConditionalOnBean(SnowflakeIdGenerator.class)
public final class SnowflakeActuatorAutoConfiguration {

	/** Spring Boot 4: {@code org.springframework.boot.health.contributor}. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = SnowflakeHealthIndicators.BOOT_4_HEALTH_INDICATOR)
	@ConditionalOnProperty(prefix = "management.health.snowflake", name = "enabled", matchIfMissing = true)
	@ImportRuntimeHints(SnowflakeHealthRuntimeHints.class)
	static class HealthConfiguration {

		@Bean
		@ConditionalOnMissingBean(name = "snowflakeHealthIndicator")
		Object snowflakeHealthIndicator(SnowflakeIdGenerator generator, ObjectProvider<ManagedGenerator> managed) {
			return SnowflakeHealthIndicators.boot4(generator, managed.getIfAvailable());
		}
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(Endpoint.class)
	static class EndpointConfiguration {

		@Bean
		@ConditionalOnMissingBean
		SnowflakeEndpoint snowflakeEndpoint(SnowflakeIdGenerator generator, ObjectProvider<ManagedGenerator> managed) {
			return new SnowflakeEndpoint(generator, managed.getIfAvailable());
		}

		@Bean
		@ConditionalOnMissingBean
		@ConditionalOnBean(SnowflakeEndpoint.class)
		SnowflakeEndpointWebExtension snowflakeEndpointWebExtension(SnowflakeEndpoint endpoint) {
			return new SnowflakeEndpointWebExtension(endpoint);
		}
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(MeterBinder.class)
	@ConditionalOnProperty(prefix = "snowflake.metrics", name = "enabled", matchIfMissing = true)
	static class MetricsConfiguration {

		@Bean
		@ConditionalOnMissingBean
		SnowflakeMetrics snowflakeMetrics(SnowflakeIdGenerator generator, ObjectProvider<ManagedGenerator> managed) {
			return new SnowflakeMetrics(generator, managed.getIfAvailable());
		}
	}
}
