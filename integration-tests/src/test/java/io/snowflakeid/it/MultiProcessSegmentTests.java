package io.snowflakeid.it;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.h2.tools.Server;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Segment mode across real processes: four JVMs at a time take ids for one key and insert them into a table with
 * a primary key (a duplicate would fail the insert), through graceful restarts and a {@code kill -9}. Holes are
 * values below the highest id that were neither inserted nor handed back for the next start.
 */
class MultiProcessSegmentTests {

	private static final int IDS = 1_500;

	private static final int STEP = 100;

	private final List<Child> children = new ArrayList<>();

	private Server h2Server;

	static List<TestDatabase> databases() {
		return TestDatabase.enabled();
	}

	@AfterEach
	void stopEverything() {
		this.children.forEach((child) -> child.process.destroyForcibly());
		if (this.h2Server != null) {
			this.h2Server.stop();
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void noDuplicatesNoHolesAfterGracefulRestartsAndBoundedHolesAfterACrash(TestDatabase database) throws Exception {
		String url = url(database);
		try (Connection connection = database.connect(url); Statement statement = connection.createStatement()) {
			statement.execute("DROP TABLE IF EXISTS " + SegmentHolderProcess.IDS_TABLE);
			statement.execute("DROP TABLE IF EXISTS " + SegmentHolderProcess.SEGMENT_TABLE);
			statement.execute("DROP TABLE IF EXISTS " + SegmentHolderProcess.SEGMENT_TABLE + "_free");
			statement.execute("CREATE TABLE " + SegmentHolderProcess.IDS_TABLE + " (id BIGINT PRIMARY KEY)");
		}
		for (int round = 0; round < 2; round++) {
			List<Child> running = new ArrayList<>();
			for (int i = 0; i < 4; i++) {
				running.add(Child.start(database, url));
			}
			this.children.addAll(running);
			for (Child child : running) {
				child.expect("INSERTED ");
			}
			for (Child child : running) {
				child.stopGracefully();
			}
		}
		assertThat(count(database, url, "SELECT COUNT(*) FROM " + SegmentHolderProcess.IDS_TABLE)).isEqualTo(8L * IDS);
		long gracefulHoles = holes(database, url);
		System.out.println(database + ": holes after two rounds of four graceful restarts: " + gracefulHoles);
		assertThat(gracefulHoles).as("graceful restarts leave no holes").isZero();

		// Half-way through a segment, with the next one prefetched: both are lost with the process.
		Child crashed = Child.start(database, url, IDS + STEP / 2);
		this.children.add(crashed);
		crashed.expect("INSERTED ");
		Thread.sleep(300);
		crashed.process.destroyForcibly();
		crashed.process.waitFor(30, TimeUnit.SECONDS);
		Child after = Child.start(database, url);
		this.children.add(after);
		after.expect("INSERTED ");
		after.stopGracefully();
		long crashHoles = holes(database, url);
		System.out.println(database + ": holes after a kill -9: " + crashHoles + " (bound: 2 segments = " + 2 * STEP + ")");
		assertThat(crashHoles).as("a crash loses what that instance held: the rest of its segment and the prefetched one")
			.isPositive()
			.isLessThanOrEqualTo(2L * STEP);
		assertThat(count(database, url, "SELECT COUNT(*) FROM " + SegmentHolderProcess.IDS_TABLE))
			.isEqualTo(10L * IDS + STEP / 2);
	}

	/**
	 * With no instance running: every value ever allocated (1..max_value of the key's row) is either inserted or
	 * handed back for the next start; anything else is a hole, lost for good.
	 */
	private static long holes(TestDatabase database, String url) throws SQLException {
		long allocated = count(database, url,
				"SELECT max_value FROM " + SegmentHolderProcess.SEGMENT_TABLE + " WHERE segment_key = 'mp'");
		long used = count(database, url, "SELECT COUNT(*) FROM " + SegmentHolderProcess.IDS_TABLE);
		long handedBack = count(database, url, "SELECT COALESCE(SUM(last_value - first_value + 1), 0) FROM "
				+ SegmentHolderProcess.SEGMENT_TABLE + "_free");
		return allocated - used - handedBack;
	}

	private String url(TestDatabase database) throws SQLException {
		if (database != TestDatabase.H2) {
			return database.url();
		}
		this.h2Server = Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
		return "jdbc:h2:tcp://127.0.0.1:" + this.h2Server.getPort() + "/mem:segments;DB_CLOSE_DELAY=-1";
	}

	private static long count(TestDatabase database, String url, String query) throws SQLException {
		try (Connection connection = database.connect(url);
				ResultSet result = connection.createStatement().executeQuery(query)) {
			assertThat(result.next()).isTrue();
			return result.getLong(1);
		}
	}

	private static final class Child {

		final Process process;

		final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

		private Child(Process process) {
			this.process = process;
			Thread reader = new Thread(() -> {
				try (BufferedReader out = new BufferedReader(
						new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
					String line;
					while ((line = out.readLine()) != null) {
						this.lines.add(line);
					}
				}
				catch (Exception ex) {
					this.lines.add("READ-ERROR " + ex);
				}
			});
			reader.setDaemon(true);
			reader.start();
		}

		static Child start(TestDatabase database, String url) throws Exception {
			return start(database, url, IDS);
		}

		static Child start(TestDatabase database, String url, int ids) throws Exception {
			String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
			List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
					SegmentHolderProcess.class.getName(), url, database.username()));
			if (!database.password().isEmpty()) {
				command.add(database.password());
			}
			command.add(String.valueOf(ids));
			command.add(String.valueOf(STEP));
			return new Child(new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start());
		}

		void expect(String prefix) throws InterruptedException {
			for (;;) {
				String line = this.lines.poll(60, TimeUnit.SECONDS);
				assertThat(line).as("child output before timeout (waiting for %s)", prefix).isNotNull();
				if (line.startsWith(prefix)) {
					return;
				}
				assertThat(line).as("unexpected child output").doesNotStartWith("DUPLICATE").doesNotStartWith("ORDER");
			}
		}

		void stopGracefully() throws Exception {
			Writer in = new OutputStreamWriter(this.process.getOutputStream(), StandardCharsets.UTF_8);
			in.write("stop\n");
			in.flush();
			expect("CLOSED");
			assertThat(this.process.waitFor(30, TimeUnit.SECONDS)).isTrue();
			assertThat(this.process.exitValue()).isZero();
		}
	}
}
