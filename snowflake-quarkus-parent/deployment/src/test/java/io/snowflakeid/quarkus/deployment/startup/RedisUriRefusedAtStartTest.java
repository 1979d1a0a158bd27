package io.snowflakeid.quarkus.deployment.startup;

import java.util.logging.Level;
import java.util.logging.LogRecord;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * A Redis URI written without its scheme ({@code user:password@host:port}, as managed Redis consoles show the
 * endpoint) is refused at start naming the property, and neither the message nor the log carries the password (it
 * did: the redaction looked for "://" only; the URI is a plain configuration value).
 */
class RedisUriRefusedAtStartTest {

	private static final String PASSWORD = "s3cret-Pa55w0rd";

	@RegisterExtension
	static final QuarkusUnitTest app = TestApps.h2("redis-uri-refused")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "1")
		.overrideConfigKey("quarkus.snowflake.worker-assignment", "redis")
		.overrideConfigKey("quarkus.snowflake.redis.uri", "default:" + PASSWORD + "@redis.internal:6379")
		.setLogRecordPredicate((record) -> record.getLevel().intValue() >= Level.ALL.intValue())
		.assertLogRecords((records) -> assertThat(records)
			.noneSatisfy((record) -> assertThat(text(record)).contains(PASSWORD)))
		.assertException((failure) -> assertThat(TestApps.messages(failure))
			.contains("quarkus.snowflake.redis.uri")
			.doesNotContain(PASSWORD));

	@Test
	void theStartFails() {
		fail("must not start");
	}

	private static String text(LogRecord record) {
		return record.getMessage() + java.util.Arrays.toString(record.getParameters())
				+ ((record.getThrown() != null) ? record.getThrown().toString() : "");
	}
}
