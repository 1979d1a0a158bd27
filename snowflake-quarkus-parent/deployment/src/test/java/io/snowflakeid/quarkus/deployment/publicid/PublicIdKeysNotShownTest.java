package io.snowflakeid.quarkus.deployment.publicid;

import java.net.URI;
import java.net.http.HttpResponse;
import java.util.logging.Level;
import java.util.logging.LogRecord;

import io.quarkus.test.QuarkusUnitTest;
import io.quarkus.test.common.http.TestHTTPResource;
import io.snowflakeid.publicid.PublicIdCodec;
import jakarta.inject.Inject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The public-id keys are read by the extension and shown nowhere it writes: not in its log at any level, not on the
 * decode endpoint's configuration page (a key seen is every token forged and every id decoded). They are plain
 * configuration values, not SmallRye Config secrets: Quarkus' Dev UI configuration page fails on those
 * (DevUiConfigurationTest).
 */
class PublicIdKeysNotShownTest {

	@RegisterExtension
	static final QuarkusUnitTest app = PublicIdApps.withKey("keys-not-shown")
		.overrideConfigKey("quarkus.snowflake.endpoint.enabled", "true")
		.overrideConfigKey("quarkus.log.category.\"io.snowflakeid\".level", "ALL")
		.overrideConfigKey("quarkus.log.category.\"io.snowflakeid\".min-level", "ALL")
		.setLogRecordPredicate((record) -> record.getLevel().intValue() >= Level.ALL.intValue())
		.assertLogRecords((records) -> {
			// the extension's log is on: it tells the worker id it took
			assertThat(records).anySatisfy((record) -> assertThat(text(record)).contains("worker 3"));
			assertThat(records).noneSatisfy((record) -> assertThat(text(record)).contains(PublicIdApps.KEY));
		});

	@TestHTTPResource("/")
	URI root;

	@Inject
	PublicIdCodec codec;

	@Test
	void theExtensionEncodesWithTheKey() {
		String token = this.codec.encode(744_000_000_123L);
		assertThat(this.codec.decode(token)).isEqualTo(744_000_000_123L);
	}

	@Test
	void theDecodeEndpointDoesNotShowTheKey() throws Exception {
		HttpResponse<String> page = PublicIdApps.get(this.root, "q/snowflake");
		assertThat(page.statusCode()).isEqualTo(200);
		assertThat(page.body()).contains("\"workerId\"").doesNotContain(PublicIdApps.KEY);
	}

	private static String text(LogRecord record) {
		return record.getMessage() + java.util.Arrays.toString(record.getParameters());
	}
}
