package io.snowflakeid.it;

import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.snowflakeid.testing.ChildJvm;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Real processes against a real database: four JVMs lease worker ids concurrently and insert their ids into one
 * table with a primary key; one is killed with -9; newcomers get free ids at once and the dead one's id only after
 * its lease end plus the safety margin. Any duplicate id would be a primary key violation in a child.
 */
class MultiProcessWorkerLeaseTests extends MultiProcessTestSupport {

	private static final int IDS_PER_PROCESS = 20_000;

	private ChildJvm startChild() throws Exception {
		return startChild(LeaseHolderProcess.class, List.of("DUPLICATE", "FAILED"), String.valueOf(IDS_PER_PROCESS));
	}

	private static int claimedWorker(ChildJvm child) throws InterruptedException {
		return Integer.parseInt(child.expect("CLAIMED ").split(" ")[2]);
	}

	@ParameterizedTest
	@MethodSource("databases")
	void jvmsLeaseDistinctWorkersAndReuseADeadOnesOnlyAfterExpiry(TestDatabase database) throws Exception {
		this.shared = new ProcessSharedDatabase(database, "multi-process");
		try (Connection connection = this.shared.connect(); Statement statement = connection.createStatement()) {
			statement.execute("DROP TABLE IF EXISTS " + LeaseHolderProcess.IDS_TABLE);
			statement.execute("DROP TABLE IF EXISTS " + LeaseHolderProcess.LEASE_TABLE);
			statement.execute("CREATE TABLE " + LeaseHolderProcess.IDS_TABLE
					+ " (id BIGINT PRIMARY KEY, worker_id INT NOT NULL)");
		}
		List<ChildJvm> first = new ArrayList<>();
		for (int i = 0; i < 4; i++) {
			first.add(startChild());
		}
		Set<Integer> workers = new HashSet<>();
		List<Integer> workerOf = new ArrayList<>();
		for (ChildJvm child : first) {
			int worker = claimedWorker(child);
			workers.add(worker);
			workerOf.add(worker);
		}
		assertThat(workers).as("four concurrent claims, four distinct worker ids").hasSize(4);
		for (ChildJvm child : first) {
			child.expect("INSERTED ");
		}
		assertThat(this.shared.queryLong("SELECT COUNT(*) FROM " + LeaseHolderProcess.IDS_TABLE))
			.isEqualTo(4L * IDS_PER_PROCESS);

		ChildJvm victim = first.get(1);
		int victimWorker = workerOf.get(1);
		victim.kill();
		long deadLeaseEnd = this.shared.queryLong("SELECT lease_end FROM " + LeaseHolderProcess.LEASE_TABLE
				+ " WHERE worker_id = " + victimWorker);

		ChildJvm newcomer = startChild();
		int newcomerWorker = claimedWorker(newcomer);
		assertThat(workers).as("a free worker id at once, not one still leased").doesNotContain(newcomerWorker);
		assertThat(System.currentTimeMillis()).as("the dead worker's lease had not expired yet")
			.isLessThan(deadLeaseEnd + LeaseHolderProcess.SAFETY_MARGIN.toMillis());
		newcomer.expect("INSERTED ");

		// Wait for the dead worker's lease end plus the margin, re-reading the end: a renewal the victim sent just
		// before it was killed may still have been committed by the database after the first read.
		long reusableAt;
		while ((reusableAt = this.shared.queryLong("SELECT lease_end FROM " + LeaseHolderProcess.LEASE_TABLE
				+ " WHERE worker_id = " + victimWorker) + LeaseHolderProcess.SAFETY_MARGIN.toMillis()
				+ 300) > System.currentTimeMillis()) {
			Thread.sleep(Math.max(1, reusableAt - System.currentTimeMillis()));
		}
		ChildJvm heir = startChild();
		assertThat(claimedWorker(heir)).as("the dead worker's id is reused after lease end + margin")
			.isEqualTo(victimWorker);
		heir.expect("INSERTED ");

		for (ChildJvm child : children()) {
			if (child != victim) {
				child.finish("release", "RELEASED");
			}
		}
		assertThat(this.shared.queryLong("SELECT COUNT(*) FROM " + LeaseHolderProcess.IDS_TABLE))
			.as("every child inserted all its ids: zero duplicate-key errors")
			.isEqualTo(6L * IDS_PER_PROCESS);
		assertThat(this.shared.queryLong("SELECT COUNT(*) FROM " + LeaseHolderProcess.LEASE_TABLE
				+ " WHERE lease_end > 0 AND worker_id <> " + victimWorker))
			.as("graceful shutdown released every lease").isZero();
	}
}
