package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * No ZooKeeper where the connect string points: the start fails with the lease's own exception (reason: the store
 * unavailable), in Quarkus' names; not a ConfigurationException, which would blame a setting for a server away.
 */
class ZooKeeperAwayTest {

	@RegisterExtension
	static final QuarkusUnitTest app = TestApps.h2("zookeeper-away")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-assignment", "zookeeper")
		.overrideConfigKey("quarkus.snowflake.zookeeper.connect-string", "127.0.0.1:1")
		.overrideConfigKey("quarkus.snowflake.zookeeper.connection-timeout", "2s")
		.overrideConfigKey("quarkus.snowflake.zookeeper.session-timeout", "4s")
		.assertException((failure) -> {
			// by name: the failure's classes are the application's class loader's, not this test's
			Throwable lease = chain(failure, "io.snowflakeid.worker.WorkerLeaseException");
			assertThat(lease).as(TestApps.messages(failure)).isNotNull();
			assertThat(chain(failure, "io.quarkus.runtime.configuration.ConfigurationException"))
				.as(TestApps.messages(failure)).isNull();
			assertThat(lease.getMessage()).contains("127.0.0.1:1")
				.doesNotContainPattern("(?<![\\w.-])snowflake\\.[a-z]");
		});

	private static Throwable chain(Throwable failure, String type) {
		for (Throwable t = failure; t != null; t = t.getCause()) {
			if (t.getClass().getName().equals(type)) {
				return t;
			}
		}
		return null;
	}

	@Test
	void theStartFailsWithTheLeasesException() {
		fail("must not start");
	}
}
