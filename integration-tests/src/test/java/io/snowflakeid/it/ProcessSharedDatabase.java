package io.snowflakeid.it;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;

import org.h2.tools.Server;

import static org.assertj.core.api.Assertions.assertThat;

/** A database several JVMs can share: the real servers as they are, H2 through a TCP server in the test JVM. */
final class ProcessSharedDatabase implements AutoCloseable {

	final TestDatabase database;

	final String url;

	private final Server h2Server;

	ProcessSharedDatabase(TestDatabase database, String name) throws SQLException {
		this.database = database;
		if (database == TestDatabase.H2) {
			this.h2Server = Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
			this.url = "jdbc:h2:tcp://127.0.0.1:" + this.h2Server.getPort() + "/mem:" + name + ";DB_CLOSE_DELAY=-1";
		}
		else {
			this.h2Server = null;
			this.url = database.url();
		}
	}

	Connection connect() throws SQLException {
		return this.database.connect(this.url);
	}

	long queryLong(String query) throws SQLException {
		try (Connection connection = connect(); ResultSet result = connection.createStatement().executeQuery(query)) {
			assertThat(result.next()).isTrue();
			return result.getLong(1);
		}
	}

	@Override
	public void close() {
		if (this.h2Server != null) {
			this.h2Server.stop();
		}
	}
}
