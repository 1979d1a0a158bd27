package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.SnowflakeIdGenerator;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Worker-assignment=database-lease next to a worker id (e.g. the one baked into application.properties, the operator
 * setting QUARKUS_SNOWFLAKE_WORKER_ASSIGNMENT per deployment). Expected: refused naming both, not a static id in the
 * lease's place (every instance would have the baked-in one).
 */
class DatabaseLeaseWithWorkerIdTest {

	@RegisterExtension
	static final QuarkusUnitTest app = TestApps.h2("lease-with-id")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-assignment", "database-lease")
		.assertException((failure) -> assertThat(TestApps.messages(failure))
			.contains("Invalid quarkus.snowflake.worker-id = 1: allowed only with "
					+ "quarkus.snowflake.worker-assignment=static or auto, not with database-lease"));

	@Inject
	SnowflakeIdGenerator generator;

	@Test
	void isRefused() {
		fail("started with worker-assignment=database-lease, silently static: worker " + this.generator.workerId());
	}
}
