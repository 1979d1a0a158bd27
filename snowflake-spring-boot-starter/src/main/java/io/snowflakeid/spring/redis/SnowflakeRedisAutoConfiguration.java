package io.snowflakeid.spring.redis;

import java.util.Locale;
import java.util.Map;

import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.redis.internal.RedisLeaseStore;
import io.snowflakeid.redis.internal.RedisLeaseStoreProvider;
import io.snowflakeid.redis.internal.RedisScripts;
import io.snowflakeid.redis.internal.RedisSettings;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.internal.config.WorkerAssignment;
import io.snowflakeid.worker.WorkerLeaseException;
import io.snowflakeid.spring.internal.OnWorkerIdUnsetCondition;
import io.snowflakeid.spring.internal.PropertyBinding;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.actuate.endpoint.SanitizingFunction;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.ApplicationListener;
import org.springframework.context.Phased;
import org.springframework.context.SmartLifecycle;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.event.ContextClosedEvent;
import org.springframework.core.env.Environment;
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
@Conditional(OnWorkerIdUnsetCondition.class)
public final class SnowflakeRedisAutoConfiguration {

	private static final String CONNECTION_FACTORY = "org.springframework.data.redis.connection.RedisConnectionFactory";

	/** Closed with the context, after the generator that leases from it has released its worker id. */
	@Bean(destroyMethod = "close")
	@ConditionalOnMissingBean(LeaseStore.class)
	RedisLeaseStore snowflakeRedisLeaseStore(ListableBeanFactory beanFactory, Environment environment) {
		// snowflake.redis.*, read as plain Hibernate and Quarkus read them: the module's, the rows' parsers and defaults
		Map<String, Object> settings = PropertyBinding.moduleSettings(beanFactory, environment,
				Settings.REDIS_GROUP);
		ClassLoader loader = getClass().getClassLoader();
		Object uri = settings.get(RedisSettings.URI);
		if (uri != null && !uri.toString().isBlank()) {
			if (!ClassUtils.isPresent("io.lettuce.core.RedisClient", loader)) {
				throw new WorkerLeaseException(WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION, WorkerAssignment.REDIS.value(),
						RedisSettings.URI + " needs the Lettuce client (io.lettuce:lettuce-core) on the class path; "
								+ "or remove it to use the application's RedisConnectionFactory", null);
			}
			return LettuceFromUri.store(settings);
		}
		RedisScripts scripts = ClassUtils.isPresent(CONNECTION_FACTORY, loader) ? FromFactory.scripts(beanFactory) : null;
		if (scripts == null) {
			throw new WorkerLeaseException(WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION, WorkerAssignment.REDIS.value(),
					WorkerAssignment.SETTING + "=redis needs a Redis server: configure spring.data.redis.* (with "
							+ "spring-boot-starter-data-redis: one RedisConnectionFactory bean) or set " + RedisSettings.URI
							+ " (redis://host:port/database)", null);
		}
		// closes the adapter's threads, never the factory
		return RedisLeaseStore.fromSettings(scripts, settings);
	}

	/**
	 * Hands the worker id back when the context closes, just before Spring stops the {@code RedisConnectionFactory}
	 * the store may run on: the factory is a {@link SmartLifecycle} (phase 0 by default), stopped before any bean
	 * is destroyed, so the generator's own close would find it stopped and the pair would stay taken until its
	 * lease end plus the safety margin. The phase just above the factory's comes after the web server's graceful
	 * shutdown: requests still in flight get their ids.
	 * <p>
	 * A {@code context.stop()} that is not a close (an actuator pause, a CRaC checkpoint) is followed by
	 * {@code start()}: the lease is {@link io.snowflakeid.worker.WorkerLease#pause paused} instead (ids stop at
	 * once, the pair is kept), and resumed by {@code start()}. Releasing would let another instance take the pair,
	 * and the generator beans that hold its worker id could not follow a new one.
	 */
	@Bean
	static SmartLifecycle snowflakeRedisLeaseRelease(ConfigurableListableBeanFactory beanFactory) {
		int phase = 0;
		if (ClassUtils.isPresent(CONNECTION_FACTORY, SnowflakeRedisAutoConfiguration.class.getClassLoader())) {
			phase = FromFactory.phaseAbove(beanFactory);
		}
		return new ReleaseBeforeTheFactoryStops(beanFactory, phase);
	}

