package io.snowflakeid.quarkus.deployment;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * A worker id outside the layout stops the start, naming the Quarkus property, the value and the range, and nothing
 * under it the Spring property.
 */
class InvalidSettingsTest {

	@RegisterExtension
	static final QuarkusUnitTest app = new QuarkusUnitTest()
		.withApplicationRoot((jar) -> jar.addClasses(Invoice.class))
		.overrideConfigKey("quarkus.datasource.db-kind", "h2")
		.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:invalid-settings;DB_CLOSE_DELAY=-1")
		.overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "drop-and-create")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-id", "40")
		.assertException((failure) -> assertThat(rootMessages(failure))
			.contains("Invalid quarkus.snowflake.worker-id = 40: allowed 0..31")
			// no "Caused by" naming the Spring property under it (a new user's walkthrough met one)
			.doesNotContain("Invalid snowflake.worker-id"));

	@Test
	void theStartFails() {
		fail("the application must not start");
	}

	static String rootMessages(Throwable failure) {
		StringBuilder messages = new StringBuilder();
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			messages.append(cause.getMessage()).append('\n');
		}
		return messages.toString();
	}
}
