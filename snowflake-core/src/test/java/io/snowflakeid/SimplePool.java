package io.snowflakeid;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;

import io.snowflakeid.worker.ConnectionSource;

/**
 * A few connections kept open and reused (no thread hand-off, no waiting, no limit): enough for one schedule of a
 * seeded simulation (the lease and segment simulations), which runs on one thread apart from a few short-lived
 * ones. Opening a session per statement would dominate the run time, on H2 in memory as on a real server.
 */
public final class SimplePool implements AutoCloseable {

	private final String url;

	private final String user;

	private final String password;

	private final BlockingQueue<Connection> idle = new LinkedBlockingQueue<>();

	public SimplePool(String url, String user, String password) {
		this.url = url;
		this.user = user;
		this.password = password;
	}

	public Connection getConnection() throws SQLException {
		Connection connection = this.idle.poll();
		return (connection != null) ? connection : DriverManager.getConnection(this.url, this.user, this.password);
	}

	public void release(Connection connection) throws SQLException {
		if (!connection.isClosed()) {
			this.idle.add(connection);
		}
	}

	public <T> T run(ConnectionSource.SqlWork<T> work) throws SQLException {
		Connection connection = getConnection();
		try {
			return work.run(connection);
		}
		finally {
			release(connection);
		}
	}

	@Override
	public void close() {
		Connection connection;
		while ((connection = this.idle.poll()) != null) {
			try {
				connection.close();
			}
			catch (SQLException ex) {
				// gone
			}
		}
	}
}
