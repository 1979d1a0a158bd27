package io.snowflakeid.segment;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BooleanSupplier;

import io.snowflakeid.testing.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.fail;

/**
 * Segment mode against a database that hangs (a row lock held by another transaction, or statements that block),
 * and {@link SegmentIdGenerator#close()} racing callers; real H2 in memory.
 */
class SegmentWaitAndCloseTests {

	private static final Duration MAX_WAIT = Duration.ofMillis(500);

	/** What a caller may wait beyond max-wait: scheduling, taking the monitor. */
	private static final long MARGIN_MILLIS = 300; // scheduling on a busy machine; k x max-wait would be 1000+

	/** H2 ends a lock wait only by its lock timeout (not the query timeout): long, so the hang lasts the test. */
	private final TestDatabase database = new TestDatabase("segment-wait", "LOCK_TIMEOUT=10000");

	private final RecordingConnections connections = new RecordingConnections(this.database);

	private final List<SegmentIdGenerators> instances = new ArrayList<>();

	private Connection locker;

	@AfterEach
	void close() throws SQLException {
		this.connections.resume();
		if (this.locker != null) {
			this.locker.rollback();
			this.locker.close();
		}
		this.instances.forEach(SegmentIdGenerators::close);
	}

	private SegmentSettings.Builder settings() {
		return SegmentSettings.builder(this.connections).maxWait(MAX_WAIT);
	}

	private SegmentIdGenerators instance(SegmentSettings.Builder settings) {
		SegmentIdGenerators generators = new SegmentIdGenerators(settings.build());
		this.instances.add(generators);
		return generators;
	}

	private void execute(String sql) throws SQLException {
		this.database.execute(sql);
	}

	private long queryLong(String sql) throws SQLException {
		return this.database.queryLong(sql);
	}

	/** Holds the key's row with SELECT ... FOR UPDATE in an open transaction: every UPDATE of it blocks. */
	private void lockRow(String key) throws SQLException {
		this.locker = this.database.connection();
		this.locker.setAutoCommit(false);
		try (Statement statement = this.locker.createStatement();
				ResultSet result = statement.executeQuery(
						"SELECT max_value FROM snowflake_segment WHERE segment_key = '" + key + "' FOR UPDATE")) {
			assertThat(result.next()).as("row of " + key).isTrue();
		}
	}

	private void unlockRow() throws SQLException {
		this.locker.rollback();
		this.locker.close();
		this.locker = null;
	}

	private static void await(String what, long timeoutMillis, BooleanSupplier condition) throws InterruptedException {
		long deadline = System.nanoTime() + timeoutMillis * 1_000_000;
		while (!condition.getAsBoolean()) {
			if (System.nanoTime() > deadline) {
				fail("not within " + timeoutMillis + " ms: " + what);
			}
			Thread.sleep(5);
		}
	}

	/** Runs {@code work} on {@code threads} threads started together; rethrows the first failure. */
	private static void concurrently(int threads, ThrowingIntConsumer work) throws InterruptedException {
		CountDownLatch start = new CountDownLatch(1);
		AtomicReference<Throwable> failure = new AtomicReference<>();
		List<Thread> running = new ArrayList<>();
		for (int i = 0; i < threads; i++) {
			int index = i;
			Thread thread = new Thread(() -> {
				try {
					start.await();
					work.accept(index);
				}
				catch (Throwable ex) {
					failure.compareAndSet(null, ex);
				}
			}, "caller-" + i);
			thread.start();
			running.add(thread);
		}
		start.countDown();
		for (Thread thread : running) {
			thread.join(60_000);
			assertThat(thread.isAlive()).as(thread.getName() + " still running").isFalse();
		}
		if (failure.get() != null) {
			throw new AssertionError(failure.get());
		}
	}

	@FunctionalInterface
	interface ThrowingIntConsumer {

		void accept(int value) throws Exception;
	}

