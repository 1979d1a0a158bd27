package io.snowflakeid.quarkus.deployment.publicid;

import java.util.logging.Level;

import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.publicid.PublicIdCodec;
import jakarta.inject.Inject;
import org.eclipse.microprofile.config.ConfigProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The public-id keys are SmallRye Config secrets: the extension reads them, the application's code and the
 * configuration log do not (a key seen is every token forged and every id decoded).
 */
class PublicIdKeysAreSecretTest {

	@RegisterExtension
	static final QuarkusUnitTest app = PublicIdApps.withKey("secret-keys")
		// the start's configuration log, as an operator turns it on to see where a value came from
		.overrideConfigKey("smallrye.config.log.values", "true")
		.overrideConfigKey("quarkus.log.category.\"io.smallrye.config\".level", "DEBUG")
		.overrideConfigKey("quarkus.log.category.\"io.smallrye.config\".min-level", "DEBUG")
		.setLogRecordPredicate((record) -> record.getLevel().intValue() >= Level.ALL.intValue())
		.assertLogRecords((records) -> {
			// the log is on: it shows where the other values came from
			assertThat(records).anySatisfy((record) -> assertThat(text(record)).contains("quarkus.snowflake.worker-id"));
			assertThat(records).noneSatisfy((record) -> assertThat(text(record)).contains(PublicIdApps.KEY));
		});

	@Inject
	PublicIdCodec codec;

	@Test
	void theExtensionStillEncodesWithTheKey() {
		String token = this.codec.encode(744_000_000_123L);
		assertThat(this.codec.decode(token)).isEqualTo(744_000_000_123L);
	}

	@Test
	void theConfigApiRefusesToReadTheKey() {
		assertThatThrownBy(() -> ConfigProvider.getConfig().getConfigValue("quarkus.snowflake.public-id.keys.1"))
			.isInstanceOf(SecurityException.class);
		assertThatThrownBy(
				() -> ConfigProvider.getConfig().getOptionalValue("quarkus.snowflake.public-id.keys.1", String.class))
			.isInstanceOf(SecurityException.class);
	}

	private static String text(java.util.logging.LogRecord record) {
		return record.getMessage() + java.util.Arrays.toString(record.getParameters());
	}
}
