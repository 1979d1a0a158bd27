package io.snowflakeid.redis.internal;

import java.time.Duration;
import java.util.Map;

import io.lettuce.core.RedisURI;
import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.redis.internal.RedisLeaseStore;
import io.snowflakeid.redis.internal.RedisSettings;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.spi.LeaseStoreProvider;
import io.snowflakeid.internal.config.WorkerAssignment;
import io.snowflakeid.worker.WorkerLeaseException;

/**
 * {@code snowflake.worker-assignment=redis} in plain Hibernate: a {@link RedisLeaseStore} over a Lettuce client
 * opened from {@link RedisSettings#URI}, which the store owns and closes.
 */
public final class RedisLeaseStoreProvider implements LeaseStoreProvider {

	/** How long connecting may take, at start and on each reconnect. */
	public static final Duration CONNECT_TIMEOUT = Duration.ofSeconds(5);

	@Override
	public String assignment() {
		return WorkerAssignment.REDIS.value();
	}

	@Override
	public LeaseStore create(Map<String, ?> settings) {
		RedisURI uri = parseUri(settings.get(RedisSettings.URI));
		// refused before a connection is tried (and, for any setting read only below, the client closed again)
		RedisLeaseStore.key(settings);
		Settings.REDIS_ACCEPT_DATA_LOSS_RISK.readOrDefault(settings);
		LettuceRedisScripts scripts;
		try {
			scripts = LettuceRedisScripts.open(uri, CONNECT_TIMEOUT);
		}
		catch (WorkerLeaseException ex) { // the client could not be created: Lettuce and Netty do not match
			throw ex;
		}
		catch (RuntimeException ex) {
			throw new WorkerLeaseException(WorkerLeaseException.Reason.DATABASE_UNAVAILABLE, WorkerAssignment.REDIS.value(),
					"Could not connect to Redis at " + LettuceRedisScripts.describe(uri) + " (" + RedisSettings.URI
							+ ") to lease a worker id: " + ex.getMessage(), ex);
		}
		try {
			return RedisLeaseStore.fromSettings(scripts, settings);
		}
		catch (RuntimeException ex) { // a setting refused: the client opened for nothing is closed
			scripts.close();
			throw ex;
		}
	}

	private static final String ALLOWED = "a Redis URI: redis://host:port/database (rediss:// for TLS), required with "
			+ WorkerAssignment.SETTING + "=redis";

	/**
	 * {@code value} as a Redis URI.
	 * @throws SnowflakeConfigurationException naming {@link RedisSettings#URI} if it is missing or not one
	 */
	public static RedisURI parseUri(Object value) {
		if (value == null || value.toString().isBlank()) {
			throw new SnowflakeConfigurationException(RedisSettings.URI, value, ALLOWED);
		}
		String text = value.toString().trim();
		if (!text.startsWith("redis://") && !text.startsWith("rediss://")) {
			throw new SnowflakeConfigurationException(RedisSettings.URI, "'" + redact(text) + "'", ALLOWED);
		}
		try {
			return RedisURI.create(text);
		}
		catch (RuntimeException ex) {
			throw new SnowflakeConfigurationException(RedisSettings.URI, "'" + redact(text) + "'", ALLOWED);
		}
	}

	/**
	 * The URI without its user info (a password must not reach a log): everything before the last {@code @} but a
	 * well-formed scheme, whatever the rest looks like (no scheme, {@code redis:/}, an {@code @} in the password).
	 */
	static String redact(String uri) {
		int at = uri.lastIndexOf('@');
		if (at < 0) {
			return uri;
		}
		int scheme = uri.indexOf("://");
		String kept = (scheme >= 0 && scheme < at) ? uri.substring(0, scheme + 3) : "";
		return kept + "***" + uri.substring(at);
	}
}
