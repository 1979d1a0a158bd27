package io.snowflakeid.spring.redis;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The Redis worker lease, under {@code snowflake.redis.*} (with {@code snowflake.worker-assignment=redis}).
 */
@ConfigurationProperties(prefix = "snowflake.redis")
public class SnowflakeRedisProperties {

	/**
	 * Hash the lease records are kept in, one field per (datacenter, worker) pair. Every service that must get
	 * distinct worker ids uses the same key on the same server.
	 */
	private String key = "snowflake:worker-lease"; // a literal: the metadata shows it (RedisSettings.DEFAULT_KEY)

	/**
	 * Server to keep the leases on, as redis://[user:password@]host:port/database (rediss:// for TLS): a Lettuce
	 * client of its own, closed with the application. When not set, the application's RedisConnectionFactory
	 * (spring.data.redis.*) is used.
	 */
	private String uri;

	public String getKey() {
		return this.key;
	}

	public void setKey(String key) {
		this.key = key;
	}

	public String getUri() {
		return this.uri;
	}

	public void setUri(String uri) {
		this.uri = uri;
	}
}
