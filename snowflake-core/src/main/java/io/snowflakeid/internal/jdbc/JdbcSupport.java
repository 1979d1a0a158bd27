package io.snowflakeid.internal.jdbc;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.regex.Pattern;

import io.snowflakeid.SnowflakeConfigurationException;

/**
 * What the lease and segment tables share, written once: table names checked so that configuration can never
 * inject SQL, duplicate keys recognised on every database, and tables created by whichever instance comes first.
 * Internal: not an API, may change in any release.
 */
public final class JdbcSupport {

	private JdbcSupport() {
	}

	/**
	 * {@code name} if it is a plain SQL identifier, optionally schema-qualified: letters, digits and _ (not starting
	 * with a digit), at most {@code maxPartLength} characters per part.
	 * @throws SnowflakeConfigurationException naming {@code setting} otherwise
	 */
	public static String checkTableName(String setting, String name, int maxPartLength, String example) {
		String part = "[A-Za-z_][A-Za-z0-9_]{0," + (maxPartLength - 1) + "}";
		if (name == null || !Pattern.matches(part + "(\\." + part + ")?", name)) {
			throw new SnowflakeConfigurationException(setting, "'" + name + "'",
					"a plain SQL identifier, optionally schema-qualified: letters, digits and _ (not starting with a "
							+ "digit), at most " + maxPartLength + " characters per part, e.g. " + example);
		}
		return name;
	}

	/** An integrity-constraint violation (SQLState class 23) anywhere in the chain: a row another instance wrote. */
	public static boolean isDuplicateKey(SQLException ex) {
		for (SQLException e = ex; e != null; e = e.getNextException()) {
			String state = e.getSQLState();
			if (state != null && state.startsWith("23")) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Runs each DDL statement (CREATE TABLE IF NOT EXISTS); one that fails is fine if every table exists afterwards:
	 * another instance created it at the same moment (PostgreSQL reports that as a clash).
	 */
	public static void createTablesIfMissing(Connection connection, List<String> ddl, List<String> tables)
			throws SQLException {
		for (String statementText : ddl) {
			try (Statement statement = connection.createStatement()) {
				statement.execute(statementText);
			}
			catch (SQLException ex) {
				if (!tablesExist(connection, tables)) {
					throw ex;
				}
			}
		}
	}

	/** Whether every one of {@code tables} can be read. */
	public static boolean tablesExist(Connection connection, List<String> tables) {
		try (Statement statement = connection.createStatement()) {
			for (String table : tables) {
				statement.executeQuery("SELECT COUNT(*) FROM " + table + " WHERE 1 = 0").close();
			}
			return true;
		}
		catch (SQLException ex) {
			return false;
		}
	}
}
