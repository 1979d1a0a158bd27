package io.snowflakeid.it;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Locale;
import java.util.UUID;

/**
 * A schema of its own on one test database (a PostgreSQL schema, a MariaDB database, a fresh in-memory H2
 * database), dropped on close: the migration tests use the library's default table names, which other tests
 * running on the same servers at the same moment may use too.
 */
final class IsolatedSchema implements AutoCloseable {

	final TestDatabase database;

	/** The schema's (or database's) name: a plain identifier, unique per instance. */
	final String name;

	/** A JDBC URL whose default schema is this one. */
	final String url;

	private IsolatedSchema(TestDatabase database, String name, String url) {
		this.database = database;
		this.name = name;
		this.url = url;
	}

	static IsolatedSchema create(TestDatabase database, String prefix) throws SQLException {
		String name = prefix + "_" + UUID.randomUUID().toString().replace("-", "").substring(0, 12);
		String url = switch (database) {
			case H2 -> "jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1";
			case POSTGRESQL -> withParameter(database.url(), "currentSchema=" + name);
			case MARIADB -> withDatabase(database.url(), name);
		};
		switch (database) {
			case POSTGRESQL -> execute(database, database.url(), "CREATE SCHEMA " + name);
			case MARIADB -> execute(database, database.url(), "CREATE DATABASE " + name);
			default -> {
			}
		}
		return new IsolatedSchema(database, name, url);
	}

	/** The id Spring Boot puts in {@code {vendor}} for this database's driver (its DatabaseDriver). */
	String vendor() {
		return this.database.name().toLowerCase(Locale.ROOT);
	}

	Connection connect() throws SQLException {
		return this.database.connect(this.url);
	}

	String[] springProperties() {
		return new String[] { "--spring.datasource.url=" + this.url,
				"--spring.datasource.username=" + this.database.username(),
				"--spring.datasource.password=" + this.database.password() };
	}

	@Override
	public void close() throws SQLException {
		switch (this.database) {
			case H2 -> execute(this.database, this.url, "SHUTDOWN");
			case POSTGRESQL -> execute(this.database, this.database.url(), "DROP SCHEMA " + this.name + " CASCADE");
			case MARIADB -> execute(this.database, this.database.url(), "DROP DATABASE " + this.name);
		}
	}

	private static void execute(TestDatabase database, String url, String sql) throws SQLException {
		try (Connection connection = database.connect(url); Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
	}

	private static String withParameter(String url, String parameter) {
		return url + (url.contains("?") ? "&" : "?") + parameter;
	}

	/** jdbc:mariadb://host:port/test?x=y becomes jdbc:mariadb://host:port/<name>?x=y. */
	private static String withDatabase(String url, String name) {
		int hostStart = url.indexOf("//") + 2;
		int pathStart = url.indexOf('/', hostStart);
		int query = url.indexOf('?', hostStart);
		String hostPart = url.substring(0, (pathStart >= 0) ? pathStart : ((query >= 0) ? query : url.length()));
		return hostPart + "/" + name + ((query >= 0) ? url.substring(query) : "");
	}
}
