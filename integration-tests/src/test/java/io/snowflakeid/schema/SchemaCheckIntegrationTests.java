package io.snowflakeid.schema;

import java.util.List;
import java.util.Map;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeSchemaException;
import io.snowflakeid.it.TestDatabase;
import io.snowflakeid.schema.SchemaEntities.CheckedAccount;
import io.snowflakeid.schema.SchemaEntities.CheckedText;
import io.snowflakeid.schema.SchemaEntities.CheckedThing;
import io.snowflakeid.schema.SchemaTestSupport.CheckLog;
import org.assertj.core.api.ThrowableAssert.ThrowingCallable;
import org.hibernate.SessionFactory;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * {@code snowflake.schema-check}: a column that cannot hold the ids fails the start (or warns), naming the
 * attribute, the column, its type and the ALTER statement, on each database, over tables created as an
 * application's own schema would be ({@code hbm2ddl none}).
 */
class SchemaCheckIntegrationTests {

	static List<TestDatabase> databases() {
		return TestDatabase.enabled();
	}

	/** The tables every test here may create; dropped before and after each test. */
	private static final String[] TABLES = { "it_check_thing", "it_check_text", "it_check_account",
			"it_check_segments", "it_check_segments_free" };

	private SchemaTestSupport db;

	/** A database holding just the tables {@code ddl} creates (as an application's own schema would). */
	private SchemaTestSupport schema(TestDatabase database, String... ddl) throws Exception {
		this.db = new SchemaTestSupport(database);
		this.db.drop(TABLES);
		this.db.sql(ddl);
		return this.db;
	}

	@AfterEach
	void dropTables() throws Exception {
		if (this.db != null) {
			this.db.drop(TABLES);
		}
	}