	/**
	 * (a) + (b): the key's row is locked, so the fetch blocks. Twelve callers come again and again at random
	 * moments for 2.5 s: each one gets SegmentUnavailableException after waiting max-wait, never k times max-wait,
	 * and only one fetch is in flight. Once the lock is released, ids flow again: unique, increasing per caller,
	 * dense.
	 */
	@Test
	void concurrentCallersEachWaitAtMostMaxWaitWhileTheDatabaseHangsAndIdsFlowAgainAfterwards() throws Exception {
		SegmentIdGenerator ids = instance(settings()).generator("locked", 1, 50);
		execute("INSERT INTO snowflake_segment (segment_key, max_value, step) VALUES ('locked', 0, 50)");
		lockRow("locked");
		this.connections.resetMaxInUse();
		int openedBefore = this.connections.opened();
		long seed = System.nanoTime();
		List<Long> waits = Collections.synchronizedList(new ArrayList<>());
		long hangEnds = System.nanoTime() + 2_500_000_000L;
		concurrently(12, (caller) -> {
			Random random = new Random(seed + caller);
			while (System.nanoTime() < hangEnds) {
				Thread.sleep(random.nextInt(40));
				long start = System.nanoTime();
				try {
					long id = ids.nextId();
					fail("id " + id + " while the row is locked");
				}
				catch (SegmentUnavailableException expected) {
					waits.add((System.nanoTime() - start) / 1_000_000);
				}
			}
		});
		long max = Collections.max(waits);
		long min = Collections.min(waits);
		System.out.println("Hanging database, max-wait " + MAX_WAIT.toMillis() + " ms: " + waits.size()
				+ " calls by 12 callers waited " + min + ".." + max + " ms (seed " + seed + ")");
		assertThat(max).as("each caller waits at most max-wait: " + max + " ms")
			.isLessThanOrEqualTo(MAX_WAIT.toMillis() + MARGIN_MILLIS);
		assertThat(min).as("callers did wait for the fetch: " + min + " ms")
			.isGreaterThanOrEqualTo(MAX_WAIT.toMillis() - 1);
		assertThat(waits.size()).as("callers came back while the fetch hung: " + waits.size())
			.isGreaterThanOrEqualTo(12 * 3);
		assertThat(this.connections.opened() - openedBefore).as("one fetch, never duplicated while in flight")
			.isEqualTo(1);
		assertThat(this.connections.maxInUse()).as("one connection in use for the hanging key, no pile-up")
			.isEqualTo(1);

		unlockRow();
		int perCaller = 500;
		List<List<Long>> taken = Collections.synchronizedList(new ArrayList<>());
		concurrently(12, (caller) -> {
			List<Long> mine = new ArrayList<>();
			for (int i = 0; i < perCaller; i++) {
				mine.add(ids.nextId());
			}
			taken.add(mine);
		});
		Set<Long> all = new HashSet<>();
		for (List<Long> mine : taken) {
			for (int i = 0; i < mine.size(); i++) {
				assertThat(i == 0 || mine.get(i) > mine.get(i - 1)).as("increasing per caller: " + mine).isTrue();
				assertThat(all.add(mine.get(i))).as("duplicate " + mine.get(i)).isTrue();
			}
		}
		assertThat(all.size()).isEqualTo(12 * perCaller);
		assertThat(Collections.min(all)).as("dense: nothing lost to the hang").isEqualTo(1L);
		assertThat(Collections.max(all)).as("dense: nothing lost to the hang").isEqualTo(12L * perCaller);
	}

	/**
	 * (c): a hanging statement (here: a simulated one that, like a driver, ends only by its query timeout) ends
	 * after the statement timeout derived from max-wait (200 ms: the 1 s minimum), so the next caller can start a
	 * new fetch; once the database is back, ids flow. Without a query timeout the UPDATE would block forever and
	 * the key would never get a segment again.
	 */
	@Test
	void aHangingStatementEndsByItsQueryTimeoutSoTheNextFetchCanHappen() throws Exception {
		SegmentIdGenerator ids = instance(settings()).generator("stuck", 1, 10);
		this.connections.hang("UPDATE");
		long start = System.nanoTime();
		assertThatExceptionOfType(SegmentUnavailableException.class).isThrownBy(ids::nextId);
		long waited = (System.nanoTime() - start) / 1_000_000;
		assertThat(waited).as("waited " + waited + " ms").isLessThanOrEqualTo(MAX_WAIT.toMillis() + MARGIN_MILLIS);
		await("the hanging UPDATE ends", 5_000, () -> !this.connections.executions("UPDATE").isEmpty());
		RecordingConnections.Execution update = this.connections.executions("UPDATE").get(0);
		System.out.println("Hanging UPDATE ended after " + update.millis() + " ms: " + update.failure());
		assertThat(update.queryTimeout()).as("statement timeout: max-wait 200 ms, at least 1 s").isEqualTo(1);
		assertThat((Throwable) update.failure()).isInstanceOf(SQLTimeoutException.class);
		assertThat(update.millis()).as(update.millis() + " ms").isGreaterThanOrEqualTo(950).isLessThan(2_000);
		await("the fetch has given its connection back", 1_000, () -> this.connections.inUse() == 0);

		// Still hanging: the failed fetch is not reused, the next caller starts a new one (and waits max-wait).
		int opened = this.connections.opened();
		assertThatExceptionOfType(SegmentUnavailableException.class).isThrownBy(ids::nextId);
		assertThat(this.connections.opened()).as("a new fetch after the timed-out one").isEqualTo(opened + 1);

		this.connections.resume();
		for (long expected = 1; expected <= 30; expected++) {
			assertThat(ids.nextId()).isEqualTo(expected);
		}
	}

