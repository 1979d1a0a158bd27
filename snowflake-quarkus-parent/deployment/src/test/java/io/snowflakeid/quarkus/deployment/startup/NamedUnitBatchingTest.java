package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The named unit's keys quoted: {@code quarkus.hibernate-orm."other".*}. */
class NamedUnitBatchingTest extends TwoPersistenceUnitsTests {

	@RegisterExtension
	static final QuarkusUnitTest app = app("\"other\"", "quoted");
}