	private static SnowflakeSchemaException schemaFailure(ThrowingCallable start) {
		Throwable failure = catchThrowable(start);
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof SnowflakeSchemaException schema) {
				return schema;
			}
		}
		throw new AssertionError("expected a SnowflakeSchemaException, got " + failure, failure);
	}

	private static void startAndClose(SchemaTestSupport db, Map<String, String> settings, Class<?>... entities) {
		try (SessionFactory factory = db.hibernate(settings, entities)) {
			factory.inTransaction((session) -> {
				for (Class<?> entity : entities) {
					var query = session.getCriteriaBuilder().createQuery(entity);
					query.from(entity);
					session.createQuery(query).getResultList();
				}
			});
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void aThirtyTwoBitColumnFailsTheStartNamingAttributeColumnTypeAndFix(TestDatabase database) throws Exception {
		SchemaTestSupport db = schema(database, "CREATE TABLE it_check_thing (id INTEGER NOT NULL PRIMARY KEY)");
		SnowflakeSchemaException failure = schemaFailure(() -> startAndClose(db, Map.of(), CheckedThing.class));
		assertThat(failure.getMessage()).contains("CheckedThing.id (@SnowflakeId)")
			.containsIgnoringCase("it_check_thing.id")
			.containsIgnoringCase("of type INT")
			.contains("holds at most 2147483647")
			.contains("the ids reach 9223372036854775807")
			.contains("snowflake.schema-check=fail");
		assertThat(failure.getFix()).isEqualTo(switch (database) {
			case POSTGRESQL -> "ALTER TABLE it_check_thing ALTER COLUMN id TYPE BIGINT;";
			case MARIADB -> "ALTER TABLE it_check_thing MODIFY id BIGINT NOT NULL;";
			case H2 -> "ALTER TABLE it_check_thing ALTER COLUMN id SET DATA TYPE BIGINT;";
		});
		db.sql(failure.getFix());
		assertThatNoException().as("the printed fix repairs the column")
			.isThrownBy(() -> startAndClose(db, Map.of(), CheckedThing.class));
	}

	@ParameterizedTest
	@MethodSource("databases")
	void warnModeLogsTheSameFindingAndStarts(TestDatabase database) throws Exception {
		SchemaTestSupport db = schema(database, "CREATE TABLE it_check_thing (id INTEGER NOT NULL PRIMARY KEY)");
		try (CheckLog log = new CheckLog()) {
			startAndClose(db, Map.of("snowflake.schema-check", "warn"), CheckedThing.class);
			assertThat(log.messages).singleElement()
				.asString()
				.contains("CheckedThing.id (@SnowflakeId)")
				.contains("holds at most 2147483647")
				.contains("Fix: ALTER TABLE it_check_thing");
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void offModeDoesNotLookAtTheColumns(TestDatabase database) throws Exception {
		SchemaTestSupport db = schema(database, "CREATE TABLE it_check_thing (id INTEGER NOT NULL PRIMARY KEY)");
		try (CheckLog log = new CheckLog()) {
			startAndClose(db, Map.of("snowflake.schema-check", "OFF"), CheckedThing.class);
			assertThat(log.messages).isEmpty();
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void anUnknownModeIsRefusedNamingTheSettingAndTheChoices(TestDatabase database) throws Exception {
		SchemaTestSupport db = schema(database, "CREATE TABLE it_check_thing (id BIGINT NOT NULL PRIMARY KEY)");
		Throwable failure = catchThrowable(
				() -> startAndClose(db, Map.of("snowflake.schema-check", "maybe"), CheckedThing.class));
		assertThat(failure).hasRootCauseInstanceOf(SnowflakeConfigurationException.class)
			.hasRootCauseMessage("Invalid snowflake.schema-check = 'maybe': allowed fail, warn or off");
	}

	@ParameterizedTest
	@MethodSource("databases")
	void wideEnoughColumnsPassSilentlyAndTakeIds(TestDatabase database) throws Exception {
		SchemaTestSupport db = schema(database, "CREATE TABLE it_check_thing (id BIGINT NOT NULL PRIMARY KEY)",
				"CREATE TABLE it_check_text (id VARCHAR(19) NOT NULL PRIMARY KEY)",
				"CREATE TABLE it_check_account (id DECIMAL(19,0) NOT NULL PRIMARY KEY)");
		try (CheckLog log = new CheckLog(); SessionFactory factory = db.hibernate(Map.of(), CheckedThing.class,
				CheckedText.class, CheckedAccount.class)) {
			factory.inTransaction((session) -> {
				session.persist(new CheckedThing());
				session.persist(new CheckedText());
				session.persist(new CheckedAccount());
			});
			assertThat(log.messages).isEmpty();
			assertThat(db.queryLong("SELECT id FROM it_check_thing")).isGreaterThan(Integer.MAX_VALUE);
			assertThat(db.queryLong("SELECT COUNT(*) FROM it_check_text")).isOne();
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void aShortVarcharAndANarrowSegmentColumnFailTogetherInOneMessage(TestDatabase database) throws Exception {
		SchemaTestSupport db = schema(database, "CREATE TABLE it_check_text (id VARCHAR(12) NOT NULL PRIMARY KEY)",
				"CREATE TABLE it_check_account (id SMALLINT NOT NULL PRIMARY KEY)");
		SnowflakeSchemaException failure = schemaFailure(
				() -> startAndClose(db, Map.of(), CheckedText.class, CheckedAccount.class));
		assertThat(failure.getMessage()).contains("2 attribute(s)")
			.contains("CheckedText.id (@SnowflakeId)")
			.contains("it holds 12 characters, the ids' text needs 19")
			.contains("CheckedAccount.id (@SegmentId)")
			.contains("holds at most 32767");
		assertThat(failure.getFix().lines()).hasSize(2)
			.anySatisfy((line) -> assertThat(line).contains("it_check_text").contains("VARCHAR(19)"))
			.anySatisfy((line) -> assertThat(line).contains("it_check_account").contains("BIGINT"));
	}

	@ParameterizedTest
	@MethodSource("databases")
	void aGeneratedAlwaysIdentityFailsBecauseItRejectsExplicitIds(TestDatabase database) throws Exception {
		if (database == TestDatabase.MARIADB) {
			return; // MariaDB has no GENERATED ALWAYS identity; its AUTO_INCREMENT accepts explicit ids
		}
		SchemaTestSupport db = schema(database,
				"CREATE TABLE it_check_thing (id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY)");
		SnowflakeSchemaException failure = schemaFailure(() -> startAndClose(db, Map.of(), CheckedThing.class));
		assertThat(failure.getMessage()).contains("CheckedThing.id (@SnowflakeId)")
			.contains("GENERATED ALWAYS AS IDENTITY");
		assertThat(failure.getFix()).isEqualTo("ALTER TABLE it_check_thing ALTER COLUMN id DROP IDENTITY;");
		db.sql(failure.getFix());
		try (SessionFactory factory = db.hibernate(Map.of(), CheckedThing.class)) {
			factory.inTransaction((session) -> session.persist(new CheckedThing()));
		}
		assertThat(db.queryLong("SELECT COUNT(*) FROM it_check_thing")).isOne();
	}

	@ParameterizedTest
	@MethodSource("databases")
	void aLeftoverAutoIncrementOnMariaDbIsAWarningNotAFailure(TestDatabase database) throws Exception {
		if (database != TestDatabase.MARIADB) {
			return; // only MySQL/MariaDB move the counter above explicit ids
		}
		SchemaTestSupport db = schema(database,
				"CREATE TABLE it_check_thing (id BIGINT NOT NULL AUTO_INCREMENT PRIMARY KEY)");
		try (CheckLog log = new CheckLog()) {
			startAndClose(db, Map.of(), CheckedThing.class);
			assertThat(log.messages).singleElement()
				.asString()
				.contains("still AUTO_INCREMENT")
				.contains("Fix: ALTER TABLE it_check_thing MODIFY id BIGINT NOT NULL;");
		}
	}
}
