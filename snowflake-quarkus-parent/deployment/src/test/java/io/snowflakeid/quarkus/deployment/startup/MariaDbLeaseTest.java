package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The lease on MariaDB ({@code -Dsnowflake.test.databases=...,mariadb}, 127.0.0.1:3306, database test). */
@EnabledIf("enabled")
class MariaDbLeaseTest extends DatabaseLeaseTests {

	private static final String URL = "jdbc:mariadb://127.0.0.1:3306/test";

	@RegisterExtension
	static final QuarkusUnitTest app = app(TestApps.app("mariadb", URL)
		.overrideConfigKey("quarkus.datasource.username", "root"), URL, "root", "");

	static boolean enabled() {
		return TestApps.databaseEnabled("mariadb");
	}
}
