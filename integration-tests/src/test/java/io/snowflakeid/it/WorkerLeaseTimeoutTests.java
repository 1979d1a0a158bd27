package io.snowflakeid.it;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;

import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.worker.ConnectionSource;
import io.snowflakeid.worker.WorkerLease;
import io.snowflakeid.worker.WorkerLeaseSettings;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every lease statement is bounded: a renewal stuck behind a lock held by someone else (a long transaction, a
 * hung session) is cancelled by its query timeout and retried, instead of freezing the only renewal thread, and
 * close() returns within a bound even then.
 */
class WorkerLeaseTimeoutTests {

	private static final String TABLE = "snowflake_lease_timeout";

	static java.util.List<TestDatabase> databases() {
		return TestDatabase.enabled();
	}

	@ParameterizedTest
	@MethodSource("databases")
	void aRenewalBlockedByALockIsCancelledAndRetriedAndCloseIsBounded(TestDatabase database) throws Exception {
		String url = database.url();
		ConnectionSource connections = () -> database.connect(url);
		try (Connection connection = database.connect(url); Statement statement = connection.createStatement()) {
			statement.execute("DROP TABLE IF EXISTS " + TABLE);
		}
		SnowflakeLayout layout = SnowflakeLayout.builder().timestampBits(41).datacenterBits(5).workerBits(3)
			.sequenceBits(14).epoch(Instant.parse("2020-01-01T00:00:00.007Z")).build();
		// 6 s lease: renewals every 2 s, each statement bounded by 1 s.
		WorkerLease lease = WorkerLease.acquire(WorkerLeaseSettings.builder(connections)
			.tableName(TABLE).layout(layout).datacenterId(0).duration(Duration.ofSeconds(6)).build());
		try {
			try (Connection locker = database.connect(url)) {
				locker.setAutoCommit(false);
				try (Statement statement = locker.createStatement();
						ResultSet locked = statement.executeQuery("SELECT lease_end FROM " + TABLE
								+ " WHERE datacenter_id = 0 AND worker_id = " + lease.workerId() + " FOR UPDATE")) {
					assertThat(locked.next()).isTrue();
				}
				long deadline = System.currentTimeMillis() + 8_000;
				while (lease.renewalFailures() == 0 && System.currentTimeMillis() < deadline) {
					Thread.sleep(50);
				}
				assertThat(lease.renewalFailures()).as("the blocked renewal timed out instead of hanging")
					.isGreaterThanOrEqualTo(1);
				assertThat(lease.isValid()).as("ids still flow while the permit lasts").isTrue();
				locker.rollback();
			}
			long renewalsBefore = lease.renewals();
			long deadline = System.currentTimeMillis() + 8_000;
			while (lease.renewals() == renewalsBefore && System.currentTimeMillis() < deadline) {
				Thread.sleep(50);
			}
			assertThat(lease.renewals()).as("renewals resume once the lock is gone").isGreaterThan(renewalsBefore);
			assertThat(lease.isLost()).isFalse();
			lease.generator().nextId();

			try (Connection locker = database.connect(url)) {
				locker.setAutoCommit(false);
				try (Statement statement = locker.createStatement();
						ResultSet locked = statement.executeQuery("SELECT lease_end FROM " + TABLE
								+ " WHERE datacenter_id = 0 AND worker_id = " + lease.workerId() + " FOR UPDATE")) {
					assertThat(locked.next()).isTrue();
				}
				long started = System.nanoTime();
				lease.close();
				long closeMillis = (System.nanoTime() - started) / 1_000_000;
				assertThat(closeMillis).as("close() is bounded even when its UPDATE is blocked").isLessThan(6_000);
				locker.rollback();
			}
		}
		finally {
			lease.close();
		}
	}
}
