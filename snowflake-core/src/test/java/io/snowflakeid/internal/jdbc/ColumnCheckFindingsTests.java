package io.snowflakeid.internal.jdbc;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;

import io.snowflakeid.testing.TestDatabase;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the start-up column check reports, on H2: for each column type the largest id it holds exactly (a finding
 * from one id more, none at that id), the text width of a VARCHAR, identity columns that refuse explicit ids, and the
 * statement that fixes the column in the database's dialect. The findings are what {@code snowflake.schema-check=fail}
 * refuses to start with and what {@code warn} logs.
 */
class ColumnCheckFindingsTests {

	/** The largest value each numeric type stores exactly: its integer range, or the mantissa of a float. */
	@Test
	void eachNumericColumnHoldsIdsUpToItsExactCapacityAndIsReportedFromOneIdMore() throws Exception {
		TestDatabase database = new TestDatabase("column-findings");
		database.execute("create table item (tiny tinyint, small smallint, medium integer, large bigint, single real, "
				+ "twice double precision, approximate float, ten numeric(10,0), cents decimal(20,2))");
		List<Object[]> columns = List.of(new Object[] { "tiny", "TINYINT", BigInteger.valueOf(Byte.MAX_VALUE) },
				new Object[] { "small", "SMALLINT", BigInteger.valueOf(Short.MAX_VALUE) },
				new Object[] { "medium", "INTEGER", BigInteger.valueOf(Integer.MAX_VALUE) },
				new Object[] { "single", "REAL", BigInteger.TWO.pow(24) },
				new Object[] { "twice", "DOUBLE PRECISION", BigInteger.TWO.pow(53) },
				new Object[] { "approximate", "DOUBLE PRECISION", BigInteger.TWO.pow(53) },
				// NUMERIC(p, s): p - s digits before the point
				new Object[] { "ten", "NUMERIC(10,0)", BigInteger.TEN.pow(10).subtract(BigInteger.ONE) },
				new Object[] { "cents", "DECIMAL(20,2)", BigInteger.TEN.pow(18).subtract(BigInteger.ONE) });
		try (Connection connection = database.connection()) {
			for (Object[] column : columns) {
				String name = (String) column[0];
				long capacity = ((BigInteger) column[2]).longValueExact();
				assertThat(ColumnCheck.check(connection, List.of(number("item", name, capacity))))
					.as("%s holds %s", name, capacity).isEmpty();
				assertThat(ColumnCheck.check(connection, List.of(number("item", name, capacity + 1))))
					.as(name).singleElement().satisfies((finding) -> {
						assertThat(finding.fatal()).isTrue();
						assertThat(finding.message()).isEqualTo("Item." + name + " (@SnowflakeId) is mapped to column item."
								+ name + " of type " + column[1] + ": it holds at most " + capacity + ", the ids reach "
								+ (capacity + 1) + " (MariaDB and MySQL in non-strict mode silently clamp larger values "
								+ "to the column's maximum; other databases fail the insert)");
						assertThat(finding.fix()).isEqualTo("ALTER TABLE item ALTER COLUMN " + name
								+ " SET DATA TYPE BIGINT;");
					});
			}
			assertThat(ColumnCheck.check(connection, List.of(number("item", "large", Long.MAX_VALUE)))).isEmpty();
		}
	}

