package io.snowflakeid.worker;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.LogRecord;

import javax.sql.DataSource;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.SnowflakeSettings;
import io.snowflakeid.TimeSource;
import io.snowflakeid.WorkerLeaseExpiredException;
import io.snowflakeid.config.SnowflakeConfiguration;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.internal.SnowflakeGenerators;
import io.snowflakeid.spi.LocalNodes;
import io.snowflakeid.testing.FaultyConnections;
import io.snowflakeid.testing.LogCapture;
import io.snowflakeid.testing.ManualScheduler;
import io.snowflakeid.testing.SimulatedClock;
import io.snowflakeid.testing.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

/**
 * Behaviour of worker assignment and leases that PIT mutation testing (docs/mutation-testing.md) showed to be
 * untested: configuration from a settings map, failures at awkward moments of a claim or release, what operators
 * see in logs and messages, and how connections go back to a pool.
 */
class WorkerMutationTests {

	/** Four worker ids per datacenter, and an epoch no other test class uses, so the JVM-wide nodes are ours. */
	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.builder().epoch(Instant.parse("2020-02-02T00:00:00Z"))
		.timestampBits(41).datacenterBits(5).workerBits(2).sequenceBits(15).build();

	private final TestDatabase database = new TestDatabase("worker-mutation");

	/** The leases' connections; the database down while they are refused. */
	private final FaultyConnections connections = FaultyConnections.on(this.database);

	private final List<AutoCloseable> toClose = new ArrayList<>();

	@AfterEach
	void closeAll() throws Exception {
		this.connections.refuseConnections(false);
		for (AutoCloseable closeable : this.toClose) {
			closeable.close();
		}
	}

	private WorkerLeaseSettings.Builder settings(ConnectionSource source) {
		return WorkerLeaseSettings.builder(source).layout(LAYOUT).datacenterId(0).duration(Duration.ofSeconds(3))
			.safetyMargin(Duration.ofSeconds(1));
	}

	private WorkerLease acquire(WorkerLeaseSettings settings) {
		WorkerLease lease = WorkerLease.acquire(settings);
		this.toClose.add(lease);
		return lease;
	}

	private void sql(String statement) throws SQLException {
		this.database.execute(statement);
	}

	private long queryLong(String query) throws SQLException {
		return this.database.queryLong(query);
	}

