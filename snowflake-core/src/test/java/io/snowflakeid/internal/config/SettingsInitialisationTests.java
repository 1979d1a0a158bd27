package io.snowflakeid.internal.config;

import java.net.URL;
import java.net.URLClassLoader;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The settings table holds the lease and segment defaults and the records take theirs from it, while the records'
 * checks name the rows' keys: a cycle in class initialisation would leave a row or a record's {@code DEFAULTS} null
 * in one order only. Each order is tried in a class loader of its own, where nothing is initialised yet.
 */
class SettingsInitialisationTests {

	private static final String PACKAGE = "io.snowflakeid.internal.config.";

	@ParameterizedTest
	@ValueSource(strings = { "LeaseConfiguration", "SegmentConfiguration", "Settings", "SnowflakeConfiguration" })
	void theTableAndTheRecordsInitialiseInEitherOrder(String first) throws Exception {
		URL classes = Settings.class.getProtectionDomain().getCodeSource().getLocation();
		try (URLClassLoader fresh = new URLClassLoader(new URL[] { classes }, ClassLoader.getPlatformClassLoader())) {
			Class.forName(PACKAGE + first, true, fresh);
			Object lease = Class.forName(PACKAGE + "LeaseConfiguration", true, fresh).getField("DEFAULTS").get(null);
			Object segment = Class.forName(PACKAGE + "SegmentConfiguration", true, fresh)
				.getField("DEFAULTS")
				.get(null);
			Object row = Class.forName(PACKAGE + "Settings", true, fresh).getField("LEASE_DURATION").get(null);
			assertThat(lease).as("the lease defaults, %s initialised first", first)
				.hasToString(LeaseConfiguration.DEFAULTS.toString());
			assertThat(segment).as("the segment defaults, %s initialised first", first)
				.hasToString(SegmentConfiguration.DEFAULTS.toString());
			assertThat(row).as("a row, %s initialised first", first).hasToString(Settings.LEASE_DURATION.toString());
			assertThat(lease.getClass().getClassLoader()).as("loaded afresh").isSameAs(fresh);
		}
	}
}
