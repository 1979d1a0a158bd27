package io.snowflakeid.zookeeper;

import java.time.Duration;
import java.util.Map;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeSettings;
import io.snowflakeid.worker.LeaseStore;
import io.snowflakeid.worker.LeaseStoreProvider;
import io.snowflakeid.worker.WorkerAssignment;

/**
 * Makes a {@link ZooKeeperLeaseStore} from plain settings ({@code snowflake.zookeeper.*}, see
 * {@link ZooKeeperSettings}), with a Curator client of its own that the store closes.
 */
public final class ZooKeeperLeaseStoreProvider implements LeaseStoreProvider {

	@Override
	public WorkerAssignment assignment() {
		return WorkerAssignment.ZOOKEEPER;
	}

	@Override
	public LeaseStore create(Map<String, ?> settings) {
		Object connect = settings.get(ZooKeeperSettings.CONNECT_STRING);
		Object pathSetting = settings.get(ZooKeeperSettings.PATH);
		String path = (pathSetting != null) ? pathSetting.toString().trim() : ZooKeeperSettings.DEFAULT_PATH;
		Duration sessionTimeout = SnowflakeSettings.duration(settings, ZooKeeperSettings.SESSION_TIMEOUT,
				ZooKeeperSettings.DEFAULT_SESSION_TIMEOUT);
		Duration connectionTimeout = SnowflakeSettings.duration(settings, ZooKeeperSettings.CONNECTION_TIMEOUT,
				ZooKeeperSettings.DEFAULT_CONNECTION_TIMEOUT);
		ZooKeeperLeaseStore.validatePath(path);
		Object auth = settings.get(ZooKeeperSettings.AUTH);
		return ZooKeeperLeaseStore.connect((connect != null) ? connect.toString() : null, path, sessionTimeout,
				connectionTimeout, (auth != null) ? auth.toString() : null);
	}

	static void checkTimeout(String setting, Duration value, Duration min) {
		Duration max = Duration.ofMillis(Integer.MAX_VALUE);
		if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
			throw new SnowflakeConfigurationException(setting, value.toMillis() + " ms",
					min.toMillis() + " ms to " + max.toMillis() + " ms");
		}
	}
}
