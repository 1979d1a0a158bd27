package io.snowflakeid.schema;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.snowflakeid.internal.jdbc.ColumnCheck;
import io.snowflakeid.it.TestDatabase;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The column check reads a small schema's columns in one metadata query and a large schema's table by table; on
 * PostgreSQL and MariaDB both ways find the same problems: a narrow column, a GENERATED ALWAYS identity (PostgreSQL),
 * an AUTO_INCREMENT left on the column (MariaDB), under quoted mixed-case names, and nothing on a sound column.
 */
class ColumnCheckReadPathsTests {

	@Test
	void postgresqlFindsTheSameProblemsReadingTheSchemaWholeOrTableByTable() throws Exception {
		Assumptions.assumeTrue(TestDatabase.enabled().contains(TestDatabase.POSTGRESQL));
		try (Connection c = TestDatabase.POSTGRESQL.connect(TestDatabase.POSTGRESQL.url());
				Statement s = c.createStatement()) {
			for (String schema : List.of("cc_small", "cc_large")) {
				s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
				s.execute("CREATE SCHEMA " + schema);
				s.execute("CREATE TABLE " + schema + ".narrow (id INTEGER PRIMARY KEY)");
				s.execute("CREATE TABLE " + schema + ".\"Always\" (\"Id\" BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY)");
				s.execute("CREATE TABLE " + schema + ".sound (id BIGINT PRIMARY KEY)");
			}
			for (int i = 0; i < 40; i++) {
				s.execute("CREATE TABLE cc_large.other_" + i + " (id INTEGER PRIMARY KEY)");
			}
			try {
				List<String> small = check(c, "cc_small", null, 1);
				List<String> large = check(c, "cc_large", null, 3); // each table found at its first spelling
				assertThat(small).hasSize(2)
					.anySatisfy((m) -> assertThat(m).contains("narrow.id", "int4"))
					.anySatisfy((m) -> assertThat(m).contains("\"Always\".\"Id\"", "GENERATED ALWAYS"));
				assertThat(large).isEqualTo(small);
			}
			finally {
				s.execute("DROP SCHEMA cc_small CASCADE");
				s.execute("DROP SCHEMA cc_large CASCADE");
			}
		}
	}

	@Test
	void mariadbFindsTheSameProblemsReadingTheDatabaseWholeOrTableByTable() throws Exception {
		Assumptions.assumeTrue(TestDatabase.enabled().contains(TestDatabase.MARIADB));
		try (Connection c = TestDatabase.MARIADB.connect(TestDatabase.MARIADB.url());
				Statement s = c.createStatement()) {
			for (String database : List.of("cc_small", "cc_large")) {
				s.execute("DROP DATABASE IF EXISTS " + database);
				s.execute("CREATE DATABASE " + database);
				s.execute("CREATE TABLE " + database + ".narrow (id INT PRIMARY KEY)");
				s.execute("CREATE TABLE " + database + ".Counter (Id BIGINT AUTO_INCREMENT PRIMARY KEY)");
				s.execute("CREATE TABLE " + database + ".sound (id BIGINT PRIMARY KEY)");
			}
			for (int i = 0; i < 40; i++) {
				s.execute("CREATE TABLE cc_large.other_" + i + " (id INT PRIMARY KEY)");
			}
			try {
				List<String> small = check(c, null, "cc_small", 1);
				List<String> large = check(c, null, "cc_large", 3);
				assertThat(small).hasSize(2)
					.anySatisfy((m) -> assertThat(m).contains("narrow.id", "INT"))
					.anySatisfy((m) -> assertThat(m).contains("Counter.Id", "AUTO_INCREMENT"));
				assertThat(large).isEqualTo(small);
			}
			finally {
				s.execute("DROP DATABASE cc_small");
				s.execute("DROP DATABASE cc_large");
			}
		}
	}

