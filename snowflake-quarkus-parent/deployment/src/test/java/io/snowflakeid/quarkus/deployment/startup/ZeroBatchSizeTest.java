package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/** Batching-defaults.batch-size=0 is refused naming the property. */
class ZeroBatchSizeTest {

	@RegisterExtension
	static final QuarkusUnitTest app = TestApps.h2("zero-batch")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-id", "1")
		.overrideConfigKey("quarkus.snowflake.jpa.batching-defaults.batch-size", "0")
		.assertException((failure) -> {
			String messages = TestApps.messages(failure);
			assertThat(messages).contains("Invalid quarkus.snowflake.jpa.batching-defaults.batch-size = 0");
		});

	@Test
	void theStartFails() {
		fail("must not start");
	}
}
