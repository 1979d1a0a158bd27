package io.snowflakeid.quarkus.deployment.publicid;

import java.util.logging.Level;
import java.util.logging.LogRecord;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * A public-id key of the wrong length (31 bytes, one lost in a copy) fails the start;
 * neither the message nor the log, at every level of the extension's categories, shows the key.
 */
class PublicIdBadKeyAtStartTest {

	/** 31 bytes in base64. */
	static final String SHORT_KEY = "q5Vc3GQ2oX0kM7fYtZl1uR8wJ4eH6pDnB9aS2vLxKw==";

	@RegisterExtension
	static final QuarkusUnitTest app = PublicIdApps.app("public-id-bad-key")
		.overrideConfigKey("quarkus.snowflake.public-id.keys.1", SHORT_KEY)
		.overrideConfigKey("quarkus.log.category.\"io.snowflakeid\".level", "ALL")
		.overrideConfigKey("quarkus.log.category.\"io.snowflakeid\".min-level", "ALL")
		.setLogRecordPredicate((record) -> record.getLevel().intValue() >= Level.ALL.intValue())
		.assertLogRecords((records) -> assertThat(records)
			.noneSatisfy((record) -> assertThat(text(record)).contains(SHORT_KEY.substring(0, 20))))
		.assertException((failure) -> assertThat(PublicIdApps.messages(failure))
			.contains("quarkus.snowflake.public-id.keys.1")
			.doesNotContain(SHORT_KEY.substring(0, 20)));

	@Test
	void theStartFails() {
		fail("must not start");
	}

	private static String text(LogRecord record) {
		return record.getMessage() + java.util.Arrays.toString(record.getParameters())
				+ ((record.getThrown() != null) ? record.getThrown().toString() : "");
	}
}
