package io.snowflakeid.it;

import java.sql.Connection;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;

import io.snowflakeid.testing.ChildJvm;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A rolling deploy with real processes: two instances run past several lease renewals (each stores a mark a
 * whole lease ahead), then one at a time is stopped gracefully and its replacement started at once. Each
 * replacement must start without waiting, on the row just released (no new rows), and issue only ids above its
 * predecessor's: every id goes into one table with a primary key, so a duplicate fails the child.
 */
class MultiProcessRollingRestartTests extends MultiProcessTestSupport {

	private static final int IDS_PER_BATCH = 5_000;

	private static final int ROUNDS = 4;

	private ChildJvm startChild() throws Exception {
		return startChild(LeaseHolderProcess.class, List.of("DUPLICATE", "FAILED", "Exception"),
				String.valueOf(IDS_PER_BATCH));
	}

	@ParameterizedTest
	@MethodSource("databases")
	void gracefulRestartsAfterRenewalsStartAtOnceOnTheReleasedRowWithoutDuplicates(TestDatabase database)
			throws Exception {
		this.shared = new ProcessSharedDatabase(database, "rolling-restart");
		try (Connection connection = this.shared.connect(); Statement statement = connection.createStatement()) {
			statement.execute("DROP TABLE IF EXISTS " + LeaseHolderProcess.IDS_TABLE);
			statement.execute("DROP TABLE IF EXISTS " + LeaseHolderProcess.LEASE_TABLE);
			statement.execute("CREATE TABLE " + LeaseHolderProcess.IDS_TABLE
					+ " (id BIGINT PRIMARY KEY, worker_id INT NOT NULL)");
		}
		List<ChildJvm> running = new ArrayList<>();
		for (int i = 0; i < 2; i++) {
			ChildJvm child = startChild();
			child.expect("CLAIMED ");
			child.expect("INSERTED ");
			running.add(child);
		}
		long expectedIds = 2L * IDS_PER_BATCH;
		long renewalInterval = LeaseHolderProcess.LEASE.toMillis() / 3;
		for (int round = 0; round < ROUNDS; round++) {
			Thread.sleep(renewalInterval * 2 + 500); // past two renewals of every running instance
			ChildJvm old = running.remove(0);
			String renewals = old.send("more", "RENEWALS ");
			assertThat(Long.parseLong(renewals.split(" ")[1])).as("round %d: renewed before the stop", round)
				.isGreaterThanOrEqualTo(2);
			old.expect("INSERTED ");
			expectedIds += IDS_PER_BATCH;
			old.finish("release", "RELEASED");

			ChildJvm replacement = startChild();
			String[] claimed = replacement.expect("CLAIMED ").split(" ");
			// What a graceful restart must not do is wait for the predecessor's mark; the claim's own time (a cold
			// JVM's first connection on a busy machine) is printed, not judged.
			System.out.println(database + ": round " + round + ": claimed in " + Long.parseLong(claimed[3]) / 1_000
					+ " ms");
			assertThat(Long.parseLong(claimed[4])).as("round %d: the replacement waited for no mark", round).isZero();
			replacement.expect("INSERTED ");
			expectedIds += IDS_PER_BATCH;
			running.add(replacement);
			assertThat(this.shared.queryLong("SELECT COUNT(*) FROM " + LeaseHolderProcess.LEASE_TABLE))
				.as("round %d: the released row was reused, not a new one", round).isEqualTo(2L);
		}
		for (ChildJvm child : running) {
			child.finish("release", "RELEASED");
		}
		assertThat(this.shared.queryLong("SELECT COUNT(*) FROM " + LeaseHolderProcess.IDS_TABLE))
			.as("every id inserted: zero duplicate-key errors").isEqualTo(expectedIds);
		assertThat(this.shared.queryLong("SELECT COUNT(*) FROM " + LeaseHolderProcess.LEASE_TABLE
				+ " WHERE lease_end > 0")).as("every lease released").isZero();
	}
}