	@Test
	void aTextIdNeedsAColumnAsWideAsItsLongestTextAndANumberColumnThatHoldsItsLargestId() throws Exception {
		TestDatabase database = new TestDatabase("column-findings");
		database.execute("create table note (short_text varchar(18), exact_text varchar(19), fixed char(19), "
				+ "medium integer, large bigint)");
		try (Connection connection = database.connection()) {
			assertThat(ColumnCheck.check(connection, List.of(text("note", "exact_text", 19), text("note", "fixed", 19),
					text("note", "large", 19)))).as("wide enough").isEmpty();

			assertThat(ColumnCheck.check(connection, List.of(text("note", "short_text", 19)))).singleElement()
				.satisfies((finding) -> {
					assertThat(finding.fatal()).isTrue();
					assertThat(finding.message()).isEqualTo("Note.short_text (@SnowflakeId) is mapped to column "
							+ "note.short_text of type CHARACTER VARYING(18): it holds 18 characters, the ids' text "
							+ "needs 19 (inserts would fail or be truncated)");
					assertThat(finding.fix()).isEqualTo("ALTER TABLE note ALTER COLUMN short_text SET DATA TYPE "
							+ "VARCHAR(19);");
				});
			assertThat(ColumnCheck.check(connection, List.of(text("note", "fixed", 20)))).singleElement()
				.satisfies((finding) -> assertThat(finding.message()).contains("of type CHARACTER(19)",
						"it holds 19 characters, the ids' text needs 20"));

			// A String id on a number column: the database converts the text, so the column's range is the limit.
			assertThat(ColumnCheck.check(connection, List.of(text("note", "medium", 19)))).singleElement()
				.satisfies((finding) -> {
					assertThat(finding.fatal()).isTrue();
					assertThat(finding.message()).contains("note.medium of type INTEGER",
							"it holds at most 2147483647, the ids reach " + Long.MAX_VALUE);
					assertThat(finding.fix()).isEqualTo("ALTER TABLE note ALTER COLUMN medium SET DATA TYPE "
							+ "VARCHAR(19);");
				});
			ColumnCheck.Target fitsAnInteger = new ColumnCheck.Target("Note.medium", "@SegmentId", true,
					Integer.MAX_VALUE, 10, null, null, "note", "medium");
			assertThat(ColumnCheck.check(connection, List.of(fitsAnInteger))).isEmpty();
		}
	}

	@Test
	void anIdentityGeneratedAlwaysRefusesTheIdsAndIsDroppedByTheFix() throws Exception {
		TestDatabase database = new TestDatabase("column-findings");
		database.execute("create table account (id bigint generated always as identity primary key)");
		database.execute("create table invoice (id bigint generated by default as identity primary key)");
		database.execute("create table payment (id integer generated always as identity primary key)");
		try (Connection connection = database.connection()) {
			assertThat(ColumnCheck.check(connection, List.of(number("account", "id", Long.MAX_VALUE)))).singleElement()
				.satisfies((finding) -> {
					assertThat(finding.fatal()).isTrue();
					assertThat(finding.message()).isEqualTo("Account.id (@SnowflakeId) is mapped to column account.id "
							+ "of type BIGINT: it is GENERATED ALWAYS AS IDENTITY, which rejects the ids set before "
							+ "the INSERT");
					assertThat(finding.fix()).isEqualTo("ALTER TABLE account ALTER COLUMN id DROP IDENTITY;");
				});
			assertThat(ColumnCheck.check(connection, List.of(number("invoice", "id", Long.MAX_VALUE))))
				.as("BY DEFAULT takes explicit ids").isEmpty();
			// Both problems of one column are reported.
			assertThat(ColumnCheck.check(connection, List.of(number("payment", "id", Long.MAX_VALUE))))
				.extracting(ColumnCheck.Finding::fix)
				.containsExactly("ALTER TABLE payment ALTER COLUMN id SET DATA TYPE BIGINT;",
						"ALTER TABLE payment ALTER COLUMN id DROP IDENTITY;");
		}
	}

