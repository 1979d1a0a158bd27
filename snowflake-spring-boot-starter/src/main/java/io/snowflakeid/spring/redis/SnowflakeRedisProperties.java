package io.snowflakeid.spring.redis;

import io.snowflakeid.internal.config.Settings;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The Redis worker lease, under {@code snowflake.redis.*} (with {@code snowflake.worker-assignment=redis}).
 * Defaults and descriptions: the rows of the settings table ({@code io.snowflakeid.internal.config.Settings}).
 */
@ConfigurationProperties(prefix = "snowflake.redis")
class SnowflakeRedisProperties {

	private String key;

	private String uri;

	private Boolean acceptDataLossRisk;

	public boolean isAcceptDataLossRisk() {
		return Settings.REDIS_ACCEPT_DATA_LOSS_RISK.or(this.acceptDataLossRisk);
	}

	public void setAcceptDataLossRisk(boolean acceptDataLossRisk) {
		this.acceptDataLossRisk = acceptDataLossRisk;
	}

	public String getKey() {
		return Settings.REDIS_KEY.or(this.key);
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
