package io.snowflakeid.it;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import io.snowflakeid.segment.SegmentIdGenerator;
import io.snowflakeid.segment.SegmentIdGenerators;
import io.snowflakeid.segment.SegmentSettings;
import io.snowflakeid.segment.SegmentUnavailableException;
import io.snowflakeid.worker.ConnectionSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Segment mode on a real database that hangs: another transaction holds the key's row with SELECT ... FOR UPDATE,
 * so the fetch's UPDATE blocks. Each caller waits at most max-wait; the blocked UPDATE is ended by the statement
 * timeout (on H2, which does not apply a query timeout to lock waits, by its lock timeout); once the lock is gone ids
 * flow again. And close() racing callers on the same table as a new instance: no duplicate, no hole.
 */
class SegmentDatabaseOutageTests {

	/** Longer than in the unit tests: each fetch here opens a real connection, which can take 200 ms on a busy host. */
	private static final Duration MAX_WAIT = Duration.ofMillis(500);

	private static final long MARGIN_MILLIS = 300; // scheduling on a busy 2-core CI machine

	private static final String TABLE = "it_segment_outage";

	private final List<SegmentIdGenerators> instances = new ArrayList<>();

	private Connection locker;

	static List<TestDatabase> databases() {
		return TestDatabase.enabled();
	}

	@AfterEach
	void closeEverything() throws SQLException {
		if (this.locker != null) {
			this.locker.rollback();
			this.locker.close();
		}
		this.instances.forEach(SegmentIdGenerators::close);
	}

