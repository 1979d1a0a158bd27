package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * A ZooKeeper connect string without worker-assignment=zookeeper: refused at start, not ignored. Ignored, auto would
 * lease from the database, another pool than the services whose ids meet in ZooKeeper's (found by review).
 */
class ZooKeeperSettingsWithoutAssignmentTest {

	@RegisterExtension
	static final QuarkusUnitTest app = TestApps.h2("zookeeper-without-assignment")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.zookeeper.connect-string", "127.0.0.1:1")
		.assertException((failure) -> assertThat(TestApps.messages(failure))
			.contains("quarkus.snowflake.zookeeper.connect-string is set, but quarkus.snowflake.worker-assignment=auto"
					+ " does not lease from it")
			.contains("set quarkus.snowflake.worker-assignment=zookeeper"));

	@Test
	void theStartFails() {
		fail("must not start");
	}
}
