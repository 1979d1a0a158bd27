package io.snowflakeid.worker;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.LogRecord;

import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.TimeSource;
import io.snowflakeid.spi.LocalNodes;
import io.snowflakeid.testing.FaultyConnections;
import io.snowflakeid.testing.LogCapture;
import io.snowflakeid.testing.SimulatedClock;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * How a start claims a worker id from the lease table when other instances race it or the database fails half-way:
 * a row taken or inserted by another instance at the same moment is skipped (and not held in this JVM), a take or
 * insert that committed before the connection broke is given back at once, lost races are retried and endless
 * contention is named, a refusal says why (the clock behind a mark, every pair leased) and a start that waits for
 * a mark says how long. Also the lease table's own statements: a table that exists is used without DDL rights, an
 * insert raced by another instance is a lost race, serialization failures are recognised wherever the driver
 * puts them.
 */
class LeaseClaimTests extends LeaseTableTestSupport {

	/** Four worker ids per datacenter, and an epoch no other test class uses, so the JVM-wide nodes are ours. */
	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.builder().epoch(Instant.parse("2020-02-02T00:00:00Z"))
		.timestampBits(41).datacenterBits(5).workerBits(2).sequenceBits(15).build();

	LeaseClaimTests() {
		super(LAYOUT, "lease-claim");
	}

	@Test
	void theOrderAfterALostRoundVisitsEveryPairOnceWhateverItsStartAndStride() {
		Random random = new Random(20261207);
		for (int bits = 0; bits <= 14; bits++) {
			long pairs = 1L << bits;
			for (int trial = 0; trial < 20; trial++) {
				// the extremes too: a stride of 1 and of -1 (odd), a start at the last pair, a huge odd stride
				long start = (trial == 0) ? pairs - 1 : random.nextLong(pairs);
				long stride = switch (trial) {
					case 0 -> 1;
					case 1 -> -1;
					case 2 -> Long.MAX_VALUE;
					default -> random.nextLong() | 1;
				};
				java.util.BitSet seen = new java.util.BitSet();
				for (long i = 0; i < pairs; i++) {
					long index = LeaseClaim.permuted(i, start, stride, pairs);
					assertThat(index).as("pair %d of %d (start %d, stride %d)", i, pairs, start, stride)
						.isBetween(0L, pairs - 1);
					seen.set((int) index);
				}
				assertThat(seen.cardinality()).as("pairs visited of %d (start %d, stride %d)", pairs, start, stride)
					.isEqualTo((int) pairs);
			}
		}
	}

	@Test
	void theOrderAfterALostRoundIsInvertibleUpToTheLargestLayout() {
		// 2^62 pairs (31 datacenter and 31 worker bits, the most a layout may lease) cannot be walked: the walk is
		// undone instead, with the stride's inverse modulo 2^64 (Newton's iteration), for random positions
		Random random = new Random(62);
		long pairs = 1L << 62;
		for (int trial = 0; trial < 100_000; trial++) {
			long stride = (trial == 0) ? Long.MAX_VALUE : random.nextLong() | 1;
			long inverse = stride;
			for (int n = 0; n < 6; n++) {
				inverse *= 2 - stride * inverse;
			}
			long i = random.nextLong(pairs);
			long start = random.nextLong(pairs);
			long index = LeaseClaim.permuted(i, start, stride, pairs);
			assertThat(index).isBetween(0L, pairs - 1);
			assertThat(((index - start) * inverse) & (pairs - 1)).as("position of pair %d (start %d, stride %d)", index,
					start, stride).isEqualTo(i);
		}
	}

	// --- claiming under races and failures

	@Test
	void aNewRowInsertedByAnotherInstanceAtTheSameMomentMakesThisOneTakeTheNext() throws Exception {
		sql(new LeaseTable(LeaseTable.DEFAULT_NAME).createStatement());
		AtomicBoolean raced = new AtomicBoolean();
		ConnectionSource racing = FaultyConnections.on(this.database).beforeStatements((sql) -> {
			if (sql.startsWith("INSERT") && raced.compareAndSet(false, true)) {
				sql("insert into snowflake_worker_lease values (0, 0, 'other', 'o', "
						+ (System.currentTimeMillis() + 60_000) + ", 0)");
			}
		});
		WorkerLease lease = acquire(settings(racing).build());
		assertThat(lease.workerId()).isEqualTo(1);
		assertThat(LocalNodes.inUse(LAYOUT, 0, 0)).as("the node lost to the other instance is not held in this JVM")
			.isFalse();
		assertThat(LocalNodes.inUse(LAYOUT, 0, 1)).isTrue();
	}