	/**
	 * MariaDB and MySQL: the fix is their MODIFY, and an AUTO_INCREMENT left on the id column is a warning (not
	 * fatal): the table's counter would jump into the snowflake range. H2 in MySQL mode, named as MariaDB.
	 */
	@Test
	void onMariaDbTheFixIsAModifyAndALeftoverAutoIncrementIsAWarning() throws Exception {
		TestDatabase database = new TestDatabase("column-findings", "MODE=MariaDB", "DATABASE_TO_LOWER=TRUE");
		database.execute("create table orders (id bigint auto_increment primary key)");
		database.execute("create table lines (id integer auto_increment primary key, note_id integer)");
		try (Connection connection = database.connection()) {
			Connection mariadb = named(connection, "MariaDB");
			assertThat(ColumnCheck.check(mariadb, List.of(number("orders", "id", Long.MAX_VALUE)))).singleElement()
				.satisfies((finding) -> {
					assertThat(finding.fatal()).as("a warning").isFalse();
					assertThat(finding.message()).startsWith("Orders.id (@SnowflakeId) is mapped to column orders.id "
							+ "of type BIGINT: it is still AUTO_INCREMENT");
					assertThat(finding.fix()).isEqualTo("ALTER TABLE orders MODIFY id BIGINT NOT NULL;");
				});
			assertThat(ColumnCheck.check(mariadb, List.of(number("lines", "id", Long.MAX_VALUE))))
				.extracting(ColumnCheck.Finding::fatal, ColumnCheck.Finding::fix)
				.containsExactly(org.assertj.core.groups.Tuple.tuple(true, "ALTER TABLE lines MODIFY id BIGINT NOT NULL;"),
						org.assertj.core.groups.Tuple.tuple(false, "ALTER TABLE lines MODIFY id BIGINT NOT NULL;"));
			assertThat(ColumnCheck.check(mariadb, List.of(number("lines", "note_id", Long.MAX_VALUE))))
				.extracting(ColumnCheck.Finding::fatal)
				.containsExactly(true);
			assertThat(ColumnCheck.check(named(connection, "MySQL"), List.of(number("orders", "id", Long.MAX_VALUE))))
				.extracting(ColumnCheck.Finding::fix).containsExactly("ALTER TABLE orders MODIFY id BIGINT NOT NULL;");
			// Elsewhere AUTO_INCREMENT is no warning: H2 itself lets explicit ids in without moving into their range.
			assertThat(ColumnCheck.check(connection, List.of(number("orders", "id", Long.MAX_VALUE)))).isEmpty();
		}
	}

	/** The fix in the syntax of the database at hand: PostgreSQL's ALTER ... TYPE, and a hint for others. */
	@Test
	void theFixIsWrittenInTheDialectOfTheDatabase() throws Exception {
		TestDatabase database = new TestDatabase("column-findings");
		database.execute("create table ticket (id integer primary key)");
		try (Connection connection = database.connection()) {
			ColumnCheck.Target inPublic = new ColumnCheck.Target("Ticket.id", "@SnowflakeId", false, Long.MAX_VALUE, 19,
					null, "public", "ticket", "id");
			assertThat(ColumnCheck.check(named(connection, "PostgreSQL"), List.of(inPublic)))
				.extracting(ColumnCheck.Finding::fix).containsExactly("ALTER TABLE ticket ALTER COLUMN id TYPE BIGINT;");
			assertThat(ColumnCheck.check(named(connection, "Apache Derby"), List.of(number("ticket", "id",
					Long.MAX_VALUE))))
				.extracting(ColumnCheck.Finding::fix)
				.containsExactly("ALTER TABLE ticket ALTER COLUMN id ... BIGINT (in your database's syntax)");
			assertThat(ColumnCheck.check(named(connection, null), List.of(number("ticket", "id", Long.MAX_VALUE))))
				.extracting(ColumnCheck.Finding::fix)
				.containsExactly("ALTER TABLE ticket ALTER COLUMN id ... BIGINT (in your database's syntax)");
		}
	}

