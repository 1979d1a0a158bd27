package io.snowflakeid.quarkus.deployment.publicid;

import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.publicid.PublicIdCodec;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/** {@code @Inject PublicIdCodec} without a key fails the start, not every request that would encode. */
class PublicIdCodecWithoutKeyTest {

	@RegisterExtension
	static final QuarkusUnitTest app = PublicIdApps.app("public-id-codec-no-key", Tokens.class)
		.assertException((failure) -> assertThat(PublicIdApps.messages(failure))
			.contains("an injection of PublicIdCodec in")
			.contains(Tokens.class.getName())
			.contains("set quarkus.snowflake.public-id.keys.<version>="));

	@Test
	void theStartFails() {
		fail("must not start");
	}

	/** Used by the application (unremovable), created at its first use, not at start. */
	@Singleton
	@io.quarkus.arc.Unremovable
	public static class Tokens {

		@Inject
		PublicIdCodec codec;

		public String of(long id) {
			return this.codec.encode(id);
		}
	}
}