	/**
	 * A crowd starting at once fills the never-used pairs lowest first. A claimant that tried the lowest pairs of its
	 * own read in every round lost each of them (here another instance inserts the lowest never-used pair just before
	 * each of this one's inserts): 160 races in 20 rounds, start refused with 1,000 pairs free. After a lost round a
	 * claimant tries the pairs in an order of its own, and starts.
	 */
	@Test
	void aClaimantBehindACrowdFillingPairsLowestFirstStartsInsteadOfLosingEveryRound() throws Exception {
		SnowflakeLayout layout = SnowflakeLayout.builder().epoch(Instant.parse("2020-02-03T00:00:00Z"))
			.timestampBits(41).datacenterBits(5).workerBits(5).sequenceBits(12).build();
		sql(new LeaseTable(LeaseTable.DEFAULT_NAME).createStatement());
		AtomicInteger crowd = new AtomicInteger(); // the crowd's next pair: it fills them lowest first
		ConnectionSource behindTheCrowd = FaultyConnections.on(this.database).beforeStatements((sql) -> {
			if (sql.startsWith("INSERT")) {
				int pair = crowd.getAndIncrement();
				sql("insert into snowflake_worker_lease values (" + (pair / 32) + ", " + (pair % 32) + ", 'crowd', 'c', "
						+ (System.currentTimeMillis() + 60_000) + ", 0)");
			}
		});
		WorkerLease lease = acquire(WorkerLeaseSettings.builder(behindTheCrowd).layout(layout)
			.duration(Duration.ofSeconds(3)).safetyMargin(Duration.ofSeconds(1)).claimOrder(new Random(7)).build());
		assertThat(crowd.get()).as("inserts tried: the first round's 8 lowest, all lost, then the second round's")
			.isBetween(9, 16);
		assertThat(lease.datacenterId() * 32 + lease.workerId()).as("a pair the crowd had not reached")
			.isGreaterThanOrEqualTo(crowd.get());
	}

