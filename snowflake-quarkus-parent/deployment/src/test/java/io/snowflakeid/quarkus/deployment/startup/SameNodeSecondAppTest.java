package io.snowflakeid.quarkus.deployment.startup;

import java.time.Duration;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.extension.RegisterExtension;

/** See {@link OneNodeTwoApplicationsTests}: clock-tolerance=250. */
class SameNodeSecondAppTest extends OneNodeTwoApplicationsTests {

	@RegisterExtension
	static final QuarkusUnitTest app = app("second", "250");

	@Override
	Duration clockTolerance() {
		return Duration.ofMillis(250);
	}
}
