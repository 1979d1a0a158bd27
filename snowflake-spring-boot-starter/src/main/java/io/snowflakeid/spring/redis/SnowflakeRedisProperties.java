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

	/**
	 * Whether to lease from a server that can lose an acknowledged write on a restart or crash: no append-only file,
	 * appendfsync other than always, or an fsync policy that cannot be read (the server refuses CONFIG GET, as
	 * managed services often do). A lease the server forgets can be handed to a second instance while the first
	 * still issues ids with it (duplicate ids). When false, such a server is refused at start and at every renewal.
	 * An allkeys-* eviction policy and a replica are refused whatever this says.
	 */
	private boolean acceptDataLossRisk;

	public boolean isAcceptDataLossRisk() {
		return this.acceptDataLossRisk;
	}

	public void setAcceptDataLossRisk(boolean acceptDataLossRisk) {
		this.acceptDataLossRisk = acceptDataLossRisk;
	}

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
