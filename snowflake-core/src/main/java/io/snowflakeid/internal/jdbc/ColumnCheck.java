package io.snowflakeid.internal.jdbc;

import java.math.BigInteger;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Whether the columns of {@code @SnowflakeId}/{@code @SegmentId} attributes can hold the ids, read from JDBC
 * metadata at start (one query per table, or one for a small schema). Catches what would otherwise corrupt data or fail at the first insert: a column
 * narrower than the ids (MariaDB in non-strict mode clamps 64-bit values to 2147483647 without an error), a VARCHAR
 * too short for the text form, an identity column that rejects explicit ids ({@code GENERATED ALWAYS}); and warns
 * about an AUTO_INCREMENT left on the column (MariaDB/MySQL move its counter above every explicit id, into the
 * snowflake range). Internal: not an API, may change in any release.
 */
public final class ColumnCheck {

	/**
	 * One attribute to check.
	 *
	 * @param attribute {@code Entity.attribute}
	 * @param annotation {@code @SnowflakeId} or {@code @SegmentId}
	 * @param textual whether the attribute is a String (decimal text) rather than a number
	 * @param largestValue the largest value the attribute may receive
	 * @param width for text: the characters the text form needs
	 * @param catalog the table's catalog, or null for the connection's
	 * @param schema the table's schema, or null for the connection's
	 * @param table the table name as mapped
	 * @param column the column name as mapped
	 */
	public record Target(String attribute, String annotation, boolean textual, long largestValue, int width,
			String catalog, String schema, String table, String column) {

		String where() {
			return this.table + "." + this.column;
		}
	}

	/**
	 * A problem with one column.
	 *
	 * @param fatal whether ids would be lost, clamped or refused (a start-up failure unless checks only warn)
	 * @param message what is wrong, naming attribute, column and type
	 * @param fix the statement that repairs it
	 */
	public record Finding(boolean fatal, String message, String fix) {
	}

	private ColumnCheck() {
	}

	/** The problems of every target whose column exists; a column that is not found is not checked. */
	public static List<Finding> check(Connection connection, List<Target> targets) throws SQLException {
		DatabaseMetaData metadata = connection.getMetaData();
		Vendor vendor = Vendor.of(metadata.getDatabaseProductName());
		List<Finding> findings = new ArrayList<>();
		Reads tables = new Reads(vendor, connection, metadata, targets);
		for (Target target : targets) {
			ColumnInfo column = find(connection, metadata, vendor, target, tables);
			if (column != null) {
				check(vendor, target, column, tables, findings);
			}
		}
		return findings;
	}

	/**
	 * The targets whose column is not found, looked for as {@link #check} does (each spelling; an unqualified table
	 * where the database resolves unqualified names): for bindings whose columns are named by configuration rather
	 * than by a mapping the framework has already checked.
	 */
	public static List<Target> missing(Connection connection, List<Target> targets) throws SQLException {
		DatabaseMetaData metadata = connection.getMetaData();
		Vendor vendor = Vendor.of(metadata.getDatabaseProductName());
		List<Target> missing = new ArrayList<>();
		Reads tables = new Reads(vendor, connection, metadata, targets);
		for (Target target : targets) {
			if (find(connection, metadata, vendor, target, tables) == null) {
				missing.add(target);
			}
		}
		return missing;
	}

