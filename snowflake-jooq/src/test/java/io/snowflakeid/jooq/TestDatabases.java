package io.snowflakeid.jooq;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

import org.jooq.DSLContext;
import org.jooq.SQLDialect;
import org.jooq.conf.RenderQuotedNames;
import org.jooq.conf.Settings;
import org.jooq.impl.DSL;

/**
 * The databases these tests run on, as in the integration tests: H2 (embedded) always; PostgreSQL and MariaDB when
 * listed in {@code snowflake.test.databases} (the {@code databases} Maven profile lists all three). A listed server
 * that cannot be reached fails the tests, never skips them. Each test works in a schema (PostgreSQL), a database
 * (MariaDB) or an in-memory database (H2) of its own, dropped afterwards: the servers are shared.
 */
enum TestDatabases {

	H2("jdbc:h2:mem:", "sa", SQLDialect.H2),

	POSTGRESQL(System.getProperty("snowflake.test.postgresql.url", "jdbc:postgresql://127.0.0.1:5432/test"),
			System.getProperty("snowflake.test.postgresql.username", "postgres"), SQLDialect.POSTGRES),

	MARIADB(System.getProperty("snowflake.test.mariadb.url", "jdbc:mariadb://127.0.0.1:3306/test"),
			System.getProperty("snowflake.test.mariadb.username", "root"), SQLDialect.MARIADB);

	static {
		// jOOQ's start-up banner and tips, on standard out
		System.setProperty("org.jooq.no-logo", "true");
		System.setProperty("org.jooq.no-tips", "true");
	}

	final String url;

	final String username;

	final SQLDialect dialect;

	TestDatabases(String url, String username, SQLDialect dialect) {
		this.url = url;
		this.username = username;
		this.dialect = dialect;
	}

	/** The databases selected for this run. */
	static List<TestDatabases> enabled() {
		List<String> names = Arrays.stream(System.getProperty("snowflake.test.databases", "h2").split(","))
			.map((name) -> name.trim().toUpperCase(Locale.ROOT))
			.filter((name) -> !name.isEmpty())
			.toList();
		for (String name : names) {
			valueOf(name); // an unknown name fails the run
		}
		return Arrays.stream(values()).filter((db) -> names.contains(db.name())).toList();
	}

	/** A fresh schema of its own, with the tests' tables. */
	Isolated isolated() throws SQLException {
		String name = "sf_jooq_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
		String isolatedUrl = switch (this) {
			case H2 -> this.url + name + ";DB_CLOSE_DELAY=-1";
			case POSTGRESQL -> this.url + (this.url.contains("?") ? "&" : "?") + "currentSchema=" + name;
			case MARIADB -> {
				int path = this.url.indexOf('/', this.url.indexOf("//") + 2);
				int query = this.url.indexOf('?');
				yield this.url.substring(0, path) + "/" + name + ((query >= 0) ? this.url.substring(query) : "");
			}
		};
		switch (this) {
			case POSTGRESQL -> execute(this.url, "CREATE SCHEMA " + name);
			case MARIADB -> execute(this.url, "CREATE DATABASE " + name);
			default -> {
			}
		}
		Connection connection = DriverManager.getConnection(isolatedUrl, this.username, "");
		try (Statement statement = connection.createStatement()) {
			statement.execute("CREATE TABLE book (id BIGINT NOT NULL PRIMARY KEY, title VARCHAR(200))");
			statement.execute("CREATE TABLE note (code VARCHAR(19) NOT NULL PRIMARY KEY, body VARCHAR(200))");
			statement.execute("CREATE TABLE event_log (event_id BIGINT, tracking_no BIGINT, what VARCHAR(50))");
			statement.execute("CREATE TABLE tally (id INTEGER NOT NULL PRIMARY KEY, label VARCHAR(50), code VARCHAR(10))");
		}
		return new Isolated(this, name, connection);
	}

	private void execute(String url, String sql) throws SQLException {
		try (Connection connection = DriverManager.getConnection(url, this.username, "");
				Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
	}

	/** One test's schema and connection; closing drops it. */
	record Isolated(TestDatabases database, String name, Connection connection) implements AutoCloseable {

		/** jOOQ on this connection, names unquoted (the tables are created unquoted: H2 folds them to upper case). */
		DSLContext dsl() {
			return DSL.using(this.connection, this.database.dialect,
					new Settings().withRenderQuotedNames(RenderQuotedNames.NEVER).withExecuteLogging(false));
		}

		@Override
		public void close() throws SQLException {
			try {
				switch (this.database) {
					case H2 -> this.connection.createStatement().execute("SHUTDOWN");
					case POSTGRESQL -> this.database.execute(this.database.url, "DROP SCHEMA " + this.name + " CASCADE");
					case MARIADB -> this.database.execute(this.database.url, "DROP DATABASE " + this.name);
				}
			}
			finally {
				this.connection.close();
			}
		}

		@Override
		public String toString() {
			return this.database.name();
		}
	}
}
