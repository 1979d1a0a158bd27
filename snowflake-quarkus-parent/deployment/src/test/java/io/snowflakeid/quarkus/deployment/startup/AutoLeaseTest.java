package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code auto} (the default) without a worker id leases one from the default datasource, as in Spring. */
class AutoLeaseTest extends DatabaseLeaseTests {

	@RegisterExtension
	static final QuarkusUnitTest app = app("auto-lease");
}