	private static void check(Vendor vendor, Target target, ColumnInfo column, Reads tables,
			List<Finding> findings) throws SQLException {
		String prefix = target.attribute() + " (" + target.annotation() + ") is mapped to column " + target.where()
				+ " of type " + column.describe() + ": ";
		if (target.textual()) {
			BigInteger capacity = column.isText() ? null : column.numericCapacity();
			if (column.isText() && column.size > 0 && column.size < target.width()) {
				findings.add(new Finding(true, prefix + "it holds " + column.size + " characters, the ids' text needs "
						+ target.width() + " (inserts would fail or be truncated)",
						vendor.changeType(target, "VARCHAR(" + target.width() + ")")));
			}
			else if (capacity != null && capacity.compareTo(BigInteger.valueOf(target.largestValue())) < 0) {
				// A String id on a number column: the database converts the text, and clamps or refuses it the same.
				findings.add(new Finding(true, prefix + "it holds at most " + capacity + ", the ids reach "
						+ target.largestValue() + " (MariaDB and MySQL in non-strict mode silently clamp larger "
						+ "values to the column's maximum; other databases fail the insert)",
						vendor.changeType(target, "VARCHAR(" + target.width() + ")")));
			}
		}
		else {
			BigInteger capacity = column.numericCapacity();
			if (capacity != null && capacity.compareTo(BigInteger.valueOf(target.largestValue())) < 0) {
				findings.add(new Finding(true, prefix + "it holds at most " + capacity + ", the ids reach "
						+ target.largestValue() + " (MariaDB and MySQL in non-strict mode silently clamp larger "
						+ "values to the column's maximum; other databases fail the insert)",
						vendor.changeType(target, "BIGINT")));
			}
		}
		if ("ALWAYS".equals(tables.identityGeneration(column))) {
			findings.add(new Finding(true, prefix + "it is GENERATED ALWAYS AS IDENTITY, which rejects the ids "
					+ "set before the INSERT", vendor.dropIdentity(target)));
		}
		else if (column.autoIncrement && vendor == Vendor.MYSQL) {
			findings.add(new Finding(false, prefix + "it is still AUTO_INCREMENT: after the first snowflake id the "
					+ "table's counter jumps above it, so a row inserted without an id (by other code) gets an id "
					+ "inside the snowflake range, which a later snowflake id may repeat",
					vendor.changeType(target, column.typeName.toUpperCase(Locale.ROOT).contains("UNSIGNED")
							? "BIGINT UNSIGNED" : "BIGINT")));
		}
	}

	/**
	 * The column as the database reports it, trying each name (catalog, schema, table, column) as mapped, then upper
	 * and lower case: an unquoted name is folded by the database (H2 to upper, PostgreSQL to lower case) and JDBC
	 * metadata matches exactly. A table without a schema of its own is looked for where the database resolves an
	 * unqualified name (PostgreSQL: each schema of the search_path in turn, as an INSERT would), so the check
	 * neither misses it nor looks at a table of the same name elsewhere.
	 */
	private static ColumnInfo find(Connection connection, DatabaseMetaData metadata, Vendor vendor, Target target,
			Reads tables) throws SQLException {
		Set<String> catalogs = (target.catalog() != null) ? spellings(target.catalog())
				: nullable(connection.getCatalog());
		Set<String> schemas = (target.schema() != null) ? spellings(target.schema())
				: tables.unqualifiedSchemas(vendor, connection);
		for (String catalog : catalogs) {
			for (String schema : schemas) {
				ColumnInfo column = find(metadata, catalog, schema, target, tables);
				if (column != null) {
					return column;
				}
			}
		}
		return null;
	}

	/**
	 * The target's column in the table of one of its spellings: the columns of each table are read once per check
	 * (one metadata query, shared by every attribute of the table: a metadata query per spelling of each column
	 * cost a start-up tens of queries on PostgreSQL), then the column is looked up as mapped, upper and lower case,
	 * and at last ignoring case (where the database matches names so, MariaDB's metadata did too).
	 */
	private static ColumnInfo find(DatabaseMetaData metadata, String catalog, String schema, Target target,
			Reads tables) throws SQLException {
		for (String table : spellings(target.table())) {
			Map<String, ColumnInfo> columns = columnsOf(metadata, catalog, schema, table, tables);
			if (columns.isEmpty()) {
				continue;
			}
			for (String column : spellings(target.column())) {
				ColumnInfo found = columns.get(column);
				if (found != null) {
					return found;
				}
			}
			String plain = unquote(target.column());
			ColumnInfo ignoringCase = null;
			for (Map.Entry<String, ColumnInfo> entry : columns.entrySet()) {
				if (entry.getKey().equalsIgnoreCase(plain)) {
					if (ignoringCase != null) {
						ignoringCase = null; // two columns differ only in case: neither is the mapped one for sure
						break;
					}
					ignoringCase = entry.getValue();
				}
			}
			if (ignoringCase != null) {
				return ignoringCase;
			}
		}
		return null;
	}

