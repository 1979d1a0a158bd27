package io.snowflakeid.redis.internal;

import java.util.Map;

import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.testing.ModuleSettingsCheck;
import org.junit.jupiter.api.Test;

/**
 * Every {@code snowflake.redis.*} row is read by the module, and before a connection is tried: a value its parser
 * refuses fails naming the row (no server answers on port 1, so a row read only after connecting, or not at all,
 * fails this test). A new row of another type than text is covered without a line here.
 */
class RedisSettingsReadTests {

	@Test
	void everyRowIsReadBeforeConnecting() {
		ModuleSettingsCheck.everyRowIsReadBeforeConnecting(Settings.REDIS_GROUP,
				Map.of(Settings.REDIS_URI.key(), "redis://127.0.0.1:1/0"),
				(settings) -> new RedisLeaseStoreProvider().create(settings));
	}
}
