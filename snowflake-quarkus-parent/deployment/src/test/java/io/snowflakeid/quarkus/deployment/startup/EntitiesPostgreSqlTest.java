package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.test.QuarkusUnitTest;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Panache, batching, assigned and segment ids on PostgreSQL ({@code -Dsnowflake.test.databases=...,postgresql}). */
@EnabledIf("enabled")
class EntitiesPostgreSqlTest extends EntitiesOnTheDatabaseTests {

	@RegisterExtension
	static final QuarkusUnitTest app = app("postgresql", "jdbc:postgresql://127.0.0.1:5432/test", "postgres");

	static boolean enabled() {
		return TestApps.databaseEnabled("postgresql");
	}
}