	/**
	 * The columns of one table spelling, by exact name (the first table the metadata lists, as before): from the
	 * whole schema's columns where those were read in one query, else from a query for this table.
	 */
	private static Map<String, ColumnInfo> columnsOf(DatabaseMetaData metadata, String catalog, String schema,
			String table, Reads tables) throws SQLException {
		Map<String, Map<String, ColumnInfo>> schemaTables = tables.wholeSchema(catalog, schema);
		if (schemaTables != null) {
			return tables.vendor.tableIn(schemaTables, table);
		}
		String key = catalog + "\u0000" + schema + "\u0000" + table;
		Map<String, ColumnInfo> columns = tables.columns.get(key);
		if (columns != null) {
			return columns;
		}
		// By schema and table as listed. The table spelled exactly as asked, else the first listed: MariaDB's
		// Connector/J matches a name holding _ with LIKE, which information_schema evaluates ignoring case, so the
		// query for order_line also lists Order_Line (another table where names are case-sensitive), maybe first;
		// the same name in another schema: the first listed one, as a single lookup took.
		Map<String, Map<String, ColumnInfo>> listed = new LinkedHashMap<>();
		String exact = null;
		try (ResultSet rows = metadata.getColumns(catalog, (schema != null) ? escape(metadata, schema) : null,
				escape(metadata, table), "%")) {
			while (rows.next()) {
				String tableSchema = rows.getString("TABLE_SCHEM");
				String tableName = rows.getString("TABLE_NAME");
				String identity = tableSchema + "." + tableName;
				if (exact == null && table.equals(tableName)) {
					exact = identity;
				}
				listed.computeIfAbsent(identity, (name) -> new LinkedHashMap<>())
					.putIfAbsent(rows.getString("COLUMN_NAME"), new ColumnInfo(tableSchema, tableName,
							rows.getString("COLUMN_NAME"), rows.getInt("DATA_TYPE"), rows.getString("TYPE_NAME"),
							rows.getInt("COLUMN_SIZE"), rows.getInt("DECIMAL_DIGITS"),
							"YES".equalsIgnoreCase(rows.getString("IS_AUTOINCREMENT"))));
			}
		}
		if (exact != null) {
			columns = listed.get(exact);
		}
		else {
			columns = listed.isEmpty() ? new LinkedHashMap<>() : listed.values().iterator().next();
		}
		tables.columns.put(key, columns);
		return columns;
	}

	/**
	 * What one check has read: each table spelling's columns, where unqualified names resolve, and the identity
	 * columns of each schema (PostgreSQL). A metadata query for one table costs PostgreSQL about a millisecond of
	 * planning, so twenty entities cost tens of milliseconds at every start; the columns of a whole schema come in
	 * one query of about the same cost when the schema is small. So a schema is read whole when it holds at most
	 * {@value #WHOLE_SCHEMA_TABLES_PER_TARGET} tables per checked table (a table count first, one cheap query),
	 * else table by table: an application with two entities in a shared schema of thousands of tables must not read
	 * them all.
	 */
	private static final class Reads {

		final Map<String, Map<String, ColumnInfo>> columns = new HashMap<>();

		final Vendor vendor;

		private final Connection connection;

		private final DatabaseMetaData metadata;

		/** The checked tables, distinct (as {@code catalog\0schema\0table}, unquoted; null where not given). */
		private final Set<List<String>> targetTables = new LinkedHashSet<>();

