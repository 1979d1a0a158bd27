package io.snowflakeid.quarkus.deployment;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * A segment max-step below the default step stops the start, naming both Quarkus properties, the value and the
 * range, as {@link InvalidSettingsTest} does for a worker id.
 */
class InvalidMaxStepTest {

	@RegisterExtension
	static final QuarkusUnitTest app = new QuarkusUnitTest()
		.withApplicationRoot((jar) -> jar.addClasses(Invoice.class))
		.overrideConfigKey("quarkus.datasource.db-kind", "h2")
		.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:invalid-max-step;DB_CLOSE_DELAY=-1")
		.overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "drop-and-create")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-id", "1")
		.overrideConfigKey("quarkus.snowflake.segment.default-step", "300")
		.overrideConfigKey("quarkus.snowflake.segment.max-step", "200")
		.assertException((failure) -> assertThat(InvalidSettingsTest.rootMessages(failure))
			.contains("Invalid quarkus.snowflake.segment.max-step = 200: allowed 300..1000000 (at least "
					+ "quarkus.snowflake.segment.default-step = 300)")
			.doesNotContain("Invalid snowflake.segment.max-step"));

	@Test
	void theStartFails() {
		fail("the application must not start");
	}
}