	/**
	 * MariaDB on Linux (lower_case_table_names=0) keeps two tables whose names differ only in case, and an INSERT
	 * goes to the one spelled exactly so; a metadata query for one of them matches both (its information_schema
	 * compares names ignoring case). Both read paths must check the table spelled as mapped: Orders (INT) cannot
	 * hold the ids, orders (BIGINT) can, whichever of the two the database lists first.
	 */
	@Test
	void mariadbTablesDifferingOnlyInCaseAreEachCheckedAsSpelledOnBothReadPaths() throws Exception {
		Assumptions.assumeTrue(TestDatabase.enabled().contains(TestDatabase.MARIADB));
		try (Connection c = TestDatabase.MARIADB.connect(TestDatabase.MARIADB.url());
				Statement s = c.createStatement();
				java.sql.ResultSet rows = s.executeQuery("SELECT @@lower_case_table_names")) {
			Assumptions.assumeTrue(rows.next() && rows.getInt(1) == 0, "names are case-sensitive");
			for (String database : List.of("cc_case_small", "cc_case_large")) {
				s.execute("DROP DATABASE IF EXISTS " + database);
				s.execute("CREATE DATABASE " + database);
				// created in both orders: the one listed first by a LIKE differs between them
				if (database.endsWith("small")) {
					s.execute("CREATE TABLE " + database + ".Orders (id INT PRIMARY KEY)");
					s.execute("CREATE TABLE " + database + ".orders (id BIGINT PRIMARY KEY)");
				}
				else {
					s.execute("CREATE TABLE " + database + ".orders (id BIGINT PRIMARY KEY)");
					s.execute("CREATE TABLE " + database + ".Orders (id INT PRIMARY KEY)");
				}
			}
			for (int i = 0; i < 40; i++) {
				s.execute("CREATE TABLE cc_case_large.other_" + i + " (id INT PRIMARY KEY)");
			}
			try {
				for (String database : List.of("cc_case_small", "cc_case_large")) {
					for (List<String> tables : List.of(List.of("orders", "Orders"), List.of("Orders", "orders"))) {
						List<String> messages = ColumnCheck
							.check(c, List.of(target(database, null, tables.get(0), "id"),
									target(database, null, tables.get(1), "id")))
							.stream()
							.map(ColumnCheck.Finding::message)
							.toList();
						assertThat(messages).as(database + " " + tables)
							.singleElement()
							.satisfies((m) -> assertThat(m).contains("Orders.id", "INT").doesNotContain("BIGINT"));
					}
				}
			}
			finally {
				s.execute("DROP DATABASE cc_case_small");
				s.execute("DROP DATABASE cc_case_large");
			}
		}
	}

