package io.snowflakeid.internal.jdbc;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.snowflakeid.testing.TestDatabase;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the column check costs at start: the columns of a small schema in one metadata query (a query per table cost
 * PostgreSQL about a millisecond of planning each, tens of milliseconds at every start of twenty entities), table by
 * table where the schema holds many more tables than the check looks at, with the same findings either way.
 */
class ColumnCheckTests {

	private static final List<ColumnCheck.Target> TARGETS = List.of(target("purchase", "id"),
			target("purchase", "customer_id"), target("purchase", "note_id"), target("customer", "id"));

	private static ColumnCheck.Target target(String table, String column) {
		return new ColumnCheck.Target("Entity." + column, "@SnowflakeId", false, Long.MAX_VALUE, 19, null, null, table,
				column);
	}

	@Test
	void aSmallSchemaIsReadInOneQueryForAllTheCheckedTables() throws Exception {
		try (Connection connection = database(0)) {
			AtomicInteger queries = new AtomicInteger();
			List<ColumnCheck.Finding> findings = ColumnCheck.check(counting(connection, queries), TARGETS);

			assertThat(queries.get()).as("metadata queries for 4 attributes on 2 tables").isEqualTo(1);
			assertExpectedFindings(findings);
			assertThat(ColumnCheck.missing(connection, List.of(target("purchase", "nope"), target("nowhere", "id"))))
				.extracting(ColumnCheck.Target::column).containsExactly("nope", "id");
		}
	}

	@Test
	void aSchemaOfManyMoreTablesThanTheCheckedOnesIsReadTableByTable() throws Exception {
		// 2 checked tables: a schema is read whole up to 10 tables per checked table, 20 here; 2 + 19 others is more.
		try (Connection connection = database(19)) {
			AtomicInteger queries = new AtomicInteger();
			List<ColumnCheck.Finding> findings = ColumnCheck.check(counting(connection, queries), TARGETS);

			// H2 folds unquoted names to upper case: "purchase" (nothing), then "PURCHASE"; the same for customer.
			assertThat(queries.get()).as("metadata queries for 4 attributes on 2 tables").isEqualTo(4);
			assertExpectedFindings(findings);
			assertThat(ColumnCheck.missing(connection, List.of(target("purchase", "nope"), target("nowhere", "id"))))
				.extracting(ColumnCheck.Target::column).containsExactly("nope", "id");
		}
	}

	@Test
	void oneCheckedTableIsReadAlone() throws Exception {
		try (Connection connection = database(0)) {
			AtomicInteger queries = new AtomicInteger();
			assertThat(ColumnCheck.check(counting(connection, queries), List.of(target("customer", "id"))))
				.singleElement()
				.satisfies((finding) -> assertThat(finding.message()).contains("customer.id", "INTEGER"));
			assertThat(queries.get()).as("\"customer\" (nothing), then \"CUSTOMER\"").isEqualTo(2);
		}
	}

	/**
	 * The table count only chooses how the columns are read: a database that refuses it (no privilege on the
	 * catalog it reads, a statement timeout, a proxy that does not know it) must get the check table by table, with
	 * the same findings, not no check at all (the Hibernate and jOOQ bindings log a failing check and start).
	 */
	@Test
	void aRefusedTableCountFallsBackToTheTableByTableReadWithTheSameFindings() throws Exception {
		try (Connection connection = database(0)) {
			Connection refusingCount = (Connection) Proxy.newProxyInstance(ColumnCheckTests.class.getClassLoader(),
					new Class<?>[] { Connection.class }, (proxy, method, args) -> {
						if (method.getName().equals("prepareStatement")
								&& ((String) args[0]).toLowerCase(java.util.Locale.ROOT).contains("count(*)")) {
							throw new java.sql.SQLException("permission denied for table tables", "42501");
						}
						return invoke(method, connection, args);
					});
			assertExpectedFindings(ColumnCheck.check(refusingCount, TARGETS));
			assertThat(ColumnCheck.missing(refusingCount, List.of(target("purchase", "nope"), target("customer", "id"))))
				.extracting(ColumnCheck.Target::column).containsExactly("nope");
		}
	}

	/**
	 * The tables per checked table are counted per schema: an application of many entities in a schema of its own
	 * and one in a shared schema of many tables must read the shared one table by table. Before, the threshold
	 * was ten tables per checked table of the whole check (40 entities: a schema of up to 400 tables read whole
	 * for the one entity in it).
	 */
	@Test
	void aLargeSharedSchemaHoldingOneCheckedTableIsReadTableByTableHoweverManyTablesAreCheckedElsewhere()
			throws Exception {
		try (Connection connection = new TestDatabase("column-check").connection();
				Statement statement = connection.createStatement()) {
			statement.execute("create schema app");
			statement.execute("create schema shared");
			List<ColumnCheck.Target> targets = new java.util.ArrayList<>();
			for (int i = 0; i < 40; i++) {
				statement.execute("create table app.entity_" + i + " (id bigint primary key)");
				targets.add(new ColumnCheck.Target("E" + i + ".id", "@SnowflakeId", false, Long.MAX_VALUE, 19, null,
						"app", "entity_" + i, "id"));
			}
			statement.execute("create table shared.account (id integer primary key)");
			for (int i = 0; i < 100; i++) {
				statement.execute("create table shared.other_" + i + " (id integer primary key)");
			}
			targets.add(new ColumnCheck.Target("Account.id", "@SnowflakeId", false, Long.MAX_VALUE, 19, null, "shared",
					"account", "id"));
			List<String> wholeSchemaReads = new java.util.ArrayList<>();
			DatabaseMetaData metadata = connection.getMetaData();
			DatabaseMetaData recording = (DatabaseMetaData) Proxy.newProxyInstance(
					ColumnCheckTests.class.getClassLoader(), new Class<?>[] { DatabaseMetaData.class },
					(proxy, method, args) -> {
						if (method.getName().equals("getColumns") && "%".equals(args[2])) {
							wholeSchemaReads.add(String.valueOf(args[1]));
						}
						return invoke(method, metadata, args);
					});
			Connection recorded = (Connection) Proxy.newProxyInstance(ColumnCheckTests.class.getClassLoader(),
					new Class<?>[] { Connection.class }, (proxy, method, args) -> method.getName()
						.equals("getMetaData") ? recording : invoke(method, connection, args));

			assertThat(ColumnCheck.check(recorded, targets)).singleElement()
				.satisfies((finding) -> assertThat(finding.message()).contains("Account.id", "INTEGER"));
			assertThat(wholeSchemaReads).as("read whole: the application's schema only (41 tables checked, "
					+ "1 of them in the shared schema of 101)").containsExactly("APP");
		}
	}

