package io.snowflakeid.spring.zookeeper;

import java.util.Locale;
import java.util.Map;

import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.spring.internal.OnWorkerIdUnsetCondition;
import io.snowflakeid.spring.internal.PropertyBinding;
import io.snowflakeid.zookeeper.ZooKeeperLeaseStore;
import io.snowflakeid.zookeeper.internal.ZooKeeperLeaseStoreProvider;
import org.apache.curator.framework.CuratorFramework;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.endpoint.SanitizingFunction;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.env.Environment;

/**
 * {@code snowflake.worker-assignment=zookeeper}: the worker lease kept in ZooKeeper (module
 * {@code snowflake-zookeeper}). Defines the {@link LeaseStore} the generator's lease uses: on the application's
 * {@link CuratorFramework} bean if it has exactly one (started if it is not; never closed by us), else on a client
 * made from {@code snowflake.zookeeper.*}, closed with the context.
 */
@AutoConfiguration
@ConditionalOnClass({ CuratorFramework.class, ZooKeeperLeaseStore.class })
@ConditionalOnProperty(name = "snowflake.worker-assignment", havingValue = "zookeeper")
@Conditional(OnWorkerIdUnsetCondition.class)
public final class SnowflakeZooKeeperAutoConfiguration {

	/**
	 * The store. Closed after the generator's lease (it is created while the generator is, so destroyed after it):
	 * the lease's release still reaches ZooKeeper.
	 */
	@Bean
	@ConditionalOnMissingBean(LeaseStore.class)
	ZooKeeperLeaseStore snowflakeZooKeeperLeaseStore(ObjectProvider<CuratorFramework> curators,
			ListableBeanFactory beanFactory, Environment environment) {
		// snowflake.zookeeper.*, read as plain Hibernate and Quarkus read them: the module's provider, the rows'
		// parsers and defaults
		Map<String, Object> settings = PropertyBinding.moduleSettings(beanFactory, environment, Settings.ZOOKEEPER_GROUP);
		CuratorFramework application = curators.getIfUnique();
		if (application != null) {
			return ZooKeeperLeaseStoreProvider.onClient(application, settings);
		}
		return (ZooKeeperLeaseStore) new ZooKeeperLeaseStoreProvider().create(settings);
	}

	/**
	 * {@code snowflake.zookeeper.auth} (a password) masked in the {@code env} and {@code configprops} endpoints
	 * whatever {@code show-values} says, in every form of its name ({@code SNOWFLAKE_ZOOKEEPER_AUTH}...).
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(name = "org.springframework.boot.actuate.endpoint.SanitizingFunction")
	static class AuthSanitizingConfiguration {

		/**
		 * Masks the property in every form of its name, and any other value that carries it (spring.application.json,
		 * SPRING_APPLICATION_JSON, a command line in sun.java.command...).
		 */
		@Bean
		SanitizingFunction snowflakeZooKeeperAuthSanitizer(Environment environment) {
			return (data) -> {
				if (isAuth(data.getKey())) {
					return data.withSanitizedValue();
				}
				String auth = environment.getProperty(Settings.ZOOKEEPER_AUTH.key());
				return (auth != null && !auth.isEmpty() && data.getValue() instanceof CharSequence value
						&& value.toString().contains(auth)) ? data.withSanitizedValue() : data;
			};
		}

		static boolean isAuth(String name) {
			return name != null
					&& name.replaceAll("[^A-Za-z0-9]", "").toLowerCase(Locale.ROOT).equals("snowflakezookeeperauth");
		}
	}
}
