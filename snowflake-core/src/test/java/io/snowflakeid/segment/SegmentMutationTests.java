package io.snowflakeid.segment;

import io.snowflakeid.SnowflakeSettings;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.worker.ConnectionSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Behaviour of segment mode that PIT mutation testing (docs/mutation-testing.md) showed to be untested: the
 * settings map, the exact rules of the dynamic step, what a graceful shutdown hands back, and awkward moments of
 * table creation and allocation.
 */
class SegmentMutationTests {

	private final String url = "jdbc:h2:mem:segment-mutation-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";

	private final AtomicBoolean databaseDown = new AtomicBoolean();

	private final List<Thread> fetchThreads = new CopyOnWriteArrayList<>();

	private final ConnectionSource connections = () -> {
		if (this.databaseDown.get()) {
			throw new SQLException("connection refused (simulated outage)", "08001");
		}
		return DriverManager.getConnection(this.url, "sa", "");
	};

	private final List<SegmentIdGenerators> instances = new ArrayList<>();

	@AfterEach
	void close() {
		this.databaseDown.set(false);
		this.instances.forEach(SegmentIdGenerators::close);
	}

	private SegmentIdGenerators instance(SegmentSettings.Builder settings) {
		SegmentIdGenerators generators = new SegmentIdGenerators(settings.build());
		this.instances.add(generators);
		return generators;
	}

	private SegmentSettings.Builder settings() {
		return SegmentSettings.builder(this.connections).maxWait(Duration.ofMillis(500));
	}

	private void sql(String statement) throws SQLException {
		try (Connection connection = DriverManager.getConnection(this.url, "sa", "");
				Statement s = connection.createStatement()) {
			s.execute(statement);
		}
	}

