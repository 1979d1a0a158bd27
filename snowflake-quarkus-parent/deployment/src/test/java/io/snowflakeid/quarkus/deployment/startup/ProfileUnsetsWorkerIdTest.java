package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.internal.config.WorkerAssignment;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A worker id in the shared configuration, unset with an empty value in the profile that runs (as
 * {@code %prod.quarkus.snowflake.worker-id=} would): the instance leases, rather than take the shared worker id.
 */
class ProfileUnsetsWorkerIdTest {

	@RegisterExtension
	static final QuarkusUnitTest app = TestApps.h2("profile-unsets-worker-id")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-id", "7")
		.overrideConfigKey("%test.quarkus.snowflake.worker-id", "");

	@Inject
	ManagedGenerator managed;

	@Test
	void leases() {
		assertThat(this.managed.assignment()).isEqualTo(WorkerAssignment.DATABASE_LEASE);
	}
}