	@ParameterizedTest
	@MethodSource("databases")
	void callersWaitAtMostMaxWaitWhileARowLockHangsTheFetchTheTimeoutEndsItAndIdsFlowAfterwards(TestDatabase database)
			throws Exception {
		String url = database.url();
		Recording connections = new Recording(database, url);
		recreateTables(database, url, TABLE);
		SegmentIdGenerators generators = new SegmentIdGenerators(
				SegmentSettings.builder(connections).tableName(TABLE).maxWait(MAX_WAIT).build());
		this.instances.add(generators);
		SegmentIdGenerator ids = generators.generator("outage", 1, 50);
		execute(database, url, "INSERT INTO " + TABLE + " (segment_key, max_value, step) VALUES ('outage', 0, 50)");
		this.locker = database.connect(url);
		this.locker.setAutoCommit(false);
		try (Statement statement = this.locker.createStatement(); ResultSet row = statement.executeQuery(
				"SELECT max_value FROM " + TABLE + " WHERE segment_key = 'outage' FOR UPDATE")) {
			assertThat(row.next()).isTrue();
		}

		// (a) Eight callers come again and again for 2.5 s, past the 1 s statement timeout.
		long seed = System.nanoTime();
		List<Long> waits = Collections.synchronizedList(new ArrayList<>());
		List<Long> timedOut = Collections.synchronizedList(new ArrayList<>());
		long hangEnds = System.nanoTime() + 2_500_000_000L;
		concurrently(8, (caller) -> {
			Random random = new Random(seed + caller);
			while (System.nanoTime() < hangEnds) {
				Thread.sleep(random.nextInt(60));
				long start = System.nanoTime();
				try {
					fail("id " + ids.nextId() + " while the row is locked");
				}
				catch (SegmentUnavailableException expected) {
					long waited = (System.nanoTime() - start) / 1_000_000;
					waits.add(waited);
					if (expected.getCause() instanceof TimeoutException) {
						timedOut.add(waited);
					}
				}
			}
		});
		long maxWait = Collections.max(waits);
		// Callers waiting when the timeout ends the fetch get its failure at once; all others wait max-wait.
		System.out.println(database + ": row locked, max-wait " + MAX_WAIT.toMillis() + " ms: " + waits.size()
				+ " calls by 8 callers waited " + Collections.min(waits) + ".." + maxWait + " ms; " + timedOut.size()
				+ " timed out after " + Collections.min(timedOut) + ".." + Collections.max(timedOut) + " ms, "
				+ (waits.size() - timedOut.size()) + " got the failure of the fetch ended by the timeout (seed " + seed
				+ ")");
		assertThat(maxWait).as("each caller waits at most max-wait").isLessThanOrEqualTo(MAX_WAIT.toMillis() + MARGIN_MILLIS);
		assertThat(Collections.min(timedOut)).isGreaterThanOrEqualTo(MAX_WAIT.toMillis() - 1);

		// (c) The blocked UPDATE did not stay blocked: it ended after the statement timeout, a later caller started
		// a new fetch, never two at a time; once the last one ended nothing waits on the server any more.
		long deadline = System.nanoTime() + 5_000_000_000L;
		while (connections.inUse.get() > 0 && System.nanoTime() < deadline) {
			Thread.sleep(10);
		}
		assertThat(connections.inUse.get()).as("the last fetch ended while the lock is still held").isZero();
		List<Recording.Execution> updates = connections.executions("UPDATE");
		for (Recording.Execution update : updates) {
			System.out.println(database + ": blocked UPDATE (query timeout " + update.queryTimeout + " s) ended after "
					+ update.millis() + " ms: " + update.failure);
		}
		assertThat(updates.size()).as("a new fetch after the first one was ended").isGreaterThanOrEqualTo(2);
		long bound = (database == TestDatabase.H2) ? 2_000 : 1_000; // H2: its default lock timeout
		for (Recording.Execution update : updates) {
			assertThat(update.queryTimeout).isEqualTo(1);
			assertThat((Throwable) update.failure).as("ended by the timeout, not by the lock").isNotNull();
			assertThat(update.millis()).isBetween(bound - 100, bound + 1_500);
		}
		assertThat(connections.maxInUse.get()).as("one fetch in flight, no pile-up").isEqualTo(1);
		assertThat(waitingOnTheServer(database, url)).as("statements still blocked on the server").isZero();

		// (b) The database is back: ids flow again, unique, increasing per caller, and dense (nothing lost).
		this.locker.rollback();
		this.locker.close();
		this.locker = null;
		List<List<Long>> taken = Collections.synchronizedList(new ArrayList<>());
		AtomicInteger unavailable = new AtomicInteger();
		concurrently(8, (caller) -> {
			List<Long> mine = new ArrayList<>();
			long giveUp = System.nanoTime() + 20_000_000_000L;
			for (int i = 0; i < 300; i++) {
				while (true) {
					try {
						mine.add(ids.nextId());
						break;
					}
					catch (SegmentUnavailableException slowFetch) {
						// A fetch slower than the 500 ms max-wait on a loaded machine: the caller is told so, in
						// time, and tries again; what counts here is that ids flow and none is lost or repeated.
						unavailable.incrementAndGet();
						assertThat(System.nanoTime()).as("ids flow again within 20 s").isLessThan(giveUp);
					}
				}
			}
			taken.add(mine);
		});
		System.out.println(database + ": after the outage, " + unavailable.get() + " calls found a fetch slower than max-wait");
		Set<Long> all = new HashSet<>();
		for (List<Long> mine : taken) {
			for (int i = 1; i < mine.size(); i++) {
				assertThat(mine.get(i)).isGreaterThan(mine.get(i - 1));
			}
			mine.forEach((id) -> assertThat(all.add(id)).as("duplicate " + id).isTrue());
		}
		assertThat(all).hasSize(2_400);
		assertThat(Collections.min(all)).isEqualTo(1L);
		assertThat(Collections.max(all)).isEqualTo(2_400L);
	}

	/** (d) On the real database: close() racing callers and fetches, then a new instance on the same table. */
	@ParameterizedTest
	@MethodSource("databases")
	void closeRacingCallersNeverHandsOutAValueTwiceAndLeavesNoHole(TestDatabase database) throws Exception {
		String url = database.url();
		String table = "it_segment_race";
		recreateTables(database, url, table);
		ConnectionSource connections = () -> database.connect(url);
		long seed = Long.getLong("segment.race.seed", System.nanoTime());
		int iterations = 25;
		for (int iteration = 0; iteration < iterations; iteration++) {
			try {
				raceCloseWithCallers(database, url, connections, table, new Random(seed + iteration), "race" + iteration);
			}
			catch (Throwable ex) {
				throw new AssertionError(database + ": close race failed with -Dsegment.race.seed=" + seed
						+ " at iteration " + iteration + ": " + ex.getMessage(), ex);
			}
		}
		System.out.println(database + ": close race, " + iterations + " iterations without duplicate or hole (seed "
				+ seed + ")");
	}

