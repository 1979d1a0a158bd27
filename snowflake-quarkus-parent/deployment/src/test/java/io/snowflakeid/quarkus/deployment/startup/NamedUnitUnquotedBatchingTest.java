package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The named unit's keys unquoted, a form Quarkus accepts too: {@code quarkus.hibernate-orm.other.*}. */
class NamedUnitUnquotedBatchingTest extends TwoPersistenceUnitsTests {

	@RegisterExtension
	static final QuarkusUnitTest app = app("other", "unquoted");
}
