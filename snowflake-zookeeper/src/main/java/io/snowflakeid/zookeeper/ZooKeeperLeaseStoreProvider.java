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
		Object pathSetting = settings.get(ZooKeeperSettings.PATH);
		String path = (pathSetting != null) ? pathSetting.toString().trim() : ZooKeeperSettings.DEFAULT_PATH;
		Duration sessionTimeout = duration(settings, ZooKeeperSettings.SESSION_TIMEOUT,
				ZooKeeperSettings.DEFAULT_SESSION_TIMEOUT);
		Duration connectionTimeout = duration(settings, ZooKeeperSettings.CONNECTION_TIMEOUT,
				ZooKeeperSettings.DEFAULT_CONNECTION_TIMEOUT);
		ZooKeeperLeaseStore.validatePath(path);
		return ZooKeeperLeaseStore.connect((connect != null) ? connect.toString() : null, path, sessionTimeout, connectionTimeout);
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
