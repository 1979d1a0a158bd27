package io.snowflakeid.spring.zookeeper;

import java.time.Duration;

import io.snowflakeid.internal.config.Settings;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The ZooKeeper worker lease ({@code snowflake.worker-assignment=zookeeper}), under {@code snowflake.zookeeper.*}.
 * Used to build a Curator client only when the application has no {@code CuratorFramework} bean of its own; the
 * path applies in both cases. Defaults and descriptions: the rows of the settings table
 * ({@code io.snowflakeid.internal.config.Settings}); the getters show the default while a property is not set.
 */
@ConfigurationProperties(prefix = "snowflake.zookeeper")
class SnowflakeZooKeeperProperties {

	private String connectString;

	private String path;

	private Duration sessionTimeout;

	private Duration connectionTimeout;

	private String auth;

	public String getConnectString() {
		return this.connectString;
	}

	public void setConnectString(String connectString) {
		this.connectString = connectString;
	}

	public String getPath() {
		return Settings.ZOOKEEPER_PATH.or(this.path);
	}

	public void setPath(String path) {
		this.path = path;
	}

	public Duration getSessionTimeout() {
		return Settings.ZOOKEEPER_SESSION_TIMEOUT.or(this.sessionTimeout);
	}

	public void setSessionTimeout(Duration sessionTimeout) {
		this.sessionTimeout = sessionTimeout;
	}

	public Duration getConnectionTimeout() {
		return Settings.ZOOKEEPER_CONNECTION_TIMEOUT.or(this.connectionTimeout);
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