		/** By catalog and schema: the tables' columns, or an empty optional where read table by table. */
		private final Map<String, Optional<Map<String, Map<String, ColumnInfo>>>> schemas = new HashMap<>();

		/** By schema: {@code table\0column} of each identity column and its generation (PostgreSQL). */
		private final Map<String, Map<String, String>> identities = new HashMap<>();

		private Set<String> unqualifiedSchemas;

		Reads(Vendor vendor, Connection connection, DatabaseMetaData metadata, List<Target> targets) {
			this.vendor = vendor;
			this.connection = connection;
			this.metadata = metadata;
			for (Target target : targets) {
				this.targetTables.add(java.util.Arrays.asList((target.catalog() != null) ? unquote(target.catalog()) : null,
						(target.schema() != null) ? unquote(target.schema()) : null, unquote(target.table())));
			}
		}

		/**
		 * How many checked tables may be in this catalog and schema: those qualified with it (in any case: each
		 * spelling is looked up) and those not qualified (they resolve wherever the database looks). Counted per
		 * schema, so that the many tables of an application's own schema do not make a large shared schema holding
		 * one of them be read whole.
		 */
		private int targetTablesIn(String catalog, String schema) {
			int count = 0;
			for (List<String> table : this.targetTables) {
				if (sameOrUnqualified(table.get(0), catalog) && sameOrUnqualified(table.get(1), schema)) {
					count++;
				}
			}
			return count;
		}

		private static boolean sameOrUnqualified(String targetName, String name) {
			return targetName == null || name == null || targetName.equalsIgnoreCase(name);
		}

		Set<String> unqualifiedSchemas(Vendor vendor, Connection connection) throws SQLException {
			if (this.unqualifiedSchemas == null) {
				this.unqualifiedSchemas = vendor.unqualifiedSchemas(connection);
			}
			return this.unqualifiedSchemas;
		}

		/** The schema's tables and their columns when read whole, else null (read table by table). */
		Map<String, Map<String, ColumnInfo>> wholeSchema(String catalog, String schema) throws SQLException {
			String key = catalog + "\u0000" + schema;
			Optional<Map<String, Map<String, ColumnInfo>>> read = this.schemas.get(key);
			if (read == null) {
				read = Optional.ofNullable(readWholeSchema(catalog, schema));
				this.schemas.put(key, read);
			}
			return read.orElse(null);
		}

		private Map<String, Map<String, ColumnInfo>> readWholeSchema(String catalog, String schema)
				throws SQLException {
			int targetTables = targetTablesIn(catalog, schema);
			if (targetTables < 2) {
				return null;
			}
			long tables = this.vendor.tableCount(this.connection, catalog, schema);
			if (tables < 0 || tables > (long) WHOLE_SCHEMA_TABLES_PER_TARGET * targetTables) {
				return null;
			}
			Map<String, Map<String, ColumnInfo>> byTable = new LinkedHashMap<>();
			if (tables == 0) {
				return byTable;
			}
			Map<String, String> firstIdentity = new HashMap<>();
			try (ResultSet rows = this.metadata.getColumns(catalog,
					(schema != null) ? escape(this.metadata, schema) : null, "%", "%")) {
				while (rows.next()) {
					String tableSchema = rows.getString("TABLE_SCHEM");
					String tableName = rows.getString("TABLE_NAME");
					String identity = tableSchema + "." + tableName;
					if (!firstIdentity.computeIfAbsent(tableName, (name) -> identity).equals(identity)) {
						continue; // the same name in another schema: the first listed one, as a single lookup took
					}
					byTable.computeIfAbsent(tableName, (name) -> new LinkedHashMap<>())
						.putIfAbsent(rows.getString("COLUMN_NAME"), new ColumnInfo(tableSchema, tableName,
								rows.getString("COLUMN_NAME"), rows.getInt("DATA_TYPE"), rows.getString("TYPE_NAME"),
								rows.getInt("COLUMN_SIZE"), rows.getInt("DECIMAL_DIGITS"),
								"YES".equalsIgnoreCase(rows.getString("IS_AUTOINCREMENT"))));
				}
			}
			return byTable;
		}