	/**
	 * Names as mapped, quoted (double quotes or MySQL's backticks), or differing from the database's only in case;
	 * a column matched only ignoring case, where two columns differ only in case, is not guessed: it is missing.
	 */
	@Test
	void columnsAreFoundAsMappedQuotedOrIgnoringCaseButNeverGuessedBetweenTwo() throws Exception {
		TestDatabase database = new TestDatabase("column-findings", "DATABASE_TO_UPPER=FALSE");
		database.execute("create table \"Shop\" (\"ShopId\" integer, \"Code\" integer, \"CODE\" bigint, "
				+ "\"Ref\" integer, \"rEF\" integer)");
		try (Connection connection = database.connection()) {
			assertThat(ColumnCheck.check(connection, List.of(number("`Shop`", "`ShopId`", Long.MAX_VALUE))))
				.singleElement().satisfies((finding) -> assertThat(finding.message()).contains("`Shop`.`ShopId`"));
			assertThat(ColumnCheck.check(connection, List.of(number("Shop", "shopid", Long.MAX_VALUE))))
				.as("found ignoring case: the only column of that name").hasSize(1);
			assertThat(ColumnCheck.check(connection, List.of(number("Shop", "code", Long.MAX_VALUE))))
				.as("CODE, the upper-case spelling, is a BIGINT").isEmpty();
			assertThat(ColumnCheck.missing(connection, List.of(number("Shop", "ref", Long.MAX_VALUE),
					number("Shop", "ShopId", Long.MAX_VALUE), number("Shop", "\"", Long.MAX_VALUE))))
				.extracting(ColumnCheck.Target::column).as("Ref or rEF: neither for sure").containsExactly("ref", "\"");
		}
	}

	/** A catalog given with the table (as mapped, in any case) is looked in; another catalog has no such table. */
	@Test
	void aTableOfAnotherCatalogIsNotTheMappedOne() throws Exception {
		TestDatabase database = new TestDatabase("column-findings");
		database.execute("create table ledger (id integer)");
		try (Connection connection = database.connection()) {
			String catalog = connection.getCatalog().toLowerCase(java.util.Locale.ROOT);
			ColumnCheck.Target here = new ColumnCheck.Target("Ledger.id", "@SnowflakeId", false, Long.MAX_VALUE, 19,
					catalog, null, "ledger", "id");
			ColumnCheck.Target elsewhere = new ColumnCheck.Target("Ledger.id", "@SnowflakeId", false, Long.MAX_VALUE,
					19, "archive", null, "ledger", "id");
			assertThat(ColumnCheck.check(connection, List.of(here, elsewhere))).singleElement()
				.satisfies((finding) -> assertThat(finding.message()).contains("ledger.id of type INTEGER"));
			assertThat(ColumnCheck.missing(connection, List.of(here, elsewhere))).containsExactly(elsewhere);
		}
	}

	/**
	 * MariaDB and MySQL report unsigned columns by their type name ({@code INT UNSIGNED}): twice the range, and the
	 * fix of an AUTO_INCREMENT keeps the column unsigned. H2 has no unsigned types: its metadata is renamed here as
	 * MariaDB's Connector/J reports such columns.
	 */
	@Test
	void anUnsignedColumnHoldsTwiceTheRangeAndItsFixStaysUnsigned() throws Exception {
		TestDatabase database = new TestDatabase("column-findings", "MODE=MariaDB", "DATABASE_TO_LOWER=TRUE");
		database.execute("create table counter (tiny tinyint, small smallint, medium integer, large bigint, "
				+ "id bigint auto_increment primary key)");
		try (Connection connection = database.connection()) {
			Connection unsigned = reporting(named(connection, "MariaDB"), (name) -> name + " UNSIGNED");
			List<Object[]> columns = List.of(new Object[] { "tiny", 255L }, new Object[] { "small", 65_535L },
					new Object[] { "medium", 4_294_967_295L });
			for (Object[] column : columns) {
				String name = (String) column[0];
				long capacity = (Long) column[1];
				assertThat(ColumnCheck.check(unsigned, List.of(number("counter", name, capacity)))).as(name).isEmpty();
				assertThat(ColumnCheck.check(unsigned, List.of(number("counter", name, capacity + 1)))).as(name)
					.singleElement()
					.satisfies((finding) -> assertThat(finding.message()).contains("it holds at most " + capacity + ","));
			}
			assertThat(ColumnCheck.check(unsigned, List.of(number("counter", "large", Long.MAX_VALUE)))).isEmpty();
			assertThat(ColumnCheck.check(unsigned, List.of(number("counter", "id", Long.MAX_VALUE)))).singleElement()
				.satisfies((finding) -> {
					assertThat(finding.fatal()).isFalse();
					assertThat(finding.message()).contains("of type BIGINT UNSIGNED: it is still AUTO_INCREMENT");
					assertThat(finding.fix()).isEqualTo("ALTER TABLE counter MODIFY id BIGINT UNSIGNED NOT NULL;");
				});
			// signed, the same column is a signed BIGINT again
			assertThat(ColumnCheck.check(named(connection, "MariaDB"), List.of(number("counter", "id", Long.MAX_VALUE))))
				.extracting(ColumnCheck.Finding::fix).containsExactly("ALTER TABLE counter MODIFY id BIGINT NOT NULL;");
		}
	}

