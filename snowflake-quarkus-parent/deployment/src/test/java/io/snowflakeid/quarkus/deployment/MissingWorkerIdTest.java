package io.snowflakeid.quarkus.deployment;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Without a worker id and without an active default datasource to lease one from, the start fails saying what to
 * set: nothing falls back to an id another instance may have.
 */
class MissingWorkerIdTest {

	@RegisterExtension
	static final QuarkusUnitTest app = new QuarkusUnitTest()
		.withApplicationRoot((jar) -> jar.addClasses(Invoice.class))
		.overrideConfigKey("quarkus.datasource.db-kind", "h2")
		.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:missing-worker-id;DB_CLOSE_DELAY=-1")
		.overrideConfigKey("quarkus.datasource.active", "false")
		.overrideConfigKey("quarkus.hibernate-orm.active", "false")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.assertException((failure) -> assertThat(InvalidSettingsTest.rootMessages(failure))
			.contains("leases the worker id over JDBC from the default datasource (not from a named one), and there is none "
					+ "active")
			.contains("quarkus.snowflake.worker-id")
			.contains("QUARKUS_SNOWFLAKE_WORKER_ID"));

	@Test
	void theStartFails() {
		fail("the application must not start");
	}
}