		/** {@code ALWAYS}, {@code BY DEFAULT}, or null when not an identity or the database does not say. */
		String identityGeneration(ColumnInfo column) throws SQLException {
			if (this.vendor != Vendor.POSTGRESQL || column.schema() == null) {
				return this.vendor.identityGeneration(this.connection, column);
			}
			Map<String, String> schema = this.identities.get(column.schema());
			if (schema == null) {
				schema = Vendor.postgresqlIdentities(this.connection, column.schema());
				this.identities.put(column.schema(), schema);
			}
			return schema.get(column.table() + "\u0000" + column.name());
		}
	}

	/** See {@link Reads}: a whole schema is read when it holds at most this many tables per checked table. */
	static final int WHOLE_SCHEMA_TABLES_PER_TARGET = 10;

	private static Set<String> nullable(String name) {
		Set<String> names = new LinkedHashSet<>();
		names.add(name);
		return names;
	}

	private static String currentSchema(Connection connection) {
		try {
			return connection.getSchema();
		}
		catch (SQLException | AbstractMethodError ex) {
			return null;
		}
	}

	private static Set<String> spellings(String name) {
		String plain = unquote(name);
		Set<String> names = new LinkedHashSet<>();
		names.add(plain);
		names.add(plain.toUpperCase(Locale.ROOT));
		names.add(plain.toLowerCase(Locale.ROOT));
		return names;
	}

	private static String unquote(String name) {
		if (name.length() > 1 && (name.startsWith("\"") && name.endsWith("\"")
				|| name.startsWith("`") && name.endsWith("`"))) {
			return name.substring(1, name.length() - 1);
		}
		return name;
	}

	/** Metadata patterns treat _ and % as wildcards: an entity named order_line must not match orderXline. */
	private static String escape(DatabaseMetaData metadata, String name) throws SQLException {
		String escape = metadata.getSearchStringEscape();
		if (escape == null || escape.isEmpty()) {
			return name;
		}
		return name.replace(escape, escape + escape).replace("_", escape + "_").replace("%", escape + "%");
	}

	private record ColumnInfo(String schema, String table, String name, int dataType, String typeName, int size,
			int scale, boolean autoIncrement) {

		String describe() {
			return switch (this.dataType) {
				case Types.CHAR, Types.VARCHAR, Types.NCHAR, Types.NVARCHAR -> this.typeName + "(" + this.size + ")";
				case Types.NUMERIC, Types.DECIMAL -> this.typeName + "(" + this.size + "," + this.scale + ")";
				default -> this.typeName;
			};
		}

		boolean isText() {
			return switch (this.dataType) {
				case Types.CHAR, Types.VARCHAR, Types.NCHAR, Types.NVARCHAR -> true;
				default -> false;
			};
		}

		/** The largest whole number the column stores exactly, or null if it is not a number type we know. */
		BigInteger numericCapacity() {
			boolean unsigned = this.typeName != null && this.typeName.toUpperCase(Locale.ROOT).contains("UNSIGNED");
			return switch (this.dataType) {
				case Types.TINYINT -> BigInteger.valueOf(unsigned ? 255 : 127);
				case Types.SMALLINT -> BigInteger.valueOf(unsigned ? 65_535 : 32_767);
				case Types.INTEGER -> BigInteger.valueOf(unsigned ? 4_294_967_295L : Integer.MAX_VALUE);
				case Types.BIGINT -> unsigned ? BigInteger.TWO.pow(64).subtract(BigInteger.ONE)
						: BigInteger.valueOf(Long.MAX_VALUE);
				// A float keeps integers exactly only up to its mantissa: 2^24 and 2^53.
				case Types.REAL -> BigInteger.TWO.pow(24);
				case Types.FLOAT, Types.DOUBLE -> BigInteger.TWO.pow(53);
				case Types.NUMERIC, Types.DECIMAL -> (this.size > 0)
						? BigInteger.TEN.pow(Math.max(0, this.size - Math.max(0, this.scale))).subtract(BigInteger.ONE)
						: null;
				default -> null;
			};
		}
	}