	/** Every statement of segment mode (create, fetch, allocate, take a free range, give back) carries the bound. */
	@Test
	void everyStatementCarriesAQueryTimeoutDerivedFromMaxWait() throws Exception {
		checkQueryTimeouts(Duration.ofMillis(200), 1, "fast");
		checkQueryTimeouts(Duration.ofMillis(2_500), 3, "slow");
	}

	private void checkQueryTimeouts(Duration maxWait, int expectedSeconds, String key) throws SQLException {
		this.connections.executions.clear();
		execute("DROP TABLE IF EXISTS snowflake_segment");
		execute("DROP TABLE IF EXISTS snowflake_segment_free");
		SegmentIdGenerators first = new SegmentIdGenerators(settings().maxWait(maxWait).build());
		SegmentIdGenerator ids = first.generator(key, 1, 10);
		for (int i = 0; i < 25; i++) {
			ids.nextId(); // first segment by INSERT, later ones by UPDATE
		}
		first.close(); // gives back
		SegmentIdGenerators second = new SegmentIdGenerators(settings().maxWait(maxWait).build());
		assertThat(second.generator(key, 1, 10).nextId()).isEqualTo(26); // takes the handed-back range
		second.close();
		List<RecordingConnections.Execution> all = this.connections.executions;
		for (String statement : List.of("CREATE TABLE", "SELECT first_value", "DELETE FROM", "UPDATE", "SELECT max_value",
				"INSERT INTO snowflake_segment (", "INSERT INTO snowflake_segment_free (")) {
			assertThat(this.connections.executions(statement)).as("no " + statement + " ran").isNotEmpty();
		}
		for (RecordingConnections.Execution execution : all) {
			assertThat(execution.queryTimeout()).as("max-wait " + maxWait + ": " + execution.sql())
				.isEqualTo(expectedSeconds);
		}
	}

	/**
	 * close() while a fetch hangs returns within its bound (2 statement timeouts) instead of waiting for the
	 * database: the rest of the current segment is handed back at once, the segment being fetched once it arrives,
	 * so after the lock is gone the next instance continues without a hole.
	 */
	@Test
	void closeIsBoundedWhileAFetchHangsAndTheLateSegmentIsStillHandedBack() throws Exception {
		SegmentIdGenerators generators = instance(settings());
		SegmentIdGenerator ids = generators.generator("closing", 1, 10);
		for (long expected = 1; expected <= 10; expected++) {
			assertThat(ids.nextId()).isEqualTo(expected);
		}
		await("the second segment is prefetched", 2_000, () -> ids.segmentsFetched() == 2);
		lockRow("closing");
		assertThat(ids.nextId()).isEqualTo(11);
		assertThat(ids.nextId()).isEqualTo(12); // starts the fetch of the third segment: blocks on the lock
		await("the third fetch runs", 2_000, () -> this.connections.inUse() == 1);
		long start = System.nanoTime();
		generators.close();
		long closeMillis = (System.nanoTime() - start) / 1_000_000;
		System.out.println("close() with a hanging fetch returned after " + closeMillis + " ms");
		assertThat(closeMillis).as("close is bounded: " + closeMillis + " ms").isLessThan(2_000 + 500);
		assertThatExceptionOfType(IllegalStateException.class).isThrownBy(ids::nextId);
		assertThat(queryLong("SELECT first_value FROM snowflake_segment_free WHERE segment_key = 'closing'"))
			.as("the rest of the current segment is handed back at once")
			.isEqualTo(13);

		unlockRow();
		await("the late segment is handed back", 5_000, () -> {
			try {
				return queryLong("SELECT COUNT(*) FROM snowflake_segment_free WHERE segment_key = 'closing'") == 2;
			}
			catch (SQLException ex) {
				throw new IllegalStateException(ex);
			}
		});
		SegmentIdGenerator restarted = instance(settings()).generator("closing", 1, 10);
		for (long expected = 13; expected <= 45; expected++) {
			assertThat(restarted.nextId()).as("no hole after closing with a hanging fetch").isEqualTo(expected);
		}
	}