	/**
	 * On close, closes the generators already created whose lease is in a {@link RedisLeaseStore} of this context;
	 * on a stop that is not a close, pauses their leases until the next start.
	 */
	static final class ReleaseBeforeTheFactoryStops
			implements SmartLifecycle, ApplicationListener<ContextClosedEvent> {

		private final ConfigurableListableBeanFactory beanFactory;

		private final int phase;

		private volatile boolean running;

		/** Published before the lifecycle beans stop on close: a stop from then on is the last one. */
		private volatile boolean closing;

		private final java.util.List<io.snowflakeid.worker.WorkerLease> paused = new java.util.ArrayList<>();

		ReleaseBeforeTheFactoryStops(ConfigurableListableBeanFactory beanFactory, int phase) {
			this.beanFactory = beanFactory;
			this.phase = phase;
		}

		@Override
		public void onApplicationEvent(ContextClosedEvent event) {
			if (event.getApplicationContext().getAutowireCapableBeanFactory() == this.beanFactory) {
				this.closing = true;
			}
		}

		@Override
		public synchronized void start() {
			this.running = true;
			for (io.snowflakeid.worker.WorkerLease lease : this.paused) {
				lease.resume(); // the connection factory started first (a lower phase)
			}
			this.paused.clear();
		}

		@Override
		public synchronized void stop() {
			this.running = false;
			for (ManagedGenerator managed : redisLeased()) {
				if (this.closing) {
					managed.close(); // the destroy method's close later does nothing
				}
				else {
					managed.lease().pause("the application context was stopped (its Redis connection factory "
							+ "with it); ids resume when it is started again");
					this.paused.add(managed.lease());
				}
			}
		}

		/** The generators already created whose lease is in a {@link RedisLeaseStore} of this context. */
		private java.util.List<ManagedGenerator> redisLeased() {
			java.util.List<ManagedGenerator> leased = new java.util.ArrayList<>();
			java.util.Set<String> stores = new java.util.HashSet<>();
			for (String name : this.beanFactory.getBeanNamesForType(RedisLeaseStore.class, false, false)) {
				if (this.beanFactory.containsSingleton(name)) {
					stores.add(this.beanFactory.getBean(name, RedisLeaseStore.class).description());
				}
			}
			// Only generators that exist: one not created yet must not claim a worker id during shutdown.
			for (String name : this.beanFactory.getBeanNamesForType(ManagedGenerator.class, false, false)) {
				if (this.beanFactory.containsSingleton(name)) {
					ManagedGenerator managed = this.beanFactory.getBean(name, ManagedGenerator.class);
					if (managed.lease() != null && stores.contains(managed.lease().storeDescription())) {
						leased.add(managed);
					}
				}
			}
			return leased;
		}

		@Override
		public boolean isRunning() {
			return this.running;
		}

		@Override
		public int getPhase() {
			return this.phase;
		}
	}

	/**
	 * {@code snowflake.redis.uri} masked in the {@code env} endpoint whatever {@code show-values} says, in every form of
	 * its name ({@code SNOWFLAKE_REDIS_URI}...): a password in it ({@code redis://user:password@host}) is a secret.
	 * So is any other value that holds that password (the variable a placeholder took it from).
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.boot.actuate.endpoint.SanitizingFunction")
	static class UriSanitizingConfiguration {

		/** Shorter passwords do not mask other values (they would mask unrelated ones); the URI itself always is. */
		private static final int SHORTEST_PASSWORD = 4;

		@Bean
		SanitizingFunction snowflakeRedisUriSanitizer(Environment environment) {
			return (data) -> {
				if (isUri(data.getKey())) {
					return data.withSanitizedValue();
				}
				String password = password(environment.getProperty(RedisSettings.URI));
				return (password != null && data.getValue() instanceof CharSequence value
						&& value.toString().contains(password)) ? data.withSanitizedValue() : data;
			};
		}

		static boolean isUri(String name) {
			return name != null
					&& name.replaceAll("[^A-Za-z0-9]", "").toLowerCase(Locale.ROOT).equals("snowflakeredisuri");
		}

		/** The password of a URI's user info ({@code user:password@} or {@code password@}), or null. */
		static String password(String uri) {
			if (uri == null) {
				return null;
			}
			int scheme = uri.indexOf("://");
			int at = uri.lastIndexOf('@');
			if (scheme < 0 || at < scheme + 3) {
				return null;
			}
			String userInfo = uri.substring(scheme + 3, at);
			String password = userInfo.substring(userInfo.indexOf(':') + 1);
			return (password.length() >= SHORTEST_PASSWORD) ? password : null;
		}
	}

	/** Loaded only when Lettuce is on the class path. */
	private static final class LettuceFromUri {

		/**
		 * What plain Hibernate gets from the same settings: a failure to connect is a {@link WorkerLeaseException}
		 * naming {@link RedisSettings#URI} (never the password), not the client's bare exception.
		 */
		static RedisLeaseStore store(Map<String, Object> settings) {
			return (RedisLeaseStore) new RedisLeaseStoreProvider().create(settings);
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

		/** The phase just above the connection factory's (0 if it has none): stopped before it. */
		static int phaseAbove(ListableBeanFactory beanFactory) {
			org.springframework.data.redis.connection.RedisConnectionFactory factory = beanFactory
				.getBeanProvider(org.springframework.data.redis.connection.RedisConnectionFactory.class)
				.getIfUnique();
			int phase = (factory instanceof Phased phased) ? phased.getPhase() : 0;
			return (phase == Integer.MAX_VALUE) ? phase : phase + 1;
		}
	}
}