	private static Object invoke(Object target, java.lang.reflect.Method method, Object[] args) throws Throwable {
		try {
			return method.invoke(target, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}

	// --- SnowflakeGenerators: the settings map of Hibernate and Spring

	@Test
	void aStaticWorkerIdFromTheSettingsNeedsNoDatabaseAndClosingIsHarmless() {
		Map<String, Object> settings = new HashMap<>();
		settings.put(SnowflakeSettings.EPOCH, "2020-02-03T00:00:00Z");
		settings.put(SnowflakeSettings.DATACENTER_ID, "3");
		settings.put(SnowflakeSettings.WORKER_ID, 7);
		settings.put(SnowflakeSettings.WORKER_ASSIGNMENT, "database-lease"); // a static id always wins
		ManagedGenerator managed = SnowflakeGenerators.create(SnowflakeConfiguration.fromSettings(settings), null);
		assertThat(managed.assignment()).isEqualTo(WorkerAssignment.STATIC);
		assertThat(managed.lease()).isNull();
		assertThat(managed.generator().workerId()).isEqualTo(7);
		assertThat(managed.generator().datacenterId()).isEqualTo(3);
		managed.close();
		managed.generator().nextId();
	}

	@Test
	void aDatabaseLeaseWithoutADatabaseIsAClearError() {
		assertThatExceptionOfType(WorkerLeaseException.class)
			.isThrownBy(() -> SnowflakeGenerators.create(
					SnowflakeConfiguration.fromSettings(Map.of(SnowflakeSettings.WORKER_ASSIGNMENT, "database-lease")), null))
			.satisfies((ex) -> assertThat(ex.getReason())
				.isEqualTo(WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION))
			.withMessageContaining("no DataSource");
	}

	@Test
	void leaseSettingsFromTheSettingsMapShapeTheLease() throws Exception {
		long now = System.currentTimeMillis();
		sql(new LeaseTable("my_leases").createStatement());
		// Datacenter 2, worker 0: crashed 5 s ago. Usable with the configured 2 s margin, not with the default 10 s.
		sql("insert into my_leases values (2, 0, 'crashed', 'x', " + (now - 5_000) + ", " + (now - 5_000) + ")");
		Map<String, Object> settings = new HashMap<>();
		settings.put(SnowflakeSettings.EPOCH, LAYOUT.epoch().toString());
		settings.put(SnowflakeSettings.WORKER_BITS, 2);
		settings.put(SnowflakeSettings.SEQUENCE_BITS, 15);
		settings.put(SnowflakeSettings.DATACENTER_ID, 2);
		settings.put(SnowflakeSettings.LEASE_TABLE_NAME, " my_leases ");
		settings.put(SnowflakeSettings.LEASE_DURATION, "6s");
		settings.put(SnowflakeSettings.LEASE_SAFETY_MARGIN, "2s");
		settings.put(SnowflakeSettings.LEASE_CREATE_TABLE, "TRUE");
		settings.put(SnowflakeSettings.CLOCK_TOLERANCE, "100ms");
		long before = System.currentTimeMillis();
		ManagedGenerator managed = SnowflakeGenerators.create(SnowflakeConfiguration.fromSettings(settings), this.connections);
		this.toClose.add(managed);
		long after = System.currentTimeMillis();
		assertThat(managed.assignment()).as("auto with a database leases").isEqualTo(WorkerAssignment.DATABASE_LEASE);
		WorkerLease lease = managed.lease();
		assertThat(lease.datacenterId()).isEqualTo(2);
		assertThat(lease.workerId()).as("the crashed row is past the 2 s margin").isEqualTo(0);
		assertThat(managed.generator()).isSameAs(lease.generator());
		assertThat(managed.generator().clockTolerance()).isEqualTo(Duration.ofMillis(100));
		long leaseEnd = queryLong("select lease_end from my_leases where datacenter_id = 2 and worker_id = 0");
		assertThat(leaseEnd).as("a 6 s lease: " + (leaseEnd - before)).isGreaterThanOrEqualTo(before + 6_000)
			.isLessThanOrEqualTo(after + 6_000);
		managed.generator().nextId();
		managed.close();
		assertThat(queryLong("select lease_end from my_leases where datacenter_id = 2 and worker_id = 0"))
			.as("closing the managed generator releases its worker id")
			.isEqualTo(0);
		assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(managed.generator()::nextId);
	}

	@Test
	void theCreateTableSwitchMustBeTrueOrFalseAndFalseNamesTheDdl() {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> SnowflakeGenerators.create(
					SnowflakeConfiguration.fromSettings(Map.of(SnowflakeSettings.LEASE_CREATE_TABLE, "yes")), this.connections))
			.satisfies((bad) -> assertThat(bad.getSetting()).isEqualTo(SnowflakeSettings.LEASE_CREATE_TABLE));
		assertThatExceptionOfType(WorkerLeaseException.class)
			.isThrownBy(() -> SnowflakeGenerators.create(SnowflakeConfiguration.fromSettings(
					Map.of(SnowflakeSettings.LEASE_CREATE_TABLE, " false", SnowflakeSettings.EPOCH, LAYOUT.epoch().toString())),
					this.connections))
			.satisfies((missing) -> assertThat(missing.getReason())
				.isEqualTo(WorkerLeaseException.Reason.DATABASE_UNAVAILABLE))
			.withMessageContaining("snowflake.lease.create-table=false: create it with CREATE TABLE");
	}

	@Test
	void assignmentsHaveTheirSettingNames() {
		assertThat(WorkerAssignment.DATABASE_LEASE.value()).isEqualTo("database-lease");
		assertThat(WorkerAssignment.HOSTNAME_ORDINAL.value()).isEqualTo("hostname-ordinal");
		assertThat(WorkerAssignment.parse(WorkerAssignment.IP_ADDRESS)).isSameAs(WorkerAssignment.IP_ADDRESS);
	}

	// --- LeaseTable

	@Test
	void serializationFailuresAreRecognisedWhereverTheDriverPutsThem() {
		SQLException wrapped = new SQLException("batch failed", "HY000", new SQLException("conflict", "40001"));
		assertThat(LeaseTable.isSerializationFailure(wrapped)).as("in the cause").isTrue();
		SQLException chained = new SQLException("batch failed", "HY000");
		chained.setNextException(new SQLException("deadlock detected", "40P01"));
		assertThat(LeaseTable.isSerializationFailure(chained)).as("in the next exception").isTrue();
		assertThat(LeaseTable.isSerializationFailure(new SQLException("Record has changed", "HY000", 1020))).isTrue();
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

	// --- renewals, loss and release

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

	// --- ConnectionSource: connections go back to the pool as they came

	/** A pool of one connection, whose release does not close it. */
	private final class OneConnectionPool implements ConnectionSource {

		final Connection connection;

		int released;

		OneConnectionPool() throws SQLException {
			this.connection = WorkerMutationTests.this.database.connection();
		}

		@Override
		public Connection getConnection() {
			return this.connection;
		}

		@Override
		public void release(Connection connection) {
			this.released++;
		}
	}

	@Test
	void workThatDidNotCommitIsRolledBackAndTheConnectionReturnsInItsOriginalMode() throws Exception {
		sql("create table items (id int)");
		OneConnectionPool pool = new OneConnectionPool();
		assertThat(pool.connection.getAutoCommit()).isTrue();
		int result = pool.run(false, Duration.ofSeconds(1), (connection) -> {
			try (Statement statement = connection.createStatement()) {
				return statement.executeUpdate("insert into items values (1)");
			}
		});
		assertThat(result).as("the work's own result").isEqualTo(1);
		assertThat(queryLong("select count(*) from items")).as("nothing uncommitted goes back to the pool")
			.isEqualTo(0);
		assertThat(pool.connection.getAutoCommit()).as("back in auto-commit, as the pool handed it out").isTrue();
		assertThat(pool.released).isEqualTo(1);
		pool.connection.close();
	}

	@Test
	void theConnectionIsReleasedWhateverFailsAndTheWorksFailureIsWhatTheCallerSees() throws Exception {
		AtomicInteger released = new AtomicInteger();
		AtomicBoolean failAutoCommitRead = new AtomicBoolean();
		AtomicBoolean failRollback = new AtomicBoolean();
		AtomicInteger restoredNetworkTimeout = new AtomicInteger(-1);
		ConnectionSource source = new ConnectionSource() {

			@Override
			public Connection getConnection() throws SQLException {
				Connection target = WorkerMutationTests.this.database.connection();
				return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(),
						new Class<?>[] { Connection.class }, (proxy, method, args) -> switch (method.getName()) {
							case "getAutoCommit" -> {
								if (failAutoCommitRead.get()) {
									throw new SQLException("connection broken", "08006");
								}
								yield invoke(target, method, args);
							}
							case "rollback" -> {
								if (failRollback.get()) {
									throw new SQLException("rollback failed", "08006");
								}
								yield invoke(target, method, args);
							}
							case "getNetworkTimeout" -> 1234;
							case "setNetworkTimeout" -> {
								restoredNetworkTimeout.set((Integer) args[1]);
								yield null;
							}
							default -> invoke(target, method, args);
						});
			}

			@Override
			public void release(Connection connection) throws SQLException {
				released.incrementAndGet();
				connection.close();
			}
		};
		assertThat(source.<String>run(false, Duration.ofSeconds(1), (connection) -> "ok")).isEqualTo("ok");
		assertThat(restoredNetworkTimeout.get()).as("the pool's network timeout is put back").isEqualTo(1234);
		assertThat(released.get()).isEqualTo(1);

		failAutoCommitRead.set(true);
		assertThatExceptionOfType(SQLException.class)
			.isThrownBy(() -> source.run(false, Duration.ofSeconds(1), (connection) -> "never"));
		assertThat(released.get()).as("released when the connection is broken from the start").isEqualTo(2);
		failAutoCommitRead.set(false);

		failRollback.set(true);
		SQLException workFailure = new SQLException("constraint violated", "23505");
		SQLException thrown = catchThrowableOfType(SQLException.class, () -> source.run(false, (connection) -> {
			throw workFailure;
		}));
		assertThat((Throwable) thrown).as("the work's failure, not the cleanup's").isSameAs(workFailure);
		assertThat(thrown.getSuppressed()).as("the cleanup failure rides along").hasSize(1);
		assertThat(released.get()).isEqualTo(3);
		assertThat(source.<String>run(false, (connection) -> "done"))
			.as("a failing cleanup after success does not turn it into a failure")
			.isEqualTo("done");
		assertThat(released.get()).isEqualTo(4);
	}

	@Test
	void aDataSourceIsAConnectionSourceAndItsRuntimeFailuresComeThroughAsTheyAre() throws Exception {
		org.h2.jdbcx.JdbcDataSource dataSource = new org.h2.jdbcx.JdbcDataSource();
		dataSource.setURL(this.database.url());
		dataSource.setUser("sa");
		ConnectionSource source = ConnectionSource.of(dataSource);
		assertThat((int) source.run(true, Duration.ofSeconds(1), (connection) -> {
			try (ResultSet result = connection.createStatement().executeQuery("select 1")) {
				result.next();
				return result.getInt(1);
			}
		})).isEqualTo(1);
		IllegalStateException broken = new IllegalStateException("pool closed");
		ConnectionSource closedPool = () -> {
			throw broken;
		};
		assertThatExceptionOfType(IllegalStateException.class)
			.isThrownBy(() -> closedPool.run(true, Duration.ofSeconds(1), (connection) -> 1))
			.isSameAs(broken);
		// the caller is already waiting when the connection comes
		ConnectionSource slow = new FaultyConnections(source).delayConnections(Duration.ofMillis(100));
		Thread.currentThread().interrupt();
		try {
			assertThat((int) slow.run(true, Duration.ofSeconds(1), (connection) -> 2))
				.as("an interrupted thread (a shutdown) still gets its connection")
				.isEqualTo(2);
			assertThat(Thread.currentThread().isInterrupted()).as("and keeps its interrupt").isTrue();
		}
		finally {
			Thread.interrupted();
		}
		assertThat(dataSource).isInstanceOf(DataSource.class);
	}

}
