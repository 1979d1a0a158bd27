package io.snowflakeid.quarkus.jsonb.unindexed;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * A {@code @PublicId} DTO in a dependency Quarkus does not index, whose group is also a framework project's
 * ({@code org.apache.camel.quarkus.examples}, as Camel Quarkus' examples are): with JSON-B nothing converts it at run
 * time, so the build searches that jar too and stops, naming the property and the jar (review finding J4: such groups
 * were skipped, and JSON-B wrote the raw id).
 */
class FrameworkGroupDtoRefusedTest {

	@RegisterExtension
	static final QuarkusUnitTest app = new QuarkusUnitTest()
		.withEmptyApplication()
		.overrideConfigKey("quarkus.datasource.db-kind", "h2")
		.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:framework-group-dto")
		.overrideConfigKey("quarkus.devservices.enabled", "false")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-id", "1")
		.assertException((failure) -> assertThat(messages(failure))
			.contains("@PublicId where snowflake-quarkus cannot turn ids into tokens")
			.contains("org.apache.camel.quarkus.examples.orders.OrderSummary.id")
			.contains("not in Quarkus' index, so JSON-B would write its raw id")
			.contains("quarkus.index-dependency"));

	@Test
	void theBuildFailsNamingTheProperty() {
		fail("must not start");
	}

	private static String messages(Throwable failure) {
		StringBuilder messages = new StringBuilder();
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			messages.append(cause).append('\n');
			for (Throwable suppressed : cause.getSuppressed()) {
				messages.append(suppressed).append('\n');
			}
		}
		return messages.toString();
	}
}
