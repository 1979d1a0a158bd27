package io.snowflakeid.spring.publicid;

import java.util.LinkedHashMap;
import java.util.Map;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * The keys of opaque public ids ({@code io.snowflakeid.publicid.PublicIdCodec}), {@code snowflake.public-id.keys.*}: a
 * family of keys, one per version, bound as a map (relaxed names, {@code keys[A]}). No key, no codec: the feature is
 * off, and {@code @PublicId} in the application then fails the start. The other {@code snowflake.public-id.*}
 * settings are rows of the settings table ({@code io.snowflakeid.internal.config.Settings}), bound by their keys
 * where the codec is made ({@code PublicIdCodec.fromSettings}).
 */
@ConfigurationProperties(prefix = "snowflake.public-id")
class SnowflakePublicIdProperties {

	/**
	 * AES keys by version: {@code snowflake.public-id.keys.<version>=<base64 key of 16, 24 or 32 bytes>} (e.g.
	 * {@code openssl rand -base64 32}). The version is one character of the alphabet and is the first character of
	 * every token; tokens of every configured version decode. Use digits or lower-case letters as versions (write
	 * {@code keys[A]} to keep an upper-case one; with {@code crockford-base32}, digits or {@code keys[A]}). Keep keys
	 * out of source control: environment variables ({@code SNOWFLAKE_PUBLICID_KEYS_1}) or a secret store.
	 */
	private Map<String, String> keys = new LinkedHashMap<>();

	public Map<String, String> getKeys() {
		return this.keys;
	}

	public void setKeys(Map<String, String> keys) {
		this.keys = keys;
	}

	/** Never shows a key. */
	@Override
	public String toString() {
		return "SnowflakePublicIdProperties[keys=" + this.keys.keySet() + " (values hidden)]";
	}
}
