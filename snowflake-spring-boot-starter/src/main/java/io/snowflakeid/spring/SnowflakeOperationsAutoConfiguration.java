package io.snowflakeid.spring;

import io.micrometer.core.instrument.binder.MeterBinder;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.spring.actuate.SnowflakeEndpoint;
import io.snowflakeid.spring.actuate.SnowflakeHealthIndicators;
import io.snowflakeid.spring.actuate.SnowflakeMetrics;
import io.snowflakeid.spring.jackson.SnowflakeIdJackson2Module;
import io.snowflakeid.spring.jackson.SnowflakeIdJackson3Module;
import io.snowflakeid.worker.ManagedGenerator;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.endpoint.annotation.Endpoint;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * What running snowflake ids in production needs, each piece only when its library is on the class path and each
 * switchable: the {@code snowflake} health indicator, the {@code snowflake} actuator endpoint, Micrometer meters,
 * and JSON that writes ids as strings (Jackson 3 on Spring Boot 4, Jackson 2 on Spring Boot 3).
 */
@AutoConfiguration(after = SnowflakeAutoConfiguration.class)
@ConditionalOnBean(SnowflakeIdGenerator.class)
public final class SnowflakeOperationsAutoConfiguration {

	/** Spring Boot 4: {@code org.springframework.boot.health.contributor}. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = SnowflakeHealthIndicators.BOOT_4_HEALTH_INDICATOR)
	@ConditionalOnProperty(prefix = "management.health.snowflake", name = "enabled", matchIfMissing = true)
	static class Boot4HealthConfiguration {

		@Bean
		@ConditionalOnMissingBean(name = "snowflakeHealthIndicator")
		Object snowflakeHealthIndicator(SnowflakeIdGenerator generator, ObjectProvider<ManagedGenerator> managed) {
			return SnowflakeHealthIndicators.boot4(generator, managed.getIfAvailable());
		}
	}

	/** Spring Boot 3: {@code org.springframework.boot.actuate.health}. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = SnowflakeHealthIndicators.BOOT_3_HEALTH_INDICATOR)
	@ConditionalOnMissingClass(SnowflakeHealthIndicators.BOOT_4_HEALTH_INDICATOR)
	@ConditionalOnProperty(prefix = "management.health.snowflake", name = "enabled", matchIfMissing = true)
	static class Boot3HealthConfiguration {

		@Bean
		@ConditionalOnMissingBean(name = "snowflakeHealthIndicator")
		Object snowflakeHealthIndicator(SnowflakeIdGenerator generator, ObjectProvider<ManagedGenerator> managed) {
			return SnowflakeHealthIndicators.boot3(generator, managed.getIfAvailable());
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

	/** Jackson 3, used by Spring Boot 4: JacksonModule beans are registered with the JsonMapper. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "tools.jackson.databind.JacksonModule")
	@ConditionalOnProperty(prefix = "snowflake.jackson", name = "ids-as-strings", matchIfMissing = true)
	static class Jackson3Configuration {

		@Bean
		@ConditionalOnMissingBean
		SnowflakeIdJackson3Module snowflakeIdJackson3Module() {
			return new SnowflakeIdJackson3Module();
		}
	}

	/** Jackson 2, used by Spring Boot 3: Module beans are registered with the ObjectMapper. */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "com.fasterxml.jackson.databind.Module")
	@ConditionalOnProperty(prefix = "snowflake.jackson", name = "ids-as-strings", matchIfMissing = true)
	static class Jackson2Configuration {

		@Bean
		@ConditionalOnMissingBean
		SnowflakeIdJackson2Module snowflakeIdJackson2Module() {
			return new SnowflakeIdJackson2Module();
		}
	}
}
