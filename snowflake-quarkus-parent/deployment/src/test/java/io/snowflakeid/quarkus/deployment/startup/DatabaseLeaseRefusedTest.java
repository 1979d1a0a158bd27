package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/** Worker-assignment=database-lease alone is refused, saying so. */
class DatabaseLeaseRefusedTest {

	@RegisterExtension
	static final QuarkusUnitTest app = TestApps.h2("lease-refused")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-assignment", "database-lease")
		.assertException((failure) -> {
			assertThat(TestApps.messages(failure))
				.contains("quarkus.snowflake.worker-assignment=database-lease is not supported by this preview");
		});

	@Test
	void theStartFails() {
		fail("must not start");
	}
}
