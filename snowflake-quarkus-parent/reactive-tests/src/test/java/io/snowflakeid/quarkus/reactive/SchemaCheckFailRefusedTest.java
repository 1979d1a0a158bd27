package io.snowflakeid.quarkus.reactive;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * An explicit schema-check=fail cannot be kept on a Hibernate Reactive unit (no JDBC connection to read the columns):
 * the start fails saying so, instead of a check that silently does not run.
 */
class SchemaCheckFailRefusedTest {

	@RegisterExtension
	static final QuarkusUnitTest app = ReactiveApps.reactiveOnly(Ticket.class)
		.overrideConfigKey("quarkus.snowflake.worker-id", "1")
		.overrideConfigKey("quarkus.snowflake.schema-check", "fail")
		.assertException((failure) -> assertThat(ReactiveApps.messages(failure))
			.contains("quarkus.snowflake.schema-check=fail cannot be kept in persistence unit '<default>'")
			.contains("Hibernate Reactive unit")
			.contains("Remove the setting (the default checks the blocking units and warns for reactive ones)")
			.contains("quarkus.snowflake.schema-check=off"));

	@Test
	void theStartFails() {
		fail("must not start");
	}
}
