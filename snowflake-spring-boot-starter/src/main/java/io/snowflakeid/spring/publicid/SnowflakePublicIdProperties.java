package io.snowflakeid.spring.publicid;

import java.util.LinkedHashMap;
import java.util.Map;

import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.publicid.PublicIdAlphabet;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Opaque public ids ({@code io.snowflakeid.publicid.PublicIdCodec}), under {@code snowflake.public-id.*}. No key, no
 * codec: the feature is off, and {@code @PublicId} in the application then fails the start. Defaults and
 * descriptions, but for the keys: the rows of the settings table ({@code io.snowflakeid.internal.config.Settings}).
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

	private String currentVersion;

	private PublicIdAlphabet alphabet;

	public Map<String, String> getKeys() {
		return this.keys;
	}

	public void setKeys(Map<String, String> keys) {
		this.keys = keys;
	}

	public String getCurrentVersion() {
		return this.currentVersion;
	}

	public void setCurrentVersion(String currentVersion) {
		this.currentVersion = currentVersion;
	}

	public PublicIdAlphabet getAlphabet() {
		return Settings.PUBLIC_ID_ALPHABET.or(this.alphabet);
	}

	public void setAlphabet(PublicIdAlphabet alphabet) {
		this.alphabet = alphabet;
	}

	/** Never shows a key. */
	@Override
	public String toString() {
		return "SnowflakePublicIdProperties[keys=" + this.keys.keySet() + " (values hidden), currentVersion="
				+ this.currentVersion + ", alphabet=" + this.alphabet + "]";
	}
}
