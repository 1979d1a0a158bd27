package io.snowflakeid.spring.zookeeper;

import java.util.Locale;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.zookeeper.ZooKeeperLeaseStore;
import io.snowflakeid.spring.internal.OnWorkerIdUnsetCondition;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.actuate.endpoint.SanitizingFunction;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;

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
@EnableConfigurationProperties(SnowflakeZooKeeperProperties.class)
public final class SnowflakeZooKeeperAutoConfiguration {

	/**
	 * The store. Closed after the generator's lease (it is created while the generator is, so destroyed after it):
	 * the lease's release still reaches ZooKeeper.
	 */
	@Bean
	@ConditionalOnMissingBean(LeaseStore.class)
	ZooKeeperLeaseStore snowflakeZooKeeperLeaseStore(SnowflakeZooKeeperProperties properties,
			ObjectProvider<CuratorFramework> curators) {
		CuratorFramework application = curators.getIfUnique();
		if (application != null) {
			if (properties.getAuth() != null) {
				// Expected protection that would not apply: the application's client has its own ACL provider.
				throw new SnowflakeConfigurationException(Settings.ZOOKEEPER_AUTH.key(), "(a secret, not shown)",
						"not set when the application has its own CuratorFramework bean (used for the lease)",
						"Give that client its authorization and ACL provider (CuratorFrameworkFactory.builder()"
								+ ".authorization(\"digest\", ...).aclProvider(...)), and remove "
								+ Settings.ZOOKEEPER_AUTH.key());
			}
			if (application.getState() == CuratorFrameworkState.LATENT) {
				application.start();
			}
			return new ZooKeeperLeaseStore(application, properties.getPath());
		}
		return ZooKeeperLeaseStore.connect(properties.getConnectString(), properties.getPath(),
				properties.getSessionTimeout(), properties.getConnectionTimeout(), properties.getAuth());
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
		SanitizingFunction snowflakeZooKeeperAuthSanitizer(org.springframework.core.env.Environment environment) {
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
