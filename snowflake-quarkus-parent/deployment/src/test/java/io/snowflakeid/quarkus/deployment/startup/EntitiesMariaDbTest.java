package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Panache, batching, assigned and segment ids on MariaDB ({@code -Dsnowflake.test.databases=...,mariadb}). */
@EnabledIf("enabled")
class EntitiesMariaDbTest extends EntitiesOnTheDatabaseTests {

	@RegisterExtension
	static final QuarkusUnitTest app = app("mariadb", "jdbc:mariadb://127.0.0.1:3306/test", "root");

	static boolean enabled() {
		return TestApps.databaseEnabled("mariadb");
	}
}