	/**
	 * Metadata patterns treat {@code _} as a wildcard: the mapped table order_line, missing, is not taken to be
	 * orderXline (whose column would be checked in its place); a driver without a search escape gets the names as
	 * they are.
	 */
	@Test
	void anUnderscoreInTheMappedNameMatchesOnlyAnUnderscore() throws Exception {
		TestDatabase database = new TestDatabase("column-findings");
		database.execute("create table orderXline (id integer)");
		database.execute("create table order_item (id integer)");
		try (Connection connection = database.connection()) {
			ColumnCheck.Target orderLine = number("order_line", "id", Long.MAX_VALUE);
			assertThat(ColumnCheck.check(connection, List.of(orderLine))).isEmpty();
			assertThat(ColumnCheck.missing(connection, List.of(orderLine))).containsExactly(orderLine);

			Connection withoutEscape = escaping(connection, null);
			assertThat(ColumnCheck.check(withoutEscape, List.of(number("order_item", "id", Long.MAX_VALUE))))
				.singleElement().satisfies((finding) -> assertThat(finding.message()).contains("order_item.id"));
			assertThat(ColumnCheck.check(escaping(connection, ""), List.of(number("order_item", "id", Long.MAX_VALUE))))
				.hasSize(1);
		}
	}

	/**
	 * A driver that cannot tell its current schema ({@code getSchema()} refused, or a driver older than JDBC 4.1)
	 * still gets the check: the table is looked for in every schema.
	 */
	@Test
	void aDriverThatCannotTellItsSchemaStillGetsTheCheck() throws Exception {
		TestDatabase database = new TestDatabase("column-findings");
		database.execute("create table voucher (id integer)");
		try (Connection connection = database.connection()) {
			for (Throwable refusal : new Throwable[] { new SQLException("not supported"), new AbstractMethodError() }) {
				Connection noSchema = (Connection) Proxy.newProxyInstance(ColumnCheckFindingsTests.class.getClassLoader(),
						new Class<?>[] { Connection.class }, (proxy, method, args) -> {
							if (method.getName().equals("getSchema")) {
								throw refusal;
							}
							return invoke(method, connection, args);
						});
				assertThat(ColumnCheck.check(noSchema, List.of(number("voucher", "id", Long.MAX_VALUE))))
					.as("%s", refusal).singleElement()
					.satisfies((finding) -> assertThat(finding.message()).contains("voucher.id of type INTEGER"));
			}
		}
	}

