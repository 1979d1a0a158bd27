package io.snowflakeid.zookeeper.internal;

import java.util.Map;

import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.testing.ModuleSettingsCheck;
import org.junit.jupiter.api.Test;

/**
 * Every {@code snowflake.zookeeper.*} row is read by the module, and before a connection is tried: a value its parser
 * refuses fails naming the row (nothing answers on port 1, so a row read only after connecting, or not at all, fails
 * this test). A new row of another type than text is covered without a line here.
 */
class ZooKeeperSettingsReadTests {

	@Test
	void everyRowIsReadBeforeConnecting() {
		ModuleSettingsCheck.everyRowIsReadBeforeConnecting(Settings.ZOOKEEPER_GROUP,
				Map.of(Settings.ZOOKEEPER_CONNECT_STRING.key(), "127.0.0.1:1"),
				(settings) -> new ZooKeeperLeaseStoreProvider().create(settings));
	}
}
