package io.snowflakeid.quarkus.reactive;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * A reactive application without a worker id and without a JDBC datasource: the lease cannot be taken, and the start
 * fails saying what to add (a JDBC URL beside the reactive one) or to set instead. Never a made-up worker id.
 */
class LeaseWithoutJdbcRefusedTest {

	@RegisterExtension
	static final QuarkusUnitTest app = ReactiveApps.reactiveOnly(Ticket.class)
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.assertException((failure) -> assertThat(ReactiveApps.messages(failure))
			.contains("quarkus.snowflake.worker-assignment=auto (the default) leases the worker id over JDBC from the default"
					+ " datasource")
			.contains("give the default datasource a JDBC URL beside its reactive one (a JDBC driver extension")
			.contains("quarkus.datasource.jdbc.url")
			.contains("quarkus.snowflake.worker-id")
			.contains("quarkus.snowflake.worker-assignment=zookeeper"));

	@Test
	void theStartFails() {
		fail("must not start");
	}
}
