package io.snowflakeid.quarkus.deployment.startup;

import java.time.Duration;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.extension.RegisterExtension;

/** See {@link OneNodeTwoApplicationsTests}: clock-tolerance=1s. */
class SameNodeFirstAppTest extends OneNodeTwoApplicationsTests {

	@RegisterExtension
	static final QuarkusUnitTest app = app("first", "1s");

	@Override
	Duration clockTolerance() {
		return Duration.ofSeconds(1);
	}
}