	@Test
	void aTakeThatCommittedBeforeTheConnectionBrokeGivesTheRowBack() throws Exception {
		sql(new LeaseTable(LeaseTable.DEFAULT_NAME).createStatement());
		sql("insert into snowflake_worker_lease values (0, 0, null, null, 0, 0)");
		AtomicBoolean broken = new AtomicBoolean(true);
		ConnectionSource breaking = FaultyConnections.on(this.database).afterStatements((sql) -> {
			if (sql.contains("SET owner") && broken.getAndSet(false)) {
				throw new SQLException("connection reset (simulated, after the commit)", "08006");
			}
		});
		assertThatExceptionOfType(WorkerLeaseException.class).isThrownBy(() -> acquire(settings(breaking).build()))
			.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo(WorkerLeaseException.Reason.DATABASE_UNAVAILABLE));
		assertThat(queryLong("select lease_end from snowflake_worker_lease where worker_id = 0"))
			.as("the row is free again at once, not blocked until its lease end")
			.isEqualTo(0);
		assertThat(LocalNodes.inUse(LAYOUT, 0, 0)).isFalse();
		assertThat(acquire(settings(this.connections).build()).workerId()).isEqualTo(0);
	}

	@Test
	void anInsertThatCommittedBeforeTheConnectionBrokeGivesTheRowBack() throws Exception {
		sql(new LeaseTable(LeaseTable.DEFAULT_NAME).createStatement());
		AtomicBoolean broken = new AtomicBoolean(true);
		ConnectionSource breaking = FaultyConnections.on(this.database).afterStatements((sql) -> {
			if (sql.startsWith("INSERT") && broken.getAndSet(false)) {
				throw new SQLException("connection reset (simulated, after the commit)", "08006");
			}
		});
		assertThatExceptionOfType(WorkerLeaseException.class).isThrownBy(() -> acquire(settings(breaking).build()));
		assertThat(queryLong("select lease_end from snowflake_worker_lease where worker_id = 0")).isEqualTo(0);
		assertThat(LocalNodes.inUse(LAYOUT, 0, 0)).isFalse();
	}

	@Test
	void aSerializationFailureReadingTheTableIsRetriedAndEndlessContentionIsNamed() throws Exception {
		AtomicInteger failReads = new AtomicInteger(1);
		ConnectionSource contended = FaultyConnections.on(this.database).beforeStatements((sql) -> {
			if (sql.startsWith("SELECT datacenter_id") && failReads.getAndDecrement() > 0) {
				throw new SQLException("could not serialize access", "40001");
			}
		});
		assertThat(acquire(settings(contended).build()).workerId()).as("one lost race: read again").isEqualTo(0);
		failReads.set(Integer.MAX_VALUE);
		assertThatExceptionOfType(WorkerLeaseException.class).isThrownBy(() -> acquire(settings(contended).build()))
			.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo(WorkerLeaseException.Reason.CONTENTION))
			.withMessageContaining("other instances won 20 races for the same rows in 20 rounds");
	}

	@Test
	void aRefusalSaysHowFarTheClockIsBehindAndWhenTheFirstHeldLeaseEnds() throws Exception {
		SimulatedClock clock = new SimulatedClock(Instant.ofEpochMilli(System.currentTimeMillis()));
		long now = clock.now().toEpochMilli();
		long busyUntil = System.currentTimeMillis() + 60_000;
		sql(new LeaseTable(LeaseTable.DEFAULT_NAME).createStatement());
		sql("insert into snowflake_worker_lease values (0, 0, null, null, 0, " + (now + 5_000) + ")");
		for (int worker = 1; worker < 4; worker++) {
			sql("insert into snowflake_worker_lease values (0, " + worker + ", 'busy', 'b', " + (busyUntil + worker)
					+ ", 0)");
		}
		assertThatExceptionOfType(WorkerLeaseException.class)
			.isThrownBy(() -> acquire(settings(this.connections).timeSource(clock).build()))
			.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo(WorkerLeaseException.Reason.CLOCK_BEHIND))
			.withMessageContaining("in 5001 ms by this host's clock")
			.withMessageContaining("The first lease to end without renewal ends at " + Instant.ofEpochMilli(busyUntil + 1)
					+ ", usable from " + Instant.ofEpochMilli(busyUntil + 1 + 1_000));
	}

	@Test
	void aStartThatFailsAfterTheClaimGivesTheWorkerIdBack() throws Exception {
		for (int failingRead : new int[] { 3, 4 }) { // building the generator; waiting for its first tick
			AtomicInteger reads = new AtomicInteger();
			TimeSource failing = () -> {
				if (reads.incrementAndGet() == failingRead) {
					throw new IllegalStateException("time source failed (simulated)");
				}
				return System.currentTimeMillis() * 1_000_000L;
			};
			assertThatExceptionOfType(IllegalStateException.class)
				.isThrownBy(() -> acquire(settings(this.connections).timeSource(failing).build()));
			assertThat(queryLong("select lease_end from snowflake_worker_lease where worker_id = 0"))
				.as("read " + failingRead + ": the row is free again")
				.isEqualTo(0);
			assertThat(LocalNodes.inUse(LAYOUT, 0, 0)).isFalse();
		}
		assertThat(acquire(settings(this.connections).build()).workerId()).isEqualTo(0);
	}

	@Test
	void aRowTakenByAnotherInstanceBetweenReadAndUpdateIsSkippedAndNotHeldInThisJvm() throws Exception {
		sql(new LeaseTable(LeaseTable.DEFAULT_NAME).createStatement());
		sql("insert into snowflake_worker_lease values (0, 0, null, null, 0, 0)");
		AtomicBoolean raced = new AtomicBoolean();
		ConnectionSource racing = FaultyConnections.on(this.database).beforeStatements((sql) -> {
			if (sql.contains("SET owner") && raced.compareAndSet(false, true)) {
				sql("update snowflake_worker_lease set owner = 'other', instance_id = 'o', lease_end = "
						+ (System.currentTimeMillis() + 60_000) + ", high_water_mark = 5 where worker_id = 0");
			}
		});
		WorkerLease lease = acquire(settings(racing).build());
		assertThat(lease.workerId()).as("the race for (0,0) is lost: a new row instead").isEqualTo(1);
		assertThat(LocalNodes.inUse(LAYOUT, 0, 0)).isFalse();
	}

	@Test
	void withoutAFixedDatacenterTheRefusalCountsEveryPair() {
		SnowflakeLayout tiny = SnowflakeLayout.builder().epoch(Instant.parse("2020-02-04T00:00:00Z")).timestampBits(41)
			.datacenterBits(1).workerBits(1).sequenceBits(20).build();
		WorkerLeaseSettings anyDatacenter = WorkerLeaseSettings.builder(this.connections).layout(tiny)
			.duration(Duration.ofSeconds(3)).build();
		for (int i = 0; i < 4; i++) {
			acquire(anyDatacenter);
		}
		assertThatExceptionOfType(WorkerLeaseException.class).isThrownBy(() -> acquire(anyDatacenter))
			.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo(WorkerLeaseException.Reason.ALL_WORKERS_LEASED))
			.withMessageContaining("All 4 (datacenter, worker) pairs are leased")
			.withMessageContaining("capacity 4 = 2^1 datacenter bits x 2^1 worker bits");
	}

	@Test
	void aStartThatWaitsForThePreviousMarkSaysHowLong() throws Exception {
		SimulatedClock clock = new SimulatedClock(Instant.ofEpochMilli(System.currentTimeMillis()));
		long mark = clock.now().toEpochMilli() + 400;
		sql(new LeaseTable(LeaseTable.DEFAULT_NAME).createStatement());
		sql("insert into snowflake_worker_lease values (0, 0, null, null, 0, " + mark + ")");
		for (int worker = 1; worker < 4; worker++) {
			sql("insert into snowflake_worker_lease values (0, " + worker + ", 'busy', 'b', "
					+ (System.currentTimeMillis() + 60_000) + ", 0)");
		}
		try (LogCapture log = LogCapture.of(WorkerLease.class)) {
			acquire(settings(this.connections).timeSource(clock).build());
			LogRecord waiting = log.records().stream()
				.filter((r) -> String.valueOf(r.getMessage()).startsWith("Clock is {0} ms behind"))
				.findFirst()
				.orElseThrow();
			assertThat(waiting.getParameters()[0]).isEqualTo(401L);
		}
	}

	// --- the lease table's statements

	@Test
	void serializationFailuresAreRecognisedWhereverTheDriverPutsThem() {
		SQLException wrapped = new SQLException("batch failed", "HY000", new SQLException("conflict", "40001"));
		assertThat(LeaseTable.isSerializationFailure(wrapped)).as("in the cause").isTrue();
		SQLException chained = new SQLException("batch failed", "HY000");
		chained.setNextException(new SQLException("deadlock detected", "40P01"));
		assertThat(LeaseTable.isSerializationFailure(chained)).as("in the next exception").isTrue();
		assertThat(LeaseTable.isSerializationFailure(new SQLException("Record has changed", "HY000", 1020))).isTrue();
		assertThat(LeaseTable.isSerializationFailure(new SQLException("Timeout trying to lock table", "HYT00", 50200,
				new SQLException("Concurrent update in table \"SNOWFLAKE_WORKER_LEASE\"", "90131", 90131))))
			.as("embedded H2: an insert timing out on another session's uncommitted insert of the key").isTrue();
		assertThat(LeaseTable.isSerializationFailure(new SQLException("Timeout trying to lock table", "HYT00", 50200)))
			.as("a lock timeout alone").isFalse();
		assertThat(LeaseTable.isSerializationFailure(new SQLException("another database's 90131", "HY000", 90131)))
			.isFalse();
		SQLException other = new SQLException("batch failed", "HY000");
		other.setNextException(new SQLException("duplicate key", "23505"));
		assertThat(LeaseTable.isSerializationFailure(other)).isFalse();
		assertThat(LeaseTable.isSerializationFailure(new SQLException("no state"))).isFalse();
	}

	@Test
	void aTableThatExistsIsUsedEvenIfCreatingItIsRefused() throws Exception {
		LeaseTable table = new LeaseTable("refused_create");
		ConnectionSource noDdl = FaultyConnections.on(this.database).beforeStatements((sql) -> {
			if (sql.startsWith("CREATE")) {
				throw new SQLException("permission denied for schema public", "42501");
			}
		});
		try (Connection connection = noDdl.getConnection()) {
			assertThat(table.exists(connection)).isFalse();
			assertThatExceptionOfType(SQLException.class).isThrownBy(() -> table.createIfMissing(connection))
				.satisfies((refused) -> assertThat(refused.getSQLState())
					.as("no table, no privilege: the database's own error")
					.isEqualTo("42501"));
		}
		sql(table.createStatement());
		try (Connection connection = noDdl.getConnection()) {
			assertThat(table.exists(connection)).isTrue();
			table.createIfMissing(connection);
		}
	}

	@Test
	void insertingARowAnotherInstanceCreatedFirstIsALostRaceNotAnError() throws Exception {
		LeaseTable table = new LeaseTable("race_insert");
		sql(table.createStatement());
		try (Connection connection = this.database.connection()) {
			assertThat(table.insertNew(connection, 0, 0, "a", "t1", 1, 1)).isTrue();
			assertThat(table.insertNew(connection, 0, 0, "b", "t2", 1, 1)).isFalse();
		}
		try (Connection connection = this.database.connection()) {
			sql("drop table race_insert");
			assertThatExceptionOfType(SQLException.class)
				.isThrownBy(() -> table.insertNew(connection, 0, 1, "c", "t3", 1, 1));
		}
	}
}
