package io.snowflakeid.worker;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.testing.ManualScheduler;
import io.snowflakeid.testing.SimulatedClock;
import io.snowflakeid.testing.TestDatabase;
import org.junit.jupiter.api.AfterEach;

/**
 * What the hand-built lease schedules on simulated clocks share: a database of their own, one simulated real time
 * (wall clocks, elapsed clocks and time sources are views of it) that the test moves, leases renewed only when the
 * test says so (a manual scheduler), closed after each test.
 */
abstract class SimulatedLeaseTestSupport {

	/**
	 * Each test starts a day after the previous one: this JVM's registry remembers the last millisecond used per
	 * node, and a simulated clock starting over would find every node used "in the future".
	 */
	private static final AtomicLong DAYS = new AtomicLong();

	final TestDatabase database;

	final ConnectionSource connections;

	final SimulatedClock clock;

	private final List<WorkerLease> leases = new ArrayList<>();

	SimulatedLeaseTestSupport(String databaseName, Instant start) {
		this.database = new TestDatabase(databaseName);
		this.connections = this.database.connections();
		this.clock = new SimulatedClock(start.plus(Duration.ofDays(DAYS.incrementAndGet())).plusNanos(123_456));
	}

	@AfterEach
	void cleanUp() throws InterruptedException {
		closeLeases();
	}

	/** Closes every lease the test acquired; one already sealed by a lost renewal racing it is not what is tested. */
	final void closeLeases() {
		for (WorkerLease lease : this.leases) {
			try {
				lease.close();
			}
			catch (RuntimeException ex) {
				// already sealed, or refused: not what these tests are about
			}
		}
	}

	/** A lease on {@code source} in datacenter 0 of {@code layout}, on the simulated clock, renewed by hand. */
	WorkerLeaseSettings.Builder simSettings(SnowflakeLayout layout, ConnectionSource source) {
		return WorkerLeaseSettings.builder(source).layout(layout).datacenterId(0).timeSource(this.clock.timeSource(null))
			.clock(this.clock).scheduler(new ManualScheduler());
	}

	/** A lease closed after the test. */
	WorkerLease acquire(WorkerLeaseSettings settings) {
		return closedAfterTheTest(WorkerLease.acquire(settings));
	}

	/** {@code lease}, closed after the test. */
	WorkerLease closedAfterTheTest(WorkerLease lease) {
		this.leases.add(lease);
		return lease;
	}

	void sql(String statement) throws SQLException {
		this.database.execute(statement);
	}

	long queryLong(String query) throws SQLException {
		return this.database.queryLong(query);
	}
}
