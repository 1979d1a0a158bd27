package io.snowflakeid.quarkus.reactive;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Worker-assignment=zookeeper without io.snowflakeid:snowflake-zookeeper (not on this module's class path): the start
 * fails naming the module to add, in Quarkus' names. Never a worker id made up instead.
 */
class ZooKeeperModuleMissingTest {

	@RegisterExtension
	static final QuarkusUnitTest app = ReactiveApps.reactiveOnly(Ticket.class)
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-assignment", "zookeeper")
		.assertException((failure) -> assertThat(ReactiveApps.messages(failure))
			.contains("quarkus.snowflake.worker-assignment=zookeeper needs the module io.snowflakeid:snowflake-zookeeper"
					+ " on the class path"));

	@Test
	void theStartFails() {
		fail("must not start");
	}
}
