package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code worker-assignment=database-lease}: the same lease, asked for by name. */
class ExplicitDatabaseLeaseTest extends DatabaseLeaseTests {

	@RegisterExtension
	static final QuarkusUnitTest app = app("explicit-lease")
		.overrideConfigKey("quarkus.snowflake.worker-assignment", "database-lease");
}
