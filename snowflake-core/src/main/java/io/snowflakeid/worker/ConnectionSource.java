package io.snowflakeid.worker;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.time.Duration;

import javax.sql.DataSource;

/** Where the lease and segment tables are reached: a DataSource, or Hibernate's ConnectionProvider. */
public interface ConnectionSource {

	Connection getConnection() throws SQLException;

	/**
	 * A connection within {@code timeout}: by default {@link #getConnection()} waited for on another thread, so that
	 * the caller gives up in time whatever the pool does. Override it when the source can bound the wait itself
	 * (or never waits, like an embedded database).
	 * @throws java.sql.SQLTimeoutException if none came within the timeout
	 */
	default Connection getConnection(Duration timeout) throws SQLException {
		return Timeouts.connect(this, timeout);
	}

	default void release(Connection connection) throws SQLException {
		connection.close();
	}

	/**
	 * Runs {@code work} on a connection of its own, never inside a caller's business transaction: with auto-commit
	 * on (each statement its own transaction), or off (the work commits; anything it leaves is rolled back). The
	 * connection's auto-commit mode is restored before it goes back to the pool. No time bound: prefer
	 * {@link #run(boolean, Duration, SqlWork)}.
	 */
	default <T> T run(boolean autoCommit, SqlWork<T> work) throws SQLException {
		return run(autoCommit, null, work);
	}

	/**
	 * As {@link #run(boolean, SqlWork)}, with every statement the work creates bounded by {@code timeout}: a query
	 * timeout on each statement (the database cancels it), and a network timeout on the connection (a half-open
	 * socket fails the read instead of blocking until the operating system gives up, hours later). Both are
	 * restored before the connection goes back to the pool. Getting the connection is bounded too, by
	 * {@code timeout} but at least 5 s (a first connection in a cold JVM loads its driver), whatever the pool's own setting (HikariCP's {@code connectionTimeout} is 30 s by default): an exhausted
	 * pool or a database that does not answer the login fails the call instead of blocking the renewal thread or
	 * a segment caller; a connection that arrives later goes straight back to the pool.
	 * @param timeout the bound, rounded up to whole seconds for the query timeout; null for none
	 */
	default <T> T run(boolean autoCommit, Duration timeout, SqlWork<T> work) throws SQLException {
		Connection connection = (timeout != null) ? getConnection(Timeouts.connectionWait(timeout)) : getConnection();
		boolean original;
		int originalNetworkTimeout = -1;
		try {
			original = connection.getAutoCommit();
			if (timeout != null) {
				originalNetworkTimeout = setNetworkTimeout(connection, Timeouts.networkTimeout(timeout));
			}
		}
		catch (SQLException | RuntimeException ex) {
			release(connection);
			throw ex;
		}
		Throwable failure = null;
		try {
			if (original != autoCommit) {
				connection.setAutoCommit(autoCommit);
			}
			return work.run((timeout != null) ? Timeouts.bounded(connection, timeout) : connection);
		}
		catch (SQLException | RuntimeException ex) {
			failure = ex;
			throw ex;
		}
		finally {
			try {
				if (!connection.isClosed()) {
					if (!autoCommit) {
						connection.rollback(); // nothing left uncommitted goes back to the pool
					}
					if (original != autoCommit) {
						connection.setAutoCommit(original);
					}
					if (originalNetworkTimeout >= 0) {
						connection.setNetworkTimeout(Timeouts.DIRECT, originalNetworkTimeout);
					}
				}
			}
			catch (SQLException | RuntimeException cleanup) {
				// A connection broken by a timeout. The work's own outcome is what counts: after success its
				// statements are committed (auto-commit, or the work's own commit) and a failing rollback cannot undo
				// them, so reporting a failure would make the caller think they were not (a lost segment, a claimed
				// row it never uses). The pool finds out about the connection itself.
				if (failure != null) {
					failure.addSuppressed(cleanup);
				}
			}
			finally {
				release(connection);
			}
		}
	}

	/** Sets the network timeout and returns the previous one, or -1 if the driver has none (H2, say). */
	private static int setNetworkTimeout(Connection connection, Duration timeout) {
		try {
			int previous = connection.getNetworkTimeout();
			connection.setNetworkTimeout(Timeouts.DIRECT, (int) Math.min(Integer.MAX_VALUE, timeout.toMillis()));
			return previous;
		}
		catch (SQLException | UnsupportedOperationException | AbstractMethodError ex) {
			return -1;
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

	/**
	 * A statement bound of at least 1 s, for {@link #run(boolean, Duration, SqlWork)}: JDBC query timeouts are whole
	 * seconds and 0 would mean none, so anything shorter would be rounded up to a second anyway.
	 */
	static Duration statementBound(Duration bound) {
		return (bound.compareTo(Duration.ofSeconds(1)) < 0) ? Duration.ofSeconds(1) : bound;
	}

}