	private void raceCloseWithCallers(TestDatabase database, String url, ConnectionSource connections, String table,
			Random random, String key) throws Exception {
		int step = 1 + random.nextInt(20);
		int closeAfter = random.nextInt(step * 6 + 1);
		SegmentSettings settings = SegmentSettings.builder(connections).tableName(table)
			.maxWait(Duration.ofSeconds(5)).prefetchThreshold(random.nextInt(10) / 10.0).build();
		SegmentIdGenerators first = new SegmentIdGenerators(settings);
		SegmentIdGenerator ids = first.generator(key, 1, step);
		AtomicLong issued = new AtomicLong();
		AtomicReference<Throwable> failure = new AtomicReference<>();
		List<List<Long>> taken = Collections.synchronizedList(new ArrayList<>());
		CountDownLatch start = new CountDownLatch(1);
		List<Thread> callers = new ArrayList<>();
		for (int t = 0, threads = 2 + random.nextInt(4); t < threads; t++) {
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
			thread.join(20_000);
			assertThat(thread.isAlive()).as("caller still running after close").isFalse();
		}
		if (failure.get() != null) {
			throw new AssertionError(failure.get());
		}
		Set<Long> used = new HashSet<>();
		for (List<Long> mine : taken) {
			for (int i = 0; i < mine.size(); i++) {
				assertThat(i == 0 || mine.get(i) > mine.get(i - 1)).as("increasing per caller").isTrue();
				assertThat(used.add(mine.get(i))).as("duplicate " + mine.get(i)).isTrue();
			}
		}
		SegmentIdGenerators second = new SegmentIdGenerators(settings);
		SegmentIdGenerator restarted = second.generator(key, 1, step);
		for (int i = 0, n = random.nextInt(step * 4 + 1); i < n; i++) {
			long id = restarted.nextId();
			assertThat(used.add(id)).as("handed out again after close: " + id).isTrue();
		}
		second.close();
		long max = queryLong(database, url,
				"SELECT COALESCE(MAX(max_value), 0) FROM " + table + " WHERE segment_key = '" + key + "'");
		TreeMap<Long, Long> free = new TreeMap<>();
		try (Connection connection = database.connect(url);
				Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery(
						"SELECT first_value, last_value FROM " + table + "_free WHERE segment_key = '" + key + "'")) {
			while (result.next()) {
				free.put(result.getLong(1), result.getLong(2));
			}
		}
		long freeValues = 0;
		for (var range : free.entrySet()) {
			for (long value = range.getKey(); value <= range.getValue(); value++) {
				assertThat(used).as("handed back and handed out").doesNotContain(value);
			}
			freeValues += range.getValue() - range.getKey() + 1;
		}
		assertThat(used.size() + freeValues).as("no hole: every value up to the max handed out or handed back; step "
				+ step + ", close after " + closeAfter + ", handed out " + ranges(used) + ", handed back " + free)
			.isEqualTo(max);
	}

	/** The values as ranges: [1..5, 8, 10..12]. */
	static String ranges(Set<Long> values) {
		List<String> ranges = new ArrayList<>();
		long first = 0;
		long last = -2;
		for (long value : new java.util.TreeSet<>(values)) {
			if (value != last + 1) {
				if (last >= first && last != -2) {
					ranges.add((first == last) ? String.valueOf(first) : first + ".." + last);
				}
				first = value;
			}
			last = value;
		}
		if (last != -2) {
			ranges.add((first == last) ? String.valueOf(first) : first + ".." + last);
		}
		return ranges.toString();
	}

	/** Statements of the segment table blocked on a lock, as the server sees them. */
	private static long waitingOnTheServer(TestDatabase database, String url) throws SQLException {
		String query = switch (database) {
			case POSTGRESQL -> "SELECT COUNT(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE "
					+ "'UPDATE " + TABLE + " %'";
			case MARIADB -> "SELECT COUNT(*) FROM information_schema.INNODB_TRX WHERE trx_state = 'LOCK WAIT' AND "
					+ "trx_query LIKE '%UPDATE " + TABLE + " %'";
			case H2 -> "SELECT COUNT(*) FROM INFORMATION_SCHEMA.SESSIONS WHERE BLOCKER_ID IS NOT NULL";
		};
		return queryLong(database, url, query);
	}

