package io.snowflakeid.it;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.WorkerLeaseExpiredException;
import io.snowflakeid.testing.ManualScheduler;
import io.snowflakeid.worker.ConnectionSource;
import io.snowflakeid.worker.WorkerLease;
import io.snowflakeid.worker.WorkerLeaseException;
import io.snowflakeid.worker.WorkerLeaseSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The life of a lease on each real database: the mark written at claim, a free row with a mark ahead that does not
 * block the others, restarts after renewals that start at once, and close() racing renewals.
 */
class WorkerLeaseLifecycleTests {

	private static final String TABLE = "snowflake_lease_lifecycle";

	/** Four workers in datacenter 0; its own epoch so that no other test of this JVM shares its nodes. */
	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.builder().timestampBits(41).datacenterBits(5)
		.workerBits(2).sequenceBits(15).epoch(Instant.parse("2020-01-01T00:00:00.011Z")).build();

	private final List<WorkerLease> leases = new ArrayList<>();

	/** Each lease's renewal scheduler, advanced by hand: the test plays the renewal thread. */
	private final Map<WorkerLease, ManualScheduler> schedulers = new IdentityHashMap<>();

	private TestDatabase database;

	private String url;

	static List<TestDatabase> databases() {
		return TestDatabase.enabled();
	}

	@AfterEach
	void closeLeases() {
		this.leases.forEach(WorkerLease::close);
	}

	private void prepare(TestDatabase database) throws SQLException {
		this.database = database;
		this.url = database.url();
		sql("DROP TABLE IF EXISTS " + TABLE);
	}

	private WorkerLease acquire() {
		ConnectionSource connections = () -> this.database.connect(this.url);
		ManualScheduler scheduler = new ManualScheduler();
		WorkerLease lease = WorkerLease.acquire(WorkerLeaseSettings.builder(connections)
			.tableName(TABLE).layout(LAYOUT).datacenterId(0).duration(Duration.ofSeconds(3))
			.safetyMargin(Duration.ofSeconds(1)).scheduler(scheduler).build());
		this.leases.add(lease);
		this.schedulers.put(lease, scheduler);
		return lease;
	}

	/** Runs the lease's pending renewal now, in this thread (what its renewal thread would do when due). */
	private void renewNow(WorkerLease lease) {
		this.schedulers.get(lease).runPending();
	}

	private void sql(String statement) throws SQLException {
		try (Connection connection = this.database.connect(this.url); Statement s = connection.createStatement()) {
			s.execute(statement);
		}
	}

	private long queryLong(String query) throws SQLException {
		try (Connection connection = this.database.connect(this.url);
				ResultSet result = connection.createStatement().executeQuery(query)) {
			assertThat(result.next()).as(query).isTrue();
			return result.getLong(1);
		}
	}

	private long mark(int worker) throws SQLException {
		return queryLong("SELECT high_water_mark FROM " + TABLE + " WHERE worker_id = " + worker);
	}

	@ParameterizedTest
	@MethodSource("databases")
	void theMarkIsWrittenAtClaimAndAFreeRowWithAMarkAheadBlocksNoOne(TestDatabase database) throws Exception {
		prepare(database);
		long before = System.currentTimeMillis();
		WorkerLease first = acquire();
		assertThat(mark(first.workerId())).as("mark written at claim: now + lease").isGreaterThanOrEqualTo(before + 2_950);
		first.close();
		// Row 0 now free with a mark 10 s ahead (a host whose clock ran ahead); row 1 free with a mark long past.
		sql("UPDATE " + TABLE + " SET high_water_mark = " + (System.currentTimeMillis() + 10_000) + " WHERE worker_id = 0");
		sql("INSERT INTO " + TABLE + " (datacenter_id, worker_id, owner, instance_id, lease_end, high_water_mark)"
				+ " VALUES (0, 1, NULL, NULL, 0, 0)");
		assertThat(acquire().workerId()).isEqualTo(1);
		assertThat(acquire().workerId()).isEqualTo(2);
		assertThat(acquire().workerId()).isEqualTo(3);
		assertThatThrownBy(this::acquire).isInstanceOfSatisfying(WorkerLeaseException.class,
				(ex) -> assertThat(ex.getReason()).isEqualTo(WorkerLeaseException.Reason.CLOCK_BEHIND));
	}

	@ParameterizedTest
	@MethodSource("databases")
	void aRestartAfterRenewalsIsInstantAndContinuesAbove(TestDatabase database) throws Exception {
		prepare(database);
		long last = 0;
		int worker = -1;
		for (int restart = 0; restart < 5; restart++) {
			long started = System.nanoTime();
			WorkerLease lease = acquire();
			assertThat(lease.startWaitMillis()).as("restart %d waited for no mark", restart).isZero();
			assertThat((System.nanoTime() - started) / 1_000_000).as("restart %d starts at once", restart)
				.isLessThan(10_000);
			if (worker >= 0) {
				assertThat(lease.workerId()).as("the released row is reused").isEqualTo(worker);
			}
			worker = lease.workerId();
			for (int renewal = 0; renewal < 3; renewal++) {
				renewNow(lease);
				long id = lease.generator().nextId();
				assertThat(id).isGreaterThan(last);
				last = id;
			}
			assertThat(lease.renewals()).isEqualTo(3);
			lease.close();
			assertThat(mark(worker)).as("the exact mark").isLessThanOrEqualTo(System.currentTimeMillis());
		}
	}

	@ParameterizedTest
	@MethodSource("databases")
	void closeRacingRenewalsNeverLetsAnIdThroughAboveTheStoredMark(TestDatabase database) throws Exception {
		prepare(database);
		for (int round = 0; round < 15; round++) {
			WorkerLease lease = acquire();
			AtomicLong lastIssued = new AtomicLong();
			Thread issuer = new Thread(() -> {
				try {
					for (;;) {
						lastIssued.accumulateAndGet(lease.generator().nextId(), Math::max);
					}
				}
				catch (WorkerLeaseExpiredException stopped) {
					// by close
				}
			});
			Thread renewer = new Thread(() -> {
				for (int i = 0; i < 5; i++) {
					renewNow(lease);
				}
			});
			issuer.start();
			renewer.start();
			Thread.sleep(round % 5);
			lease.close();
			renewer.join();
			issuer.join(10_000);
			assertThat(issuer.isAlive()).isFalse();
			assertThat(queryLong("SELECT lease_end FROM " + TABLE + " WHERE worker_id = " + lease.workerId()))
				.as("round %d: released", round).isZero();
			if (lastIssued.get() != 0) {
				assertThat(LAYOUT.decode(lastIssued.get()).timestamp().toEpochMilli())
					.as("round %d: no id above the stored mark", round).isLessThanOrEqualTo(mark(lease.workerId()));
			}
		}
	}
}
