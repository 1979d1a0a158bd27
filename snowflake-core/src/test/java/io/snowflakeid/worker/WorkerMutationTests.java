package io.snowflakeid.worker;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.net.InetAddress;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import javax.sql.DataSource;

import io.snowflakeid.config.SnowflakeConfiguration;
import io.snowflakeid.internal.SnowflakeGenerators;
import io.snowflakeid.LocalNodes;
import io.snowflakeid.ManualTimeSource;
import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.SnowflakeSettings;
import io.snowflakeid.TimeSource;
import io.snowflakeid.WorkerLeaseExpiredException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Behaviour of worker assignment and leases that PIT mutation testing (docs/mutation-testing.md) showed to be
 * untested: configuration from a settings map, failures at awkward moments of a claim or release, what operators
 * see in logs and messages, and how connections go back to a pool.
 */
class WorkerMutationTests {

	/** Four worker ids per datacenter, and an epoch no other test class uses, so the JVM-wide nodes are ours. */
	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.builder().epoch(Instant.parse("2020-02-02T00:00:00Z"))
		.timestampBits(41).datacenterBits(5).workerBits(2).sequenceBits(15).build();

	private final String url = "jdbc:h2:mem:worker-mutation-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";

	private final AtomicBoolean databaseDown = new AtomicBoolean();

	private final ConnectionSource connections = () -> {
		if (this.databaseDown.get()) {
			throw new SQLException("connection refused (simulated outage)", "08001");
		}
		return DriverManager.getConnection(this.url, "sa", "");
	};

	private final List<AutoCloseable> toClose = new ArrayList<>();

	@AfterEach
	void closeAll() throws Exception {
		this.databaseDown.set(false);
		for (AutoCloseable closeable : this.toClose) {
			closeable.close();
		}
	}

	private WorkerLeaseSettings.Builder settings(ConnectionSource source) {
		return WorkerLeaseSettings.builder(source).layout(LAYOUT).datacenterId(0).duration(Duration.ofSeconds(3))
			.safetyMargin(Duration.ofSeconds(1));
	}

	private DatabaseWorkerLease acquire(WorkerLeaseSettings settings) {
		DatabaseWorkerLease lease = DatabaseWorkerLease.acquire(settings);
		this.toClose.add(lease);
		return lease;
	}

	private void sql(String statement) throws SQLException {
		try (Connection connection = DriverManager.getConnection(this.url, "sa", "");
				Statement s = connection.createStatement()) {
			s.execute(statement);
		}
	}

	private long queryLong(String query) throws SQLException {
		try (Connection connection = DriverManager.getConnection(this.url, "sa", "");
				ResultSet result = connection.createStatement().executeQuery(query)) {
			assertTrue(result.next(), query);
			return result.getLong(1);
		}
	}

	/** How a statement of the wrapped connection misbehaves: null to run it normally. */
	@FunctionalInterface
	interface Sabotage {

		/** Called before the statement runs ({@code after} false) and after it ran ({@code after} true). */
		void on(String sql, boolean after) throws SQLException;
	}

