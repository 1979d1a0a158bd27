package io.snowflakeid.spring.redis;

import io.snowflakeid.redis.LettuceRedisScripts;
import io.snowflakeid.redis.RedisLeaseStore;
import io.snowflakeid.redis.RedisLeaseStoreProvider;
import io.snowflakeid.redis.RedisScripts;
import io.snowflakeid.redis.RedisSettings;
import io.snowflakeid.worker.LeaseStore;
import io.snowflakeid.worker.WorkerAssignment;
import io.snowflakeid.worker.WorkerLeaseException;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.util.ClassUtils;

/**
 * {@code snowflake.worker-assignment=redis}: the worker lease kept in Redis (module {@code snowflake-redis}).
 * Defines the {@link LeaseStore} the generator's auto-configuration leases from: a Lettuce client of its own when
 * {@code snowflake.redis.uri} is set (a lease server apart from the application's cache), else the application's
 * {@code RedisConnectionFactory} ({@code spring.data.redis.*}, Spring Boot's Redis auto-configuration runs first),
 * else a start-up failure saying what to configure.
 */
@AutoConfiguration(afterName = { "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration",
		"org.springframework.boot.autoconfigure.data.redis.RedisAutoConfiguration" })
@ConditionalOnClass(RedisLeaseStore.class)
@ConditionalOnProperty(name = WorkerAssignment.SETTING, havingValue = "redis")
@EnableConfigurationProperties(SnowflakeRedisProperties.class)
public final class SnowflakeRedisAutoConfiguration {

	private static final String CONNECTION_FACTORY = "org.springframework.data.redis.connection.RedisConnectionFactory";

	/** Closed with the context, after the generator that leases from it has released its worker id. */
	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean(LeaseStore.class)
	RedisLeaseStore snowflakeRedisLeaseStore(SnowflakeRedisProperties properties, ListableBeanFactory beanFactory) {
		String key = properties.getKey();
		ClassLoader loader = getClass().getClassLoader();
		if (properties.getUri() != null && !properties.getUri().isBlank()) {
			if (!ClassUtils.isPresent("io.lettuce.core.RedisClient", loader)) {
				throw new WorkerLeaseException(WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION,
						RedisSettings.URI + " needs the Lettuce client (io.lettuce:lettuce-core) on the class path; "
								+ "or remove it to use the application's RedisConnectionFactory");
			}
			return new RedisLeaseStore(openLettuce(properties.getUri()), key, true);
		}
		RedisScripts scripts = ClassUtils.isPresent(CONNECTION_FACTORY, loader) ? FromFactory.scripts(beanFactory) : null;
		if (scripts == null) {
			throw new WorkerLeaseException(WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION,
					WorkerAssignment.SETTING + "=redis needs a Redis server: configure spring.data.redis.* (with "
							+ "spring-boot-starter-data-redis: one RedisConnectionFactory bean) or set " + RedisSettings.URI
							+ " (redis://host:port/database)");
		}
		return new RedisLeaseStore(scripts, key, true); // closes the adapter's threads, never the factory
	}

	private static RedisScripts openLettuce(String uri) {
		return LettuceFromUri.open(uri);
	}

	/** Loaded only when Lettuce is on the class path. */
	private static final class LettuceFromUri {

		static RedisScripts open(String uri) {
			return LettuceRedisScripts.open(RedisLeaseStoreProvider.parseUri(uri),
					RedisLeaseStoreProvider.CONNECT_TIMEOUT);
		}
	}

	/** Loaded only when Spring Data Redis is on the class path. */
	private static final class FromFactory {

		static RedisScripts scripts(ListableBeanFactory beanFactory) {
			org.springframework.data.redis.connection.RedisConnectionFactory factory = beanFactory
				.getBeanProvider(org.springframework.data.redis.connection.RedisConnectionFactory.class)
				.getIfUnique();
			return (factory != null) ? new SpringDataRedisScripts(factory) : null;
		}
	}
}
