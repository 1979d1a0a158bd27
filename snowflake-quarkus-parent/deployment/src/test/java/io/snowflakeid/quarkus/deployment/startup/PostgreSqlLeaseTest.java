package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The lease on PostgreSQL ({@code -Dsnowflake.test.databases=...,postgresql}, 127.0.0.1:5432, database test). */
@EnabledIf("enabled")
class PostgreSqlLeaseTest extends DatabaseLeaseTests {

	private static final String URL = "jdbc:postgresql://127.0.0.1:5432/test";

	@RegisterExtension
	static final QuarkusUnitTest app = app(TestApps.app("postgresql", URL)
		.overrideConfigKey("quarkus.datasource.username", "postgres"), URL, "postgres", "");

	static boolean enabled() {
		return TestApps.databaseEnabled("postgresql");
	}
}