	/** Connections whose prepared statements and DDL go through {@code sabotage}. */
	private ConnectionSource sabotaged(Sabotage sabotage) {
		return () -> {
			Connection target = DriverManager.getConnection(this.url, "sa", "");
			return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(),
					new Class<?>[] { Connection.class }, (proxy, method, args) -> {
						Object result = invoke(target, method, args);
						if (result instanceof PreparedStatement statement && args != null && args[0] instanceof String sql) {
							return wrapStatement(PreparedStatement.class, statement, sql, sabotage);
						}
						if (result instanceof Statement statement) {
							return wrapStatement(Statement.class, statement, null, sabotage);
						}
						return result;
					});
		};
	}

	private static <S> S wrapStatement(Class<S> type, Statement target, String preparedSql, Sabotage sabotage) {
		return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] { type },
				(proxy, method, args) -> {
					String name = method.getName();
					boolean runs = name.startsWith("execute");
					String sql = (preparedSql != null) ? preparedSql
							: (args != null && args.length > 0 && args[0] instanceof String s) ? s : "";
					if (runs) {
						sabotage.on(sql, false);
					}
					Object result = invoke(target, method, args);
					if (runs) {
						sabotage.on(sql, true);
					}
					return result;
				}));
	}

	private static Object invoke(Object target, java.lang.reflect.Method method, Object[] args) throws Throwable {
		try {
			return method.invoke(target, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}

	/** Log records of one class, as operators see them. */
	private static final class CapturedLog extends Handler implements AutoCloseable {

		final List<LogRecord> records = new CopyOnWriteArrayList<>();

		private final Logger logger;

		CapturedLog(Class<?> type) {
			this.logger = Logger.getLogger(type.getName());
			this.logger.addHandler(this);
		}

		@Override
		public void publish(LogRecord record) {
			this.records.add(record);
		}

		boolean has(Level level, String text) {
			return this.records.stream()
				.anyMatch((r) -> r.getLevel() == level && String.valueOf(r.getMessage()).contains(text));
		}

		@Override
		public void flush() {
		}

		@Override
		public void close() {
			this.logger.removeHandler(this);
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
		assertEquals(WorkerAssignment.STATIC, managed.assignment());
		assertNull(managed.lease());
		assertEquals(7, managed.generator().workerId());
		assertEquals(3, managed.generator().datacenterId());
		managed.close();
		managed.generator().nextId();
	}

	@Test
	void aDatabaseLeaseWithoutADatabaseIsAClearError() {
		WorkerLeaseException ex = assertThrows(WorkerLeaseException.class,
				() -> SnowflakeGenerators.create(SnowflakeConfiguration.fromSettings(Map.of(SnowflakeSettings.WORKER_ASSIGNMENT, "database-lease")), null));
		assertEquals(WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION, ex.getReason());
		assertTrue(ex.getMessage().contains("no DataSource"), ex.getMessage());
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
		assertEquals(WorkerAssignment.DATABASE_LEASE, managed.assignment(), "auto with a database leases");
		DatabaseWorkerLease lease = managed.lease();
		assertEquals(2, lease.datacenterId());
		assertEquals(0, lease.workerId(), "the crashed row is past the 2 s margin");
		assertSame(lease.generator(), managed.generator());
		assertEquals(Duration.ofMillis(100), managed.generator().clockTolerance());
		long leaseEnd = queryLong("select lease_end from my_leases where datacenter_id = 2 and worker_id = 0");
		assertTrue(leaseEnd >= before + 6_000 && leaseEnd <= after + 6_000, "a 6 s lease: " + (leaseEnd - before));
		managed.generator().nextId();
		managed.close();
		assertEquals(0, queryLong("select lease_end from my_leases where datacenter_id = 2 and worker_id = 0"),
				"closing the managed generator releases its worker id");
		assertThrows(WorkerLeaseExpiredException.class, managed.generator()::nextId);
	}

	@Test
	void theCreateTableSwitchMustBeTrueOrFalseAndFalseNamesTheDdl() {
		SnowflakeConfigurationException bad = assertThrows(SnowflakeConfigurationException.class,
				() -> SnowflakeGenerators.create(SnowflakeConfiguration.fromSettings(Map.of(SnowflakeSettings.LEASE_CREATE_TABLE, "yes")), this.connections));
		assertEquals(SnowflakeSettings.LEASE_CREATE_TABLE, bad.getSetting());
		WorkerLeaseException missing = assertThrows(WorkerLeaseException.class,
				() -> SnowflakeGenerators.create(SnowflakeConfiguration.fromSettings(Map.of(SnowflakeSettings.LEASE_CREATE_TABLE, " false",
						SnowflakeSettings.EPOCH, LAYOUT.epoch().toString())), this.connections));
		assertEquals(WorkerLeaseException.Reason.DATABASE_UNAVAILABLE, missing.getReason());
		assertTrue(missing.getMessage().contains("snowflake.lease.create-table=false: create it with CREATE TABLE"),
				missing.getMessage());
	}

	@Test
	void assignmentsHaveTheirSettingNames() {
		assertEquals("database-lease", WorkerAssignment.DATABASE_LEASE.value());
		assertEquals("hostname-ordinal", WorkerAssignment.HOSTNAME_ORDINAL.value());
		assertSame(WorkerAssignment.IP_ADDRESS, WorkerAssignment.parse(WorkerAssignment.IP_ADDRESS));
	}

	// --- LeaseTable

	@Test
	void serializationFailuresAreRecognisedWhereverTheDriverPutsThem() {
		SQLException wrapped = new SQLException("batch failed", "HY000", new SQLException("conflict", "40001"));
		assertTrue(LeaseTable.isSerializationFailure(wrapped), "in the cause");
		SQLException chained = new SQLException("batch failed", "HY000");
		chained.setNextException(new SQLException("deadlock detected", "40P01"));
		assertTrue(LeaseTable.isSerializationFailure(chained), "in the next exception");
		assertTrue(LeaseTable.isSerializationFailure(new SQLException("Record has changed", "HY000", 1020)));
		SQLException other = new SQLException("batch failed", "HY000");
		other.setNextException(new SQLException("duplicate key", "23505"));
		assertFalse(LeaseTable.isSerializationFailure(other));
		assertFalse(LeaseTable.isSerializationFailure(new SQLException("no state")));
	}

	@Test
	void aTableThatExistsIsUsedEvenIfCreatingItIsRefused() throws Exception {
		LeaseTable table = new LeaseTable("refused_create");
		ConnectionSource noDdl = sabotaged((sql, after) -> {
			if (!after && sql.startsWith("CREATE")) {
				throw new SQLException("permission denied for schema public", "42501");
			}
		});
		try (Connection connection = noDdl.getConnection()) {
			assertFalse(table.exists(connection));
			SQLException refused = assertThrows(SQLException.class, () -> table.createIfMissing(connection));
			assertEquals("42501", refused.getSQLState(), "no table, no privilege: the database's own error");
		}
		sql(table.createStatement());
		try (Connection connection = noDdl.getConnection()) {
			assertTrue(table.exists(connection));
			table.createIfMissing(connection);
		}
	}

	@Test
	void insertingARowAnotherInstanceCreatedFirstIsALostRaceNotAnError() throws Exception {
		LeaseTable table = new LeaseTable("race_insert");
		sql(table.createStatement());
		try (Connection connection = DriverManager.getConnection(this.url, "sa", "")) {
			assertTrue(table.insertNew(connection, 0, 0, "a", "t1", 1, 1));
			assertFalse(table.insertNew(connection, 0, 0, "b", "t2", 1, 1));
		}
		try (Connection connection = DriverManager.getConnection(this.url, "sa", "")) {
			sql("drop table race_insert");
			assertThrows(SQLException.class, () -> table.insertNew(connection, 0, 1, "c", "t3", 1, 1));
		}
	}

	// --- claiming under races and failures

	@Test
	void aNewRowInsertedByAnotherInstanceAtTheSameMomentMakesThisOneTakeTheNext() throws Exception {
		sql(new LeaseTable(LeaseTable.DEFAULT_NAME).createStatement());
		AtomicBoolean raced = new AtomicBoolean();
		ConnectionSource racing = sabotaged((sql, after) -> {
			if (!after && sql.startsWith("INSERT") && raced.compareAndSet(false, true)) {
				sql("insert into snowflake_worker_lease values (0, 0, 'other', 'o', "
						+ (System.currentTimeMillis() + 60_000) + ", 0)");
			}
		});
		DatabaseWorkerLease lease = acquire(settings(racing).build());
		assertEquals(1, lease.workerId());
		assertFalse(LocalNodes.inUse(LAYOUT, 0, 0), "the node lost to the other instance is not held in this JVM");
		assertTrue(LocalNodes.inUse(LAYOUT, 0, 1));
	}

	@Test
	void aTakeThatCommittedBeforeTheConnectionBrokeGivesTheRowBack() throws Exception {
		sql(new LeaseTable(LeaseTable.DEFAULT_NAME).createStatement());
		sql("insert into snowflake_worker_lease values (0, 0, null, null, 0, 0)");
		AtomicBoolean broken = new AtomicBoolean(true);
		ConnectionSource breaking = sabotaged((sql, after) -> {
			if (after && sql.contains("SET owner") && broken.getAndSet(false)) {
				throw new SQLException("connection reset (simulated, after the commit)", "08006");
			}
		});
		WorkerLeaseException ex = assertThrows(WorkerLeaseException.class, () -> acquire(settings(breaking).build()));
		assertEquals(WorkerLeaseException.Reason.DATABASE_UNAVAILABLE, ex.getReason());
		assertEquals(0, queryLong("select lease_end from snowflake_worker_lease where worker_id = 0"),
				"the row is free again at once, not blocked until its lease end");
		assertFalse(LocalNodes.inUse(LAYOUT, 0, 0));
		assertEquals(0, acquire(settings(this.connections).build()).workerId());
	}

	@Test
	void anInsertThatCommittedBeforeTheConnectionBrokeGivesTheRowBack() throws Exception {
		sql(new LeaseTable(LeaseTable.DEFAULT_NAME).createStatement());
		AtomicBoolean broken = new AtomicBoolean(true);
		ConnectionSource breaking = sabotaged((sql, after) -> {
			if (after && sql.startsWith("INSERT") && broken.getAndSet(false)) {
				throw new SQLException("connection reset (simulated, after the commit)", "08006");
			}
		});
		assertThrows(WorkerLeaseException.class, () -> acquire(settings(breaking).build()));
		assertEquals(0, queryLong("select lease_end from snowflake_worker_lease where worker_id = 0"));
		assertFalse(LocalNodes.inUse(LAYOUT, 0, 0));
	}

	@Test
	void aSerializationFailureReadingTheTableIsRetriedAndEndlessContentionIsNamed() throws Exception {
		AtomicInteger failReads = new AtomicInteger(1);
		ConnectionSource contended = sabotaged((sql, after) -> {
			if (!after && sql.startsWith("SELECT datacenter_id") && failReads.getAndDecrement() > 0) {
				throw new SQLException("could not serialize access", "40001");
			}
		});
		assertEquals(0, acquire(settings(contended).build()).workerId(), "one lost race: read again");
		failReads.set(Integer.MAX_VALUE);
		WorkerLeaseException ex = assertThrows(WorkerLeaseException.class, () -> acquire(settings(contended).build()));
		assertEquals(WorkerLeaseException.Reason.CONTENTION, ex.getReason());
		assertTrue(ex.getMessage().contains("other instances won 20 races for the same rows in 20 rounds"),
				ex.getMessage());
	}

	@Test
	void aRefusalSaysHowFarTheClockIsBehindAndWhenTheFirstHeldLeaseEnds() throws Exception {
		ManualTimeSource clock = new ManualTimeSource(Instant.ofEpochMilli(System.currentTimeMillis()));
		long now = clock.now().toEpochMilli();
		long busyUntil = System.currentTimeMillis() + 60_000;
		sql(new LeaseTable(LeaseTable.DEFAULT_NAME).createStatement());
		sql("insert into snowflake_worker_lease values (0, 0, null, null, 0, " + (now + 5_000) + ")");
		for (int worker = 1; worker < 4; worker++) {
			sql("insert into snowflake_worker_lease values (0, " + worker + ", 'busy', 'b', " + (busyUntil + worker)
					+ ", 0)");
		}
		WorkerLeaseException ex = assertThrows(WorkerLeaseException.class,
				() -> acquire(settings(this.connections).timeSource(clock).build()));
		assertEquals(WorkerLeaseException.Reason.CLOCK_BEHIND, ex.getReason());
		assertTrue(ex.getMessage().contains("in 5001 ms by this host's clock"), ex.getMessage());
		assertTrue(ex.getMessage().contains("The first lease to end without renewal ends at "
				+ Instant.ofEpochMilli(busyUntil + 1) + ", usable from " + Instant.ofEpochMilli(busyUntil + 1 + 1_000)),
				ex.getMessage());
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
			assertThrows(IllegalStateException.class, () -> acquire(settings(this.connections).timeSource(failing)
				.build()));
			assertEquals(0, queryLong("select lease_end from snowflake_worker_lease where worker_id = 0"),
					"read " + failingRead + ": the row is free again");
			assertFalse(LocalNodes.inUse(LAYOUT, 0, 0));
		}
		assertEquals(0, acquire(settings(this.connections).build()).workerId());
	}

	@Test
	void aRowTakenByAnotherInstanceBetweenReadAndUpdateIsSkippedAndNotHeldInThisJvm() throws Exception {
		sql(new LeaseTable(LeaseTable.DEFAULT_NAME).createStatement());
		sql("insert into snowflake_worker_lease values (0, 0, null, null, 0, 0)");
		AtomicBoolean raced = new AtomicBoolean();
		ConnectionSource racing = sabotaged((sql, after) -> {
			if (!after && sql.contains("SET owner") && raced.compareAndSet(false, true)) {
				sql("update snowflake_worker_lease set owner = 'other', instance_id = 'o', lease_end = "
						+ (System.currentTimeMillis() + 60_000) + ", high_water_mark = 5 where worker_id = 0");
			}
		});
		DatabaseWorkerLease lease = acquire(settings(racing).build());
		assertEquals(1, lease.workerId(), "the race for (0,0) is lost: a new row instead");
		assertFalse(LocalNodes.inUse(LAYOUT, 0, 0));
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
		WorkerLeaseException ex = assertThrows(WorkerLeaseException.class, () -> acquire(anyDatacenter));
		assertEquals(WorkerLeaseException.Reason.ALL_WORKERS_LEASED, ex.getReason());
		assertTrue(ex.getMessage().contains("All 4 (datacenter, worker) pairs are leased"), ex.getMessage());
		assertTrue(ex.getMessage().contains("capacity 4 = 2^1 datacenter bits x 2^1 worker bits"), ex.getMessage());
	}

	@Test
	void aStartThatWaitsForThePreviousMarkSaysHowLong() throws Exception {
		ManualTimeSource clock = new ManualTimeSource(Instant.ofEpochMilli(System.currentTimeMillis()));
		long mark = clock.now().toEpochMilli() + 400;
		sql(new LeaseTable(LeaseTable.DEFAULT_NAME).createStatement());
		sql("insert into snowflake_worker_lease values (0, 0, null, null, 0, " + mark + ")");
		for (int worker = 1; worker < 4; worker++) {
			sql("insert into snowflake_worker_lease values (0, " + worker + ", 'busy', 'b', "
					+ (System.currentTimeMillis() + 60_000) + ", 0)");
		}
		try (CapturedLog log = new CapturedLog(DatabaseWorkerLease.class)) {
			acquire(settings(this.connections).timeSource(clock).build());
			LogRecord waiting = log.records.stream()
				.filter((r) -> String.valueOf(r.getMessage()).startsWith("Clock is {0} ms behind"))
				.findFirst()
				.orElseThrow();
			assertEquals(401L, waiting.getParameters()[0]);
		}
	}

	@Test
	void aReleaseThatDoesNotHappenIsLogged() throws Exception {
		try (CapturedLog log = new CapturedLog(DatabaseWorkerLease.class)) {
			DatabaseWorkerLease taken = acquire(settings(this.connections).renewInBackground(false).build());
			sql("update snowflake_worker_lease set instance_id = 'other' where worker_id = " + taken.workerId());
			taken.close();
			assertTrue(log.has(Level.WARNING, "was not released"), "the row no longer carries our token");
			DatabaseWorkerLease unreachable = acquire(settings(this.connections).renewInBackground(false).build());
			this.databaseDown.set(true);
			unreachable.close();
			assertTrue(log.has(Level.WARNING, "Could not release snowflake worker"));
		}
	}

	// --- renewals, loss and release

	@Test
	void aLostLeaseIsLoggedAsAnErrorAndFreesTheNodeInThisJvm() throws Exception {
		try (CapturedLog log = new CapturedLog(DatabaseWorkerLease.class)) {
			DatabaseWorkerLease lease = acquire(settings(this.connections).renewInBackground(false).build());
			sql("update snowflake_worker_lease set instance_id = 'clone' where worker_id = " + lease.workerId());
			lease.renew();
			assertTrue(lease.isLost());
			assertFalse(lease.isValid());
			assertFalse(LocalNodes.inUse(LAYOUT, 0, lease.workerId()));
			assertTrue(log.has(Level.SEVERE, "Lost the lease"), "operators are alerted");
		}
	}

	@Test
	void failingRenewalsAreLoggedAndRetriedEverySecondNotInATightLoop() throws Exception {
		try (CapturedLog log = new CapturedLog(DatabaseWorkerLease.class)) {
			DatabaseWorkerLease lease = acquire(settings(this.connections).build());
			this.databaseDown.set(true);
			Thread.sleep(2_500); // first renewal after 1 s, then retries every second
			this.databaseDown.set(false);
			long failures = lease.renewalFailures();
			assertTrue(failures >= 1 && failures <= 3, failures + " failed renewals in 2.5 s");
			assertTrue(log.has(Level.WARNING, "Renewing the lease of snowflake worker"));
		}
	}

	@Test
	void closingFromAnInterruptedThreadStillReleasesAndKeepsTheInterrupt() throws Exception {
		DatabaseWorkerLease lease = acquire(settings(this.connections).build());
		Thread.currentThread().interrupt();
		try {
			lease.close();
			assertTrue(Thread.currentThread().isInterrupted(), "the caller's interrupt is kept");
		}
		finally {
			Thread.interrupted();
		}
		assertEquals(0, queryLong("select lease_end from snowflake_worker_lease where worker_id = " + lease.workerId()));
	}

	@Test
	void aReleaseThatLosesASerializationRaceIsRetried() throws Exception {
		AtomicBoolean conflict = new AtomicBoolean(true);
		ConnectionSource racing = sabotaged((sql, after) -> {
			if (!after && sql.contains("SET lease_end = 0") && conflict.getAndSet(false)) {
				throw new SQLException("could not serialize access", "40001");
			}
		});
		DatabaseWorkerLease lease = acquire(settings(racing).build());
		lease.close();
		assertEquals(0, queryLong("select lease_end from snowflake_worker_lease where worker_id = " + lease.workerId()));
	}

	@Test
	void aLeaseNamesItsOwnerProcess() {
		DatabaseWorkerLease lease = acquire(settings(this.connections).build());
		assertTrue(lease.owner().contains("pid " + ProcessHandle.current().pid()), lease.owner());
		assertTrue(lease.toString().contains("(datacenter 0, worker 0) in snowflake_worker_lease, owner "
				+ lease.owner()), lease.toString());
	}

	// --- ConnectionSource: connections go back to the pool as they came

	/** A pool of one connection, whose release does not close it. */
	private final class OneConnectionPool implements ConnectionSource {

		final Connection connection;

		int released;

		OneConnectionPool() throws SQLException {
			this.connection = DriverManager.getConnection(WorkerMutationTests.this.url, "sa", "");
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
		assertTrue(pool.connection.getAutoCommit());
		int result = pool.run(false, Duration.ofSeconds(1), (connection) -> {
			try (Statement statement = connection.createStatement()) {
				return statement.executeUpdate("insert into items values (1)");
			}
		});
		assertEquals(1, result, "the work's own result");
		assertEquals(0, queryLong("select count(*) from items"), "nothing uncommitted goes back to the pool");
		assertTrue(pool.connection.getAutoCommit(), "back in auto-commit, as the pool handed it out");
		assertEquals(1, pool.released);
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
				Connection target = DriverManager.getConnection(WorkerMutationTests.this.url, "sa", "");
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
		assertEquals("ok", source.run(false, Duration.ofSeconds(1), (connection) -> "ok"));
		assertEquals(1234, restoredNetworkTimeout.get(), "the pool's network timeout is put back");
		assertEquals(1, released.get());

		failAutoCommitRead.set(true);
		assertThrows(SQLException.class, () -> source.run(false, Duration.ofSeconds(1), (connection) -> "never"));
		assertEquals(2, released.get(), "released when the connection is broken from the start");
		failAutoCommitRead.set(false);

		failRollback.set(true);
		SQLException workFailure = new SQLException("constraint violated", "23505");
		SQLException thrown = assertThrows(SQLException.class, () -> source.run(false, (connection) -> {
			throw workFailure;
		}));
		assertSame(workFailure, thrown, "the work's failure, not the cleanup's");
		assertEquals(1, thrown.getSuppressed().length, "the cleanup failure rides along");
		assertEquals(3, released.get());
		assertEquals("done", source.run(false, (connection) -> "done"),
				"a failing cleanup after success does not turn it into a failure");
		assertEquals(4, released.get());
	}

	@Test
	void aDataSourceIsAConnectionSourceAndItsRuntimeFailuresComeThroughAsTheyAre() throws Exception {
		org.h2.jdbcx.JdbcDataSource dataSource = new org.h2.jdbcx.JdbcDataSource();
		dataSource.setURL(this.url);
		dataSource.setUser("sa");
		ConnectionSource source = ConnectionSource.of(dataSource);
		assertEquals(1, (int) source.run(true, Duration.ofSeconds(1), (connection) -> {
			try (ResultSet result = connection.createStatement().executeQuery("select 1")) {
				result.next();
				return result.getInt(1);
			}
		}));
		IllegalStateException broken = new IllegalStateException("pool closed");
		ConnectionSource closedPool = () -> {
			throw broken;
		};
		assertSame(broken, assertThrows(IllegalStateException.class,
				() -> closedPool.run(true, Duration.ofSeconds(1), (connection) -> 1)));
		ConnectionSource slow = () -> {
			try {
				Thread.sleep(100); // the caller is already waiting when the connection comes
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			return dataSource.getConnection();
		};
		Thread.currentThread().interrupt();
		try {
			assertEquals(2, (int) slow.run(true, Duration.ofSeconds(1), (connection) -> 2),
					"an interrupted thread (a shutdown) still gets its connection");
			assertTrue(Thread.currentThread().isInterrupted(), "and keeps its interrupt");
		}
		finally {
			Thread.interrupted();
		}
		assertTrue(DataSource.class.isInstance(dataSource));
	}

}