	/**
	 * (d): close() races callers (and fetches in flight, getConnection delayed at random), then a new instance
	 * takes ids from the same table: no value is handed out twice, each caller's ids increase, and after both
	 * closed gracefully every value up to the key's max is either handed out or handed back: no hole. Seeded: the
	 * seed is printed on failure (rerun with -Dsegment.race.seed=...).
	 */
	@Test
	void closeRacingCallersNeverHandsOutAValueTwiceAndLeavesNoHole() throws Exception {
		long seed = Long.getLong("segment.race.seed", System.nanoTime());
		int iterations = 150;
		int iteration = 0;
		try {
			for (; iteration < iterations; iteration++) {
				raceCloseWithCallers(new Random(seed + iteration), "race" + iteration);
			}
		}
		catch (Throwable ex) {
			throw new AssertionError("close race failed with -Dsegment.race.seed=" + seed + " at iteration " + iteration
					+ ": " + ex.getMessage(), ex);
		}
		System.out.println("close race: " + iterations + " iterations without duplicate or hole (seed " + seed + ")");
	}

	private void raceCloseWithCallers(Random random, String key) throws Exception {
		int step = 1 + random.nextInt(20);
		double threshold = random.nextInt(10) / 10.0;
		int threads = 2 + random.nextInt(5);
		int closeAfter = random.nextInt(step * 6 + 1);
		this.connections.jitter(new Random(random.nextLong()), random.nextInt(3) * 1_000);
		SegmentSettings.Builder settings = settings().maxWait(Duration.ofSeconds(5)).prefetchThreshold(threshold);
		SegmentIdGenerators first = new SegmentIdGenerators(settings.build());
		SegmentIdGenerator ids = first.generator(key, 1, step);
		AtomicLong issued = new AtomicLong();
		List<List<Long>> taken = Collections.synchronizedList(new ArrayList<>());
		CountDownLatch start = new CountDownLatch(1);
		AtomicReference<Throwable> failure = new AtomicReference<>();
		List<Thread> callers = new ArrayList<>();
		for (int t = 0; t < threads; t++) {
			Thread thread = new Thread(() -> {
				List<Long> mine = new ArrayList<>();
				try {
					start.await();
					for (;;) {
						mine.add(ids.nextId());
						issued.incrementAndGet();
					}
				}
				catch (SegmentUnavailableException ex) {
					failure.compareAndSet(null, ex);
				}
				catch (IllegalStateException closed) {
					// closed: done
				}
				catch (Throwable ex) {
					failure.compareAndSet(null, ex);
				}
				taken.add(mine);
			});
			thread.start();
			callers.add(thread);
		}
		start.countDown();
		while (issued.get() < closeAfter && failure.get() == null) {
			Thread.onSpinWait();
		}
		first.close();
		for (Thread thread : callers) {
			thread.join(10_000);
			assertThat(thread.isAlive()).as("caller still running after close").isFalse();
		}
		if (failure.get() != null) {
			throw new AssertionError(failure.get());
		}
		Set<Long> used = new HashSet<>();
		for (List<Long> mine : taken) {
			for (int i = 0; i < mine.size(); i++) {
				assertThat(i == 0 || mine.get(i) > mine.get(i - 1)).as("increasing per caller: " + mine).isTrue();
				assertThat(used.add(mine.get(i))).as("duplicate " + mine.get(i) + " before close").isTrue();
			}
		}
		SegmentIdGenerators second = new SegmentIdGenerators(settings.build());
		SegmentIdGenerator restarted = second.generator(key, 1, step);
		long last = 0;
		for (int i = 0, n = random.nextInt(step * 4 + 1); i < n; i++) {
			long id = restarted.nextId();
			assertThat(id).as("increasing after restart").isGreaterThan(last);
			last = id;
			assertThat(used.add(id)).as("handed out again after close: " + id).isTrue();
		}
		second.close();
		// No hole: every value 1..max of the key is either handed out or handed back, and never both.
		long max = queryLong("SELECT COALESCE(MAX(max_value), 0) FROM snowflake_segment WHERE segment_key = '" + key + "'");
		TreeMap<Long, Long> free = new TreeMap<>();
		try (Connection connection = this.database.connection();
				Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery("SELECT first_value, last_value FROM snowflake_segment_free "
						+ "WHERE segment_key = '" + key + "'")) {
			while (result.next()) {
				free.put(result.getLong(1), result.getLong(2));
			}
		}
		long freeValues = 0;
		for (var range : free.entrySet()) {
			for (long value = range.getKey(); value <= range.getValue(); value++) {
				assertThat(used).as("handed back and handed out: " + value).doesNotContain(value);
			}
			freeValues += range.getValue() - range.getKey() + 1;
		}
		assertThat(used.size() + freeValues)
			.as("hole: " + max + " allocated, " + used.size() + " handed out, "
					+ freeValues + " handed back (step " + step + ", " + threads + " callers, close after " + closeAfter + ")")
			.isEqualTo(max);
		assertThat(used.isEmpty() || Collections.max(used) <= max).isTrue();
	}
}
