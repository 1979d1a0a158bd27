package io.snowflakeid.zookeeper.internal;

import java.time.Duration;
import java.util.Map;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.spi.LeaseStoreProvider;
import io.snowflakeid.internal.config.WorkerAssignment;
import io.snowflakeid.zookeeper.ZooKeeperLeaseStore;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.imps.CuratorFrameworkState;

/**
 * Makes a {@link ZooKeeperLeaseStore} from plain settings ({@code snowflake.zookeeper.*}, the rows of
 * {@link Settings}), with a Curator client of its own that the store closes. Found by plain Hibernate
 * through the ServiceLoader; applications build a store with {@link ZooKeeperLeaseStore#connect}.
 */
public final class ZooKeeperLeaseStoreProvider implements LeaseStoreProvider {

	@Override
	public String assignment() {
		return WorkerAssignment.ZOOKEEPER.value();
	}

	@Override
	public LeaseStore create(Map<String, ?> settings) {
		// the rows of the settings table: their parsers, their defaults
		String connect = Settings.ZOOKEEPER_CONNECT_STRING.read(settings);
		String path = Settings.ZOOKEEPER_PATH.readOrDefault(settings);
		Duration sessionTimeout = Settings.ZOOKEEPER_SESSION_TIMEOUT.readOrDefault(settings);
		Duration connectionTimeout = Settings.ZOOKEEPER_CONNECTION_TIMEOUT.readOrDefault(settings);
		Object auth = settings.get(Settings.ZOOKEEPER_AUTH.key()); // as written: a secret is not trimmed
		return ZooKeeperLeaseStore.connect(connect, path, sessionTimeout, connectionTimeout,
				(auth != null) ? auth.toString() : null);
	}

	/**
	 * A store on the application's own client (Spring's single {@code CuratorFramework} bean; started if it is not,
	 * never closed by the store), with the
	 * {@code snowflake.zookeeper.*} settings that apply to it: the path. The client's own settings (connect string,
	 * timeouts) are the application's; {@code auth} is refused rather than ignored, as the nodes would not get the
	 * protection it promises.
	 * @throws SnowflakeConfigurationException naming a setting that cannot be read or does not apply
	 */
	public static ZooKeeperLeaseStore onClient(CuratorFramework client, Map<String, ?> settings) {
		if (settings.get(Settings.ZOOKEEPER_AUTH.key()) != null) {
			// Expected protection that would not apply: the application's client has its own ACL provider.
			throw new SnowflakeConfigurationException(Settings.ZOOKEEPER_AUTH.key(), "(a secret, not shown)",
					"not set when the lease runs on the application's own CuratorFramework",
					"Give that client its authorization and ACL provider (CuratorFrameworkFactory.builder()"
							+ ".authorization(\"digest\", ...).aclProvider(...)), and remove "
							+ Settings.ZOOKEEPER_AUTH.key());
		}
		String path = Settings.ZOOKEEPER_PATH.readOrDefault(settings);
		if (client.getState() == CuratorFrameworkState.LATENT) {
			client.start();
		}
		return new ZooKeeperLeaseStore(client, path);
	}
}
