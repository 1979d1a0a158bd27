package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * A typo in an optional key of the generator (clock-tolerence) left the default in place with only Quarkus' warning
 * of an unknown key; since 2026-12-08 the start fails, naming the typo and the key it misspells, never the value, as
 * for a lease or segment key (a misspelt worker-assignment left a service on auto, another pool of worker ids).
 */
class TypoInKeyTest {

	@RegisterExtension
	static final QuarkusUnitTest app = TestApps.h2("typo")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-id", "1")
		.overrideConfigKey("quarkus.snowflake.clock-tolerence", "250ms")
		.assertException((failure) -> assertThat(TestApps.messages(failure)).contains("clock-tolerence")
			.contains("the key quarkus.snowflake.clock-tolerance")
			.doesNotContain("250ms"));

	@Test
	void theStartFails() {
		fail("must not start");
	}
}
