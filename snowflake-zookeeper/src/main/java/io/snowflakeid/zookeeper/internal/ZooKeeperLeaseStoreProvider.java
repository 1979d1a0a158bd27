package io.snowflakeid.zookeeper.internal;

import java.time.Duration;
import java.util.Map;

import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.spi.LeaseStoreProvider;
import io.snowflakeid.internal.config.WorkerAssignment;
import io.snowflakeid.zookeeper.ZooKeeperLeaseStore;

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
}
