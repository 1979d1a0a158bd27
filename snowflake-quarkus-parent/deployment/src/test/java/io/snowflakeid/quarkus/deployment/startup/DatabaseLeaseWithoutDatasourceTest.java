package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Worker-assignment=database-lease without an active default datasource: the start fails saying what to set, and
 * the static alternative it names is one that starts (a worker id alone, beside database-lease, is refused).
 */
class DatabaseLeaseWithoutDatasourceTest {

	@RegisterExtension
	static final QuarkusUnitTest app = TestApps.h2("lease-no-datasource")
		.overrideConfigKey("quarkus.datasource.active", "false")
		.overrideConfigKey("quarkus.hibernate-orm.active", "false")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-assignment", "database-lease")
		.assertException((failure) -> assertThat(TestApps.messages(failure))
			.contains("leases the worker id over JDBC from the default datasource (not from a named one), and there is none "
					+ "active")
			.contains("quarkus.snowflake.worker-assignment=static with quarkus.snowflake.worker-id"));

	@Test
	void theStartFails() {
		fail("must not start");
	}
}
