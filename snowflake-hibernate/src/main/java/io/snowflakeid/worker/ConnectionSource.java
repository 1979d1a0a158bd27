package io.snowflakeid.worker;

import java.sql.Connection;
import java.sql.SQLException;

import javax.sql.DataSource;

/** Where the lease table is reached: a DataSource, or Hibernate's ConnectionProvider in plain Hibernate. */
public interface ConnectionSource {

	Connection getConnection() throws SQLException;

	default void release(Connection connection) throws SQLException {
		connection.close();
	}

	static ConnectionSource of(DataSource dataSource) {
		return dataSource::getConnection;
	}
}