	/**
	 * MariaDB's Connector/J matches a table name with LIKE, which information_schema evaluates ignoring case: the
	 * query for order_line also lists Order_Line, a table of its own where names are case-sensitive, maybe first.
	 * The table spelled as mapped is the one checked. Emulated on H2 (case-sensitive names) by a metadata view
	 * that matches table names ignoring case.
	 */
	@Test
	void whereMetadataMatchesNamesIgnoringCaseTheTableSpelledAsMappedIsChecked() throws Exception {
		TestDatabase database = new TestDatabase("column-findings", "DATABASE_TO_UPPER=FALSE");
		database.execute("create table \"Order_Line\" (id integer)");
		database.execute("create table order_line (id bigint)");
		try (Connection connection = database.connection()) {
			Connection ignoringCase = matchingTablesIgnoringCase(connection);
			assertThat(ColumnCheck.check(ignoringCase, List.of(number("order_line", "id", Long.MAX_VALUE))))
				.as("order_line.id is a BIGINT").isEmpty();
			assertThat(ColumnCheck.check(ignoringCase, List.of(number("Order_Line", "id", Long.MAX_VALUE))))
				.singleElement().satisfies((finding) -> assertThat(finding.message()).contains("of type INTEGER"));
			assertThat(ColumnCheck.check(ignoringCase, List.of(number("ORDER_LINE", "id", Long.MAX_VALUE))))
				.as("no exact spelling: the first table listed").singleElement()
				.satisfies((finding) -> assertThat(finding.message()).contains("of type INTEGER"));
		}
	}

	/**
	 * PostgreSQL resolves an unqualified table through the search_path, schema by schema, as an INSERT does: the
	 * check looks at the table the INSERT would reach, not one of the same name elsewhere; with an empty search
	 * path, the connection's schema. H2 in PostgreSQL mode, named PostgreSQL, with {@code current_schemas} defined
	 * as the search path under test.
	 */
	@Test
	void onPostgreSqlAnUnqualifiedTableIsTheFirstOfTheSearchPath() throws Exception {
		for (String searchPath : new String[] { "\"app\", \"public\"", "\"public\", \"app\"", "" }) {
			TestDatabase database = new TestDatabase("column-findings", "MODE=PostgreSQL", "DATABASE_TO_LOWER=TRUE");
			database.execute("create schema app");
			database.execute("create table app.account (id integer)");
			database.execute("create table public.account (id bigint)");
			database.execute("create table public.ledger (id integer)");
			database.execute("create alias current_schemas as 'String[] searchPath(boolean implicit) { "
					+ "return new String[] { " + searchPath + " }; }'");
			try (Connection connection = named(database.connection(), "PostgreSQL")) {
				List<ColumnCheck.Finding> account = ColumnCheck.check(connection,
						List.of(number("account", "id", Long.MAX_VALUE)));
				if (searchPath.startsWith("\"app\"")) {
					assertThat(account).as(searchPath).extracting(ColumnCheck.Finding::fix)
						.containsExactly("ALTER TABLE account ALTER COLUMN id TYPE BIGINT;");
				}
				else {
					assertThat(account).as("public.account, a BIGINT, for search path [%s]", searchPath).isEmpty();
				}
				assertThat(ColumnCheck.check(connection, List.of(number("ledger", "id", Long.MAX_VALUE))))
					.as("found in public, whatever comes first").hasSize(1);
				assertThat(ColumnCheck.missing(connection, List.of(number("nowhere", "id", Long.MAX_VALUE))))
					.hasSize(1);
			}
		}
	}

	private static ColumnCheck.Target number(String table, String column, long largestValue) {
		String entity = Character.toUpperCase(unquoted(table).charAt(0)) + unquoted(table).substring(1);
		return new ColumnCheck.Target(entity + "." + unquoted(column), "@SnowflakeId", false, largestValue, 19, null,
				null, table, column);
	}

	private static ColumnCheck.Target text(String table, String column, int width) {
		String entity = Character.toUpperCase(table.charAt(0)) + table.substring(1);
		return new ColumnCheck.Target(entity + "." + column, "@SnowflakeId", true, Long.MAX_VALUE, width, null, null,
				table, column);
	}

