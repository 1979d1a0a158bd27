package io.snowflakeid.testing;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;

import io.snowflakeid.worker.ConnectionSource;

/**
 * An H2 database in this JVM's memory, of its own: named {@code <name>-<random UUID>}, so that no two instances
 * (tests, rounds of a test, test classes running in parallel) ever share tables, and kept open until the JVM ends
 * ({@code DB_CLOSE_DELAY=-1}: the tables outlive the last connection closed, as a server's would). User {@code sa},
 * no password. Needs H2 on the test class path.
 * <p>
 * For the library, {@link #connections()}: a new session per {@code getConnection()}, closed on release. For the
 * test itself, {@link #execute}, {@link #queryLong} and {@link #connection()}: set rows up and read what the library
 * left, outside anything the library is given (a test that injects faults wraps {@link #connections()} in
 * {@link FaultyConnections}; these helpers are never affected).
 */
public final class TestDatabase {

	private final String url;

	private final ConnectionSource connections;

	/**
	 * A new database.
	 * @param name what the database is for, its name's prefix (it shows in the URL, hence in log lines and
	 * messages that name it)
	 * @param options H2 URL settings added after {@code DB_CLOSE_DELAY=-1}, such as {@code "LOCK_TIMEOUT=10000"} or
	 * {@code "MODE=PostgreSQL"} (empty ones are ignored)
	 */
	public TestDatabase(String name, String... options) {
		StringBuilder url = new StringBuilder("jdbc:h2:mem:").append(name).append('-').append(UUID.randomUUID())
			.append(";DB_CLOSE_DELAY=-1");
		for (String option : options) {
			if (!option.isEmpty()) {
				url.append(';').append(option);
			}
		}
		this.url = url.toString();
		this.connections = this::connection;
	}

	/** Its JDBC URL, settings included. */
	public String url() {
		return this.url;
	}

	/** Where the library reaches it: a new session per {@code getConnection()}, closed on release. */
	public ConnectionSource connections() {
		return this.connections;
	}

	/** A new session, for the test's own use: the caller closes it. */
	public Connection connection() throws SQLException {
		return DriverManager.getConnection(this.url, "sa", "");
	}

	/** Runs one statement (DDL, insert, update) on a session of its own, with auto-commit. */
	public void execute(String sql) throws SQLException {
		try (Connection connection = connection(); Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
	}

	/**
	 * The first column of the first row of {@code query}, as a long (a count, a lease end, a mark).
	 * @throws AssertionError if the query returns no row
	 */
	public long queryLong(String query) throws SQLException {
		try (Connection connection = connection();
				Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery(query)) {
			if (!result.next()) {
				throw new AssertionError("[" + query + "] returned no row");
			}
			return result.getLong(1);
		}
	}

	@Override
	public String toString() {
		return this.url;
	}
}
