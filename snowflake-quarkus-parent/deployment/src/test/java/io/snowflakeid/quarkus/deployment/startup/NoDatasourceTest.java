package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * An application with no datasource configured at all and no worker id: the start fails saying what to set, not
 * with Arc's "No bean found for required type AgroalDataSource", which names no setting.
 */
class NoDatasourceTest {

	@RegisterExtension
	static final QuarkusUnitTest app = new QuarkusUnitTest()
		.withApplicationRoot((jar) -> jar.addClasses(TestApps.class))
		.overrideConfigKey("quarkus.devservices.enabled", "false")
		.overrideConfigKey("quarkus.hibernate-orm.active", "false")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.assertException((failure) -> assertThat(TestApps.messages(failure))
			.contains("leases the worker id over JDBC from the default datasource (not from a named one), and there is none "
					+ "active")
			.contains("QUARKUS_SNOWFLAKE_WORKER_ID"));

	@Test
	void theStartFails() {
		fail("must not start");
	}
}
