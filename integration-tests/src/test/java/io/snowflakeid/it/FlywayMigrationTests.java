package io.snowflakeid.it;

import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;

import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.MigrationInfo;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.context.ConfigurableApplicationContext;

import static io.snowflakeid.it.MigratedApplication.MIGRATIONS_OWN_THE_SCHEMA;
import static io.snowflakeid.it.MigratedApplication.with;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The Flyway migration shipped in snowflake-core ({@code classpath:io/snowflakeid/db/flyway/{vendor}}) applied by
 * Spring Boot's Flyway next to an application's own migrations, on every enabled database, with the library's table
 * creation off and Hibernate validating the schema. Each test has a schema of its own (the default table names
 * are used, which other tests on the same servers may use too).
 */
class FlywayMigrationTests {

	private static final String FLYWAY_ON = "--spring.flyway.enabled=true";

	private static final String APPLICATION = "classpath:db/it-flyway";

	private static final String APPLICATION_LATER = "classpath:db/it-flyway-later";

	private static final String LIBRARY = "classpath:io/snowflakeid/db/flyway/{vendor}";

	static List<TestDatabase> databases() {
		return TestDatabase.enabled();
	}

	private static String locations(String... locations) {
		return "--spring.flyway.locations=" + String.join(",", locations);
	}

	private static List<String> applied(ConfigurableApplicationContext context) {
		return Arrays.stream(context.getBean(Flyway.class).info().applied()).map(MigrationInfo::getScript).toList();
	}

	@ParameterizedTest
	@MethodSource("databases")
	void theShippedMigrationCreatesTheTablesTheApplicationThenLeasesAndSegmentsFrom(TestDatabase database)
			throws Exception {
		try (IsolatedSchema schema = IsolatedSchema.create(database, "flyway_it")) {
			try (ConfigurableApplicationContext context = MigratedApplication.start(schema,
					with(MIGRATIONS_OWN_THE_SCHEMA, FLYWAY_ON, locations(APPLICATION, LIBRARY)))) {
				assertThat(applied(context)).containsExactly("V1__application_tables.sql",
						"R__snowflake_id_tables.sql");
				MigratedApplication.assertCreatedAfter(context, "flywayInitializer");
				MigratedApplication.assertLeaseHeldInTable(context, schema);
				List<Long> members = MigratedApplication.insertBothKinds(context, 25);
				assertThat(members).as("segment ids from 1000, steps of 10").startsWith(1000L, 1001L).endsWith(1024L);
				assertThat(MigratedApplication.segmentMax(schema)).isBetween(1029L, 1039L);
			}
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void addedToAnExistingApplicationItAdoptsTheLibrarysTablesAndLeavesLaterVersionsUnblocked(TestDatabase database)
			throws Exception {
		try (IsolatedSchema schema = IsolatedSchema.create(database, "flyway_it")) {
			// Before: Flyway runs only the application's V1; the library creates its own tables.
			List<Long> before;
			try (ConfigurableApplicationContext context = MigratedApplication.start(schema, FLYWAY_ON,
					locations(APPLICATION), "--snowflake.worker-assignment=database-lease",
					"--spring.jpa.hibernate.ddl-auto=validate")) {
				before = MigratedApplication.insertBothKinds(context, 5);
			}
			// The library's location added, its table creation off: only the repeatable migration is pending, and
			// its CREATE TABLE IF NOT EXISTS keeps the tables and rows the library made (the rest of the segment
			// handed back at shutdown comes next, no hole).
			try (ConfigurableApplicationContext context = MigratedApplication.start(schema,
					with(MIGRATIONS_OWN_THE_SCHEMA, FLYWAY_ON, locations(APPLICATION, LIBRARY)))) {
				assertThat(applied(context)).containsExactly("V1__application_tables.sql",
						"R__snowflake_id_tables.sql");
				assertThat(MigratedApplication.insertBothKinds(context, 5)).first().isEqualTo(before.get(4) + 1);
			}
			// A later version of the application's own (V2) is applied as usual: the library's migration has no
			// version, so it cannot be ahead of the application's.
			try (ConfigurableApplicationContext context = MigratedApplication.start(schema,
					with(MIGRATIONS_OWN_THE_SCHEMA, FLYWAY_ON, locations(APPLICATION, APPLICATION_LATER, LIBRARY)))) {
				assertThat(applied(context)).containsExactly("V1__application_tables.sql",
						"R__snowflake_id_tables.sql", "V2__ticket_priority.sql");
				MigratedApplication.assertLeaseHeldInTable(context, schema);
				MigratedApplication.insertBothKinds(context, 5);
			}
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void withoutTheMigrationALeaseWithTableCreationOffFailsTheStartNamingTheTableAndTheFix(TestDatabase database)
			throws SQLException {
		try (IsolatedSchema schema = IsolatedSchema.create(database, "flyway_it")) {
			assertThatThrownBy(() -> MigratedApplication.start(schema,
					with(MIGRATIONS_OWN_THE_SCHEMA, FLYWAY_ON, locations(APPLICATION))).close())
				.satisfies((failure) -> assertThat(MigratedApplication.messages(failure))
					.contains("Cannot lease a worker id from table snowflake_worker_lease")
					.contains("snowflake.lease.create-table=false: create it with CREATE TABLE IF NOT EXISTS "
							+ "snowflake_worker_lease")
					.contains("or include the migrations shipped in snowflake-core"));
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void withoutTheMigrationSegmentsWithTableCreationOffFailTheStartNamingTheTablesAndTheFix(TestDatabase database)
			throws SQLException {
		try (IsolatedSchema schema = IsolatedSchema.create(database, "flyway_it")) {
			// Static ids: no lease table needed, so only the missing segment tables can fail the start.
			assertThatThrownBy(() -> MigratedApplication.start(schema, FLYWAY_ON, locations(APPLICATION),
					"--snowflake.datacenter-id=3", "--snowflake.worker-id=29", "--snowflake.segment.create-table=false",
					"--spring.jpa.hibernate.ddl-auto=validate").close())
				.satisfies((failure) -> assertThat(MigratedApplication.messages(failure))
					.contains("Cannot read the segment tables snowflake_segment and snowflake_segment_free")
					.contains("snowflake.segment.create-table=false: create them with CREATE TABLE IF NOT EXISTS "
							+ "snowflake_segment (")
					.contains("or include the migrations shipped in snowflake-core"));
		}
	}
}