	/** The dialect of the fix statements, and how each database tells an identity's kind. */
	private enum Vendor {

		POSTGRESQL, MYSQL, H2, OTHER;

		static Vendor of(String productName) {
			String name = (productName == null) ? "" : productName.toLowerCase(Locale.ROOT);
			if (name.contains("postgres")) {
				return POSTGRESQL;
			}
			if (name.contains("mariadb") || name.contains("mysql")) {
				return MYSQL;
			}
			return name.equals("h2") ? H2 : OTHER;
		}

		String changeType(Target target, String type) {
			return switch (this) {
				case POSTGRESQL -> "ALTER TABLE " + target.table() + " ALTER COLUMN " + target.column() + " TYPE " + type
						+ ";";
				case MYSQL -> "ALTER TABLE " + target.table() + " MODIFY " + target.column() + " " + type
						+ " NOT NULL;";
				case H2 -> "ALTER TABLE " + target.table() + " ALTER COLUMN " + target.column() + " SET DATA TYPE "
						+ type + ";";
				case OTHER -> "ALTER TABLE " + target.table() + " ALTER COLUMN " + target.column() + " ... " + type
						+ " (in your database's syntax)";
			};
		}

		String dropIdentity(Target target) {
			return "ALTER TABLE " + target.table() + " ALTER COLUMN " + target.column() + " DROP IDENTITY;";
		}

		/** Where an unqualified table name is looked for, in order (a null schema: the connection's catalog only). */
		Set<String> unqualifiedSchemas(Connection connection) throws SQLException {
			Set<String> schemas = new LinkedHashSet<>();
			if (this == POSTGRESQL) {
				String sql = "SELECT s FROM unnest(current_schemas(false)) WITH ORDINALITY AS p(s, n) ORDER BY n";
				try (PreparedStatement statement = connection.prepareStatement(sql);
						ResultSet rows = statement.executeQuery()) {
					while (rows.next()) {
						schemas.add(rows.getString(1));
					}
				}
				if (!schemas.isEmpty()) {
					return schemas;
				}
			}
			schemas.add(currentSchema(connection));
			return schemas;
		}

		/** {@code ALWAYS}, {@code BY DEFAULT}, or null when not an identity or the database does not say. */
		String identityGeneration(Connection connection, ColumnInfo column) throws SQLException {
			if (this == POSTGRESQL) {
				return (column.schema() == null) ? null
						: postgresqlIdentities(connection, column.schema()).get(column.table() + "\u0000" + column.name());
			}
			if (this != H2) {
				return null;
			}
			// In upper case: H2 with DATABASE_TO_UPPER=FALSE does not fold names, and has no information_schema
			// (with DATABASE_TO_LOWER these fold to the lower-case names it has then).
			String sql = "SELECT IDENTITY_GENERATION FROM INFORMATION_SCHEMA.COLUMNS WHERE TABLE_SCHEMA = ? "
					+ "AND TABLE_NAME = ? AND COLUMN_NAME = ?";
			try (PreparedStatement statement = connection.prepareStatement(sql)) {
				statement.setString(1, column.schema());
				statement.setString(2, column.table());
				statement.setString(3, column.name());
				try (ResultSet rows = statement.executeQuery()) {
					String generation = rows.next() ? rows.getString(1) : null;
					return (generation == null) ? null : generation.trim().toUpperCase(Locale.ROOT);
				}
			}
		}

