package io.snowflakeid.quarkus.deployment.startup;

import java.time.Duration;
import java.util.logging.Level;

import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.SnowflakeIdGenerator;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A typo in an optional key (clock-tolerence) silently leaves the default; is the operator told? Quarkus
 * warns about unknown quarkus.* keys; this checks that the warning names the typo.
 */
class TypoInKeyTest {

	@RegisterExtension
	static final QuarkusUnitTest app = TestApps.h2("typo")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-id", "1")
		.overrideConfigKey("quarkus.snowflake.clock-tolerence", "0")
		.setLogRecordPredicate((record) -> record.getLevel().intValue() >= Level.WARNING.intValue())
		.assertLogRecords((records) -> {
			assertThat(records).anySatisfy((record) -> assertThat(record.getMessage()
					+ java.util.Arrays.toString(record.getParameters())).contains("clock-tolerence"));
		});

	@Inject
	SnowflakeIdGenerator generator;

	@Test
	void theDefaultApplies() {
		assertThat(this.generator.clockTolerance()).isEqualTo(Duration.ofSeconds(1));
	}
}
