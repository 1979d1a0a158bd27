package io.snowflakeid.it;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.DatabaseMetaData;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

import io.snowflakeid.segment.SegmentSettings;
import io.snowflakeid.worker.ConnectionSource;
import io.snowflakeid.worker.WorkerLeaseSettings;
import liquibase.integration.spring.SpringLiquibase;
import org.flywaydb.core.Flyway;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.springframework.core.io.DefaultResourceLoader;
import org.springframework.jdbc.datasource.SimpleDriverDataSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The shipped migrations and the library's own create-if-missing DDL must not drift apart: on each enabled
 * database, the tables each of the three creates (in schemas of their own) have the same columns, in the same
 * order, with the same types, sizes, nullability and defaults, and the same primary keys.
 */
class MigrationSchemaTests {

	private static final List<String> TABLES = List.of("snowflake_worker_lease", "snowflake_segment",
			"snowflake_segment_free");

	static List<TestDatabase> databases() {
		return TestDatabase.enabled();
	}

	@ParameterizedTest
	@MethodSource("databases")
	void flywayAndLiquibaseCreateExactlyTheTablesTheLibraryCreatesItself(TestDatabase database) throws Exception {
		try (IsolatedSchema library = IsolatedSchema.create(database, "schema_lib");
				IsolatedSchema flyway = IsolatedSchema.create(database, "schema_fw");
				IsolatedSchema liquibase = IsolatedSchema.create(database, "schema_lb")) {
			createAsTheLibraryDoes(library);
			Flyway.configure()
				.dataSource(flyway.url, database.username(), database.password())
				.locations("classpath:io/snowflakeid/db/flyway/" + flyway.vendor())
				.load()
				.migrate();
			SpringLiquibase tool = new SpringLiquibase();
			tool.setDataSource(dataSource(liquibase));
			tool.setChangeLog("classpath:io/snowflakeid/db/liquibase/snowflake-changelog.xml");
			tool.setResourceLoader(new DefaultResourceLoader());
			tool.afterPropertiesSet();

			Map<String, List<String>> expected = describe(library);
			assertThat(expected.get("snowflake_worker_lease columns")).as("the library's lease table, as read")
				.hasSize(6);
			assertThat(expected.get("snowflake_worker_lease primary key")).containsExactly("datacenter_id",
					"worker_id");
			assertThat(expected.get("snowflake_segment columns")).hasSize(3);
			assertThat(expected.get("snowflake_segment_free primary key")).containsExactly("segment_key",
					"first_value");
			assertThat(describe(flyway)).as("Flyway on %s", database).isEqualTo(expected);
			assertThat(describe(liquibase)).as("Liquibase on %s", database).isEqualTo(expected);
		}
	}

	/** The MySQL script is not run here (no MySQL server in the tests): it must be the MariaDB one. */
	@Test
	void theMysqlScriptIsTheTestedMariadbScript() throws IOException {
		assertThat(script("mysql")).isEqualTo(script("mariadb").replace("MariaDB (a jdbc:mariadb: URL)",
				"MySQL (a jdbc:mysql: URL; MariaDB servers too)"));
	}

	private static String script(String vendor) throws IOException {
		try (InputStream in = MigrationSchemaTests.class
			.getResourceAsStream("/io/snowflakeid/db/flyway/" + vendor + "/R__snowflake_id_tables.sql")) {
			assertThat(in).as("the %s script", vendor).isNotNull();
			return new String(in.readAllBytes(), StandardCharsets.UTF_8);
		}
	}

	/** The statements the library runs when its create-table settings are on (default names). */
	private static void createAsTheLibraryDoes(IsolatedSchema schema) throws SQLException {
		ConnectionSource connections = schema::connect;
		List<String> ddl = new ArrayList<>();
		ddl.add(WorkerLeaseSettings.builder(connections).build().createTableStatement());
		ddl.addAll(List.of(SegmentSettings.builder(connections).build().createTableStatements()));
		try (Connection connection = schema.connect(); Statement statement = connection.createStatement()) {
			for (String sql : ddl) {
				statement.execute(sql);
			}
		}
	}

	private static SimpleDriverDataSource dataSource(IsolatedSchema schema) throws SQLException {
		SimpleDriverDataSource dataSource = new SimpleDriverDataSource();
		dataSource.setDriver(java.sql.DriverManager.getDriver(schema.url));
		dataSource.setUrl(schema.url);
		dataSource.setUsername(schema.database.username());
		dataSource.setPassword(schema.database.password());
		return dataSource;
	}

	/** Per table: its columns (name, type, size, nullability, default) in order, and its primary key in order. */
	private static Map<String, List<String>> describe(IsolatedSchema schema) throws SQLException {
		Map<String, List<String>> description = new TreeMap<>();
		try (Connection connection = schema.connect()) {
			DatabaseMetaData meta = connection.getMetaData();
			for (String table : TABLES) {
				String name = meta.storesUpperCaseIdentifiers() ? table.toUpperCase(Locale.ROOT) : table;
				List<String> columns = new ArrayList<>();
				try (ResultSet rows = meta.getColumns(connection.getCatalog(), connection.getSchema(), name, null)) {
					while (rows.next()) {
						columns.add(rows.getString("COLUMN_NAME").toLowerCase(Locale.ROOT) + " "
								+ rows.getString("TYPE_NAME") + " (JDBC " + rows.getInt("DATA_TYPE") + ") size "
								+ rows.getInt("COLUMN_SIZE") + ", nullable " + rows.getString("IS_NULLABLE")
								+ ", default " + rows.getString("COLUMN_DEF") + ", position "
								+ rows.getInt("ORDINAL_POSITION"));
					}
				}
				Map<Short, String> key = new TreeMap<>();
				try (ResultSet rows = meta.getPrimaryKeys(connection.getCatalog(), connection.getSchema(), name)) {
					while (rows.next()) {
						key.put(rows.getShort("KEY_SEQ"), rows.getString("COLUMN_NAME").toLowerCase(Locale.ROOT));
					}
				}
				description.put(table + " columns", columns);
				description.put(table + " primary key", new ArrayList<>(key.values()));
			}
		}
		return description;
	}
}