		/**
		 * The identity columns of one schema in one query (a query per column cost a start-up of twenty entities
		 * twenty round trips), from the catalog rather than information_schema.columns, a view whose joins and
		 * privilege checks make each read slower (docs/benchmarks-history.md). Identity columns came with
		 * PostgreSQL 10: an older server has none.
		 */
		static Map<String, String> postgresqlIdentities(Connection connection, String schema) throws SQLException {
			Map<String, String> identities = new HashMap<>();
			if (connection.getMetaData().getDatabaseMajorVersion() < 10) {
				return identities;
			}
			String sql = "SELECT c.relname, a.attname, a.attidentity FROM pg_catalog.pg_attribute a "
					+ "JOIN pg_catalog.pg_class c ON c.oid = a.attrelid "
					+ "JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace "
					+ "WHERE n.nspname = ? AND a.attidentity <> '' AND NOT a.attisdropped";
			try (PreparedStatement statement = connection.prepareStatement(sql)) {
				statement.setString(1, schema);
				try (ResultSet rows = statement.executeQuery()) {
					while (rows.next()) {
						String generation = switch (rows.getString(3).trim()) {
							case "a" -> "ALWAYS";
							case "d" -> "BY DEFAULT";
							default -> null;
						};
						if (generation != null) {
							identities.put(rows.getString(1) + "\u0000" + rows.getString(2), generation);
						}
					}
				}
			}
			return identities;
		}

		/**
		 * How many tables (and views) the schema holds, or -1 where not known (also where the database refuses the
		 * count): a cheap query that decides whether its columns are read whole ({@link Reads}). MariaDB and MySQL
		 * name the database the catalog.
		 */
		long tableCount(Connection connection, String catalog, String schema) {
			String sql;
			String name;
			switch (this) {
				case POSTGRESQL -> {
					sql = "SELECT count(*) FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n "
							+ "ON n.oid = c.relnamespace WHERE n.nspname = ? AND c.relkind IN ('r', 'p', 'v', 'm', 'f')";
					name = schema;
				}
				case MYSQL -> {
					sql = "SELECT count(*) FROM information_schema.tables WHERE table_schema = ?";
					name = (schema != null) ? null : catalog; // a schema here is not MariaDB's: read table by table
				}
				case H2 -> {
					sql = "SELECT COUNT(*) FROM INFORMATION_SCHEMA.TABLES WHERE TABLE_SCHEMA = ?"; // as above
					name = schema;
				}
				default -> {
					return -1;
				}
			}
			if (name == null) {
				return -1;
			}
			// The count only chooses how the columns are read: a database that refuses it (a privilege, a timeout,
			// a proxy) gets them table by table, never no check at all. PostgreSQL aborts a transaction on a failed
			// statement: inside one, the count runs under a savepoint rolled back on failure.
			java.sql.Savepoint savepoint = null;
			try {
				if (this == POSTGRESQL && !connection.getAutoCommit()) {
					savepoint = connection.setSavepoint();
				}
				long count;
				try (PreparedStatement statement = connection.prepareStatement(sql)) {
					statement.setString(1, name);
					try (ResultSet rows = statement.executeQuery()) {
						count = rows.next() ? rows.getLong(1) : -1;
					}
				}
				if (savepoint != null) {
					connection.releaseSavepoint(savepoint);
				}
				return count;
			}
			catch (SQLException ex) {
				if (savepoint != null) {
					try {
						connection.rollback(savepoint);
					}
					catch (SQLException rollback) {
						ex.addSuppressed(rollback);
					}
				}
				return -1;
			}
		}

		/**
		 * One table spelling's columns from a schema read whole, by exact name as a metadata query for the table
		 * matches it; MariaDB and MySQL match table names in metadata ignoring case, so there too.
		 */
		Map<String, ColumnInfo> tableIn(Map<String, Map<String, ColumnInfo>> schema, String table) {
			Map<String, ColumnInfo> columns = schema.get(table);
			if (columns == null && this == MYSQL) {
				for (Map.Entry<String, Map<String, ColumnInfo>> entry : schema.entrySet()) {
					if (entry.getKey().equalsIgnoreCase(table)) {
						return entry.getValue();
					}
				}
			}
			return (columns != null) ? columns : Map.of();
		}
	}
}