	/**
	 * As above with an underscore in the names: Connector/J then matches the table name with LIKE (without one with
	 * =), which MariaDB's information_schema evaluates ignoring case, so the metadata query for order_line lists
	 * Order_Line's columns too, maybe first.
	 */
	@Test
	void mariadbTablesWithAnUnderscoreDifferingOnlyInCaseAreEachCheckedAsSpelledOnBothReadPaths() throws Exception {
		Assumptions.assumeTrue(TestDatabase.enabled().contains(TestDatabase.MARIADB));
		try (Connection c = TestDatabase.MARIADB.connect(TestDatabase.MARIADB.url());
				Statement s = c.createStatement();
				java.sql.ResultSet rows = s.executeQuery("SELECT @@lower_case_table_names")) {
			Assumptions.assumeTrue(rows.next() && rows.getInt(1) == 0, "names are case-sensitive");
			for (String database : List.of("cc_casu_small", "cc_casu_large")) {
				s.execute("DROP DATABASE IF EXISTS " + database);
				s.execute("CREATE DATABASE " + database);
				// created in both order_line: the one listed first by a LIKE differs between them
				if (database.endsWith("small")) {
					s.execute("CREATE TABLE " + database + ".Order_Line (id INT PRIMARY KEY)");
					s.execute("CREATE TABLE " + database + ".order_line (id BIGINT PRIMARY KEY)");
				}
				else {
					s.execute("CREATE TABLE " + database + ".order_line (id BIGINT PRIMARY KEY)");
					s.execute("CREATE TABLE " + database + ".Order_Line (id INT PRIMARY KEY)");
				}
			}
			for (int i = 0; i < 40; i++) {
				s.execute("CREATE TABLE cc_casu_large.other_" + i + " (id INT PRIMARY KEY)");
			}
			try {
				for (String database : List.of("cc_casu_small", "cc_casu_large")) {
					for (List<String> tables : List.of(List.of("order_line", "Order_Line"), List.of("Order_Line", "order_line"))) {
						List<String> messages = ColumnCheck
							.check(c, List.of(target(database, null, tables.get(0), "id"),
									target(database, null, tables.get(1), "id")))
							.stream()
							.map(ColumnCheck.Finding::message)
							.toList();
						assertThat(messages).as(database + " " + tables)
							.singleElement()
							.satisfies((m) -> assertThat(m).contains("Order_Line.id", "INT").doesNotContain("BIGINT"));
					}
				}
			}
			finally {
				s.execute("DROP DATABASE cc_casu_small");
				s.execute("DROP DATABASE cc_casu_large");
			}
		}
	}

	/**
	 * MariaDB Connector/J matches a catalog holding _ or % with LIKE (else with =), so the metadata of database
	 * cc_cat also lists the tables of cc1cat, first (ordered by catalog). The check must look only at the database
	 * asked for: cc_cat.narrow is an INT that clamps the ids, however wide cc1cat.narrow is, on both read paths.
	 */
	@Test
	void mariadbChecksOnlyTheDatabaseAskedForWhenItsNameHoldsAnUnderscore() throws Exception {
		Assumptions.assumeTrue(TestDatabase.enabled().contains(TestDatabase.MARIADB));
		try (Connection c = TestDatabase.MARIADB.connect(TestDatabase.MARIADB.url());
				Statement s = c.createStatement()) {
			for (String database : List.of("cc_cat", "cc1cat", "cc_catlarge", "cc1catlarge")) {
				s.execute("DROP DATABASE IF EXISTS " + database);
				s.execute("CREATE DATABASE " + database);
				boolean asked = database.startsWith("cc_");
				s.execute("CREATE TABLE " + database + ".narrow (id " + (asked ? "INT" : "BIGINT") + " PRIMARY KEY)");
				s.execute("CREATE TABLE " + database + ".sound (id BIGINT PRIMARY KEY)");
			}
			for (int i = 0; i < 40; i++) {
				s.execute("CREATE TABLE cc_catlarge.other_" + i + " (id INT PRIMARY KEY)");
			}
			try {
				for (String database : List.of("cc_cat", "cc_catlarge")) {
					List<String> messages = ColumnCheck
						.check(c, List.of(target(database, null, "narrow", "id"), target(database, null, "sound", "id")))
						.stream()
						.map(ColumnCheck.Finding::message)
						.toList();
					assertThat(messages).as(database).singleElement()
						.satisfies((m) -> assertThat(m).contains("narrow.id", "INT").doesNotContain("BIGINT"));
				}
			}
			finally {
				for (String database : List.of("cc_cat", "cc1cat", "cc_catlarge", "cc1catlarge")) {
					s.execute("DROP DATABASE " + database);
				}
			}
		}
	}

