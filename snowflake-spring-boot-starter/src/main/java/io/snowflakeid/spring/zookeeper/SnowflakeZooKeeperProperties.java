package io.snowflakeid.spring.zookeeper;

import java.time.Duration;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The ZooKeeper worker lease ({@code snowflake.worker-assignment=zookeeper}), under {@code snowflake.zookeeper.*}.
 * Used to build a Curator client only when the application has no {@code CuratorFramework} bean of its own; the
 * path applies in both cases.
 */
@ConfigurationProperties(prefix = "snowflake.zookeeper")
public class SnowflakeZooKeeperProperties {

	/**
	 * The ZooKeeper ensemble, host:port[,host:port...][/chroot]. Required unless the application has exactly one
	 * CuratorFramework bean (which is then used).
	 */
	private String connectString;

	/** The base path of the lease nodes: one persistent node per (datacenter, worker) pair below it. */
	private String path = "/snowflake/worker-lease";

	/**
	 * The session timeout requested from the servers; the lease lasts at most the negotiated one (so that ids stop
	 * before the session can expire), which must be at least 3 s.
	 */
	private Duration sessionTimeout = Duration.ofSeconds(30);

	/** How long to wait for a connection to the ensemble. */
	private Duration connectionTimeout = Duration.ofSeconds(10);

	/**
	 * Credentials of the client made from these properties, digest:<user>:<password>: it authenticates with them
	 * and creates the lease nodes for that identity only (ACL auth::cdrwa), so that no other client can delete a
	 * lease and its high-water mark. Not set: world-writable nodes, with a warning. Refused when the application
	 * has its own CuratorFramework bean (give that client its authorization and ACL provider). Masked in the env
	 * and configprops endpoints.
	 */
	private String auth;

	public String getConnectString() {
		return this.connectString;
	}

	public void setConnectString(String connectString) {
		this.connectString = connectString;
	}

	public String getPath() {
		return this.path;
	}

	public void setPath(String path) {
		this.path = path;
	}

	public Duration getSessionTimeout() {
		return this.sessionTimeout;
	}

	public void setSessionTimeout(Duration sessionTimeout) {
		this.sessionTimeout = sessionTimeout;
	}

	public Duration getConnectionTimeout() {
		return this.connectionTimeout;
	}

	public void setConnectionTimeout(Duration connectionTimeout) {
		this.connectionTimeout = connectionTimeout;
	}

	public String getAuth() {
		return this.auth;
	}

	public void setAuth(String auth) {
		this.auth = auth;
	}
}
