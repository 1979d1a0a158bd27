package io.snowflakeid.quarkus.deployment.startup;

import java.time.Duration;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.SnowflakeIdGenerator;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two applications started one after the other in one JVM (two QuarkusUnitTest classes) with the same node
 * (datacenter 3, worker 17) but different clock tolerances (1s, and 250 = 250 ms). If LocalNodes were shared by the
 * two, the second start would be refused ("as already configured ... in this JVM"): the static node is never
 * released. Also checks that 250 means milliseconds.
 */
class SameNodeFirstAppTest {

	@RegisterExtension
	static final QuarkusUnitTest app = TestApps.h2("same-node-First")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "3")
		.overrideConfigKey("quarkus.snowflake.worker-id", "17")
		.overrideConfigKey("quarkus.snowflake.clock-tolerance", "1s");

	@Inject
	SnowflakeIdGenerator generator;

	@Inject
	EntityManager entityManager;

	@Test
	void startsAndIssuesIdsOfTheNode() {
		Item item = new Item();
		QuarkusTransaction.requiringNew().run(() -> this.entityManager.persist(item));
		assertThat(this.generator.decode(item.id).workerId()).isEqualTo(17);
		assertThat(this.generator.clockTolerance()).isEqualTo(Duration.ofSeconds(1));
	}
}
