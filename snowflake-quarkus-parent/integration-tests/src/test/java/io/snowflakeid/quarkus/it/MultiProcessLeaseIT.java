package io.snowflakeid.quarkus.it;

import java.io.IOException;
import java.net.ServerSocket;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

import org.h2.tools.Server;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Instances of the packaged Quarkus application, each a JVM of its own, leasing worker ids from one database (an H2
 * server of the test's own): running side by side they hold different workers and insert no id twice; a crashed
 * instance's worker stays out of the pool for the next one; a gracefully stopped instance hands its worker back.
 */
class MultiProcessLeaseIT {

	private Server server;

	private String url;

	private final List<QuarkusProcess> processes = new ArrayList<>();

	@BeforeEach
	void startDatabase() throws SQLException, IOException {
		int port;
		try (ServerSocket socket = new ServerSocket(0)) {
			port = socket.getLocalPort();
		}
		this.server = Server.createTcpServer("-tcpPort", String.valueOf(port), "-tcpAllowOthers", "-ifNotExists")
			.start();
		this.url = "jdbc:h2:tcp://127.0.0.1:" + port + "/mem:shared;DB_CLOSE_DELAY=-1";
	}

	@AfterEach
	void stopAll() {
		this.processes.forEach(QuarkusProcess::close);
		this.server.stop();
	}

	private QuarkusProcess start(String name) throws IOException {
		QuarkusProcess process = QuarkusProcess.start(name, this.url);
		this.processes.add(process);
		return process;
	}

	@Test
	void instancesSideBySideACrashAndAGracefulStop() throws Exception {
		QuarkusProcess first = start("first");
		int firstWorker = first.awaitReady();
		QuarkusProcess second = start("second");
		int secondWorker = second.awaitReady();
		assertThat(secondWorker).as("two running instances").isNotEqualTo(firstWorker);

		first.kill(); // its lease stays in the table until it runs out, and a safety margin after that
		QuarkusProcess third = start("third");
		int thirdWorker = third.awaitReady();
		assertThat(thirdWorker).as("the crashed instance's worker is not handed out within its lease")
			.isNotIn(firstWorker, secondWorker);

		// 143 (128 + SIGTERM): the JVM ran its shutdown hooks, and with them Quarkus' shutdown
		assertThat(second.stop()).as("exit code of a graceful stop").isIn(0, 143);
		assertThat(leaseEnd(secondWorker)).as("handed back on the graceful stop").isZero();
		// Read from the table, not the log: on SIGTERM this packaged application logs nothing of its shutdown (not
		// even Quarkus' own "stopped in" line), though the shutdown runs.

		QuarkusProcess fourth = start("fourth");
		int fourthWorker = fourth.awaitReady();
		assertThat(fourthWorker).isNotIn(firstWorker, thirdWorker);

		try (Connection connection = DriverManager.getConnection(this.url);
				ResultSet result = connection.createStatement()
					.executeQuery("select count(*), count(distinct id) from orders")) {
			assertThat(result.next()).isTrue();
			assertThat(result.getLong(1)).as("orders of four instances").isEqualTo(4 * 500);
			assertThat(result.getLong(2)).as("distinct ids").isEqualTo(result.getLong(1));
		}
	}

	private long leaseEnd(int worker) throws SQLException {
		try (Connection connection = DriverManager.getConnection(this.url);
				ResultSet result = connection.createStatement()
					.executeQuery("select lease_end from snowflake_worker_lease where datacenter_id = 1 and worker_id = "
							+ worker)) {
			assertThat(result.next()).as("the lease row of worker " + worker).isTrue();
			return result.getLong(1);
		}
	}
}
