package io.snowflakeid.redis.internal;

import java.util.HashMap;
import java.util.Map;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.internal.config.Setting;
import io.snowflakeid.internal.config.Settings;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Every {@code snowflake.redis.*} row is read by the module, and before a connection is tried: a value its parser
 * refuses fails naming the row (no server answers on port 1, so a row read only after connecting, or not at all,
 * fails this test). A new row of another type than text is covered without a line here.
 */
class RedisSettingsReadTests {

	@Test
	void everyRowIsReadBeforeConnecting() {
		int checked = 0;
		for (Setting<?> row : Settings.MODULES) {
			if (!row.key().startsWith(Settings.REDIS_GROUP) || row.type() == String.class) {
				continue; // any text is a value its parser reads; its checks are the module's own
			}
			Map<String, Object> settings = new HashMap<>();
			settings.put(Settings.REDIS_URI.key(), "redis://127.0.0.1:1/0");
			settings.put(row.key(), "not a " + row.type().getSimpleName());
			assertThatExceptionOfType(SnowflakeConfigurationException.class).as(row.key())
				.isThrownBy(() -> new RedisLeaseStoreProvider().create(settings))
				.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo(row.key()));
			checked++;
		}
		assertThat(checked).as("rows checked").isPositive();
	}
}