	private static void recreateTables(TestDatabase database, String url, String table) throws SQLException {
		execute(database, url, "DROP TABLE IF EXISTS " + table);
		execute(database, url, "DROP TABLE IF EXISTS " + table + "_free");
	}

	private static void execute(TestDatabase database, String url, String sql) throws SQLException {
		try (Connection connection = database.connect(url); Statement statement = connection.createStatement()) {
			statement.execute(sql);
		}
	}

	private static long queryLong(TestDatabase database, String url, String sql) throws SQLException {
		try (Connection connection = database.connect(url);
				Statement statement = connection.createStatement();
				ResultSet result = statement.executeQuery(sql)) {
			assertThat(result.next()).isTrue();
			return result.getLong(1);
		}
	}

	private static void concurrently(int threads, Caller work) throws InterruptedException {
		CountDownLatch start = new CountDownLatch(1);
		AtomicReference<Throwable> failure = new AtomicReference<>();
		List<Thread> running = new ArrayList<>();
		for (int i = 0; i < threads; i++) {
			int index = i;
			Thread thread = new Thread(() -> {
				try {
					start.await();
					work.run(index);
				}
				catch (Throwable ex) {
					failure.compareAndSet(null, ex);
				}
			});
			thread.start();
			running.add(thread);
		}
		start.countDown();
		for (Thread thread : running) {
			thread.join(60_000);
			assertThat(thread.isAlive()).isFalse();
		}
		if (failure.get() != null) {
			throw new AssertionError(failure.get());
		}
	}

	@FunctionalInterface
	interface Caller {

		void run(int index) throws Exception;
	}

	/** Connections of the segment generators: counts those in use, records every UPDATE (timeout, duration, failure). */
	private static final class Recording implements ConnectionSource {

		record Execution(String sql, int queryTimeout, long startNanos, long endNanos, SQLException failure) {

			long millis() {
				return (this.endNanos - this.startNanos) / 1_000_000;
			}
		}

		private final TestDatabase database;

		private final String url;

		final AtomicInteger inUse = new AtomicInteger();

		final AtomicInteger maxInUse = new AtomicInteger();

		final List<Execution> executions = new CopyOnWriteArrayList<>();

		Recording(TestDatabase database, String url) {
			this.database = database;
			this.url = url;
		}

		@Override
		public Connection getConnection() throws SQLException {
			Connection target = this.database.connect(this.url);
			this.maxInUse.accumulateAndGet(this.inUse.incrementAndGet(), Math::max);
			return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { Connection.class },
					(proxy, method, args) -> {
						Object result = invoke(target, method, args);
						if (result instanceof PreparedStatement statement && args != null && args[0] instanceof String sql) {
							return recording(statement, sql);
						}
						return result;
					});
		}

		@Override
		public void release(Connection connection) throws SQLException {
			try {
				connection.close();
			}
			finally {
				this.inUse.decrementAndGet();
			}
		}

		private PreparedStatement recording(PreparedStatement target, String sql) {
			return (PreparedStatement) Proxy.newProxyInstance(getClass().getClassLoader(),
					new Class<?>[] { PreparedStatement.class }, (proxy, method, args) -> {
						if (!method.getName().startsWith("execute")) {
							return invoke(target, method, args);
						}
						int timeout = target.getQueryTimeout();
						long start = System.nanoTime();
						try {
							Object result = invoke(target, method, args);
							this.executions.add(new Execution(sql, timeout, start, System.nanoTime(), null));
							return result;
						}
						catch (SQLException ex) {
							this.executions.add(new Execution(sql, timeout, start, System.nanoTime(), ex));
							throw ex;
						}
					});
		}

		List<Execution> executions(String prefix) {
			return this.executions.stream().filter((e) -> e.sql().startsWith(prefix)).toList();
		}

		private static Object invoke(Object target, java.lang.reflect.Method method, Object[] args) throws Throwable {
			try {
				return method.invoke(target, args);
			}
			catch (InvocationTargetException ex) {
				throw ex.getCause();
			}
		}
	}
}
