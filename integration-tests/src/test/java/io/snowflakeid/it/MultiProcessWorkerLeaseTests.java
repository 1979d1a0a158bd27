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
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;

import org.h2.tools.Server;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Real processes against a real database: four JVMs lease worker ids concurrently and insert their ids into one
 * table with a primary key; one is killed with -9; newcomers get free ids at once and the dead one's id only after
 * its lease end plus the safety margin. Any duplicate id would be a primary key violation in a child.
 */
class MultiProcessWorkerLeaseTests {

	private static final int IDS_PER_PROCESS = 20_000;

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
	void jvmsLeaseDistinctWorkersAndReuseADeadOnesOnlyAfterExpiry(TestDatabase database) throws Exception {
		String url = url(database);
		try (Connection connection = database.connect(url); Statement statement = connection.createStatement()) {
			statement.execute("DROP TABLE IF EXISTS " + LeaseHolderProcess.IDS_TABLE);
			statement.execute("DROP TABLE IF EXISTS " + LeaseHolderProcess.LEASE_TABLE);
			statement.execute("CREATE TABLE " + LeaseHolderProcess.IDS_TABLE
					+ " (id BIGINT PRIMARY KEY, worker_id INT NOT NULL)");
		}
		for (int i = 0; i < 4; i++) {
			this.children.add(Child.start(database, url));
		}
		Set<Integer> workers = new HashSet<>();
		for (Child child : this.children) {
			workers.add(child.awaitClaim());
		}
		assertThat(workers).as("four concurrent claims, four distinct worker ids").hasSize(4);
		for (Child child : this.children) {
			child.awaitInserted();
		}
		assertThat(count(database, url, "SELECT COUNT(*) FROM " + LeaseHolderProcess.IDS_TABLE))
			.isEqualTo(4L * IDS_PER_PROCESS);

		Child victim = this.children.get(1);
		victim.process.destroyForcibly();
		victim.process.waitFor(30, TimeUnit.SECONDS);
		long deadLeaseEnd = count(database, url, "SELECT lease_end FROM " + LeaseHolderProcess.LEASE_TABLE
				+ " WHERE worker_id = " + victim.worker);

		Child newcomer = Child.start(database, url);
		this.children.add(newcomer);
		int newcomerWorker = newcomer.awaitClaim();
		assertThat(workers).as("a free worker id at once, not one still leased").doesNotContain(newcomerWorker);
		assertThat(System.currentTimeMillis()).as("the dead worker's lease had not expired yet")
			.isLessThan(deadLeaseEnd + LeaseHolderProcess.SAFETY_MARGIN.toMillis());
		newcomer.awaitInserted();

		long reusableAt = deadLeaseEnd + LeaseHolderProcess.SAFETY_MARGIN.toMillis();
		Thread.sleep(Math.max(0, reusableAt - System.currentTimeMillis()) + 300);
		Child heir = Child.start(database, url);
		this.children.add(heir);
		assertThat(heir.awaitClaim()).as("the dead worker's id is reused after lease end + margin")
			.isEqualTo(victim.worker);
		heir.awaitInserted();

		for (Child child : this.children) {
			if (child != victim) {
				child.release();
			}
		}
		assertThat(count(database, url, "SELECT COUNT(*) FROM " + LeaseHolderProcess.IDS_TABLE))
			.as("every child inserted all its ids: zero duplicate-key errors")
			.isEqualTo(6L * IDS_PER_PROCESS);
		assertThat(count(database, url, "SELECT COUNT(*) FROM " + LeaseHolderProcess.LEASE_TABLE
				+ " WHERE lease_end > 0 AND worker_id <> " + victim.worker))
			.as("graceful shutdown released every lease").isZero();
	}

	private String url(TestDatabase database) throws SQLException {
		if (database != TestDatabase.H2) {
			return database.url();
		}
		// H2 in server mode, so that separate JVMs share one database.
		this.h2Server = Server.createTcpServer("-tcpPort", "0", "-ifNotExists").start();
		return "jdbc:h2:tcp://127.0.0.1:" + this.h2Server.getPort() + "/mem:multi-process;DB_CLOSE_DELAY=-1";
	}

	private static long count(TestDatabase database, String url, String query) throws SQLException {
		try (Connection connection = database.connect(url);
				ResultSet result = connection.createStatement().executeQuery(query)) {
			assertThat(result.next()).isTrue();
			return result.getLong(1);
		}
	}

	/** One child JVM running {@link LeaseHolderProcess}, its stdout read line by line. */
	private static final class Child {

		final Process process;

		final BlockingQueue<String> lines = new LinkedBlockingQueue<>();

		int worker = -1;

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
			String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
			List<String> command = new ArrayList<>(List.of(java, "-cp", System.getProperty("java.class.path"),
					LeaseHolderProcess.class.getName(), url, database.username()));
			if (!database.password().isEmpty()) {
				command.add(database.password());
			}
			command.add(String.valueOf(IDS_PER_PROCESS));
			return new Child(new ProcessBuilder(command).redirectError(ProcessBuilder.Redirect.INHERIT).start());
		}

		String expect(String prefix) throws InterruptedException {
			for (;;) {
				String line = this.lines.poll(60, TimeUnit.SECONDS);
				assertThat(line).as("child output before timeout (waiting for %s)", prefix).isNotNull();
				if (line.startsWith(prefix)) {
					return line;
				}
				assertThat(line).as("unexpected child output").doesNotStartWith("DUPLICATE").doesNotStartWith("FAILED");
			}
		}

		int awaitClaim() throws InterruptedException {
			String[] parts = expect("CLAIMED ").split(" ");
			this.worker = Integer.parseInt(parts[2]);
			return this.worker;
		}

		void awaitInserted() throws InterruptedException {
			expect("INSERTED ");
		}

		void release() throws Exception {
			Writer in = new OutputStreamWriter(this.process.getOutputStream(), StandardCharsets.UTF_8);
			in.write("release\n");
			in.flush();
			expect("RELEASED");
			assertThat(this.process.waitFor(30, TimeUnit.SECONDS)).isTrue();
			assertThat(this.process.exitValue()).isZero();
		}
	}
}
