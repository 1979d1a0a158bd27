package io.snowflakeid.quarkus.deployment;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Without a worker id the start fails saying what to set: this preview leases no worker id, and nothing falls back
 * to an id another instance may have.
 */
class MissingWorkerIdTest {

	@RegisterExtension
	static final QuarkusUnitTest app = new QuarkusUnitTest()
		.withApplicationRoot((jar) -> jar.addClasses(Invoice.class))
		.overrideConfigKey("quarkus.datasource.db-kind", "h2")
		.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:missing-worker-id;DB_CLOSE_DELAY=-1")
		.overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "drop-and-create")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.assertException((failure) -> assertThat(InvalidSettingsTest.rootMessages(failure))
			.contains("quarkus.snowflake.worker-id is not set")
			.contains("QUARKUS_SNOWFLAKE_WORKER_ID"));

	@Test
	void theStartFails() {
		fail("the application must not start");
	}
}