	/**
	 * PostgreSQL names that the two read paths could treat differently: a schema name holding _ next to one it
	 * would match as a pattern, a quoted mixed-case schema and table, and unqualified tables resolved along a
	 * search_path of two schemas holding a table of the same name. Whole (small schemas) and table by table (40
	 * more tables in each) find the same.
	 */
	@Test
	void postgresqlPatternsQuotedNamesAndTheSearchPathGiveTheSameFindingsOnBothReadPaths() throws Exception {
		Assumptions.assumeTrue(TestDatabase.enabled().contains(TestDatabase.POSTGRESQL));
		try (Connection c = TestDatabase.POSTGRESQL.connect(TestDatabase.POSTGRESQL.url());
				Statement s = c.createStatement()) {
			List<List<String>> results = new java.util.ArrayList<>();
			for (String v : List.of("s", "l")) {
				for (String schema : List.of("cc_p" + v, "ccxp" + v, "\"CcMixed" + v + "\"", "cc_first" + v,
						"cc_second" + v)) {
					s.execute("DROP SCHEMA IF EXISTS " + schema + " CASCADE");
					s.execute("CREATE SCHEMA " + schema);
					if (v.equals("l")) {
						for (int i = 0; i < 40; i++) {
							s.execute("CREATE TABLE " + schema + ".other_" + i + " (id INTEGER PRIMARY KEY)");
						}
					}
				}
				s.execute("CREATE TABLE cc_p" + v + ".narrow (id INTEGER PRIMARY KEY)");
				s.execute("CREATE TABLE cc_p" + v + ".sound (id BIGINT PRIMARY KEY)");
				s.execute("CREATE TABLE ccxp" + v + ".narrow (id BIGINT PRIMARY KEY)");
				s.execute("CREATE TABLE ccxp" + v + ".sound (id INTEGER PRIMARY KEY)");
				s.execute("CREATE TABLE \"CcMixed" + v + "\".\"Orders\" (\"Id\" BIGINT GENERATED ALWAYS AS IDENTITY)");
				s.execute("CREATE TABLE \"CcMixed" + v + "\".orders (id INTEGER)");
				s.execute("CREATE TABLE cc_first" + v + ".t1 (id BIGINT PRIMARY KEY)");
				s.execute("CREATE TABLE cc_second" + v + ".t1 (id INTEGER PRIMARY KEY)");
				s.execute("CREATE TABLE cc_second" + v + ".t2 (id INTEGER PRIMARY KEY)");
				s.execute("SET search_path TO cc_first" + v + ", cc_second" + v);
				try {
					results.add(ColumnCheck
						.check(c, List.of(target(null, "cc_p" + v, "narrow", "id"), target(null, "cc_p" + v, "sound", "id"),
								target(null, "\"CcMixed" + v + "\"", "\"Orders\"", "\"Id\""),
								target(null, "\"CcMixed" + v + "\"", "orders", "id"), target(null, null, "t1", "id"),
								target(null, null, "t2", "id")))
						.stream()
						.map((f) -> f.message().replace("CcMixed" + v, "CcMixed"))
						.sorted()
						.toList());
				}
				finally {
					s.execute("RESET search_path");
				}
			}
			try {
				assertThat(results.get(0)).hasSize(4)
					.anySatisfy((m) -> assertThat(m).contains("narrow.id", "int4"))
					.anySatisfy((m) -> assertThat(m).contains("\"Orders\".\"Id\"", "GENERATED ALWAYS"))
					.anySatisfy((m) -> assertThat(m).contains("orders.id", "int4"))
					.anySatisfy((m) -> assertThat(m).contains("t2.id", "int4"))
					.noneSatisfy((m) -> assertThat(m).contains("t1.id"));
				assertThat(results.get(1)).isEqualTo(results.get(0));
			}
			finally {
				for (String v : List.of("s", "l")) {
					for (String schema : List.of("cc_p" + v, "ccxp" + v, "\"CcMixed" + v + "\"", "cc_first" + v,
							"cc_second" + v)) {
						s.execute("DROP SCHEMA " + schema + " CASCADE");
					}
				}
			}
		}
	}

