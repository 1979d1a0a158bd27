package io.snowflakeid.quarkus.deployment.startup;

import java.time.Duration;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.SnowflakeIdGenerator;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two applications started one after the other in one JVM (the two subclasses) with the same node (datacenter 3,
 * worker 17) but different clock tolerances: the node of the first does not stay taken for the second (each
 * application has its own class loader), and a tolerance of {@code 250} means milliseconds.
 */
abstract class OneNodeTwoApplicationsTests {

	static QuarkusUnitTest app(String name, String clockTolerance) {
		return TestApps.h2("same-node-" + name)
			.overrideConfigKey("quarkus.snowflake.datacenter-id", "3")
			.overrideConfigKey("quarkus.snowflake.worker-id", "17")
			.overrideConfigKey("quarkus.snowflake.clock-tolerance", clockTolerance);
	}

	@Inject
	SnowflakeIdGenerator generator;

	@Inject
	EntityManager entityManager;

	abstract Duration clockTolerance();

	@Test
	void startsAndIssuesIdsOfTheNode() {
		Item item = new Item();
		QuarkusTransaction.requiringNew().run(() -> this.entityManager.persist(item));
		assertThat(this.generator.decode(item.id).workerId()).isEqualTo(17);
		assertThat(this.generator.clockTolerance()).isEqualTo(clockTolerance());
	}
}
