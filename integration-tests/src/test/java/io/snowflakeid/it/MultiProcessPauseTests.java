package io.snowflakeid.it;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.snowflakeid.testing.ChildJvm;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real process frozen past its lease end (SIGSTOP: what a long GC pause or a frozen VM looks like from outside),
 * while another process takes its worker id over; then it is thawed (SIGCONT). It must not issue a single id
 * more: every id goes into one table with a primary key, and the thawed process reports that its lease ended.
 */
@DisabledOnOs(OS.WINDOWS)
class MultiProcessPauseTests extends MultiProcessTestSupport {

	private static final int IDS_PER_BATCH = 2_000;

	@ParameterizedTest
	@MethodSource("databases")
	void aProcessFrozenPastItsLeaseIssuesNothingWhenThawedWhileItsSuccessorContinues(TestDatabase database)
			throws Exception {
		this.shared = new ProcessSharedDatabase(database, "pause");
		long heldByOthers = System.currentTimeMillis() + 3_600_000;
		try (Connection connection = this.shared.connect(); Statement statement = connection.createStatement()) {
			statement.execute("DROP TABLE IF EXISTS " + LeaseHolderProcess.IDS_TABLE);
			statement.execute("DROP TABLE IF EXISTS " + LeaseHolderProcess.LEASE_TABLE);
			statement.execute("CREATE TABLE " + LeaseHolderProcess.IDS_TABLE
					+ " (id BIGINT PRIMARY KEY, worker_id INT NOT NULL)");
			statement.execute("CREATE TABLE " + LeaseHolderProcess.LEASE_TABLE + " (datacenter_id INT NOT NULL,"
					+ " worker_id INT NOT NULL, owner VARCHAR(255), instance_id VARCHAR(64), lease_end BIGINT NOT NULL,"
					+ " high_water_mark BIGINT NOT NULL, PRIMARY KEY (datacenter_id, worker_id))");
			// Every worker id but 0 is held by instances that keep running: the successor can only take over 0.
			for (int worker = 1; worker <= LeaseHolderProcess.LAYOUT.maxWorkerId(); worker++) {
				statement.execute("INSERT INTO " + LeaseHolderProcess.LEASE_TABLE + " VALUES (0, " + worker
						+ ", 'other', 'other-" + worker + "', " + heldByOthers + ", 0)");
			}
		}
		List<String> failures = List.of("DUPLICATE", "FAILED", "Exception");
		ChildJvm frozen = startChild(LeaseHolderProcess.class, failures, String.valueOf(IDS_PER_BATCH));
		assertThat(frozen.expect("CLAIMED ")).startsWith("CLAIMED 0 0 ");
		frozen.expect("INSERTED ");

		signal("STOP", frozen);
		Thread.sleep(LeaseHolderProcess.LEASE.plus(LeaseHolderProcess.SAFETY_MARGIN).toMillis() + 2_000);
		ChildJvm successor = startChild(LeaseHolderProcess.class, failures, String.valueOf(IDS_PER_BATCH));
		assertThat(successor.expect("CLAIMED ")).as("the frozen process's worker id, taken over").startsWith("CLAIMED 0 0 ");
		successor.expect("INSERTED ");

		signal("CONT", frozen);
		String thawed = frozen.send("more", "RENEWALS ");
		String outcome = frozen.expect("");
		while (!outcome.startsWith("EXPIRED ") && !outcome.startsWith("INSERTED ")) {
			outcome = frozen.expect("");
		}
		assertThat(outcome).as("the thawed process must not insert (it said %s)", thawed).startsWith("EXPIRED ");
		successor.send("more", "RENEWALS ");
		successor.expect("INSERTED ");

		// Give the thawed process's renewal thread time to find its token replaced, then ask again.
		Thread.sleep(LeaseHolderProcess.LEASE.toMillis() / 3 + 1_000);
		assertThat(frozen.send("more", "RENEWALS ")).as("the thawed process knows its lease was taken over")
			.endsWith("LOST true");
		assertThat(frozen.expect("EXPIRED ")).contains("taken over");
		successor.finish("release", "RELEASED");
		frozen.finish("release", "RELEASED");
		assertThat(this.shared.queryLong("SELECT COUNT(*) FROM " + LeaseHolderProcess.IDS_TABLE))
			.as("the frozen process's first batch and the successor's two; no duplicate key")
			.isEqualTo(3L * IDS_PER_BATCH);
	}

	private static void signal(String signal, ChildJvm child) throws Exception {
		Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(child.process.pid())).inheritIO().start();
		assertThat(kill.waitFor(10, TimeUnit.SECONDS)).isTrue();
		assertThat(kill.exitValue()).as("kill -%s", signal).isZero();
	}
}
