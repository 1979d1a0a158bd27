package io.snowflakeid.quarkus.deployment.startup;

import java.time.Duration;

import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.SnowflakeIdGenerator;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManagerFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/** Profiles (%test wins, %prod ignored in tests) and values with spaces around them. */
class ProfileAndSpacesTest {

	@RegisterExtension
	static final QuarkusUnitTest app = TestApps.h2("profiles")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", " 4 ")
		.overrideConfigKey("quarkus.snowflake.worker-id", "1")
		.overrideConfigKey("%test.quarkus.snowflake.worker-id", "9 ")
		.overrideConfigKey("%prod.quarkus.snowflake.worker-id", "2")
		.overrideConfigKey("quarkus.snowflake.clock-tolerance", " 250 ")
		.overrideConfigKey("quarkus.snowflake.jpa.batching-defaults.batch-size", " 20 ");

	@Inject
	SnowflakeIdGenerator generator;

	@Inject
	EntityManagerFactory entityManagerFactory;

	@Test
	void theTestProfileAndTrimmedValuesApply() {
		assertThat(this.generator.datacenterId()).isEqualTo(4);
		assertThat(this.generator.workerId()).isEqualTo(9);
		assertThat(this.generator.clockTolerance()).isEqualTo(Duration.ofMillis(250));
		assertThat(this.entityManagerFactory.getProperties()).containsEntry("hibernate.jdbc.batch_size", "20");
	}
}
