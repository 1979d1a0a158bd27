package io.snowflakeid.zookeeper;

import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.worker.LeaseStore;
import io.snowflakeid.worker.LeaseStoreProvider;
import io.snowflakeid.worker.WorkerAssignment;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.ExponentialBackoffRetry;

/**
 * Makes a {@link ZooKeeperLeaseStore} from plain settings ({@code snowflake.zookeeper.*}, see
 * {@link ZooKeeperSettings}), with a Curator client of its own that the store closes.
 */
public final class ZooKeeperLeaseStoreProvider implements LeaseStoreProvider {

	private static final Pattern SIMPLE_DURATION = Pattern.compile("(\\d+)\\s*(ms|s|m|h|d)?");

	@Override
	public WorkerAssignment assignment() {
		return WorkerAssignment.ZOOKEEPER;
	}

	@Override
	public LeaseStore create(Map<String, ?> settings) {
		Object connect = settings.get(ZooKeeperSettings.CONNECT_STRING);
		if (connect == null || connect.toString().isBlank()) {
			throw new SnowflakeConfigurationException(ZooKeeperSettings.CONNECT_STRING,
					(connect == null) ? "(not set)" : "'" + connect + "'",
					"the ZooKeeper ensemble, such as zk1:2181,zk2:2181,zk3:2181 (required with "
							+ "snowflake.worker-assignment=zookeeper)");
		}
		Object pathSetting = settings.get(ZooKeeperSettings.PATH);
		String path = (pathSetting != null) ? pathSetting.toString().trim() : ZooKeeperSettings.DEFAULT_PATH;
		Duration sessionTimeout = duration(settings, ZooKeeperSettings.SESSION_TIMEOUT,
				ZooKeeperSettings.DEFAULT_SESSION_TIMEOUT);
		Duration connectionTimeout = duration(settings, ZooKeeperSettings.CONNECTION_TIMEOUT,
				ZooKeeperSettings.DEFAULT_CONNECTION_TIMEOUT);
		ZooKeeperLeaseStore.validatePath(path);
		return create(connect.toString().trim(), path, sessionTimeout, connectionTimeout);
	}

	/** A store with a client of its own (started here, closed by the store). */
	static ZooKeeperLeaseStore create(String connectString, String path, Duration sessionTimeout,
			Duration connectionTimeout) {
		checkTimeout(ZooKeeperSettings.SESSION_TIMEOUT, sessionTimeout, ZooKeeperSettings.MIN_SESSION_TIMEOUT);
		checkTimeout(ZooKeeperSettings.CONNECTION_TIMEOUT, connectionTimeout, Duration.ofMillis(1));
		ZooKeeperLeaseStore.validatePath(path);
		CuratorFramework client = CuratorFrameworkFactory.builder()
			.connectString(connectString)
			.sessionTimeoutMs((int) sessionTimeout.toMillis())
			.connectionTimeoutMs((int) connectionTimeout.toMillis())
			// Only for the client's own background work: the store sends each operation once, bounded.
			.retryPolicy(new ExponentialBackoffRetry(200, 3))
			.build();
		client.start();
		return new ZooKeeperLeaseStore(client, path, true);
	}

	static void checkTimeout(String setting, Duration value, Duration min) {
		Duration max = Duration.ofMillis(Integer.MAX_VALUE);
		if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
			throw new SnowflakeConfigurationException(setting, value.toMillis() + " ms",
					min.toMillis() + " ms to " + max.toMillis() + " ms");
		}
	}

	/** A duration as the core reads them: a Duration, milliseconds, 10ms/1s/5m/1h/1d, or ISO-8601. */
	static Duration duration(Map<String, ?> settings, String key, Duration fallback) {
		Object value = settings.get(key);
		if (value == null) {
			return fallback;
		}
		if (value instanceof Duration duration) {
			return duration;
		}
		if (value instanceof Long || value instanceof Integer) {
			return Duration.ofMillis(((Number) value).longValue());
		}
		String text = value.toString().trim();
		try {
			Matcher simple = SIMPLE_DURATION.matcher(text.toLowerCase(Locale.ROOT));
			if (simple.matches()) {
				long amount = Long.parseLong(simple.group(1));
				String unit = (simple.group(2) != null) ? simple.group(2) : "ms";
				return switch (unit) {
					case "s" -> Duration.ofSeconds(amount);
					case "m" -> Duration.ofMinutes(amount);
					case "h" -> Duration.ofHours(amount);
					case "d" -> Duration.ofDays(amount);
					default -> Duration.ofMillis(amount);
				};
			}
			return Duration.parse(text.toUpperCase(Locale.ROOT));
		}
		catch (RuntimeException ex) {
			throw new SnowflakeConfigurationException(key, "'" + value + "'",
					"a duration such as 500ms, 30s or PT30S (a plain number means milliseconds)");
		}
	}
}
