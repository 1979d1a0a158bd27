package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Panache, batching, assigned and segment ids on H2. */
class EntitiesH2Test extends EntitiesOnTheDatabaseTests {

	@RegisterExtension
	static final QuarkusUnitTest app = app("h2", TestApps.fileUrl("entities"), null);
}