	private static String unquoted(String name) {
		return name.replace("`", "").replace("\"", "");
	}

	/** The connection, its metadata naming another database product (the dialect of the fix statements). */
	private static Connection named(Connection connection, String product) throws SQLException {
		DatabaseMetaData metadata = connection.getMetaData();
		DatabaseMetaData renamed = (DatabaseMetaData) Proxy.newProxyInstance(
				ColumnCheckFindingsTests.class.getClassLoader(), new Class<?>[] { DatabaseMetaData.class },
				(proxy, method, args) -> method.getName().equals("getDatabaseProductName") ? product
						: invoke(method, metadata, args));
		return (Connection) Proxy.newProxyInstance(ColumnCheckFindingsTests.class.getClassLoader(),
				new Class<?>[] { Connection.class }, (proxy, method, args) -> method.getName().equals("getMetaData")
						? renamed : invoke(method, connection, args));
	}

	/** The connection, its metadata reporting each column's type name through {@code typeName}. */
	private static Connection reporting(Connection connection, java.util.function.UnaryOperator<String> typeName)
			throws SQLException {
		DatabaseMetaData metadata = connection.getMetaData();
		return withMetadata(connection, (method, args) -> {
			Object result = invoke(method, metadata, args);
			if (!method.getName().equals("getColumns")) {
				return result;
			}
			ResultSet rows = (ResultSet) result;
			return Proxy.newProxyInstance(ColumnCheckFindingsTests.class.getClassLoader(),
					new Class<?>[] { ResultSet.class }, (proxy, rowMethod, rowArgs) -> {
						Object value = invoke(rowMethod, rows, rowArgs);
						return (rowMethod.getName().equals("getString") && "TYPE_NAME".equals(rowArgs[0]))
								? typeName.apply((String) value) : value;
					});
		});
	}

	/** The connection, its metadata giving {@code escape} as the search string escape. */
	private static Connection escaping(Connection connection, String escape) throws SQLException {
		DatabaseMetaData metadata = connection.getMetaData();
		return withMetadata(connection, (method, args) -> method.getName().equals("getSearchStringEscape") ? escape
				: invoke(method, metadata, args));
	}

	/** The connection, its metadata listing for a table name every table of that name in any case, sorted by name. */
	private static Connection matchingTablesIgnoringCase(Connection connection) throws SQLException {
		DatabaseMetaData metadata = connection.getMetaData();
		return withMetadata(connection, (method, args) -> {
			if (!method.getName().equals("getColumns")) {
				return invoke(method, metadata, args);
			}
			String table = ((String) args[2]).replace(metadata.getSearchStringEscape(), "");
			ResultSet rows = metadata.getColumns((String) args[0], (String) args[1], "%", (String) args[3]);
			return Proxy.newProxyInstance(ColumnCheckFindingsTests.class.getClassLoader(),
					new Class<?>[] { ResultSet.class }, (proxy, rowMethod, rowArgs) -> {
						if (rowMethod.getName().equals("next")) {
							while (rows.next()) {
								if (rows.getString("TABLE_NAME").equalsIgnoreCase(table)) {
									return true;
								}
							}
							return false;
						}
						return invoke(rowMethod, rows, rowArgs);
					});
		});
	}

	private interface MetadataCall {

		Object answer(Method method, Object[] args) throws Throwable;
	}

	private static Connection withMetadata(Connection connection, MetadataCall call) {
		DatabaseMetaData changed = (DatabaseMetaData) Proxy.newProxyInstance(
				ColumnCheckFindingsTests.class.getClassLoader(), new Class<?>[] { DatabaseMetaData.class },
				(proxy, method, args) -> call.answer(method, args));
		return (Connection) Proxy.newProxyInstance(ColumnCheckFindingsTests.class.getClassLoader(),
				new Class<?>[] { Connection.class }, (proxy, method, args) -> method.getName().equals("getMetaData")
						? changed : invoke(method, connection, args));
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
