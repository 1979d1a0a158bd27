package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/** Worker-assignment=redis (not in this preview) is refused, saying what it offers instead. */
class RedisLeaseRefusedTest {

	@RegisterExtension
	static final QuarkusUnitTest app = TestApps.h2("redis-refused")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-assignment", "redis")
		.assertException((failure) -> assertThat(TestApps.messages(failure))
			.contains("quarkus.snowflake.worker-assignment=redis is not supported by this preview")
			.contains("use zookeeper")
			.contains("database-lease"));

	@Test
	void theStartFails() {
		fail("must not start");
	}
}
