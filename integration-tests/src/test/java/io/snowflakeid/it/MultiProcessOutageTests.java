package io.snowflakeid.it;

import java.sql.Connection;
import java.sql.Statement;
import java.util.List;

import io.snowflakeid.testing.ChildJvm;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A real process that loses its database for longer than its lease: the network between them goes dead (a TCP
 * proxy stops forwarding without closing anything, so statements and logins hang rather than fail), then comes
 * back. Ids must stop at the lease end with a clear exception and flow again once a renewal gets through; every
 * id goes into one table with a primary key.
 */
class MultiProcessOutageTests extends MultiProcessTestSupport {

	private static final int IDS_PER_BATCH = 2_000;

	@ParameterizedTest
	@MethodSource("databases")
	void idsStopAtTheLeaseEndWhileTheDatabaseIsUnreachableAndResumeWhenItIsBack(TestDatabase database)
			throws Exception {
		this.shared = new ProcessSharedDatabase(database, "outage");
		try (Connection connection = this.shared.connect(); Statement statement = connection.createStatement()) {
			statement.execute("DROP TABLE IF EXISTS " + LeaseHolderProcess.IDS_TABLE);
			statement.execute("DROP TABLE IF EXISTS " + LeaseHolderProcess.LEASE_TABLE);
			statement.execute("CREATE TABLE " + LeaseHolderProcess.IDS_TABLE
					+ " (id BIGINT PRIMARY KEY, worker_id INT NOT NULL)");
		}
		try (TcpProxy proxy = TcpProxy.inFrontOf(this.shared.url)) {
			ChildJvm child = startChildAt(proxy.rewrite(this.shared.url), LeaseHolderProcess.class,
					List.of("DUPLICATE", "FAILED", "Exception"), String.valueOf(IDS_PER_BATCH));
			child.expect("CLAIMED ");
			child.expect("INSERTED ");
			long batches = 1;

			proxy.freeze();
			Thread.sleep(LeaseHolderProcess.LEASE.toMillis() + 2_000);
			child.send("more", "RENEWALS ");
			assertThat(outcome(child)).as("no id after the lease end while the database is unreachable")
				.startsWith("EXPIRED ");

			proxy.restore();
			long deadline = System.nanoTime() + 30_000_000_000L;
			String outcome;
			do {
				Thread.sleep(1_000); // a failing renewal is retried every second
				assertThat(child.send("more", "RENEWALS ")).as("no other instance took the worker id")
					.endsWith("LOST false");
				outcome = outcome(child);
			}
			while (outcome.startsWith("EXPIRED ") && System.nanoTime() < deadline);
			assertThat(outcome).as("ids flow again once the database is back").startsWith("INSERTED ");
			batches++;
			child.finish("release", "RELEASED");
			assertThat(this.shared.queryLong("SELECT COUNT(*) FROM " + LeaseHolderProcess.IDS_TABLE))
				.as("every id inserted, no duplicate key").isEqualTo(batches * IDS_PER_BATCH);
			assertThat(this.shared.queryLong("SELECT COUNT(*) FROM " + LeaseHolderProcess.LEASE_TABLE
					+ " WHERE lease_end > 0")).as("released at the end").isZero();
		}
	}

	/** The child's answer to "more" after its RENEWALS line: INSERTED or EXPIRED. */
	private static String outcome(ChildJvm child) throws InterruptedException {
		String line = child.expect("");
		while (!line.startsWith("EXPIRED ") && !line.startsWith("INSERTED ")) {
			line = child.expect("");
		}
		return line;
	}
}
