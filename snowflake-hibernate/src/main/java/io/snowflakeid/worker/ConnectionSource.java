package io.snowflakeid.worker;

import java.sql.Connection;
import java.sql.SQLException;

import javax.sql.DataSource;

/** Where the lease and segment tables are reached: a DataSource, or Hibernate's ConnectionProvider. */
public interface ConnectionSource {

	Connection getConnection() throws SQLException;

	default void release(Connection connection) throws SQLException {
		connection.close();
	}

	/**
	 * Runs {@code work} on a connection of its own, never inside a caller's business transaction: with auto-commit
	 * on (each statement its own transaction), or off (the work commits; anything it leaves is rolled back). The
	 * connection's auto-commit mode is restored before it goes back to the pool.
	 */
	default <T> T run(boolean autoCommit, SqlWork<T> work) throws SQLException {
		Connection connection = getConnection();
		boolean original = connection.getAutoCommit();
		try {
			if (original != autoCommit) {
				connection.setAutoCommit(autoCommit);
			}
			return work.run(connection);
		}
		catch (SQLException | RuntimeException ex) {
			if (!autoCommit) {
				try {
					connection.rollback();
				}
				catch (SQLException suppressed) {
					ex.addSuppressed(suppressed);
				}
			}
			throw ex;
		}
		finally {
			try {
				if (!autoCommit) {
					connection.rollback(); // nothing left uncommitted goes back to the pool
				}
				if (original != autoCommit) {
					connection.setAutoCommit(original);
				}
			}
			finally {
				release(connection);
			}
		}
	}

	static ConnectionSource of(DataSource dataSource) {
		return dataSource::getConnection;
	}

	/** Work on a JDBC connection. */
	@FunctionalInterface
	interface SqlWork<T> {

		T run(Connection connection) throws SQLException;
	}
}
