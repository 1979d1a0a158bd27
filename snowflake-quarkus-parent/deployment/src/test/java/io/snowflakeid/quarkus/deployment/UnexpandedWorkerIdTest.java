package io.snowflakeid.quarkus.deployment;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * A worker id written as an expression whose variable is missing counts as unset: the start fails as without one,
 * and says why the setting seemed ignored (found by a new-user walkthrough: {@code ${WORKER_ID}} without the
 * variable).
 */
class UnexpandedWorkerIdTest {

	@RegisterExtension
	static final QuarkusUnitTest app = new QuarkusUnitTest()
		.withApplicationRoot((jar) -> jar.addClasses(Invoice.class))
		.overrideConfigKey("quarkus.datasource.db-kind", "h2")
		.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:unexpanded-worker-id;DB_CLOSE_DELAY=-1")
		.overrideConfigKey("quarkus.datasource.active", "false")
		.overrideConfigKey("quarkus.hibernate-orm.active", "false")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-id", "${SNOWFLAKE_TEST_NO_SUCH_VARIABLE}")
		.assertException((failure) -> assertThat(InvalidSettingsTest.rootMessages(failure))
			.contains("leases the worker id over JDBC from the default datasource")
			.contains("quarkus.snowflake.worker-id (different for every instance of a datacenter, e.g."
					+ " QUARKUS_SNOWFLAKE_WORKER_ID) (it is written as ${SNOWFLAKE_TEST_NO_SUCH_VARIABLE}, whose value is"
					+ " missing here)"));

	@Test
	void theStartFails() {
		fail("the application must not start");
	}
}
