package io.snowflakeid.worker;

import java.sql.SQLException;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Level;

import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.spi.LocalNodes;
import io.snowflakeid.testing.FaultyConnections;
import io.snowflakeid.testing.LogCapture;
import io.snowflakeid.testing.ManualScheduler;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A held lease's renewals and its release, as operators see them: a failing renewal is logged and retried every
 * second (not in a tight loop), a lost lease is an error in the log and frees its node in this JVM; a release that
 * loses a serialization race is retried, one that cannot happen is logged, one from an interrupted thread still
 * happens; and the owner a lease writes names this process.
 */
class LeaseRenewalAndReleaseTests extends LeaseTableTestSupport {

	/** Four worker ids per datacenter, and an epoch no other test class uses, so the JVM-wide nodes are ours. */
	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.builder().epoch(Instant.parse("2020-02-05T00:00:00Z"))
		.timestampBits(41).datacenterBits(5).workerBits(2).sequenceBits(15).build();

	LeaseRenewalAndReleaseTests() {
		super(LAYOUT, "lease-renewal-release");
	}

	// --- renewals and the loss of the lease

	@Test
	void aLostLeaseIsLoggedAsAnErrorAndFreesTheNodeInThisJvm() throws Exception {
		try (LogCapture log = LogCapture.of(WorkerLease.class)) {
			WorkerLease lease = acquire(settings(this.connections).scheduler(new ManualScheduler()).build());
			sql("update snowflake_worker_lease set instance_id = 'clone' where worker_id = " + lease.workerId());
			lease.renew();
			assertThat(lease.isLost()).isTrue();
			assertThat(lease.isValid()).isFalse();
			assertThat(LocalNodes.inUse(LAYOUT, 0, lease.workerId())).isFalse();
			assertThat(log.has(Level.SEVERE, "Lost the lease")).as("operators are alerted").isTrue();
		}
	}

	@Test
	void failingRenewalsAreLoggedAndRetriedEverySecondNotInATightLoop() throws Exception {
		try (LogCapture log = LogCapture.of(WorkerLease.class)) {
			WorkerLease lease = acquire(settings(this.connections).build());
			this.connections.refuseConnections(true);
			Thread.sleep(2_500); // first renewal after 1 s, then retries every second
			this.connections.refuseConnections(false);
			long failures = lease.renewalFailures();
			assertThat(failures).as(failures + " failed renewals in 2.5 s").isGreaterThanOrEqualTo(1)
				.isLessThanOrEqualTo(3);
			assertThat(log.has(Level.WARNING, "Renewing the lease of snowflake worker")).isTrue();
		}
	}

	// --- the release, and who holds the row

	@Test
	void aReleaseThatDoesNotHappenIsLogged() throws Exception {
		try (LogCapture log = LogCapture.of(WorkerLease.class)) {
			WorkerLease taken = acquire(settings(this.connections).scheduler(new ManualScheduler()).build());
			sql("update snowflake_worker_lease set instance_id = 'other' where worker_id = " + taken.workerId());
			taken.close();
			assertThat(log.has(Level.WARNING, "was not released")).as("the row no longer carries our token").isTrue();
			WorkerLease unreachable = acquire(settings(this.connections).scheduler(new ManualScheduler()).build());
			this.connections.refuseConnections(true);
			unreachable.close();
			assertThat(log.has(Level.WARNING, "Could not release snowflake worker")).isTrue();
		}
	}

	@Test
	void closingFromAnInterruptedThreadStillReleasesAndKeepsTheInterrupt() throws Exception {
		WorkerLease lease = acquire(settings(this.connections).build());
		Thread.currentThread().interrupt();
		try {
			lease.close();
			assertThat(Thread.currentThread().isInterrupted()).as("the caller's interrupt is kept").isTrue();
		}
		finally {
			Thread.interrupted();
		}
		assertThat(queryLong("select lease_end from snowflake_worker_lease where worker_id = " + lease.workerId()))
			.isEqualTo(0);
	}

	@Test
	void aReleaseThatLosesASerializationRaceIsRetried() throws Exception {
		AtomicBoolean conflict = new AtomicBoolean(true);
		ConnectionSource racing = FaultyConnections.on(this.database).beforeStatements((sql) -> {
			if (sql.contains("SET lease_end = 0") && conflict.getAndSet(false)) {
				throw new SQLException("could not serialize access", "40001");
			}
		});
		WorkerLease lease = acquire(settings(racing).build());
		lease.close();
		assertThat(queryLong("select lease_end from snowflake_worker_lease where worker_id = " + lease.workerId()))
			.isEqualTo(0);
	}

	@Test
	void aLeaseNamesItsOwnerProcess() {
		WorkerLease lease = acquire(settings(this.connections).build());
		assertThat(lease.owner()).contains("pid " + ProcessHandle.current().pid());
		assertThat(lease.toString())
			.contains("(datacenter 0, worker 0) in snowflake_worker_lease, owner " + lease.owner());
	}
}
