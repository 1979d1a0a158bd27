package io.snowflakeid.spring.publicid;

import java.util.LinkedHashMap;
import java.util.Map;

import io.snowflakeid.publicid.PublicIdAlphabet;

import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Opaque public ids ({@code io.snowflakeid.publicid.PublicIdCodec}), under {@code snowflake.public-id.*}. No key, no
 * codec: the feature is off, and {@code @PublicId} in the application then fails the start.
 */
@ConfigurationProperties(prefix = "snowflake.public-id")
public class SnowflakePublicIdProperties {

	/**
	 * AES keys by version: {@code snowflake.public-id.keys.<version>=<base64 key of 16, 24 or 32 bytes>} (e.g.
	 * {@code openssl rand -base64 32}). The version is one character of the alphabet and is the first character of
	 * every token; tokens of every configured version decode. Use digits or lower-case letters as versions (write
	 * {@code keys[A]} to keep an upper-case one). Keep keys out of source control: environment variables
	 * ({@code SNOWFLAKE_PUBLICID_KEYS_1}) or a secret store.
	 */
	private Map<String, String> keys = new LinkedHashMap<>();

	/** Version new tokens are encoded with. Optional with a single key; required with several. */
	private String currentVersion;

	/**
	 * Characters of tokens: {@code base62} (0-9A-Za-z, URL-safe, 17 characters) or {@code decimal} (digits only,
	 * 30 characters). Changing it changes every token.
	 */
	private PublicIdAlphabet alphabet = PublicIdAlphabet.BASE62;

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
		return this.alphabet;
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
