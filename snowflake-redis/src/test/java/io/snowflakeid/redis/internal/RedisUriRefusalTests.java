package io.snowflakeid.redis.internal;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * A refused Redis URI is named in the error, its password never: the error reaches the start's log, and the URI is a
 * plain configuration value in Quarkus and Spring alike. (The redaction looked for "://" only: a URI without a scheme
 * or with one slash was printed whole.)
 */
class RedisUriRefusalTests {

	@Test
	void aUriWithoutSchemeIsRefusedWithoutItsPassword() {
		Throwable failure = catchThrowable(() -> RedisLeaseStoreProvider.parseUri("default:s3cret-Pa55@redis.internal:6379"));
		assertThat(failure).hasMessageContaining("snowflake.redis.uri").hasMessageContaining("@redis.internal:6379");
		assertThat(failure.getMessage()).doesNotContain("s3cret-Pa55");
	}

	@Test
	void aOneSlashSchemeIsRefusedWithoutItsPassword() {
		Throwable failure = catchThrowable(() -> RedisLeaseStoreProvider.parseUri("redis:/default:s3cret-Pa55@redis:6379"));
		assertThat(failure).hasMessageContaining("snowflake.redis.uri");
		assertThat(failure.getMessage()).doesNotContain("s3cret-Pa55");
	}

	@Test
	void anotherSchemeKeepsTheSchemeAndHidesThePassword() {
		Throwable failure = catchThrowable(() -> RedisLeaseStoreProvider.parseUri("http://default:s3cret-Pa55@redis:6379"));
		assertThat(failure).hasMessageContaining("'http://***@redis:6379'");
	}

	@Test
	void aPasswordHoldingAnAtSignIsHiddenWhole() {
		assertThat(RedisLeaseStoreProvider.redact("redis:/default:Xy@Secret-tail9@redis.internal:6380/0"))
			.isEqualTo("***@redis.internal:6380/0");
		assertThat(RedisLeaseStoreProvider.redact("redis.internal:6380")).isEqualTo("redis.internal:6380");
	}
}
