package io.snowflakeid.worker;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.WorkerLeaseExpiredException;
import io.snowflakeid.testing.FaultyConnections;
import io.snowflakeid.testing.LogCapture;
import io.snowflakeid.spi.LeaseClock;
import io.snowflakeid.testing.ManualScheduler;
import io.snowflakeid.testing.SimulatedClock;
import io.snowflakeid.testing.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class WorkerLeaseTests {

	/** Four worker ids in datacenter 0: small enough to run out. */
	private static final SnowflakeLayout FOUR_WORKERS = SnowflakeLayout.builder().timestampBits(41).datacenterBits(5)
		.workerBits(2).sequenceBits(15).build();

	private final TestDatabase database = new TestDatabase("lease");

	/** The lease's connections; the database down while they are refused. */
	private final FaultyConnections connections = FaultyConnections.on(this.database);

	private final List<WorkerLease> leases = new ArrayList<>();

	@AfterEach
	void closeLeases() {
		this.connections.refuseConnections(false);
		this.leases.forEach(WorkerLease::close);
	}

	private WorkerLeaseSettings.Builder settings() {
		return WorkerLeaseSettings.builder(this.connections).layout(FOUR_WORKERS).datacenterId(0)
			.duration(Duration.ofSeconds(3)).safetyMargin(Duration.ofSeconds(1));
	}

	private WorkerLease acquire(WorkerLeaseSettings settings) {
		WorkerLease lease = WorkerLease.acquire(settings);
		this.leases.add(lease);
		return lease;
	}

	/**
	 * A lease table in this JVM's memory gives every instance worker 0 of its own table: said once, as a warning
	 * naming the URL (a ported application kept the in-memory H2 of a tutorial and ran two instances).
	 */
	@Test
	void aLeaseFromAnInMemoryDatabaseWarnsOnceThatEveryJvmHasItsOwnTable() {
		List<String> warnings;
		try (LogCapture log = LogCapture.of(DurabilityCheck.class)) {
			acquire(settings().build()).close();
			acquire(settings().build()).close();
			warnings = log.messages(java.util.logging.Level.WARNING).stream()
				.filter((message) -> message.contains("in-memory database"))
				.toList();
		}
		assertThat(warnings).as("once per database").hasSize(1);
		String url = this.database.url();
		assertThat(warnings.get(0)).contains(url.substring(0, url.indexOf(';')), "the same worker id");
	}

	private void sql(String statement) throws SQLException {
		this.database.execute(statement);
	}

	private long queryLong(String query) throws SQLException {
		return this.database.queryLong(query);
	}

	@Test
	void concurrentLeasesGetDistinctWorkerIdsAndIdsOfTheirOwn() {
		Set<Integer> workers = new HashSet<>();
		for (int i = 0; i < 4; i++) {
			WorkerLease lease = acquire(settings().build());
			assertThat(workers.add(lease.workerId())).as("worker " + lease.workerId() + " leased twice").isTrue();
			assertThat(lease.generator().decode(lease.generator().nextId()).workerId()).isEqualTo(lease.workerId());
			assertThat(lease.isValid()).isTrue();
		}
		assertThat(workers).isEqualTo(Set.of(0, 1, 2, 3));
	}

	@Test
	void allWorkerIdsTakenIsAClearErrorWithCapacityAndHowToWiden() {
		for (int i = 0; i < 4; i++) {
			acquire(settings().build());
		}
		assertThatExceptionOfType(WorkerLeaseException.class).isThrownBy(() -> acquire(settings().build()))
			.withMessageContaining("All 4 worker ids of datacenter 0 are leased")
			.withMessageContaining("capacity 4 = 2^2 worker bits")
			.withMessageContaining("snowflake.layout.worker-bits");
	}

	@Test
	void closeReleasesTheWorkerIdAtOnceAndRecordsTheHighWaterMark() throws Exception {
		WorkerLease first = acquire(settings().build());
		long lastId = first.generator().nextId();
		first.close();
		assertThatExceptionOfType(WorkerLeaseExpiredException.class).as("a released lease issues nothing")
			.isThrownBy(first.generator()::nextId);
		assertThat(queryLong("select lease_end from snowflake_worker_lease where worker_id = " + first.workerId()))
			.isEqualTo(0);
		long highWaterMark = queryLong(
				"select high_water_mark from snowflake_worker_lease where worker_id = " + first.workerId());
		assertThat(highWaterMark).isGreaterThanOrEqualTo(FOUR_WORKERS.decode(lastId).timestamp().toEpochMilli());
		WorkerLease second = acquire(settings().build());
		assertThat(second.workerId()).as("the released id is reused at once").isEqualTo(first.workerId());
		assertThat(second.generator().nextId()).as("the next holder continues after the high-water mark")
			.isGreaterThan(lastId);
	}

	@Test
	void crashedHoldersIdReturnsOnlyAfterLeaseEndPlusSafetyMargin() throws Exception {
		long now = System.currentTimeMillis();
		sql(new LeaseTable(LeaseTable.DEFAULT_NAME).createStatement());
		// worker 0: a crashed holder whose lease ended 200 ms ago (inside the 1 s margin); worker 1: long expired
		sql("insert into snowflake_worker_lease values (0, 0, 'crashed', 'x', " + (now - 200) + ", " + (now - 300) + ")");
		sql("insert into snowflake_worker_lease values (0, 1, 'crashed', 'y', " + (now - 5_000) + ", " + (now - 5_100) + ")");
		WorkerLease lease = acquire(settings().build());
		assertThat(lease.workerId()).as("an id whose lease ended within the safety margin is not reused").isEqualTo(1);
		WorkerLease next = acquire(settings().build());
		assertThat(next.workerId()).as("a never-used id before the one still in its margin").isEqualTo(2);
	}

	@Test
	void clockSlightlyBehindTheHighWaterMarkWaitsThenIssuesAfterIt() throws Exception {
		SimulatedClock clock = new SimulatedClock(Instant.now());
		long highWaterMark = clock.now().toEpochMilli() + 400;
		sql(new LeaseTable(LeaseTable.DEFAULT_NAME).createStatement());
		sql("insert into snowflake_worker_lease values (0, 0, null, null, 0, " + highWaterMark + ")");
		sql("insert into snowflake_worker_lease values (0, 1, 'busy', 'b', " + (System.currentTimeMillis() + 60_000)
				+ ", 0)");
		sql("insert into snowflake_worker_lease values (0, 2, 'busy', 'b', " + (System.currentTimeMillis() + 60_000)
				+ ", 0)");
		sql("insert into snowflake_worker_lease values (0, 3, 'busy', 'b', " + (System.currentTimeMillis() + 60_000)
				+ ", 0)");
		WorkerLease lease = acquire(settings().timeSource(clock).clockTolerance(Duration.ofSeconds(1)).build());
		assertThat(lease.workerId()).isEqualTo(0);
		assertThat(clock.now().toEpochMilli()).as("waited for the clock to pass the high-water mark")
			.isGreaterThan(highWaterMark);
		assertThat(lease.startWaitMillis()).as("the wait for the mark, 400 ms ahead, as reported").isBetween(400L,
				1_000L);
		long id = lease.generator().nextId();
		assertThat(FOUR_WORKERS.decode(id).timestamp().toEpochMilli()).isGreaterThan(highWaterMark);
	}

	@Test
	void clockFarBehindTheMarkOfTheOnlyFreeRowRefusesNamingWhenItIsUsable() throws Exception {
		long highWaterMark = System.currentTimeMillis() + 5_000;
		long busy = System.currentTimeMillis() + 60_000;
		sql(new LeaseTable(LeaseTable.DEFAULT_NAME).createStatement());
		sql("insert into snowflake_worker_lease values (0, 0, null, null, 0, " + highWaterMark + ")");
		for (int worker = 1; worker < 4; worker++) {
			sql("insert into snowflake_worker_lease values (0, " + worker + ", 'busy', 'b', " + busy + ", 0)");
		}
		assertThatExceptionOfType(WorkerLeaseException.class)
			.isThrownBy(() -> acquire(settings().clockTolerance(Duration.ofSeconds(1)).build()))
			.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo(WorkerLeaseException.Reason.CLOCK_BEHIND))
			.withMessageContaining("The earliest becomes usable at " + Instant.ofEpochMilli(highWaterMark + 1))
			.withMessageContaining("snowflake.clock-tolerance");
		assertThat(queryLong("select lease_end from snowflake_worker_lease where worker_id = 0")).isEqualTo(0);
		assertThat(queryLong("select high_water_mark from snowflake_worker_lease where worker_id = 0"))
			.as("the high-water mark is never lowered")
			.isEqualTo(highWaterMark);
	}

	@Test
	void aFreeRowWithAMarkAheadDoesNotBlockTheOthers() throws Exception {
		long now = System.currentTimeMillis();
		sql(new LeaseTable(LeaseTable.DEFAULT_NAME).createStatement());
		// Row (0,0): left by a host whose clock ran 10 s ahead. Row (0,1): free, mark long past.
		sql("insert into snowflake_worker_lease values (0, 0, null, null, 0, " + (now + 10_000) + ")");
		sql("insert into snowflake_worker_lease values (0, 1, null, null, 0, 0)");
		assertThat(acquire(settings().build()).workerId()).as("the usable free row first").isEqualTo(1);
		assertThat(acquire(settings().build()).workerId()).as("then a never-used worker id").isEqualTo(2);
		assertThat(acquire(settings().build()).workerId()).isEqualTo(3);
		assertThatExceptionOfType(WorkerLeaseException.class).isThrownBy(() -> acquire(settings().build()))
			.satisfies((ex) -> assertThat(ex.getReason()).as("only (0,0) is left, and it is not usable yet")
				.isEqualTo(WorkerLeaseException.Reason.CLOCK_BEHIND));
	}

	@Test
	void aSerializationFailureOnTheTakeMovesOnToTheNextRowWhateverTheDatabaseCallsIt() throws Exception {
		// PostgreSQL SERIALIZABLE: 40001; deadlocks: 40P01; MariaDB 11.6+ with innodb_snapshot_isolation: error 1020.
		SQLException[] failures = { new SQLException("could not serialize access", "40001"),
				new SQLException("deadlock detected", "40P01"),
				new SQLException("Record has changed since last read in table", "HY000", 1020) };
		for (SQLException failure : failures) {
			sql("drop table if exists snowflake_worker_lease");
			sql(new LeaseTable(LeaseTable.DEFAULT_NAME).createStatement());
			sql("insert into snowflake_worker_lease values (0, 0, null, null, 0, 0)");
			sql("insert into snowflake_worker_lease values (0, 1, null, null, 0, 0)");
			AtomicBoolean failNextTake = new AtomicBoolean(true);
			ConnectionSource racing = FaultyConnections.on(this.database).beforeStatements((sql) -> {
				if (sql.contains("SET owner") && failNextTake.getAndSet(false)) {
					throw failure; // another instance changed row (0,0) under this transaction
				}
			});
			WorkerLease lease = acquire(WorkerLeaseSettings.builder(racing).layout(FOUR_WORKERS).datacenterId(0)
				.duration(Duration.ofSeconds(3)).build());
			assertThat(lease.workerId()).as("after " + failure.getMessage() + ": the next row, not a failed start")
				.isEqualTo(1);
			lease.close();
		}
	}

	@Test
	void theMarkIsWrittenAtClaimTime() throws Exception {
		long before = System.currentTimeMillis();
		WorkerLease lease = acquire(settings().build());
		long mark = queryLong("select high_water_mark from snowflake_worker_lease where worker_id = " + lease.workerId());
		assertThat(mark).as("mark " + mark + " covers the whole first permit (now + 3 s lease)")
			.isGreaterThanOrEqualTo(before + 3_000 - 50);
		assertThat(lease.renewals()).isEqualTo(0);
	}

	@Test
	void gracefulRestartAfterRenewalsIsInstantOnTheSameWorkerAndContinuesAboveIt() throws Exception {
		WorkerLease first = acquire(settings().build());
		long last = 0;
		for (int i = 0; i < 5; i++) {
			first.renew(); // each renewal stores a mark a whole lease ahead
			last = first.generator().nextId();
		}
		assertThat(queryLong("select high_water_mark from snowflake_worker_lease where worker_id = " + first.workerId()))
			.isGreaterThan(System.currentTimeMillis() + 2_000);
		first.close();
		long exact = queryLong("select high_water_mark from snowflake_worker_lease where worker_id = " + first.workerId());
		assertThat(exact).as("close stores the exact mark: the end of the last tick used")
			.isEqualTo(FOUR_WORKERS.instantOf(FOUR_WORKERS.decode(last).timestamp().toEpochMilli()
					/ FOUR_WORKERS.tickMillis() * 0 + FOUR_WORKERS.tickOf(FOUR_WORKERS.decode(last).timestamp())).toEpochMilli()
					+ FOUR_WORKERS.tickMillis() - 1);
		long started = System.nanoTime();
		WorkerLease second = acquire(settings().build());
		long tookMillis = (System.nanoTime() - started) / 1_000_000;
		assertThat(second.workerId()).as("the released row is reused").isEqualTo(first.workerId());
		assertThat(second.startWaitMillis()).as("no wait for the renewals' marks").isEqualTo(0);
		assertThat(tookMillis).as("took " + tookMillis + " ms").isLessThan(5_000); // the marks were a whole lease ahead
		assertThat(second.generator().nextId()).isGreaterThan(last);
	}

	@Test
	void closeRacingARenewalNeverGrantsAfterCloseAndStoresAMarkAboveEveryIssuedId() throws Exception {
		for (int round = 0; round < 60; round++) {
			WorkerLease lease = acquire(settings().build());
			java.util.concurrent.atomic.AtomicLong lastIssued = new java.util.concurrent.atomic.AtomicLong();
			Thread issuer = new Thread(() -> {
				try {
					for (;;) {
						lastIssued.accumulateAndGet(lease.generator().nextId(), Math::max);
					}
				}
				catch (WorkerLeaseExpiredException expected) {
					// stopped by close
				}
			});
			Thread renewer = new Thread(() -> {
				for (int i = 0; i < 20; i++) {
					lease.renew();
				}
			});
			issuer.start();
			renewer.start();
			Thread.sleep(round % 7);
			lease.close();
			renewer.join();
			issuer.join(5_000);
			assertThat(issuer.isAlive()).as("ids stop at close, even with renewals racing it").isFalse();
			assertThat(lease.isValid()).isFalse();
			assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(lease.generator()::nextId);
			long mark = queryLong("select high_water_mark from snowflake_worker_lease where worker_id = " + lease.workerId());
			assertThat(queryLong("select lease_end from snowflake_worker_lease where worker_id = " + lease.workerId()))
				.as("released")
				.isEqualTo(0);
			if (lastIssued.get() != 0) {
				assertThat(FOUR_WORKERS.decode(lastIssued.get()).timestamp().toEpochMilli())
					.as("round " + round + ": an id above the stored mark")
					.isLessThanOrEqualTo(mark);
			}
			WorkerLease next = acquire(settings().build());
			if (next.workerId() == lease.workerId()) {
				assertThat(next.generator().nextId()).as("round " + round + ": the successor continues above")
					.isGreaterThan(lastIssued.get());
			}
			next.close();
		}
	}

	@Test
	void aSecondHolderOfTheSameTokenLosesAtItsNextRenewal() throws Exception {
		WorkerLease lease = acquire(settings().build());
		lease.generator().nextId();
		// A clone of this process renewed first: the row now carries a token this instance never saw.
		sql("update snowflake_worker_lease set instance_id = 'clone-token' where worker_id = " + lease.workerId());
		lease.renew();
		assertThat(lease.isLost()).isTrue();
		assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(lease.generator()::nextId);
	}

	@Test
	void aRenewalWhoseOutcomeWasUnknownIsRecognisedNextTime() throws Exception {
		FaultyConnections flaky = FaultyConnections.on(this.database);
		WorkerLease lease = acquire(WorkerLeaseSettings.builder(flaky).layout(FOUR_WORKERS).datacenterId(0)
			.duration(Duration.ofSeconds(3)).build());
		flaky.failNextRelease();
		lease.renew(); // committed, but this instance saw an error
		assertThat(lease.renewalFailures()).isEqualTo(1);
		lease.renew();
		assertThat(lease.isLost()).as("the token of the unknown outcome is accepted").isFalse();
		assertThat(lease.renewals()).isEqualTo(1);
		lease.close();
		assertThat(queryLong("select lease_end from snowflake_worker_lease where worker_id = " + lease.workerId()))
			.isEqualTo(0);
	}

	@Test
	void layoutsWithMoreThan31WorkerBitsAreRefusedAndWideOnesWork() {
		SnowflakeLayout wide = SnowflakeLayout.builder().timestampBits(31).datacenterBits(0).workerBits(31)
			.sequenceBits(1).tickLength(Duration.ofSeconds(1)).build();
		WorkerLease lease = acquire(WorkerLeaseSettings.builder(this.connections).layout(wide)
			.duration(Duration.ofSeconds(3)).build());
		assertThat(lease.workerId()).isEqualTo(0);
		SnowflakeLayout tooWide = SnowflakeLayout.builder().timestampBits(30).datacenterBits(0).workerBits(32)
			.sequenceBits(1).tickLength(Duration.ofSeconds(1)).build();
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> WorkerLeaseSettings.builder(this.connections).layout(tooWide).build())
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo("snowflake.layout.worker-bits"))
			.withMessageContaining("at most 31");
	}

	@Test
	void aRestartInTheMillisecondOfTheReleaseReusesTheRowEvenWithoutClockTolerance() throws Exception {
		// A frozen clock: the successor reads the table in the very millisecond the predecessor issued its last id.
		SimulatedClock clock = new SimulatedClock(Instant.parse("2031-01-01T00:00:00.000Z").plusNanos(400_000));
		WorkerLeaseSettings frozen = settings().layout(FOUR_WORKERS.toBuilder()
			.epoch(FOUR_WORKERS.epoch().plusMillis(7)).build())
			.clockTolerance(Duration.ZERO).timeSource(clock).clock(clock).scheduler(new ManualScheduler()).build();
		for (int restart = 0; restart < 3; restart++) {
			WorkerLease lease = acquire(frozen);
			assertThat(lease.workerId()).as("restart " + restart + " reuses the released row, no new row").isEqualTo(0);
			long id = lease.generator().nextId();
			lease.close();
			assertThat(frozen.layout.decode(id).timestamp()).isAfter(clock.now().minusMillis(2));
		}
		assertThat(queryLong("select count(*) from snowflake_worker_lease")).as("one row for one worker").isEqualTo(1);
	}

	/**
	 * A scheduler given to the lease runs its renewals, each a third of the lease after the permit started, and is
	 * the caller's: close() cancels what the lease left on it and does not shut it down.
	 */
	@Test
	void aGivenSchedulerRunsTheRenewalsEveryThirdOfTheLeaseAndCloseLeavesItRunning() throws Exception {
		SimulatedClock clock = new SimulatedClock(Instant.parse("2031-02-01T00:00:00.000Z"));
		ManualScheduler scheduler = ManualScheduler.on(clock);
		WorkerLease lease = acquire(settings().layout(FOUR_WORKERS.toBuilder()
			.epoch(FOUR_WORKERS.epoch().plusMillis(17)).build())
			.clock(clock).timeSource(clock).scheduler(scheduler).build());
		assertThat(scheduler.pendingCount()).as("the first renewal is scheduled").isEqualTo(1);
		assertThat(scheduler.nextDelay()).isEqualTo(Duration.ofSeconds(1));
		assertThat(scheduler.advance(Duration.ofMillis(999))).as("not due yet").isZero();
		assertThat(lease.renewals()).isZero();
		assertThat(scheduler.advance(Duration.ofMillis(1))).as("due a third of the 3 s lease on").isEqualTo(1);
		assertThat(lease.renewals()).isEqualTo(1);
		assertThat(lease.leaseEnd()).isEqualTo(clock.now().plusSeconds(3));
		assertThat(scheduler.pendingCount()).as("the next one").isEqualTo(1);
		scheduler.advance(Duration.ofSeconds(1));
		assertThat(lease.renewals()).isEqualTo(2);
		lease.close();
		assertThat(scheduler.isShutdown()).as("the caller's scheduler is not shut down").isFalse();
		assertThat(scheduler.pendingCount()).as("the lease's next renewal is cancelled").isZero();
		scheduler.advance(Duration.ofSeconds(5));
		assertThat(lease.renewals()).isEqualTo(2);
	}

	/**
	 * A scheduler that refuses the first renewal (shut down, or saturated) is a configuration error at start, naming
	 * the option: before, acquire() returned a lease that could never renew, its ids stopping a lease later with
	 * only a log line to say why. The worker id claimed is given back.
	 */
	@Test
	void aSchedulerThatRefusesTheFirstRenewalIsAClearErrorAtStartAndTheWorkerIdIsGivenBack() throws Exception {
		java.util.concurrent.ScheduledExecutorService shutDown = java.util.concurrent.Executors
			.newSingleThreadScheduledExecutor();
		shutDown.shutdown();
		java.util.concurrent.ScheduledThreadPoolExecutor saturated = new java.util.concurrent.ScheduledThreadPoolExecutor(
				1) {
			@Override
			public java.util.concurrent.ScheduledFuture<?> schedule(Runnable command, long delay,
					java.util.concurrent.TimeUnit unit) {
				throw new java.util.concurrent.RejectedExecutionException("queue full (simulated)");
			}
		};
		try {
			for (java.util.concurrent.ScheduledExecutorService refusing : List.of(shutDown, saturated)) {
				assertThatExceptionOfType(WorkerLeaseException.class)
					.isThrownBy(() -> acquire(settings().scheduler(refusing).build()))
					.satisfies((ex) -> assertThat(ex.getReason())
						.isEqualTo(WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION))
					.withMessageContaining("scheduler");
			}
			assertThat(queryLong("select count(*) from snowflake_worker_lease where lease_end > 0"))
				.as("no worker id stays claimed by a lease that could not start").isZero();
			for (int i = 0; i < 4; i++) {
				acquire(settings().build()); // all four ids free again
			}
		}
		finally {
			saturated.shutdownNow();
		}
	}

	/**
	 * The application's scheduler shut down after the start (its context closing in the wrong order): the refused
	 * renewal is an error in the log, naming the worker and when its ids stop; once the lease is closed, a refusal
	 * is expected and says nothing.
	 */
	@Test
	void aSchedulerShutDownAfterTheStartIsLoggedAsAnErrorNamingWhenTheIdsStop() {
		java.util.concurrent.ScheduledExecutorService scheduler = java.util.concurrent.Executors
			.newSingleThreadScheduledExecutor();
		WorkerLease lease = acquire(settings().scheduler(scheduler).build());
		List<java.util.logging.LogRecord> records;
		try (LogCapture log = LogCapture.of(WorkerLease.class)) {
			scheduler.shutdownNow();
			lease.renewSoon();
			lease.close();
			lease.renewSoon();
			records = log.records();
		}
		assertThat(records.stream().filter((record) -> record.getLevel() == java.util.logging.Level.SEVERE))
			.as("one error, before the close").singleElement()
			.satisfies((record) -> assertThat(record.getMessage()).contains("The scheduler refused the renewal of "
					+ "snowflake worker (datacenter 0, worker " + lease.workerId() + ")", "ids stop when the lease ends at " + lease.leaseEnd()));
	}

	/**
	 * A scheduler shared by all four leases and busy elsewhere (its renewals run late, after the leases ended and
	 * another instance took them over): every lease stops issuing at its end, and the late renewals lose to the
	 * new holders instead of extending; no id is issued twice.
	 */
	@Test
	void renewalsRunningLateOnABusySharedSchedulerLoseToTheNewHolderAndNoIdRepeats() throws Exception {
		SimulatedClock clock = new SimulatedClock(Instant.parse("2031-04-01T00:00:00.000Z"));
		SnowflakeLayout layout = FOUR_WORKERS.toBuilder().epoch(FOUR_WORKERS.epoch().plusMillis(23)).build();
		ManualScheduler shared = ManualScheduler.on(clock);
		List<WorkerLease> first = new ArrayList<>();
		Set<Long> issued = new HashSet<>();
		for (int i = 0; i < 4; i++) {
			WorkerLease lease = acquire(settings().layout(layout).clock(clock).scheduler(shared).build());
			first.add(lease);
			assertThat(issued.add(lease.generator().nextId())).isTrue();
		}
		assertThat(shared.pendingCount()).as("one renewal per lease on the shared scheduler").isEqualTo(4);
		clock.advance(Duration.ofMillis(4_500)); // the scheduler busy: no renewal ran; lease 3 s + margin 1 s over
		for (WorkerLease lease : first) {
			assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(lease.generator()::nextId);
		}
		// Another instance takes over two of the expired rows (its claim writes its own token).
		for (int i = 0; i < 2; i++) {
			sql("update snowflake_worker_lease set instance_id = 'other-" + i + "', owner = 'other' where worker_id = "
					+ first.get(i).workerId());
		}
		assertThat(shared.runPending()).as("the late renewals").isEqualTo(4);
		for (int i = 0; i < 4; i++) {
			WorkerLease lease = first.get(i);
			if (i < 2) {
				assertThat(lease.isLost()).as("taken over: lost for good").isTrue();
				assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(lease.generator()::nextId);
			}
			else {
				assertThat(lease.renewals()).as("not taken over: the late renewal extends it").isEqualTo(1);
				for (int n = 0; n < 100; n++) {
					assertThat(issued.add(lease.generator().nextId())).isTrue();
				}
			}
		}
	}

	/**
	 * close() while the lease's renewal is talking to the database on a scheduler shared with another lease: the
	 * renewal grants nothing after close, the row is released with a mark above every issued id, and the shared
	 * scheduler keeps running the other lease's renewals.
	 */
	@Test
	void closeRacingARenewalOnASharedSchedulerReleasesTheRowAndLeavesTheOtherLeaseRenewing() throws Exception {
		java.util.concurrent.ScheduledExecutorService shared = java.util.concurrent.Executors
			.newScheduledThreadPool(1);
		try {
			FaultyConnections held = new FaultyConnections(this.connections);
			WorkerLease closing = acquire(WorkerLeaseSettings.builder(held).layout(FOUR_WORKERS).datacenterId(0)
				.duration(Duration.ofSeconds(3)).safetyMargin(Duration.ofSeconds(1)).scheduler(shared).build());
			WorkerLease other = acquire(settings().scheduler(shared).build());
			long lastId = closing.generator().nextId();
			FaultyConnections.Hold renewal = held.holdNextConnection();
			assertThat(renewal.awaitReached(5, java.util.concurrent.TimeUnit.SECONDS)).as("the renewal is in flight")
				.isTrue();
			lastId = Math.max(lastId, closing.generator().nextId());
			Thread closer = new Thread(closing::close);
			closer.start();
			Thread.sleep(200);
			renewal.letGo();
			closer.join(15_000);
			assertThat(closer.isAlive()).isFalse();
			assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(closing.generator()::nextId);
			assertThat(queryLong("select lease_end from snowflake_worker_lease where worker_id = "
					+ closing.workerId())).as("released").isZero();
			assertThat(queryLong("select high_water_mark from snowflake_worker_lease where worker_id = "
					+ closing.workerId())).isGreaterThanOrEqualTo(FOUR_WORKERS.decode(lastId).timestamp().toEpochMilli());
			long renewals = other.renewals();
			long deadline = System.currentTimeMillis() + 5_000;
			while (other.renewals() <= renewals && System.currentTimeMillis() < deadline) {
				Thread.sleep(50);
			}
			assertThat(other.renewals()).as("the shared scheduler still renews the other lease").isGreaterThan(renewals);
			assertThat(shared.isShutdown()).isFalse();
			other.generator().nextId();
		}
		finally {
			shared.shutdownNow();
		}
	}

	/** Without a time source of its own, a lease on a clock of its own issues ids in that clock's time. */
	@Test
	void aLeaseOnAClockOfItsOwnIssuesIdsInThatClocksTimeUnlessGivenATimeSource() throws Exception {
		SimulatedClock clock = new SimulatedClock(Instant.parse("2031-03-01T00:00:00.000Z"));
		SnowflakeLayout layout = FOUR_WORKERS.toBuilder().epoch(FOUR_WORKERS.epoch().plusMillis(19)).build();
		WorkerLease lease = acquire(settings().layout(layout).clock(clock).scheduler(ManualScheduler.on(clock))
			.build());
		assertThat(layout.decode(lease.generator().nextId()).timestamp()).isEqualTo(clock.now());
		assertThat(lease.leaseEnd()).isEqualTo(clock.now().plusSeconds(3));
		clock.advance(Duration.ofSeconds(4)); // no renewal ran: the permit, on the clock's elapsed time, ran out
		assertThat(lease.isValid()).isFalse();
	}

	/** The default clock is the machine's; the options refuse null. */
	@Test
	void theDefaultClockIsTheSystemsAndTheOptionsRefuseNull() {
		assertThat(settings().build().clock).isSameAs(LeaseClock.system());
		assertThat(settings().build().scheduler).as("the lease's own thread").isNull();
		long before = System.currentTimeMillis();
		assertThat(LeaseClock.system().wallMillis()).isBetween(before, System.currentTimeMillis());
		assertThatExceptionOfType(NullPointerException.class).isThrownBy(() -> settings().clock(null));
		assertThatExceptionOfType(NullPointerException.class).isThrownBy(() -> settings().scheduler(null));
	}

	@Test
	void longTicksSkipRowsUsedInTheCurrentTickSoNoCallerWaitsATick() throws Exception {
		SnowflakeLayout hourly = SnowflakeLayout.builder().timestampBits(25).datacenterBits(5).workerBits(2)
			.sequenceBits(31).tickLength(Duration.ofHours(1)).build();
		WorkerLeaseSettings hourlySettings = WorkerLeaseSettings.builder(this.connections).layout(hourly)
			.datacenterId(0).duration(Duration.ofSeconds(3)).build();
		WorkerLease first = acquire(hourlySettings);
		long firstId = first.generator().nextId();
		first.close();
		long started = System.nanoTime();
		WorkerLease second = acquire(hourlySettings);
		long id = second.generator().nextId();
		assertThat(second.startWaitMillis()).as("no wait for the rest of the hour").isEqualTo(0);
		assertThat((System.nanoTime() - started) / 1_000_000).as("no wait for the rest of the hour").isLessThan(10_000);
		assertThat(second.workerId()).as("the row used this hour is not usable until the next")
			.isNotEqualTo(first.workerId());
		assertThat(id).isNotEqualTo(firstId);
	}

	@Test
	void renewalFailingStopsIdsAtTheLeaseEndAndTheyResumeOnceRenewed() throws Exception {
		WorkerLease lease = acquire(settings().build());
		SnowflakeIdGenerator generator = lease.generator();
		long lastBeforeOutage = generator.nextId();
		long renewedBy = System.currentTimeMillis() + 5_000;
		while (lease.renewals() == 0 && System.currentTimeMillis() < renewedBy) {
			Thread.sleep(20); // renewals run every third of the lease (1 s here)
		}
		assertThat(lease.renewals()).as("renewed every third of the lease").isGreaterThanOrEqualTo(1);
		this.connections.refuseConnections(true);
		long lastIssued = lastBeforeOutage;
		long deadline = System.currentTimeMillis() + 10_000;
		WorkerLeaseExpiredException stopped = null;
		while (stopped == null && System.currentTimeMillis() < deadline) {
			try {
				lastIssued = generator.nextId();
				Thread.sleep(5);
			}
			catch (WorkerLeaseExpiredException ex) {
				stopped = ex;
			}
		}
		assertThat(stopped).as("ids must stop when the lease cannot be renewed").isNotNull();
		// No renewal succeeds during the outage, so this is the end written by the last one before it.
		Instant leaseEndBeforeOutage = lease.leaseEnd();
		assertThat(stopped.getMessage()).contains("failed").contains("issuing resumes once the lease is renewed");
		assertThat(stopped.reason()).isEqualTo(WorkerLeaseExpiredException.Reason.PAUSED);
		assertThat(stopped.reason().isTemporary()).isTrue();
		assertThat(lease.renewalFailures()).isGreaterThanOrEqualTo(1);
		assertThat(FOUR_WORKERS.decode(lastIssued).timestamp())
			.as("no id is issued after the lease end stored in the table")
			.isBeforeOrEqualTo(leaseEndBeforeOutage);
		assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(generator::nextId);
		this.connections.refuseConnections(false);
		long resumedId = -1;
		deadline = System.currentTimeMillis() + 5_000;
		while (resumedId < 0 && System.currentTimeMillis() < deadline) {
			try {
				resumedId = generator.nextId();
			}
			catch (WorkerLeaseExpiredException ex) {
				Thread.sleep(50);
			}
		}
		assertThat(resumedId).as("issuing resumes, in order, once the lease is renewed").isGreaterThan(lastIssued);
		assertThat(lease.isValid()).isTrue();
	}

	@Test
	void leaseTakenOverAfterExpiryIsLostForGood() throws Exception {
		WorkerLease lease = acquire(settings().build());
		this.connections.refuseConnections(true);
		Thread.sleep(3_200);
		this.connections.refuseConnections(false);
		// Another instance takes the expired row before this one manages to renew.
		sql("update snowflake_worker_lease set instance_id = 'other', owner = 'other' where worker_id = "
				+ lease.workerId());
		long deadline = System.currentTimeMillis() + 5_000;
		while (!lease.isLost() && System.currentTimeMillis() < deadline) {
			Thread.sleep(50);
		}
		assertThat(lease.isLost()).isTrue();
		assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(lease.generator()::nextId)
			.withMessageContaining("taken over by another instance")
			.withMessageContaining("restart the instance")
			.withMessageNotContaining("resumes")
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(WorkerLeaseExpiredException.Reason.LOST))
			.satisfies((ex) -> assertThat(ex.reason().isTemporary()).isFalse());
	}

	@Test
	void aClosedLeaseSaysItWasReleasedAndNeverThatIssuingResumes() {
		WorkerLease lease = acquire(settings().build());
		lease.generator().nextId();
		lease.close();
		assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(lease.generator()::nextId)
			.withMessageContaining("handed back")
			.withMessageNotContaining("resumes")
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(WorkerLeaseExpiredException.Reason.RELEASED));
	}

	@Test
	void aLeaseClosedWhileTheStoreIsAwaySaysItWasClosedWithoutHandingTheWorkerBack() {
		WorkerLease lease = acquire(settings().build());
		lease.generator().nextId();
		this.connections.refuseConnections(true);
		lease.close();
		assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(lease.generator()::nextId)
			.withMessageContaining("returns to the pool when its lease ends")
			.withMessageNotContaining("resumes")
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(WorkerLeaseExpiredException.Reason.CLOSED));
	}

	@Test
	void tableNameMustBeAPlainIdentifier() {
		for (String bad : new String[] { "leases; drop table users", "1leases", "a.b.c", "lease-table", "" }) {
			assertThatExceptionOfType(SnowflakeConfigurationException.class)
				.isThrownBy(() -> settings().tableName(bad).build())
				.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo("snowflake.lease.table-name"));
		}
		assertThat(settings().tableName("ops.snowflake_leases").build().tableName()).isEqualTo("ops.snowflake_leases");
	}

	@Test
	void missingTableWithCreationSwitchedOffNamesTheDdl() {
		assertThatExceptionOfType(WorkerLeaseException.class)
			.isThrownBy(() -> acquire(settings().createTable(false).build()))
			.withMessageContaining("CREATE TABLE IF NOT EXISTS snowflake_worker_lease");
	}

	@Test
	void databaseDownAtStartIsAClearError() {
		this.connections.refuseConnections(true);
		assertThatExceptionOfType(WorkerLeaseException.class).isThrownBy(() -> acquire(settings().build()))
			.withMessageContaining("Cannot lease a worker id");
	}

	@Test
	void leaseDurationOutOfRangeIsRejected() {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> settings().duration(Duration.ofSeconds(1)).build())
			.withMessage("Invalid snowflake.lease.duration = PT1S: allowed 3 s to 1 h");
	}

	@Test
	void withoutAFixedDatacenterPairsAcrossDatacentersAreLeased() {
		WorkerLeaseSettings anyDatacenter = WorkerLeaseSettings.builder(this.connections).layout(FOUR_WORKERS)
			.duration(Duration.ofSeconds(3)).build();
		Set<String> nodes = new HashSet<>();
		for (int i = 0; i < 6; i++) {
			WorkerLease lease = acquire(anyDatacenter);
			assertThat(nodes.add(lease.datacenterId() + "/" + lease.workerId())).isTrue();
		}
		assertThat(nodes).as("moves on to datacenter 1: " + nodes).contains("1/0").contains("1/1");
		assertThat(nodes.size()).isNotEqualTo(0);
	}
}
