package io.snowflakeid.redis;

import io.snowflakeid.SnowflakeSettings;

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

	/** The default of {@link #KEY}. */
	public static final String DEFAULT_KEY = "snowflake:worker-lease";

	private RedisSettings() {
	}
}
