package io.snowflakeid.spring.redis;

import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.endpoint.SanitizableData;
import org.springframework.boot.actuate.endpoint.SanitizingFunction;
import org.springframework.core.env.MapPropertySource;
import org.springframework.core.env.StandardEnvironment;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Redis URI's password stays out of the {@code env} endpoint whatever {@code show-values} says: the URI in every
 * form of its name, and any other value that holds the password (the variable a placeholder took it from).
 */
class RedisUriSanitizingTests {

	private static final String PASSWORD = "l3ase-s3cret";

	@Test
	void theUriAndAnyValueHoldingItsPasswordAreMasked() {
		StandardEnvironment environment = new StandardEnvironment();
		MapPropertySource source = new MapPropertySource("application",
				Map.of("snowflake.redis.uri", "redis://leases:" + PASSWORD + "@redis.internal:6379/0"));
		environment.getPropertySources().addFirst(source);
		SanitizingFunction sanitizer = new SnowflakeRedisAutoConfiguration.UriSanitizingConfiguration()
			.snowflakeRedisUriSanitizer(environment);
		assertThat(sanitize(sanitizer, source, "snowflake.redis.uri", "redis://leases:x@h")).isEqualTo("******");
		assertThat(sanitize(sanitizer, source, "SNOWFLAKE_REDIS_URI", "redis://h")).isEqualTo("******");
		assertThat(sanitize(sanitizer, source, "REDIS_LEASE_PASSWORD", PASSWORD)).isEqualTo("******");
		assertThat(sanitize(sanitizer, source, "sun.java.command", "app --x=" + PASSWORD)).isEqualTo("******");
		assertThat(sanitize(sanitizer, source, "snowflake.redis.key", "snowflake:worker-lease"))
			.isEqualTo("snowflake:worker-lease");
	}

	@Test
	void aShortOrAbsentPasswordMasksNothingElse() {
		assertThat(SnowflakeRedisAutoConfiguration.UriSanitizingConfiguration.password("redis://:ab@h:6379")).isNull();
		assertThat(SnowflakeRedisAutoConfiguration.UriSanitizingConfiguration.password("redis://h:6379/0")).isNull();
		assertThat(SnowflakeRedisAutoConfiguration.UriSanitizingConfiguration.password(null)).isNull();
		assertThat(SnowflakeRedisAutoConfiguration.UriSanitizingConfiguration.password("rediss://" + PASSWORD + "@h"))
			.isEqualTo(PASSWORD);
		assertThat(SnowflakeRedisAutoConfiguration.UriSanitizingConfiguration.password("redis://u:p@ss:w0rd@h"))
			.isEqualTo("p@ss:w0rd");
	}

	private static Object sanitize(SanitizingFunction sanitizer, MapPropertySource source, String key, Object value) {
		return sanitizer.apply(new SanitizableData(source, key, value)).getValue();
	}
}