	/**
	 * H2 in the compatibility modes applications test with: the same findings reading the schema whole or table by
	 * table, under names folded by the mode, quoted mixed case and an underscore.
	 */
	@org.junit.jupiter.params.ParameterizedTest
	@org.junit.jupiter.params.provider.ValueSource(strings = { "", ";MODE=PostgreSQL;DATABASE_TO_LOWER=TRUE",
			";MODE=MySQL;DATABASE_TO_LOWER=TRUE", ";MODE=MySQL;DATABASE_TO_UPPER=FALSE;CASE_INSENSITIVE_IDENTIFIERS=TRUE",
			";MODE=MariaDB;DATABASE_TO_LOWER=TRUE", ";MODE=MSSQLServer;DATABASE_TO_UPPER=FALSE" })
	void h2ModesFindTheSameProblemsReadingTheSchemaWholeOrTableByTable(String mode) throws Exception {
		List<ColumnCheck.Target> targets = List.of(target("order_line", "id"), target("orderXline", "id"),
				target("\"Mixed\"", "\"Id\""), target("sound", "id"));
		List<List<String>> results = new java.util.ArrayList<>();
		for (int others : new int[] { 0, 60 }) {
			try (Connection connection = new TestDatabase("column-check", mode.split(";")).connection();
					Statement statement = connection.createStatement()) {
				statement.execute("create table order_line (id integer primary key)");
				statement.execute("create table orderXline (id bigint primary key)");
				statement.execute("create table \"Mixed\" (\"Id\" integer primary key)");
				statement.execute("create table sound (id bigint primary key)");
				for (int i = 0; i < others; i++) {
					statement.execute("create table other_" + i + " (id integer primary key)");
				}
				AtomicInteger queries = new AtomicInteger();
				results.add(ColumnCheck.check(counting(connection, queries), targets)
					.stream()
					.map(ColumnCheck.Finding::message)
					.sorted()
					.toList());
				if (others == 0) {
					assertThat(queries.get()).as("read whole").isEqualTo(1);
				}
				else {
					assertThat(queries.get()).as("table by table").isGreaterThan(1);
				}
			}
		}
		assertThat(results.get(0)).as(mode).hasSize(2)
			.anySatisfy((m) -> assertThat(m).contains("order_line.id"))
			.anySatisfy((m) -> assertThat(m).contains("\"Mixed\".\"Id\""));
		assertThat(results.get(1)).as(mode).isEqualTo(results.get(0));
	}

	private static void assertExpectedFindings(List<ColumnCheck.Finding> findings) {
		assertThat(findings).extracting(ColumnCheck.Finding::message)
			.satisfiesExactlyInAnyOrder(
					(message) -> assertThat(message).contains("Entity.note_id", "purchase.note_id", "INTEGER")
						.doesNotContain("customer_id"),
					(message) -> assertThat(message).contains("Entity.id", "customer.id", "INTEGER"));
	}

	/** The two checked tables and {@code others} unrelated ones, in H2's PUBLIC schema. */
	private static Connection database(int others) throws Exception {
		Connection connection = new TestDatabase("column-check").connection();
		try (Statement statement = connection.createStatement()) {
			statement.execute("create table purchase (id bigint primary key, customer_id bigint, note_id integer)");
			statement.execute("create table customer (id integer primary key)");
			for (int i = 0; i < others; i++) {
				statement.execute("create table other_" + i + " (id integer primary key)");
			}
		}
		return connection;
	}

	/** The connection, counting {@code DatabaseMetaData.getColumns} calls. */
	private static Connection counting(Connection connection, AtomicInteger queries) throws Exception {
		DatabaseMetaData metadata = connection.getMetaData();
		DatabaseMetaData countingMetadata = (DatabaseMetaData) Proxy.newProxyInstance(
				ColumnCheckTests.class.getClassLoader(), new Class<?>[] { DatabaseMetaData.class },
				(proxy, method, args) -> {
					if (method.getName().equals("getColumns")) {
						queries.incrementAndGet();
					}
					return invoke(method, metadata, args);
				});
		return (Connection) Proxy.newProxyInstance(ColumnCheckTests.class.getClassLoader(),
				new Class<?>[] { Connection.class }, (proxy, method, args) -> method.getName().equals("getMetaData")
						? countingMetadata : invoke(method, connection, args));
	}

	private static Object invoke(java.lang.reflect.Method method, Object target, Object[] args) throws Throwable {
		try {
			return method.invoke(target, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}
}
