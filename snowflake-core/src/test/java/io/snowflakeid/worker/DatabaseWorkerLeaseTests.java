package io.snowflakeid.worker;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;

import io.snowflakeid.ManualTimeSource;
import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.WorkerLeaseExpiredException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class DatabaseWorkerLeaseTests {

	/** Four worker ids in datacenter 0: small enough to run out. */
	private static final SnowflakeLayout FOUR_WORKERS = SnowflakeLayout.builder().timestampBits(41).datacenterBits(5)
		.workerBits(2).sequenceBits(15).build();

	private final String url = "jdbc:h2:mem:lease-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";

	private final AtomicBoolean databaseDown = new AtomicBoolean();

	private final ConnectionSource connections = () -> {
		if (this.databaseDown.get()) {
			throw new SQLException("connection refused (simulated outage)", "08001");
		}
		return DriverManager.getConnection(this.url, "sa", "");
	};

	private final List<DatabaseWorkerLease> leases = new ArrayList<>();

	@AfterEach
	void closeLeases() {
		this.databaseDown.set(false);
		this.leases.forEach(DatabaseWorkerLease::close);
	}

	private WorkerLeaseSettings.Builder settings() {
		return WorkerLeaseSettings.builder(this.connections).layout(FOUR_WORKERS).datacenterId(0)
			.duration(Duration.ofSeconds(3)).safetyMargin(Duration.ofSeconds(1));
	}

	private DatabaseWorkerLease acquire(WorkerLeaseSettings settings) {
		DatabaseWorkerLease lease = DatabaseWorkerLease.acquire(settings);
		this.leases.add(lease);
		return lease;
	}

	private void sql(String statement) throws SQLException {
		try (Connection connection = this.connections.getConnection(); Statement s = connection.createStatement()) {
			s.execute(statement);
		}
	}

	private long queryLong(String query) throws SQLException {
		try (Connection connection = this.connections.getConnection();
				ResultSet result = connection.createStatement().executeQuery(query)) {
			assertTrue(result.next(), query);
			return result.getLong(1);
		}
	}

	@Test
	void concurrentLeasesGetDistinctWorkerIdsAndIdsOfTheirOwn() {
		Set<Integer> workers = new HashSet<>();
		for (int i = 0; i < 4; i++) {
			DatabaseWorkerLease lease = acquire(settings().build());
			assertTrue(workers.add(lease.workerId()), "worker " + lease.workerId() + " leased twice");
			assertEquals(lease.workerId(), lease.generator().decode(lease.generator().nextId()).workerId());
			assertTrue(lease.isValid());
		}
		assertEquals(Set.of(0, 1, 2, 3), workers);
	}

	@Test
	void allWorkerIdsTakenIsAClearErrorWithCapacityAndHowToWiden() {
		for (int i = 0; i < 4; i++) {
			acquire(settings().build());
		}
		WorkerLeaseException ex = assertThrows(WorkerLeaseException.class, () -> acquire(settings().build()));
		assertTrue(ex.getMessage().contains("All 4 worker ids of datacenter 0 are leased"), ex.getMessage());
		assertTrue(ex.getMessage().contains("capacity 4 = 2^2 worker bits"), ex.getMessage());
		assertTrue(ex.getMessage().contains("snowflake.layout.worker-bits"), ex.getMessage());
	}

	@Test
	void closeReleasesTheWorkerIdAtOnceAndRecordsTheHighWaterMark() throws Exception {
		DatabaseWorkerLease first = acquire(settings().build());
		long lastId = first.generator().nextId();
		first.close();
		assertThrows(WorkerLeaseExpiredException.class, first.generator()::nextId, "a released lease issues nothing");
		assertEquals(0, queryLong("select lease_end from snowflake_worker_lease where worker_id = " + first.workerId()));
		long highWaterMark = queryLong(
				"select high_water_mark from snowflake_worker_lease where worker_id = " + first.workerId());
		assertTrue(highWaterMark >= FOUR_WORKERS.decode(lastId).timestamp().toEpochMilli());
		DatabaseWorkerLease second = acquire(settings().build());
		assertEquals(first.workerId(), second.workerId(), "the released id is reused at once");
		assertTrue(second.generator().nextId() > lastId, "the next holder continues after the high-water mark");
	}

	@Test
	void crashedHoldersIdReturnsOnlyAfterLeaseEndPlusSafetyMargin() throws Exception {
		long now = System.currentTimeMillis();
		sql(new LeaseTable(LeaseTable.DEFAULT_NAME).createStatement());
		// worker 0: a crashed holder whose lease ended 200 ms ago (inside the 1 s margin); worker 1: long expired
		sql("insert into snowflake_worker_lease values (0, 0, 'crashed', 'x', " + (now - 200) + ", " + (now - 300) + ")");
		sql("insert into snowflake_worker_lease values (0, 1, 'crashed', 'y', " + (now - 5_000) + ", " + (now - 5_100) + ")");
		DatabaseWorkerLease lease = acquire(settings().build());
		assertEquals(1, lease.workerId(), "an id whose lease ended within the safety margin is not reused");
		DatabaseWorkerLease next = acquire(settings().build());
		assertEquals(2, next.workerId(), "a never-used id before the one still in its margin");
	}

	@Test
	void clockSlightlyBehindTheHighWaterMarkWaitsThenIssuesAfterIt() throws Exception {
		ManualTimeSource clock = new ManualTimeSource(Instant.now());
		long highWaterMark = clock.now().toEpochMilli() + 400;
		sql(new LeaseTable(LeaseTable.DEFAULT_NAME).createStatement());
		sql("insert into snowflake_worker_lease values (0, 0, null, null, 0, " + highWaterMark + ")");
		sql("insert into snowflake_worker_lease values (0, 1, 'busy', 'b', " + (System.currentTimeMillis() + 60_000)
				+ ", 0)");
		sql("insert into snowflake_worker_lease values (0, 2, 'busy', 'b', " + (System.currentTimeMillis() + 60_000)
				+ ", 0)");
		sql("insert into snowflake_worker_lease values (0, 3, 'busy', 'b', " + (System.currentTimeMillis() + 60_000)
				+ ", 0)");
		DatabaseWorkerLease lease = acquire(settings().timeSource(clock).clockTolerance(Duration.ofSeconds(1)).build());
		assertEquals(0, lease.workerId());
		assertTrue(clock.now().toEpochMilli() > highWaterMark, "waited for the clock to pass the high-water mark");
		long id = lease.generator().nextId();
		assertTrue(FOUR_WORKERS.decode(id).timestamp().toEpochMilli() > highWaterMark);
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
		WorkerLeaseException ex = assertThrows(WorkerLeaseException.class,
				() -> acquire(settings().clockTolerance(Duration.ofSeconds(1)).build()));
		assertEquals(WorkerLeaseException.Reason.CLOCK_BEHIND, ex.getReason());
		assertTrue(ex.getMessage().contains("The earliest becomes usable at " + Instant.ofEpochMilli(highWaterMark + 1)),
				ex.getMessage());
		assertTrue(ex.getMessage().contains("snowflake.clock-tolerance"), ex.getMessage());
		assertEquals(0, queryLong("select lease_end from snowflake_worker_lease where worker_id = 0"));
		assertEquals(highWaterMark, queryLong("select high_water_mark from snowflake_worker_lease where worker_id = 0"),
				"the high-water mark is never lowered");
	}

	@Test
	void aFreeRowWithAMarkAheadDoesNotBlockTheOthers() throws Exception {
		long now = System.currentTimeMillis();
		sql(new LeaseTable(LeaseTable.DEFAULT_NAME).createStatement());
		// Row (0,0): left by a host whose clock ran 10 s ahead. Row (0,1): free, mark long past.
		sql("insert into snowflake_worker_lease values (0, 0, null, null, 0, " + (now + 10_000) + ")");
		sql("insert into snowflake_worker_lease values (0, 1, null, null, 0, 0)");
		assertEquals(1, acquire(settings().build()).workerId(), "the usable free row first");
		assertEquals(2, acquire(settings().build()).workerId(), "then a never-used worker id");
		assertEquals(3, acquire(settings().build()).workerId());
		assertEquals(WorkerLeaseException.Reason.CLOCK_BEHIND,
				assertThrows(WorkerLeaseException.class, () -> acquire(settings().build())).getReason(),
				"only (0,0) is left, and it is not usable yet");
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
			ConnectionSource racing = () -> {
				Connection target = DriverManager.getConnection(this.url, "sa", "");
				return (Connection) java.lang.reflect.Proxy.newProxyInstance(Connection.class.getClassLoader(),
						new Class<?>[] { Connection.class }, (proxy, method, args) -> {
							if (method.getName().equals("prepareStatement") && ((String) args[0]).contains("SET owner")
									&& failNextTake.getAndSet(false)) {
								throw failure; // another instance changed row (0,0) under this transaction
							}
							try {
								return method.invoke(target, args);
							}
							catch (java.lang.reflect.InvocationTargetException ex) {
								throw ex.getCause();
							}
						});
			};
			DatabaseWorkerLease lease = acquire(WorkerLeaseSettings.builder(racing).layout(FOUR_WORKERS).datacenterId(0)
				.duration(Duration.ofSeconds(3)).build());
			assertEquals(1, lease.workerId(), "after " + failure.getMessage() + ": the next row, not a failed start");
			lease.close();
		}
	}

	@Test
	void theMarkIsWrittenAtClaimTime() throws Exception {
		long before = System.currentTimeMillis();
		DatabaseWorkerLease lease = acquire(settings().build());
		long mark = queryLong("select high_water_mark from snowflake_worker_lease where worker_id = " + lease.workerId());
		assertTrue(mark >= before + 3_000 - 50, "mark " + mark + " covers the whole first permit (now + 3 s lease)");
		assertEquals(0, lease.renewals());
	}

	@Test
	void gracefulRestartAfterRenewalsIsInstantOnTheSameWorkerAndContinuesAboveIt() throws Exception {
		DatabaseWorkerLease first = acquire(settings().build());
		long last = 0;
		for (int i = 0; i < 5; i++) {
			first.renew(); // each renewal stores a mark a whole lease ahead
			last = first.generator().nextId();
		}
		assertTrue(queryLong("select high_water_mark from snowflake_worker_lease where worker_id = "
				+ first.workerId()) > System.currentTimeMillis() + 2_000);
		first.close();
		long exact = queryLong("select high_water_mark from snowflake_worker_lease where worker_id = " + first.workerId());
		assertEquals(FOUR_WORKERS.instantOf(FOUR_WORKERS.decode(last).timestamp().toEpochMilli()
				/ FOUR_WORKERS.tickMillis() * 0 + FOUR_WORKERS.tickOf(FOUR_WORKERS.decode(last).timestamp())).toEpochMilli()
				+ FOUR_WORKERS.tickMillis() - 1, exact, "close stores the exact mark: the end of the last tick used");
		long started = System.nanoTime();
		DatabaseWorkerLease second = acquire(settings().build());
		long tookMillis = (System.nanoTime() - started) / 1_000_000;
		assertEquals(first.workerId(), second.workerId(), "the released row is reused");
		assertEquals(0, second.startWaitMillis(), "no wait for the renewals' marks");
		assertTrue(tookMillis < 5_000, "took " + tookMillis + " ms"); // the marks were a whole lease ahead
		assertTrue(second.generator().nextId() > last);
	}

	@Test
	void closeRacingARenewalNeverGrantsAfterCloseAndStoresAMarkAboveEveryIssuedId() throws Exception {
		for (int round = 0; round < 60; round++) {
			DatabaseWorkerLease lease = acquire(settings().build());
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
			assertFalse(issuer.isAlive(), "ids stop at close, even with renewals racing it");
			assertFalse(lease.isValid());
			assertThrows(WorkerLeaseExpiredException.class, lease.generator()::nextId);
			long mark = queryLong("select high_water_mark from snowflake_worker_lease where worker_id = " + lease.workerId());
			assertEquals(0, queryLong("select lease_end from snowflake_worker_lease where worker_id = " + lease.workerId()),
					"released");
			if (lastIssued.get() != 0) {
				assertTrue(FOUR_WORKERS.decode(lastIssued.get()).timestamp().toEpochMilli() <= mark,
						"round " + round + ": an id above the stored mark");
			}
			DatabaseWorkerLease next = acquire(settings().build());
			if (next.workerId() == lease.workerId()) {
				assertTrue(next.generator().nextId() > lastIssued.get(), "round " + round + ": the successor continues above");
			}
			next.close();
		}
	}

	@Test
	void aSecondHolderOfTheSameTokenLosesAtItsNextRenewal() throws Exception {
		DatabaseWorkerLease lease = acquire(settings().build());
		lease.generator().nextId();
		// A clone of this process renewed first: the row now carries a token this instance never saw.
		sql("update snowflake_worker_lease set instance_id = 'clone-token' where worker_id = " + lease.workerId());
		lease.renew();
		assertTrue(lease.isLost());
		assertThrows(WorkerLeaseExpiredException.class, lease.generator()::nextId);
	}

	@Test
	void aRenewalWhoseOutcomeWasUnknownIsRecognisedNextTime() throws Exception {
		java.util.concurrent.atomic.AtomicBoolean failAfterCommit = new java.util.concurrent.atomic.AtomicBoolean();
		ConnectionSource flaky = new ConnectionSource() {
			@Override
			public Connection getConnection() throws SQLException {
				return DriverManager.getConnection(DatabaseWorkerLeaseTests.this.url, "sa", "");
			}

			@Override
			public void release(Connection connection) throws SQLException {
				connection.close();
				if (failAfterCommit.getAndSet(false)) {
					throw new SQLException("connection reset after the commit (simulated)", "08006");
				}
			}
		};
		DatabaseWorkerLease lease = acquire(WorkerLeaseSettings.builder(flaky).layout(FOUR_WORKERS).datacenterId(0)
			.duration(Duration.ofSeconds(3)).build());
		failAfterCommit.set(true);
		lease.renew(); // committed, but this instance saw an error
		assertEquals(1, lease.renewalFailures());
		lease.renew();
		assertFalse(lease.isLost(), "the token of the unknown outcome is accepted");
		assertEquals(1, lease.renewals());
		lease.close();
		assertEquals(0, queryLong("select lease_end from snowflake_worker_lease where worker_id = " + lease.workerId()));
	}

	@Test
	void layoutsWithMoreThan31WorkerBitsAreRefusedAndWideOnesWork() {
		SnowflakeLayout wide = SnowflakeLayout.builder().timestampBits(31).datacenterBits(0).workerBits(31)
			.sequenceBits(1).tickLength(Duration.ofSeconds(1)).build();
		DatabaseWorkerLease lease = acquire(WorkerLeaseSettings.builder(this.connections).layout(wide)
			.duration(Duration.ofSeconds(3)).build());
		assertEquals(0, lease.workerId());
		SnowflakeLayout tooWide = SnowflakeLayout.builder().timestampBits(30).datacenterBits(0).workerBits(32)
			.sequenceBits(1).tickLength(Duration.ofSeconds(1)).build();
		SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
				() -> WorkerLeaseSettings.builder(this.connections).layout(tooWide).build());
		assertEquals("snowflake.layout.worker-bits", ex.getSetting());
		assertTrue(ex.getMessage().contains("at most 31"), ex.getMessage());
	}

	@Test
	void aRestartInTheMillisecondOfTheReleaseReusesTheRowEvenWithoutClockTolerance() throws Exception {
		// A frozen clock: the successor reads the table in the very millisecond the predecessor issued its last id.
		ManualTimeSource clock = new ManualTimeSource(Instant.parse("2031-01-01T00:00:00.000Z").plusNanos(400_000));
		WorkerLeaseSettings frozen = settings().layout(FOUR_WORKERS.toBuilder()
			.epoch(FOUR_WORKERS.epoch().plusMillis(7)).build())
			.clockTolerance(Duration.ZERO).timeSource(clock).wallClock(() -> clock.currentTimeNanos() / 1_000_000)
			.elapsedClock(clock::currentTimeNanos).renewInBackground(false).build();
		for (int restart = 0; restart < 3; restart++) {
			DatabaseWorkerLease lease = acquire(frozen);
			assertEquals(0, lease.workerId(), "restart " + restart + " reuses the released row, no new row");
			long id = lease.generator().nextId();
			lease.close();
			assertTrue(frozen.layout.decode(id).timestamp().isAfter(clock.now().minusMillis(2)));
		}
		assertEquals(1, queryLong("select count(*) from snowflake_worker_lease"), "one row for one worker");
	}

	@Test
	void longTicksSkipRowsUsedInTheCurrentTickSoNoCallerWaitsATick() throws Exception {
		SnowflakeLayout hourly = SnowflakeLayout.builder().timestampBits(25).datacenterBits(5).workerBits(2)
			.sequenceBits(31).tickLength(Duration.ofHours(1)).build();
		WorkerLeaseSettings hourlySettings = WorkerLeaseSettings.builder(this.connections).layout(hourly)
			.datacenterId(0).duration(Duration.ofSeconds(3)).build();
		DatabaseWorkerLease first = acquire(hourlySettings);
		long firstId = first.generator().nextId();
		first.close();
		long started = System.nanoTime();
		DatabaseWorkerLease second = acquire(hourlySettings);
		long id = second.generator().nextId();
		assertEquals(0, second.startWaitMillis(), "no wait for the rest of the hour");
		assertTrue((System.nanoTime() - started) / 1_000_000 < 10_000, "no wait for the rest of the hour");
		assertNotEquals(first.workerId(), second.workerId(), "the row used this hour is not usable until the next");
		assertNotEquals(firstId, id);
	}

	@Test
	void renewalFailingStopsIdsAtTheLeaseEndAndTheyResumeOnceRenewed() throws Exception {
		DatabaseWorkerLease lease = acquire(settings().build());
		SnowflakeIdGenerator generator = lease.generator();
		long lastBeforeOutage = generator.nextId();
		long renewedBy = System.currentTimeMillis() + 5_000;
		while (lease.renewals() == 0 && System.currentTimeMillis() < renewedBy) {
			Thread.sleep(20); // renewals run every third of the lease (1 s here)
		}
		assertTrue(lease.renewals() >= 1, "renewed every third of the lease");
		this.databaseDown.set(true);
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
		assertTrue(stopped != null, "ids must stop when the lease cannot be renewed");
		// No renewal succeeds during the outage, so this is the end written by the last one before it.
		Instant leaseEndBeforeOutage = lease.leaseEnd();
		assertTrue(stopped.getMessage().contains("failed"), stopped.getMessage());
		assertTrue(lease.renewalFailures() >= 1);
		assertFalse(FOUR_WORKERS.decode(lastIssued).timestamp().isAfter(leaseEndBeforeOutage),
				"no id is issued after the lease end stored in the table");
		assertThrows(WorkerLeaseExpiredException.class, generator::nextId);
		this.databaseDown.set(false);
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
		assertTrue(resumedId > lastIssued, "issuing resumes, in order, once the lease is renewed");
		assertTrue(lease.isValid());
	}

	@Test
	void leaseTakenOverAfterExpiryIsLostForGood() throws Exception {
		DatabaseWorkerLease lease = acquire(settings().build());
		this.databaseDown.set(true);
		Thread.sleep(3_200);
		this.databaseDown.set(false);
		// Another instance takes the expired row before this one manages to renew.
		sql("update snowflake_worker_lease set instance_id = 'other', owner = 'other' where worker_id = "
				+ lease.workerId());
		long deadline = System.currentTimeMillis() + 5_000;
		while (!lease.isLost() && System.currentTimeMillis() < deadline) {
			Thread.sleep(50);
		}
		assertTrue(lease.isLost());
		WorkerLeaseExpiredException ex = assertThrows(WorkerLeaseExpiredException.class, lease.generator()::nextId);
		assertTrue(ex.getMessage().contains("taken over by another instance"), ex.getMessage());
	}

	@Test
	void tableNameMustBeAPlainIdentifier() {
		for (String bad : new String[] { "leases; drop table users", "1leases", "a.b.c", "lease-table", "" }) {
			SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
					() -> settings().tableName(bad).build());
			assertEquals("snowflake.lease.table-name", ex.getSetting());
		}
		assertEquals("ops.snowflake_leases", settings().tableName("ops.snowflake_leases").build().tableName());
	}

	@Test
	void missingTableWithCreationSwitchedOffNamesTheDdl() {
		WorkerLeaseException ex = assertThrows(WorkerLeaseException.class,
				() -> acquire(settings().createTable(false).build()));
		assertTrue(ex.getMessage().contains("CREATE TABLE IF NOT EXISTS snowflake_worker_lease"), ex.getMessage());
	}

	@Test
	void databaseDownAtStartIsAClearError() {
		this.databaseDown.set(true);
		WorkerLeaseException ex = assertThrows(WorkerLeaseException.class, () -> acquire(settings().build()));
		assertTrue(ex.getMessage().contains("Cannot lease a worker id"), ex.getMessage());
	}

	@Test
	void leaseDurationOutOfRangeIsRejected() {
		SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
				() -> settings().duration(Duration.ofSeconds(1)).build());
		assertEquals("Invalid snowflake.lease.duration = PT1S: allowed 3 s to 1 h", ex.getMessage());
	}

	@Test
	void withoutAFixedDatacenterPairsAcrossDatacentersAreLeased() {
		WorkerLeaseSettings anyDatacenter = WorkerLeaseSettings.builder(this.connections).layout(FOUR_WORKERS)
			.duration(Duration.ofSeconds(3)).build();
		Set<String> nodes = new HashSet<>();
		for (int i = 0; i < 6; i++) {
			DatabaseWorkerLease lease = acquire(anyDatacenter);
			assertTrue(nodes.add(lease.datacenterId() + "/" + lease.workerId()));
		}
		assertTrue(nodes.contains("1/0") && nodes.contains("1/1"), "moves on to datacenter 1: " + nodes);
		assertNotEquals(0, nodes.size());
	}
}