	private static void awaitFetched(SegmentIdGenerator ids, long segments) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
		while (ids.segmentsFetched() < segments && System.nanoTime() < deadline) {
			Thread.sleep(5);
		}
		assertEquals(segments, ids.segmentsFetched());
	}

	/** Connections on which {@code hook} sees every SQL statement before it runs. */
	private ConnectionSource intercepted(SqlHook hook) {
		return () -> {
			Connection target = DriverManager.getConnection(this.url, "sa", "");
			return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(),
					new Class<?>[] { Connection.class }, (proxy, method, args) -> {
						if (method.getName().equals("prepareStatement")) {
							hook.before((String) args[0]);
						}
						Object result = invoke(target, method, args);
						if (result instanceof Statement statement && method.getName().equals("createStatement")) {
							return Proxy.newProxyInstance(Statement.class.getClassLoader(),
									new Class<?>[] { Statement.class }, (p, m, a) -> {
										if (m.getName().startsWith("execute") && a != null && a[0] instanceof String s) {
											hook.before(s);
										}
										return invoke(statement, m, a);
									});
						}
						return result;
					});
		};
	}

	@FunctionalInterface
	interface SqlHook {

		void before(String sql) throws SQLException;
	}

	private static Object invoke(Object target, java.lang.reflect.Method method, Object[] args) throws Throwable {
		try {
			return method.invoke(target, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}

	/** Log records of segment mode, as operators see them. */
	private static final class CapturedLog extends Handler implements AutoCloseable {

		final List<LogRecord> records = new CopyOnWriteArrayList<>();

		private final Logger logger = Logger.getLogger(SegmentIdGenerators.class.getName());

		CapturedLog() {
			this.logger.addHandler(this);
		}

		@Override
		public void publish(LogRecord record) {
			this.records.add(record);
		}

		LogRecord find(Level level, String text) {
			return this.records.stream()
				.filter((r) -> r.getLevel() == level && String.valueOf(r.getMessage()).contains(text))
				.findFirst()
				.orElse(null);
		}

		@Override
		public void flush() {
		}

		@Override
		public void close() {
			this.logger.removeHandler(this);
		}
	}

	// --- settings

	@Test
	void statementsAreBoundedByTheMaxWaitButAtLeastOneSecond() {
		assertEquals(Duration.ofSeconds(1), settings().maxWait(Duration.ZERO).build().statementTimeout());
		assertEquals(Duration.ofSeconds(1), settings().maxWait(Duration.ofMillis(300)).build().statementTimeout());
		assertEquals(Duration.ofSeconds(5), settings().maxWait(Duration.ofSeconds(5)).build().statementTimeout());
		assertEquals(Duration.ofSeconds(10), settings().maxWait(Duration.ofSeconds(5)).build().closeTimeout());
	}

	@Test
	void theEdgesOfEveryAllowedRangeAreAccepted() {
		assertNotNull(settings().defaultStep(1).build());
		assertNotNull(settings().defaultStep(1_000_000).build());
		assertThrows(SnowflakeConfigurationException.class, () -> settings().defaultStep(1_000_001).build());
		assertNotNull(settings().dynamicStepTarget(Duration.ofMillis(1)).build());
		assertNotNull(settings().dynamicStepTarget(Duration.ofDays(1)).build());
		assertThrows(SnowflakeConfigurationException.class,
				() -> settings().dynamicStepTarget(Duration.ofDays(1).plusMillis(1)).build());
		assertThrows(SnowflakeConfigurationException.class,
				() -> settings().dynamicStepTarget(Duration.ofNanos(999_999)).build());
		assertNotNull(settings().prefetchThreshold(0.9).build());
		assertNotNull(settings().prefetchThreshold(0).build());
		assertNotNull(settings().maxWait(Duration.ofMinutes(1)).build());
		assertThrows(SnowflakeConfigurationException.class,
				() -> settings().maxWait(Duration.ofMinutes(1).plusMillis(1)).build());
	}

	@Test
	void keysAndStepsOfGeneratorsAreChecked() {
		SegmentIdGenerators generators = instance(settings().defaultStep(40));
		String longest = "k".repeat(128);
		assertEquals(longest, generators.generator(longest, 1, 5).key());
		assertThrows(IllegalArgumentException.class, () -> generators.generator("k".repeat(129), 1, 5));
		assertThrows(IllegalArgumentException.class, () -> generators.generator(" ", 1, 5));
		assertEquals(40, generators.generator("default-step", 1, 0).currentStep(), "step 0: the default step");
		SnowflakeConfigurationException tooBig = assertThrows(SnowflakeConfigurationException.class,
				() -> generators.generator("huge", 1, 1_000_001));
		assertEquals("@SegmentId(step) of key 'huge'", tooBig.getSetting());
	}

	// --- the dynamic step, exactly as documented

	/** The step chosen for the third fetch when the second segment's fetch started {@code lasted} after the first's. */
	private int stepAfterASegmentThatLasted(String key, Duration lasted) {
		AtomicLong nanos = new AtomicLong(1_000_000_000_000L);
		SegmentIdGenerator ids = instance(settings().prefetchThreshold(0).dynamicStep(true)
			.dynamicStepTarget(Duration.ofSeconds(1)).nanoClock(nanos::get)).generator(key, 1, 10);
		// The first fetch and, at once, the prefetch of the next: used up in no time, so the step doubles to 20.
		assertEquals(1, ids.nextId());
		assertEquals(20, ids.currentStep());
		for (int i = 2; i <= 10; i++) {
			ids.nextId();
		}
		nanos.addAndGet(lasted.toNanos());
		assertEquals(11, ids.nextId()); // starts the next prefetch, which sets the step
		return ids.currentStep();
	}

	@Test
	void theStepDoublesOnlyBelowTheTargetAndHalvesOnlyBeyondTwiceIt() {
		assertEquals(40, stepAfterASegmentThatLasted("faster", Duration.ofMillis(999)));
		assertEquals(20, stepAfterASegmentThatLasted("on-target", Duration.ofSeconds(1)));
		assertEquals(20, stepAfterASegmentThatLasted("slower", Duration.ofMillis(1_500)));
		assertEquals(20, stepAfterASegmentThatLasted("twice", Duration.ofSeconds(2)));
		assertEquals(10, stepAfterASegmentThatLasted("beyond-twice", Duration.ofSeconds(2).plusNanos(1)));
	}

	// --- closing

	@Test
	void closingHandsBackTheRestAndThePrefetchedSegmentAndSaysHowMany() throws Exception {
		try (CapturedLog log = new CapturedLog()) {
			SegmentIdGenerators first = instance(settings().prefetchThreshold(0));
			SegmentIdGenerator ids = first.generator("handed-back", 1, 10);
			for (long expected = 1; expected <= 3; expected++) {
				assertEquals(expected, ids.nextId());
			}
			awaitFetched(ids, 2); // 4..10 unused, 11..20 prefetched
			first.close();
			LogRecord summary = log.find(Level.INFO, "handed back");
			assertNotNull(summary, "the count is logged");
			assertEquals(17L, summary.getParameters()[0]);
			IllegalStateException closed = assertThrows(IllegalStateException.class, ids::nextId);
			assertTrue(closed.getMessage().contains("'handed-back' is closed"), closed.getMessage());
		}
		SegmentIdGenerator restarted = instance(settings()).generator("handed-back", 1, 10);
		for (long expected = 4; expected <= 30; expected++) {
			assertEquals(expected, restarted.nextId(), "no hole after a graceful restart");
		}
	}

	@Test
	void aPrefetchedSegmentIsHandedBackEvenWhenTheCurrentOneIsUsedUp() throws Exception {
		SegmentIdGenerator ids = instance(settings().prefetchThreshold(0)).generator("used-up", 1, 10);
		for (long expected = 1; expected <= 10; expected++) {
			assertEquals(expected, ids.nextId());
		}
		awaitFetched(ids, 2);
		assertEquals(10L, ids.closeAsync().get(5, TimeUnit.SECONDS));
		assertEquals(11, instance(settings()).generator("used-up", 1, 10).nextId());
	}

	@Test
	void anInterruptedCallerGetsAClearErrorAndKeepsItsInterrupt() {
		ConnectionSource slow = () -> {
			try {
				Thread.sleep(200);
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
			return DriverManager.getConnection(this.url, "sa", "");
		};
		SegmentIdGenerator ids = instance(SegmentSettings.builder(slow).createTable(true).maxWait(Duration.ofSeconds(2)))
			.generator("interrupted", 1, 10);
		Thread.currentThread().interrupt();
		try {
			SegmentUnavailableException ex = assertThrows(SegmentUnavailableException.class, ids::nextId);
			assertTrue(ex.getMessage().contains("Interrupted while waiting for a segment for 'interrupted'"),
					ex.getMessage());
			assertTrue(Thread.currentThread().isInterrupted());
		}
		finally {
			Thread.interrupted();
		}
		assertEquals(1, ids.nextId());
	}

	@Test
	void aFailedInsertOfANewKeyIsReportedNotTakenForALostRace() {
		AtomicBoolean failOnce = new AtomicBoolean(true);
		ConnectionSource failing = intercepted((sql) -> {
			if (sql.startsWith("INSERT INTO snowflake_segment ") && failOnce.getAndSet(false)) {
				throw new SQLException("connection reset (simulated)", "08006");
			}
		});
		SegmentIdGenerator ids = instance(SegmentSettings.builder(failing).maxWait(Duration.ofSeconds(2)))
			.generator("insert-fails", 1, 10);
		SegmentUnavailableException ex = assertThrows(SegmentUnavailableException.class, ids::nextId);
		assertTrue(ex.getMessage().contains("connection reset"), ex.getMessage());
		assertEquals(1, ids.nextId());
	}

	@Test
	void theLastValueOfASegmentIsHandedBackToo() throws Exception {
		SegmentIdGenerator ids = instance(settings().prefetchThreshold(0.9)).generator("last-one", 1, 10);
		for (long expected = 1; expected <= 9; expected++) {
			assertEquals(expected, ids.nextId());
		}
		assertEquals(1, ids.segmentsFetched(), "the prefetch starts only at the 10th value");
		assertEquals(1L, ids.closeAsync().get(5, TimeUnit.SECONDS));
		assertEquals(0L, ids.closeAsync().get(5, TimeUnit.SECONDS), "closing twice hands back nothing more");
		assertEquals(10, instance(settings()).generator("last-one", 1, 10).nextId());
	}

	@Test
	void aHandedBackRangeIsHandedOutOnlyOnce() {
		SegmentIdGenerators first = instance(settings());
		SegmentIdGenerator ids = first.generator("once", 1, 100);
		ids.nextId();
		first.close(); // hands back 2..100
		SegmentIdGenerator second = instance(settings()).generator("once", 1, 100);
		SegmentIdGenerator third = instance(settings()).generator("once", 1, 100);
		Set<Long> seen = new HashSet<>();
		for (int i = 0; i < 150; i++) {
			assertTrue(seen.add(second.nextId()), "duplicate");
			assertTrue(seen.add(third.nextId()), "duplicate");
		}
	}

	@Test
	void aHandBackThatCannotReachTheDatabaseIsLoggedWithEveryFailure() throws Exception {
		try (CapturedLog log = new CapturedLog()) {
			SegmentIdGenerators generators = instance(settings().prefetchThreshold(0));
			SegmentIdGenerator ids = generators.generator("unreachable", 1, 10);
			ids.nextId();
			awaitFetched(ids, 2);
			this.databaseDown.set(true);
			generators.close();
			LogRecord failed = log.find(Level.WARNING, "Could not hand back the rest of the segment of 'unreachable'");
			assertNotNull(failed);
			assertTrue(failed.getThrown() instanceof SQLException, String.valueOf(failed.getThrown()));
			assertEquals(1, failed.getThrown().getSuppressed().length, "the prefetched segment's failure too");
		}
	}

	@Test
	void fetchThreadsNeverKeepTheJvmAliveAndStopOnClose() throws Exception {
		ConnectionSource recording = intercepted((sql) -> this.fetchThreads.add(Thread.currentThread()));
		SegmentIdGenerators generators = instance(SegmentSettings.builder(recording));
		generators.generator("threads", 1, 10).nextId();
		Thread fetcher = this.fetchThreads.stream()
			.filter((t) -> t.getName().equals("snowflake-segment-fetch"))
			.findFirst()
			.orElseThrow();
		assertTrue(fetcher.isDaemon());
		generators.close();
		fetcher.join(3_000);
		assertFalse(fetcher.isAlive(), "closing stops the fetch threads (no leak on redeploy)");
	}

	// --- tables

	@Test
	void tablesThatExistAreUsedEvenIfCreatingThemIsRefused() throws Exception {
		ConnectionSource noDdl = intercepted((sql) -> {
			if (sql.startsWith("CREATE")) {
				throw new SQLException("permission denied for schema public", "42501");
			}
		});
		SegmentUnavailableException missing = assertThrows(SegmentUnavailableException.class,
				() -> instance(SegmentSettings.builder(noDdl)).generator("ddl", 1, 10));
		assertTrue(missing.getMessage().contains("Cannot create the segment tables snowflake_segment"),
				missing.getMessage());
		for (String ddl : SegmentSettings.builder(this.connections).build().createTableStatements()) {
			sql(ddl);
		}
		assertEquals(1, instance(SegmentSettings.builder(noDdl)).generator("ddl", 1, 10).nextId());
	}

	@Test
	void aNewKeyCreatedByAnotherInstanceAtTheSameMomentContinuesAfterItsSegment() throws Exception {
		AtomicReference<String> raced = new AtomicReference<>();
		ConnectionSource racing = intercepted((sql) -> {
			if (sql.startsWith("INSERT INTO snowflake_segment ") && raced.compareAndSet(null, sql)) {
				// Another instance creates the row first and takes 1..10.
				DatabaseRacer.insert(this.url, "raced", 10, 10);
			}
		});
		SegmentIdGenerator ids = instance(SegmentSettings.builder(racing).maxWait(Duration.ofSeconds(2)))
			.generator("raced", 1, 10);
		assertEquals(11, ids.nextId(), "the segment after the other instance's, never the same one");
		assertNotEquals(null, raced.get());
	}

	/** Another instance, on its own connection. */
	private static final class DatabaseRacer {

		static void insert(String url, String key, long maxValue, int step) throws SQLException {
			try (Connection connection = DriverManager.getConnection(url, "sa", "");
					Statement statement = connection.createStatement()) {
				statement.executeUpdate("INSERT INTO snowflake_segment (segment_key, max_value, step) VALUES ('" + key
						+ "', " + maxValue + ", " + step + ")");
			}
		}
	}

	@Test
	void aFailedFetchNamesTheKeyAndTheTable() {
		SegmentIdGenerators generators = instance(settings().tableName("named_segments"));
		SegmentIdGenerator ids = generators.generator("named", 1, 10);
		this.databaseDown.set(true);
		SegmentUnavailableException ex = assertThrows(SegmentUnavailableException.class, ids::nextId);
		assertTrue(ex.getMessage().contains("Cannot fetch a segment for key 'named' from named_segments"),
				ex.getMessage());
		this.databaseDown.set(false);
		assertEquals(1, ids.nextId(), "a failed fetch is not reused: the next caller fetches again");
	}
}
