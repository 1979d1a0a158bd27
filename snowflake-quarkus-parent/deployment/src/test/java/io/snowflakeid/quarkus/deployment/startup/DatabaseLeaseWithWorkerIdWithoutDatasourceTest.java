package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Worker-assignment=database-lease beside a worker id, in an application without an active default datasource: the
 * start fails naming the worker id as the setting in the way (the rule of every binding), not asking for a
 * datasource or for the worker id that is already set (which, set, would be refused the same).
 */
class DatabaseLeaseWithWorkerIdWithoutDatasourceTest {

	@RegisterExtension
	static final QuarkusUnitTest app = TestApps.h2("lease-with-id-no-datasource")
		.overrideConfigKey("quarkus.datasource.active", "false")
		.overrideConfigKey("quarkus.hibernate-orm.active", "false")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-assignment", "database-lease")
		.assertException((failure) -> assertThat(TestApps.messages(failure))
			.contains("Invalid quarkus.snowflake.worker-id = 1: allowed only with "
					+ "quarkus.snowflake.worker-assignment=static or auto, not with database-lease")
			.doesNotContain("there is none active"));

	@Test
	void isRefusedNamingTheWorkerId() {
		fail("must not start");
	}
}