	/**
	 * A table count that fails inside a transaction (autocommit off, as a pool may hand out): PostgreSQL aborts the
	 * transaction on a failed statement, so without care every metadata query after it fails too. The check reads
	 * table by table and finds the narrow column.
	 */
	@Test
	void postgresqlAFailingTableCountInsideATransactionStillChecksTableByTable() throws Exception {
		Assumptions.assumeTrue(TestDatabase.enabled().contains(TestDatabase.POSTGRESQL));
		try (Connection c = TestDatabase.POSTGRESQL.connect(TestDatabase.POSTGRESQL.url());
				Statement s = c.createStatement()) {
			s.execute("DROP SCHEMA IF EXISTS cc_fail CASCADE");
			s.execute("CREATE SCHEMA cc_fail");
			s.execute("CREATE TABLE cc_fail.narrow (id INTEGER PRIMARY KEY)");
			s.execute("CREATE TABLE cc_fail.sound (id BIGINT PRIMARY KEY)");
			Connection failingCount = (Connection) Proxy.newProxyInstance(
					ColumnCheckReadPathsTests.class.getClassLoader(), new Class<?>[] { Connection.class },
					(proxy, method, args) -> {
						if (method.getName().equals("prepareStatement")
								&& ((String) args[0]).toLowerCase(java.util.Locale.ROOT).contains("count(*)")) {
							return c.prepareStatement("SELECT 1 / 0 WHERE ?::text IS NOT NULL"); // fails when run
						}
						return invoke(method, c, args);
					});
			c.setAutoCommit(false);
			try {
				assertThat(ColumnCheck.check(failingCount, List.of(target(null, "cc_fail", "narrow", "id"),
						target(null, "cc_fail", "sound", "id"))))
					.singleElement()
					.satisfies((f) -> assertThat(f.message()).contains("narrow.id", "int4"));
			}
			finally {
				c.rollback();
				c.setAutoCommit(true);
				s.execute("DROP SCHEMA cc_fail CASCADE");
			}
		}
	}

	/** The findings' messages for the three tables, asserting how many metadata queries read them. */
	private static List<String> check(Connection connection, String schema, String catalog, int expectedQueries)
			throws Exception {
		AtomicInteger queries = new AtomicInteger();
		List<ColumnCheck.Target> targets = List.of(target(catalog, schema, "narrow", "id"),
				(catalog != null) ? target(catalog, schema, "Counter", "Id") : target(catalog, schema, "\"Always\"", "\"Id\""),
				target(catalog, schema, "sound", "id"));
		List<String> messages = ColumnCheck.check(counting(connection, queries), targets)
			.stream()
			.map(ColumnCheck.Finding::message)
			.toList();
		assertThat(queries.get()).as("metadata queries in " + schema + "/" + catalog).isEqualTo(expectedQueries);
		return messages;
	}

	private static ColumnCheck.Target target(String catalog, String schema, String table, String column) {
		return new ColumnCheck.Target("E.id", "@SnowflakeId", false, Long.MAX_VALUE, 20, catalog, schema, table,
				column);
	}

	/** The connection, counting {@code DatabaseMetaData.getColumns} calls. */
	private static Connection counting(Connection connection, AtomicInteger queries) throws Exception {
		DatabaseMetaData metadata = connection.getMetaData();
		DatabaseMetaData countingMetadata = (DatabaseMetaData) Proxy.newProxyInstance(
				ColumnCheckReadPathsTests.class.getClassLoader(), new Class<?>[] { DatabaseMetaData.class },
				(proxy, method, args) -> {
					if (method.getName().equals("getColumns")) {
						queries.incrementAndGet();
					}
					return invoke(method, metadata, args);
				});
		return (Connection) Proxy.newProxyInstance(ColumnCheckReadPathsTests.class.getClassLoader(),
				new Class<?>[] { Connection.class }, (proxy, method, args) -> method.getName().equals("getMetaData")
						? countingMetadata : invoke(method, connection, args));
	}

	private static Object invoke(Method method, Object target, Object[] args) throws Throwable {
		try {
			return method.invoke(target, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}
}
