package io.snowflakeid.quarkus.runtime;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

import io.quarkus.arc.Arc;
import io.quarkus.runtime.configuration.ConfigurationException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.publicid.PublicIdCodec;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;

/**
 * The application's {@link PublicIdCodec}, from {@code quarkus.snowflake.public-id.*} read by the core's
 * {@link PublicIdCodec#fromSettings} (the same checks and messages as Spring and plain Hibernate, naming the Quarkus
 * property and never a key), for the ids of the generator's layout. No key, no codec.
 */
@Singleton
public class QuarkusPublicIds {

	/** What to set, for messages. */
	public static final String KEYS = QuarkusSettings.PREFIX + PublicIdCodec.KEYS + ".<version>";

	/** How to set it, for messages. */
	static final String SET_A_KEY = "set " + KEYS + "=<base64 AES key of 16, 24 or 32 bytes> (e.g. openssl rand"
			+ " -base64 32, as QUARKUS_SNOWFLAKE_PUBLIC_ID_KEYS_1)";

	private final Optional<PublicIdCodec> codec;

	@Inject
	QuarkusPublicIds(SnowflakeConfig config, SnowflakeIdGenerator generator) {
		Map<String, Object> settings = new LinkedHashMap<>();
		config.publicId().keys().forEach((version, key) -> settings.put(PublicIdCodec.KEYS + "." + version, key));
		config.publicId().currentVersion().ifPresent((version) -> settings.put(PublicIdCodec.CURRENT_VERSION, version));
		config.publicId().alphabet().ifPresent((alphabet) -> settings.put(PublicIdCodec.ALPHABET, alphabet));
		try {
			this.codec = PublicIdCodec.fromSettings(settings, generator.layout());
		}
		catch (IllegalArgumentException ex) { // SnowflakeConfigurationException among them: messages name the setting, never a key
			throw QuarkusSettings.configurationError(ex);
		}
	}

	/** The codec, or empty when no key is set. */
	public Optional<PublicIdCodec> codec() {
		return this.codec;
	}

	/**
	 * The codec, for what turns ids into tokens at run time (the parameter converter, the Jackson and JSON-B
	 * serializers) and for the application's own code ({@code @Inject PublicIdCodec}); without a key, it fails saying
	 * what to set, never handing out a raw id.
	 */
	@Produces
	@Singleton
	PublicIdCodec required() {
		return this.codec.orElseThrow(() -> new ConfigurationException(
				"No public id key is set, so there is no PublicIdCodec to turn @PublicId ids into tokens: " + SET_A_KEY));
	}

	/** {@link #required()} of the application's bean, looked up when first needed (not at static init). */
	static PublicIdCodec requiredCodec() {
		return Arc.container().instance(QuarkusPublicIds.class).get().required();
	}
}
