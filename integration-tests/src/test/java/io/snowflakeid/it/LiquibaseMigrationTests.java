package io.snowflakeid.it;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.context.ConfigurableApplicationContext;

import static io.snowflakeid.it.MigratedApplication.MIGRATIONS_OWN_THE_SCHEMA;
import static io.snowflakeid.it.MigratedApplication.with;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * The Liquibase changelog shipped in snowflake-core ({@code io/snowflakeid/db/liquibase/snowflake-changelog.xml})
 * included from an application's master changelog and applied by Spring Boot's Liquibase, on every enabled
 * database, with the library's table creation off and Hibernate validating the schema. Each test has a schema of
 * its own.
 */
class LiquibaseMigrationTests {

	private static final String LIQUIBASE_ON = "--spring.liquibase.enabled=true";

	private static final String MASTER = "--spring.liquibase.change-log=classpath:db/it-liquibase/master.xml";

	static List<TestDatabase> databases() {
		return TestDatabase.enabled();
	}

	/** Changeset id to how it ran (EXECUTED, MARK_RAN), in the order it ran. */
	private static Map<String, String> changeLog(IsolatedSchema schema) throws SQLException {
		Map<String, String> ran = new LinkedHashMap<>();
		try (Connection connection = schema.connect();
				ResultSet rows = connection.createStatement()
					.executeQuery("SELECT ID, EXECTYPE FROM DATABASECHANGELOG ORDER BY ORDEREXECUTED")) {
			while (rows.next()) {
				ran.put(rows.getString(1), rows.getString(2));
			}
		}
		return ran;
	}

	@ParameterizedTest
	@MethodSource("databases")
	void theShippedChangelogCreatesTheTablesTheApplicationThenLeasesAndSegmentsFrom(TestDatabase database)
			throws Exception {
		try (IsolatedSchema schema = IsolatedSchema.create(database, "liquibase_it")) {
			try (ConfigurableApplicationContext context = MigratedApplication.start(schema,
					with(MIGRATIONS_OWN_THE_SCHEMA, LIQUIBASE_ON, MASTER))) {
				assertThat(changeLog(schema)).containsExactly(entry("snowflake-worker-lease-1", "EXECUTED"),
						entry("snowflake-segment-1", "EXECUTED"), entry("snowflake-segment-free-1", "EXECUTED"),
						entry("application-tables-1", "EXECUTED"));
				MigratedApplication.assertCreatedAfter(context, "liquibase");
				MigratedApplication.assertLeaseHeldInTable(context, schema);
				List<Long> members = MigratedApplication.insertBothKinds(context, 25);
				assertThat(members).as("segment ids from 1000, steps of 10").startsWith(1000L, 1001L).endsWith(1024L);
				assertThat(MigratedApplication.segmentMax(schema)).isBetween(1029L, 1039L);
			}
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void includedInAnExistingApplicationItAdoptsTheTablesTheLibraryCreated(TestDatabase database) throws Exception {
		try (IsolatedSchema schema = IsolatedSchema.create(database, "liquibase_it")) {
			// Before: the application's changelog without the library's; the library creates its own tables.
			List<Long> before;
			try (ConfigurableApplicationContext context = MigratedApplication.start(schema, LIQUIBASE_ON,
					"--spring.liquibase.change-log=classpath:db/it-liquibase/application-only.xml",
					"--snowflake.worker-assignment=database-lease", "--spring.jpa.hibernate.ddl-auto=validate")) {
				before = MigratedApplication.insertBothKinds(context, 5);
			}
			// The library's changelog included, its table creation off: each changeset finds its table and is
			// marked as ran; the rows stay (the rest of the segment handed back at shutdown comes next).
			try (ConfigurableApplicationContext context = MigratedApplication.start(schema,
					with(MIGRATIONS_OWN_THE_SCHEMA, LIQUIBASE_ON, MASTER))) {
				assertThat(changeLog(schema)).containsExactly(entry("application-tables-1", "EXECUTED"),
						entry("snowflake-worker-lease-1", "MARK_RAN"), entry("snowflake-segment-1", "MARK_RAN"),
						entry("snowflake-segment-free-1", "MARK_RAN"));
				MigratedApplication.assertLeaseHeldInTable(context, schema);
				assertThat(MigratedApplication.insertBothKinds(context, 5)).first().isEqualTo(before.get(4) + 1);
			}
		}
	}
}
