package io.snowflakeid.redis.internal;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.internal.keys.SnowflakeSettings;

/**
 * The settings of {@code snowflake.worker-assignment=redis} in plain Hibernate (Spring Boot binds the same names
 * from {@code snowflake.redis.*} properties).
 */
public final class RedisSettings {

	/**
	 * The server, as a Redis URI: {@code redis://[user:password@]host:port/database}, {@code rediss://} for TLS.
	 * Required with plain Hibernate.
	 */
	public static final String URI = SnowflakeSettings.PREFIX + "redis.uri";

	/** The hash the lease records are kept in, one field per (datacenter, worker) pair. */
	public static final String KEY = SnowflakeSettings.PREFIX + "redis.key";

	/**
	 * {@code true} accepts leasing from a server that can lose an acknowledged write on a restart or crash (no
	 * append-only file, {@code appendfsync} other than {@code always}, or an fsync policy that cannot be read because
	 * the server refuses {@code CONFIG GET}). Default {@code false}: such a server is refused at start and at every
	 * renewal. An eviction policy that can remove the lease hash ({@code allkeys-*}) and a replica are refused
	 * whatever this says.
	 */
	public static final String ACCEPT_DATA_LOSS_RISK = SnowflakeSettings.PREFIX + "redis.accept-data-loss-risk";

	/** The default of {@link #KEY}. */
	public static final String DEFAULT_KEY = "snowflake:worker-lease";

	private RedisSettings() {
	}

	/**
	 * {@code key} as the value of {@link #KEY}, as written (a key with blanks around it is refused, not quietly
	 * changed into another hash than the one other instances use).
	 * @throws SnowflakeConfigurationException naming {@link #KEY} for a blank, padded or too long key
	 */
	public static String checkKey(String key) {
		if (key == null || key.isBlank() || key.length() > 1024 || !key.equals(key.strip())) {
			throw new SnowflakeConfigurationException(KEY, (key == null) ? null : "'" + key + "'",
					"a Redis key of 1 to 1024 characters without leading or trailing blanks (default " + DEFAULT_KEY
							+ ")");
		}
		return key;
	}
}
