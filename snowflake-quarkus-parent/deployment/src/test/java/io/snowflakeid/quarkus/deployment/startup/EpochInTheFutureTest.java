package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/** An epoch in the future is refused naming quarkus.snowflake.epoch (checked when the generator is built). */
class EpochInTheFutureTest {

	@RegisterExtension
	static final QuarkusUnitTest app = TestApps.h2("future-epoch")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-id", "1")
		.overrideConfigKey("quarkus.snowflake.epoch", "2999-01-01T00:00:00Z")
		.assertException((failure) -> {
			String messages = TestApps.messages(failure);
			// the core's exception stays the cause; what Quarkus reports names the Quarkus property
			assertThat(messages).contains("ConfigurationException: Invalid quarkus.snowflake.epoch = "
					+ "2999-01-01T00:00:00Z: allowed an instant not after the current time");
		});

	@Test
	void theStartFails() {
		fail("must not start");
	}
}
