package io.snowflakeid.segment;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.LongStream;

import io.snowflakeid.SimplePool;
import io.snowflakeid.segment.SegmentTable.Segment;
import io.snowflakeid.testing.TestDatabase;
import io.snowflakeid.worker.ConnectionSource;
import org.junit.jupiter.api.Test;

/**
 * Seeded simulation of segment mode: the real {@link SegmentIdGenerator} and {@link SegmentTable} against a real
 * segment table (H2, one database per seed; or a server, see below), with several simulated instances of one or two
 * keys. Instances start, take ids (trickles, bursts, bursts from several threads), stop gracefully, crash, lose the
 * database and get it back, and restart at once; their background fetches and hand-backs run when the simulation
 * says so.
 * <p>
 * No real time: every generator gets its own {@link Background} executor, a queue the simulation runs (at once, as
 * a database that answers in time, or later, as one that does not), and max-wait 0, so that a caller whose segment
 * has not arrived gets {@link SegmentUnavailableException} at once instead of waiting; the dynamic step's clock is
 * {@link SegmentSettings.Builder#nanoClock}.
 * <p>
 * After every event, per key: every value from the initial value to the row's {@code max_value} is in exactly one
 * of: handed out (never twice, across all instances and restarts), handed back (in the free table), held by an
 * instance (the rest of its current segment, and at most one segment fetched ahead), or lost by a crash (or by a
 * hand-back that failed because the database was down at that stop). So graceful stops leave no holes. Each
 * generator hands out exactly the next value of its segments, in order (strictly increasing, dense per segment);
 * each fetch takes the lowest handed-back range above its current segment, else the next {@code step} values (the
 * table is compared with that model after every event); a crash loses at most 2 x step per key (with a dynamic
 * step: 2 x the largest step); with the database reachable and no fetch held back, a caller always gets an id.
 * A failure prints the seed and the trace; the seed replays it:
 * {@code -Dsnowflake.segment-simulation.first-seed=N -Dsnowflake.segment-simulation.seeds=1}.
 * <p>
 * On a real server instead of H2 (PostgreSQL, MariaDB: CI runs 100 seeds on each):
 * {@code -Dsnowflake.segment-simulation.url=jdbc:postgresql://127.0.0.1:5432/test}, with
 * {@code -Dsnowflake.segment-simulation.user} and {@code .password}. Each seed then creates its own segment table
 * (and table of handed-back ranges) under a unique name, since seeds run in parallel on the one server, and drops
 * both at its end, also when it fails. An outage stays simulated as on H2, by the instance's connection source
 * refusing connections, whatever the server.
 */
class SegmentSimulationTests {

	static final String SEEDS = "snowflake.segment-simulation.seeds";

	static final String FIRST_SEED = "snowflake.segment-simulation.first-seed";

	private static final int[] STEPS = { 1, 3, 10, 10, 25, 100 };

	private static final double[] THRESHOLDS = { 0.1, 0.1, 0.1, 0.0, 0.5, 0.9 };

	private static final Duration DYNAMIC_STEP_TARGET = Duration.ofMinutes(1);

	/** Events per seed. */
	static final int EVENTS = 200;

	/** A database server to run the schedules on instead of H2 in memory; empty: H2. */
	static final String EXTERNAL_URL = System.getProperty("snowflake.segment-simulation.url", "");

	static final String USER = System.getProperty("snowflake.segment-simulation.user",
			EXTERNAL_URL.isEmpty() ? "sa" : "");

	static final String PASSWORD = System.getProperty("snowflake.segment-simulation.password", "");

	/** Numbers the schedules' tables on a server, unique within this JVM. */
	private static final AtomicLong TABLES = new AtomicLong();

	/**
	 * Schedules run at once on a server: there a schedule mostly waits for round trips and commits, not for this
	 * JVM's processors (8 instead of 2 made 100 seeds on PostgreSQL 3 x faster on a 2-core machine).
	 */
	static final int SERVER_PARALLELISM = 8;

	@Test
	void manySeededSchedulesHandOutNoValueTwiceAndLoseOnlyWhatCrashesHeld() {
		runSeeds(Integer.getInteger(SEEDS, 120), Long.getLong(FIRST_SEED, 1));
	}

	/**
	 * Seeds {@code first-seed .. first-seed + seeds - 1}, on as many threads as there are processors, or
	 * {@link #SERVER_PARALLELISM} on a server (schedules are independent: each has its own database, or its own
	 * tables on a server). The first failing seed fails the test (on a server: the lowest one).
	 */
	static void runSeeds(int seeds, long firstSeed) {
		if (EXTERNAL_URL.isEmpty()) {
			LongStream.range(firstSeed, firstSeed + seeds).parallel()
				.forEach((seed) -> new Simulation(seed, EVENTS, DynamicStepCheck.BOUND_THAT_HOLDS).run());
			return;
		}
		ExecutorService threads = Executors.newFixedThreadPool(SERVER_PARALLELISM);
		try {
			List<Future<?>> runs = new ArrayList<>();
			for (long seed = firstSeed; seed < firstSeed + seeds; seed++) {
				long each = seed;
				runs.add(threads.submit(() -> new Simulation(each, EVENTS, DynamicStepCheck.BOUND_THAT_HOLDS).run()));
			}
			for (Future<?> run : runs) {
				run.get();
			}
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof Error error) {
				throw error; // the seed's AssertionError, with its trace
			}
			throw new IllegalStateException(ex.getCause());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		finally {
			threads.shutdownNow(); // seeds not started yet never start; running ones finish and drop their tables
		}
	}

	/**
	 * The README used to say, for the dynamic step: "A crash then loses up to 2 x the current step". Not so (key "account", step 1, dynamic):
	 * at event 42 a new instance, whose step is still 1, takes two handed-back ranges whole (39..63 and 64..127, left
	 * by an instance whose step had grown), because a handed-back range is taken as it is, whatever the step; it
	 * crashes at event 100 holding 98..127: 30 values lost, where 2 x its current step (2) is 4. A second way, without
	 * handed-back ranges: the step halves after a quiet spell, so a crash right after the prefetch loses the rest of a
	 * segment of the old, larger step plus one of the new (seed 59, event 18: the rest of a 200-value segment, 178, plus
 * a prefetched 100-value one, with a current step of 100). What holds
	 * is 2 x the largest step any instance used (at most 2 x 100 x the configured step), as the main test checks;
	 * the README now says so. This seed replays the case against that bound.
	 */
	@Test
	void seed22DynamicStepCrashLossStaysWithinTwiceTheLargestStep() {
		new Simulation(22, EVENTS, DynamicStepCheck.BOUND_THAT_HOLDS).run();
	}

	/**
	 * README, dynamic-step: the step is "doubled when a segment lasts less than the target". But a fetch that fails
	 * (database down) counts as a segment too: {@code SegmentIdGenerator.startFetch} calls {@code stepForNextFetch()}
	 * for every attempt, which doubles the step and restarts the clock, so every retry during an outage doubles it
	 * (up to 100 x), and the first segment after the outage is far larger than load asks for (more values at risk
	 * in a crash, sparser ids). Fixed: a retry of a failed fetch asks for the same step.
	 */
	@Test
	void seed59DynamicStepNeverDoublesOnFailedFetches() {
		new Simulation(59, EVENTS, DynamicStepCheck.DOUBLED_ONLY_PER_SEGMENT).run();
	}

	/** What a dynamic step is held to. */
	enum DynamicStepCheck {

		/** Crash loss within 2 x the largest step a dynamic step grows to: what holds. */
		BOUND_THAT_HOLDS,

		/** Crash loss within 2 x the generator's current step, as the README says. */
		CRASH_LOSS_WITHIN_TWICE_THE_CURRENT_STEP,

		/** A generator's k-th segment at most 2^(k-1) x the step: the step doubles at most once per segment. */
		DOUBLED_ONLY_PER_SEGMENT
	}

	/**
	 * The fetcher of one generator: tasks (fetches, the hand-back of a close) wait in a queue until the simulation
	 * runs them, in order. {@code inline}: every new task runs at once, on the caller's thread, with the queue ahead
	 * of it (a database that answers within max-wait); otherwise it waits (one that does not).
	 */
	static final class Background implements Executor {

		private final ArrayDeque<Runnable> queue = new ArrayDeque<>();

		volatile boolean inline = true;

		@Override
		public void execute(Runnable task) {
			synchronized (this) {
				this.queue.add(task);
			}
			if (this.inline) {
				runAll();
			}
		}

		boolean runOne() {
			Runnable task;
			synchronized (this) {
				task = this.queue.poll();
			}
			if (task == null) {
				return false;
			}
			task.run();
			return true;
		}

		void runAll() {
			while (runOne()) {
				// in order: a hand-back waits for the fetch queued before it
			}
		}

		synchronized int pending() {
			return this.queue.size();
		}

		/** The process is gone before the database saw these. */
		synchronized void drop() {
			this.queue.clear();
		}
	}

	/** The key's row and handed-back ranges, as the table holds them. */
	record KeyRow(Long max, List<Segment> free) {
	}

	/** One schedule. */
	static final class Simulation {

		final long seed;

		final int events;

		final Random random;

		/** H2 in memory, one database per schedule; or the server {@code snowflake.segment-simulation.url} names. */
		final String url = EXTERNAL_URL.isEmpty()
				? new TestDatabase("segment-sim", "QUERY_CACHE_SIZE=64").url()
				: EXTERNAL_URL;

		/** Pooled, as in production: opening a session per statement would dominate the run time. */
		final SimplePool pool = new SimplePool(this.url, USER, PASSWORD);

		/** The default name in a database of its own; on a server, tables of its own: schedules run in parallel. */
		final SegmentTable table = new SegmentTable(EXTERNAL_URL.isEmpty() ? SegmentTable.DEFAULT_NAME
				: "sim_segment_" + Long.toHexString(System.nanoTime()) + "_" + TABLES.incrementAndGet());

		/** Its table of handed-back ranges, named as {@link SegmentTable} names it. */
		final String freeTable = this.table.name() + "_free";

		/** Simulated time, nanoseconds: the clock of the dynamic step. */
		final AtomicLong nanos = new AtomicLong(1_000_000_000L);

		final List<String> trace = new ArrayList<>();

		final Key[] keys;

		final Node[] nodes;

		final double threshold;

		final boolean dynamicStep;

		/**
		 * snowflake.segment.max-step, or null (100 x the step): for half of the schedules with a dynamic step, drawn
		 * from a generator of its own, so that every other draw of a seed is what it was before max-step existed (the
		 * pinned seeds 22 and 59 draw none: they replay what they did).
		 */
		final Integer maxStep;

		/** Stopped gracefully, their hand-back not run yet (the old process still shutting down). */
		final List<Gen> closing = new ArrayList<>();

		/** The first failure, also when raised on a fetch (where the generator would turn it into an exception). */
		final AtomicReference<AssertionError> failure = new AtomicReference<>();

		int starts;

		int event;

		final DynamicStepCheck check;

		Simulation(long seed, int events, DynamicStepCheck check) {
			this.seed = seed;
			this.events = events;
			this.check = check;
			this.random = new Random(seed);
			this.keys = new Key[1 + this.random.nextInt(2)];
			for (int i = 0; i < this.keys.length; i++) {
				this.keys[i] = new Key((i == 0) ? "account" : "order",
						(i == 0) ? 1 : 1 + this.random.nextInt(100_000), STEPS[this.random.nextInt(STEPS.length)]);
			}
			this.threshold = THRESHOLDS[this.random.nextInt(THRESHOLDS.length)];
			this.dynamicStep = this.random.nextInt(4) == 0;
			// SplittableRandom: java.util.Random's first draws of neighbouring seeds are alike (all false here)
			java.util.SplittableRandom maxSteps = new java.util.SplittableRandom(seed);
			this.maxStep = (this.dynamicStep && maxSteps.nextBoolean()) ? 1 + maxSteps.nextInt(300) : null;
			this.nodes = new Node[2 + this.random.nextInt(3)];
			for (int i = 0; i < this.nodes.length; i++) {
				this.nodes[i] = new Node(i);
			}
		}

		void run() {
			try {
				StringBuilder config = new StringBuilder("config: " + this.nodes.length + " instances, threshold "
						+ this.threshold + (this.dynamicStep ? ", dynamic step" : "")
						+ ((this.maxStep != null) ? " up to " + this.maxStep : "") + ", keys");
				for (Key key : this.keys) {
					config.append(' ').append(key.name).append(" (from ").append(key.initial).append(", step ")
						.append(key.step).append(')');
				}
				this.trace.add(config.toString());
				createTables();
				for (this.event = 0; this.event < this.events; this.event++) {
					step();
					checkInvariants();
				}
				finish();
			}
			catch (AssertionError | RuntimeException ex) {
				String replay = (this.check == DynamicStepCheck.BOUND_THAT_HOLDS)
						? "replay with -D" + FIRST_SEED + "=" + this.seed + " -D" + SEEDS + "=1"
						: "checking " + this.check;
				StringBuilder message = new StringBuilder("Seed " + this.seed + " failed (" + replay + "): " + ex
						+ "\nTrace:\n");
				message.append("  ").append(this.trace.get(0)).append('\n');
				int from = Math.max(1, this.trace.size() - 80);
				for (int i = from; i < this.trace.size(); i++) {
					message.append("  ").append(this.trace.get(i)).append('\n');
				}
				throw new AssertionError(message.toString(), ex);
			}
			finally {
				// Nothing runs on its own: abandoned generators and queues are simply garbage.
				String[] cleanup = EXTERNAL_URL.isEmpty() ? new String[] { "SHUTDOWN" }
						: new String[] { "DROP TABLE " + this.freeTable, "DROP TABLE " + this.table.name() };
				for (String statement : cleanup) {
					try {
						this.pool.run((connection) -> {
							try (Statement drop = connection.createStatement()) {
								return drop.execute(statement);
							}
						});
					}
					catch (SQLException ex) {
						// already gone, or never created
					}
				}
				this.pool.close();
			}
		}

		void createTables() {
			try {
				this.pool.run((connection) -> {
					this.table.createIfMissing(connection);
					return null;
				});
			}
			catch (SQLException ex) {
				throw new IllegalStateException(ex);
			}
		}

		AssertionError fail(String message) {
			AssertionError error = new AssertionError("event " + this.event + ": " + message);
			this.failure.compareAndSet(null, error);
			throw error;
		}

		void log(String line) {
			this.trace.add("e" + this.event + " " + line);
		}

		private void step() {
			// Mostly seconds pass between events, sometimes a quiet hour (the dynamic step shrinks then).
			this.nanos.addAndGet((this.random.nextInt(100) < 92) ? this.random.nextInt(20_000) * 1_000_000L
					: (1 + this.random.nextInt(3)) * 3_600_000_000_000L);
			// An outage lasts a few events.
			for (Node each : this.nodes) {
				if (each.databaseDown && this.random.nextInt(100) < 15) {
					each.databaseDown = false;
					log("node " + each.index + " database back");
				}
			}
			Node node = this.nodes[this.random.nextInt(this.nodes.length)];
			int choice = this.random.nextInt(100);
			if (node.gens == null) {
				if (choice < 55) {
					node.start();
				}
				else if (choice < 60) {
					node.databaseDown();
				}
				else if (choice < 85) {
					background();
				}
				return;
			}
			Gen gen = node.gens[this.random.nextInt(node.gens.length)];
			if (choice < 28) {
				take(gen, 1 + this.random.nextInt(5)); // a trickle
			}
			else if (choice < 42) {
				take(gen, 1 + this.random.nextInt((this.random.nextInt(4) == 0) ? 200 : 40)); // a burst
			}
			else if (choice < 48) {
				takeConcurrently(gen, 2 + this.random.nextInt(3), 1 + this.random.nextInt(80));
			}
			else if (choice < 62) {
				background();
			}
			else if (choice < 71) {
				node.stop();
				if (this.random.nextBoolean()) {
					node.start(); // a restart at once (rolling deploy)
				}
			}
			else if (choice < 77) {
				node.crash();
				if (this.random.nextBoolean()) {
					node.start();
				}
			}
			else if (choice < 84) {
				node.databaseDown();
			}
			else if (choice < 86) {
				// The database itself is down for everyone.
				for (Node each : this.nodes) {
					each.databaseDown = true;
				}
				log("database down for every instance");
			}
		}

		/** The database answers one piece of background work, or all that waits on one generator. */
		void background() {
			List<Gen> waiting = new ArrayList<>();
			for (Node node : this.nodes) {
				if (node.gens != null) {
					for (Gen gen : node.gens) {
						if (gen.background.pending() > 0) {
							waiting.add(gen);
						}
					}
				}
			}
			for (Gen gen : this.closing) {
				if (gen.background.pending() > 0) {
					waiting.add(gen);
				}
			}
			if (waiting.isEmpty()) {
				return;
			}
			Gen gen = waiting.get(this.random.nextInt(waiting.size()));
			int before = gen.background.pending();
			if (this.random.nextBoolean()) {
				gen.background.runOne();
			}
			else {
				gen.background.runAll();
			}
			log(gen + ": background ran " + (before - gen.background.pending()) + "/" + before
					+ (gen.node.databaseDown ? " (database down)" : ""));
			if (gen.handBack != null && gen.background.pending() == 0) {
				settle(gen);
				this.closing.remove(gen);
			}
		}

		/** {@code count} ids on the simulation's thread; a database that answers in time, or not. */
		void take(Gen gen, int count) {
			boolean inline = this.random.nextInt(100) < 80;
			gen.background.inline = inline;
			long perId = new long[] { 1_000, 1_000_000, 1_000_000_000, 10_000_000_000L }[this.random.nextInt(4)];
			int done = 0;
			long first = 0;
			String outcome = "";
			for (; done < count; done++) {
				long value;
				try {
					value = gen.generator.nextId();
				}
				catch (SegmentUnavailableException ex) {
					checkNoFailure();
					if (!gen.node.databaseDown && gen.background.pending() == 0) {
						fail(gen + " got no id while the database answers and no fetch is held back: " + ex);
					}
					outcome = ", then unavailable" + (gen.node.databaseDown ? " (database down)" : " (fetch pending)");
					break;
				}
				gen.handedOut(value);
				if (done == 0) {
					first = value;
				}
				this.nanos.addAndGet(perId);
			}
			log(gen + ": take " + done + "/" + count + ((done > 0) ? " -> " + first + ".." + gen.lastValue : "")
					+ (inline ? "" : " (slow database)") + outcome);
		}

		/**
		 * {@code each} ids on each of {@code threads} threads at once. Deterministic enough: with the database up and
		 * every fetch run at once, only this generator touches the key meanwhile and fetches are serial, so together
		 * the threads get exactly the next {@code threads * each} values, whatever the interleaving.
		 */
		void takeConcurrently(Gen gen, int threads, int each) {
			if (gen.node.databaseDown) {
				take(gen, each);
				return;
			}
			gen.background.runAll();
			gen.background.inline = true;
			long[][] taken = new long[threads][each];
			CountDownLatch start = new CountDownLatch(1);
			AtomicReference<Throwable> error = new AtomicReference<>();
			Thread[] running = new Thread[threads];
			for (int t = 0; t < threads; t++) {
				long[] mine = taken[t];
				running[t] = new Thread(() -> {
					try {
						start.await();
						for (int i = 0; i < each; i++) {
							mine[i] = gen.generator.nextId();
						}
					}
					catch (Throwable ex) {
						error.compareAndSet(null, ex);
					}
				});
				running[t].start();
			}
			start.countDown();
			for (Thread thread : running) {
				try {
					thread.join();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					throw new IllegalStateException(ex);
				}
			}
			checkNoFailure();
			if (error.get() != null) {
				fail(gen + ": a caller failed with the database up: " + error.get());
			}
			long[] all = new long[threads * each];
			for (int t = 0; t < threads; t++) {
				for (int i = 1; i < each; i++) {
					if (taken[t][i] <= taken[t][i - 1]) {
						fail(gen + ": thread " + t + " got " + taken[t][i] + " after " + taken[t][i - 1]);
					}
				}
				System.arraycopy(taken[t], 0, all, t * each, each);
			}
			Arrays.sort(all);
			long first = all[0];
			for (long value : all) {
				gen.handedOut(value);
			}
			log(gen + ": take " + threads + " x " + each + " concurrently -> " + first + ".." + gen.lastValue);
		}

		void checkNoFailure() {
			AssertionError error = this.failure.get();
			if (error != null) {
				throw error;
			}
		}

		/** A graceful stop's hand-back has run: it gave back exactly what the generator held, or failed. */
		void settle(Gen gen) {
			CompletableFuture<Long> handBack = gen.handBack;
			if (!handBack.isDone()) {
				fail(gen + ": hand-back not done, though nothing of it waits any more");
			}
			long held = size(gen.held());
			try {
				long values = handBack.join();
				if (values != held) {
					fail(gen + " handed back " + values + " values, but held " + held + ": " + gen.held());
				}
				gen.key.handedBack(gen.held());
				log(gen + ": handed back " + gen.held());
			}
			catch (CompletionException ex) {
				if (!gen.node.databaseDown) {
					fail(gen + ": hand-back failed with the database up: " + ex.getCause());
				}
				gen.key.lose(gen.held());
				gen.key.lostByFailedHandBacks += held;
				log(gen + ": hand-back failed (database down), lost " + gen.held());
			}
			gen.settled = true;
		}

		void checkInvariants() {
			checkNoFailure();
			for (Key key : this.keys) {
				KeyRow row = readRow(key);
				key.compare(row);
				long max = (row.max() == null) ? key.initial - 1 : row.max();
				int universe = (int) (max - key.initial + 1);
				BitSet covered = new BitSet();
				if (key.handed.length() > universe) {
					fail(key.name + ": value " + (key.initial + key.handed.length() - 1) + " handed out beyond max_value "
							+ max);
				}
				covered.or(key.handed);
				if (covered.intersects(key.lost)) {
					BitSet both = (BitSet) key.lost.clone();
					both.and(key.handed);
					fail(key.name + ": value " + (key.initial + both.nextSetBit(0)) + " counted lost was handed out");
				}
				covered.or(key.lost);
				for (Segment free : row.free()) {
					cover(key, covered, free, universe, "handed-back range " + free);
				}
				for (Gen gen : gens(key)) {
					List<Segment> held = gen.held();
					for (Segment range : held) {
						cover(key, covered, range, universe, gen + " holding " + range);
					}
					if (gen.handBack == null && gen.fetched.size() - 1 - gen.current > 1) {
						fail(gen + " fetched more than one segment ahead: " + gen.fetched);
					}
					long bound = 2L * (this.dynamicStep ? maxDynamicStep(key) : key.step);
					if (gen.handBack == null && size(held) > bound) {
						fail(gen + " holds " + size(held) + " values, more than " + bound + ": " + held);
					}
				}
				int hole = covered.nextClearBit(0);
				if (hole < universe) {
					fail(key.name + ": value " + (key.initial + hole) + " (of " + key.initial + ".." + max
							+ ") is neither handed out, handed back, held by an instance nor lost by a crash: a hole");
				}
			}
		}

		private void cover(Key key, BitSet covered, Segment range, int universe, String what) {
			long from = range.first() - key.initial;
			long to = range.last() - key.initial + 1;
			if (from < 0 || to > universe || from >= to) {
				fail(key.name + ": " + what + " outside " + key.initial + ".." + (key.initial + universe - 1));
			}
			int clash = covered.nextSetBit((int) from);
			if (clash >= 0 && clash < to) {
				fail(key.name + ": " + what + " contains " + (key.initial + clash)
						+ ", already handed out, lost, handed back or held elsewhere");
			}
			covered.set((int) from, (int) to);
		}

		/** Generators of the key that may hold values: running ones, and stopped ones whose hand-back has not run. */
		List<Gen> gens(Key key) {
			List<Gen> gens = new ArrayList<>();
			for (Node node : this.nodes) {
				if (node.gens != null) {
					for (Gen gen : node.gens) {
						if (gen.key == key) {
							gens.add(gen);
						}
					}
				}
			}
			for (Gen gen : this.closing) {
				if (gen.key == key) {
					gens.add(gen);
				}
			}
			return gens;
		}

		/**
		 * The end: the database is back, every hand-back still waiting runs, every instance stops gracefully, and a
		 * last instance per key takes every handed-back value (lowest first). Then the values handed out and the
		 * values lost by crashes (and by hand-backs the database was down for) are exactly 1..max.
		 */
		void finish() {
			this.event = this.events;
			for (Node node : this.nodes) {
				node.databaseDown = false;
			}
			for (Gen gen : new ArrayList<>(this.closing)) {
				gen.background.runAll();
				settle(gen);
				this.closing.remove(gen);
			}
			for (Node node : this.nodes) {
				if (node.gens != null) {
					node.stop(true);
				}
			}
			checkInvariants();
			Node last = this.nodes[0];
			last.start();
			for (Gen gen : last.gens) {
				long free = size(readRow(gen.key).free());
				if (free > 0) {
					gen.background.inline = true;
					for (long i = 0; i < free; i++) {
						gen.handedOut(gen.generator.nextId());
					}
					log(gen + ": took all " + free + " handed-back values");
				}
			}
			last.stop(true);
			checkInvariants();
			for (Key key : this.keys) {
				if (key.lost.cardinality() != key.lostByCrashes + key.lostByFailedHandBacks) {
					fail(key.name + ": lost " + key.lost.cardinality() + " values, crashes and failed hand-backs "
							+ "account for " + (key.lostByCrashes + key.lostByFailedHandBacks));
				}
				log(key.name + ": " + key.handed.cardinality() + " handed out, " + key.lostByCrashes
						+ " lost by crashes, " + key.lostByFailedHandBacks + " by hand-backs with the database down");
			}
		}

		/** The key's row and handed-back ranges, in one query (the row first, as first_value null). */
		KeyRow readRow(Key key) {
			try {
				return this.pool.run((connection) -> readRow(connection, key));
			}
			catch (SQLException ex) {
				throw new IllegalStateException(ex);
			}
		}

		private KeyRow readRow(Connection connection, Key key) throws SQLException {
			try (PreparedStatement query = connection.prepareStatement("SELECT NULL, max_value, 0 FROM "
					+ this.table.name() + " WHERE segment_key = ? UNION ALL SELECT first_value, last_value, 1 FROM "
					+ this.freeTable + " WHERE segment_key = ? ORDER BY 3, 1")) {
				query.setString(1, key.name);
				query.setString(2, key.name);
				Long max = null;
				List<Segment> free = new ArrayList<>();
				try (ResultSet result = query.executeQuery()) {
					while (result.next()) {
						if (result.getInt(3) == 0) {
							max = result.getLong(2);
						}
						else {
							free.add(new Segment(result.getLong(1), result.getLong(2)));
						}
					}
				}
				return new KeyRow(max, free);
			}
		}

		/** The largest step a dynamic step grows to. */
		long maxDynamicStep(Key key) {
			long ceiling = Math.min(1_000_000L, (long) key.step * StepPolicy.MAX_FACTOR);
			return (this.maxStep != null) ? Math.max(key.step, Math.min(ceiling, this.maxStep)) : ceiling;
		}

		static long size(List<Segment> ranges) {
			return ranges.stream().mapToLong(Segment::size).sum();
		}

		/** One key: what was handed out, what was lost. */
		final class Key {

			final String name;

			final long initial;

			final int step;

			/** Bit {@code v - initial}: value v was handed out. */
			final BitSet handed = new BitSet();

			final BitSet lost = new BitSet();

			long lostByCrashes;

			long lostByFailedHandBacks;

			/** Guarded by this. What the table must hold: the row's max_value (null: no row yet) ... */
			Long max;

			/** ... and the handed-back ranges, first to last value. */
			final TreeMap<Long, Long> free = new TreeMap<>();

			Key(String name, long initial, int step) {
				this.name = name;
				this.initial = initial;
				this.step = step;
			}

			void hand(long value, Gen gen) {
				long index = value - this.initial;
				if (index < 0 || index >= Integer.MAX_VALUE) {
					fail(gen + " handed out " + value + ", below the initial value or far beyond");
				}
				if (this.handed.get((int) index)) {
					fail(gen + " handed out " + value + " a second time");
				}
				this.handed.set((int) index);
			}

			synchronized void fetched(Gen gen, Segment segment, long after, int step) {
				Map.Entry<Long, Long> free = this.free.higherEntry(after);
				if (free != null) {
					if (segment.first() != free.getKey() || segment.last() != free.getValue()) {
						fail(gen + " fetched " + segment + " while the lowest handed-back range above " + after + " was "
								+ free.getKey() + ".." + free.getValue());
					}
					this.free.remove(free.getKey());
					return;
				}
				long first = (this.max == null) ? this.initial : this.max + 1;
				if (step > Simulation.this.maxDynamicStep(this)) {
					fail(gen + " asked for a segment of " + step + " values, above the most its step grows to ("
							+ Simulation.this.maxDynamicStep(this) + ")");
				}
				if (segment.first() != first || segment.size() != step) {
					fail(gen + " fetched " + segment + ", expected " + step + " values from " + first);
				}
				// The k-th segment may have doubled k - 1 times, once per segment before it.
				int before = gen.fetched.size();
				long allowed = (before >= 20) ? Long.MAX_VALUE : (long) this.step << before;
				if (Simulation.this.check == DynamicStepCheck.DOUBLED_ONLY_PER_SEGMENT && segment.size() > allowed) {
					fail(gen + " allocated " + segment.size() + " values as its segment number " + (before + 1)
							+ ": step " + this.step + " doubled more than once per segment before it");
				}
				this.max = segment.last();
			}

			synchronized void handedBack(List<Segment> ranges) {
				for (Segment range : ranges) {
					this.free.put(range.first(), range.last());
				}
			}

			synchronized void compare(KeyRow row) {
				List<Segment> free = new ArrayList<>();
				this.free.forEach((first, last) -> free.add(new Segment(first, last)));
				if (!Objects.equals(row.max(), this.max) || !row.free().equals(free)) {
					fail(this.name + ": the table holds max_value " + row.max() + " and handed-back ranges " + row.free()
							+ ", expected " + this.max + " and " + free);
				}
			}

			void lose(List<Segment> ranges) {
				for (Segment range : ranges) {
					this.lost.set((int) (range.first() - this.initial), (int) (range.last() - this.initial + 1));
				}
			}
		}

		/** One simulated process slot: started again and again. */
		final class Node {

			final int index;

			/** This instance cannot reach the database: getting a connection fails with 08001. */
			volatile boolean databaseDown;

			/** One generator per key while running; null when stopped. */
			Gen[] gens;

			Node(int index) {
				this.index = index;
			}

			void start() {
				Simulation.this.starts++;
				this.gens = new Gen[Simulation.this.keys.length];
				for (int i = 0; i < this.gens.length; i++) {
					this.gens[i] = new Gen(this, Simulation.this.keys[i], Simulation.this.starts);
				}
				log("node " + this.index + " start #" + Simulation.this.starts
						+ (this.databaseDown ? " (database down)" : ""));
			}

			void stop() {
				stop(false);
			}

			/**
			 * Graceful stop: close every generator. Its hand-back runs at once (close waited for it), or later (the
			 * old process is still shutting down while the slot restarts; a crash of the slot does not end it).
			 */
			void stop(boolean waitForHandBack) {
				log("node " + this.index + " graceful stop" + (this.databaseDown ? " (database down)" : ""));
				for (Gen gen : this.gens) {
					gen.background.inline = waitForHandBack || Simulation.this.random.nextInt(100) < 80;
					gen.handBack = gen.generator.closeAsync();
					try {
						long value = gen.generator.nextId();
						fail(gen + " handed out " + value + " after close");
					}
					catch (IllegalStateException expected) {
						// closed
					}
					if (gen.background.pending() == 0) {
						settle(gen);
					}
					else {
						Simulation.this.closing.add(gen);
						log(gen + ": hand-back goes on in the background");
					}
				}
				this.gens = null;
			}

			/**
			 * Gone without close(). A fetch it had asked for either never reached the database or was committed
			 * there with the answer lost with the process. Either way it loses what it held.
			 */
			void crash() {
				for (Gen gen : this.gens) {
					boolean committed = Simulation.this.random.nextInt(3) == 0;
					int pending = gen.background.pending();
					if (committed) {
						gen.background.runAll();
					}
					else {
						gen.background.drop();
					}
					List<Segment> held = gen.held();
					long lost = size(held);
					long bound = 2L * (!Simulation.this.dynamicStep ? gen.key.step
							: (Simulation.this.check == DynamicStepCheck.CRASH_LOSS_WITHIN_TWICE_THE_CURRENT_STEP)
									? gen.generator.currentStep() : maxDynamicStep(gen.key));
					if (lost > bound) {
						fail(gen + ": a crash loses " + lost + " values, more than 2 x step (" + bound + "): " + held);
					}
					gen.key.lose(held);
					gen.key.lostByCrashes += lost;
					gen.settled = true;
					log(gen + ": crash, loses " + held + ((pending > 0) ? (committed ? " (its pending fetch committed)"
							: " (its pending fetch never ran)") : ""));
				}
				this.gens = null;
			}

			/** This instance loses the database (a network partition, a failover) until it comes back by chance. */
			void databaseDown() {
				this.databaseDown = true;
				log("node " + this.index + " database down");
			}
		}

		/** One SegmentIdGenerator, and what the simulation knows it holds. */
		final class Gen {

			final Node node;

			final Key key;

			final int start;

			final Background background = new Background();

			final SegmentIdGenerator generator;

			/** Guarded by this. Every segment this generator fetched, in order: it installs them in this order. */
			final List<Segment> fetched = new ArrayList<>();

			/** Guarded by this. Index in {@link #fetched} of the segment it hands out from; -1 before the first. */
			int current = -1;

			long lastValue = Long.MIN_VALUE;

			/** Set by a graceful stop. */
			CompletableFuture<Long> handBack;

			/** Holds nothing any more: handed back, or lost. */
			boolean settled;

			Gen(Node node, Key key, int start) {
				this.node = node;
				this.key = key;
				this.start = start;
				SegmentSettings settings = SegmentSettings.builder(new Connections(this))
					.maxWait(Duration.ZERO)
					.prefetchThreshold(Simulation.this.threshold)
					.dynamicStep(Simulation.this.dynamicStep)
					.dynamicStepTarget(DYNAMIC_STEP_TARGET)
					.defaultStep(1) // each key has its own step; max-step must not be below the default one
					.maxStep(Simulation.this.maxStep)
					.nanoClock(Simulation.this.nanos::get)
					.tableName(Simulation.this.table.name())
					.createTable(false)
					.build();
				this.generator = new SegmentIdGenerator(settings, key.name, key.initial, key.step, this.background);
			}

			@Override
			public String toString() {
				return "node " + this.node.index + "#" + this.start + " " + this.key.name;
			}

			/** The value it must hand out next: the next of its current segment, else the first of the next one. */
			synchronized long expectedNext() {
				if (this.current >= 0 && this.lastValue < this.fetched.get(this.current).last()) {
					return this.lastValue + 1;
				}
				if (this.current + 1 < this.fetched.size()) {
					return this.fetched.get(this.current + 1).first();
				}
				return Long.MIN_VALUE;
			}

			synchronized void handedOut(long value) {
				long expected = expectedNext();
				if (value != expected) {
					fail(this + " handed out " + value + ", expected "
							+ ((expected == Long.MIN_VALUE) ? "none (no segment fetched)" : expected)
							+ "; last " + this.lastValue + ", fetched " + this.fetched);
				}
				if (this.current < 0 || value > this.fetched.get(this.current).last()) {
					this.current++;
				}
				this.lastValue = value;
				this.key.hand(value, this);
			}

			/** What it fetched and has not handed out: the rest of its current segment, and any fetched ahead. */
			synchronized List<Segment> held() {
				List<Segment> held = new ArrayList<>();
				if (this.settled) {
					return held;
				}
				if (this.current >= 0 && this.lastValue < this.fetched.get(this.current).last()) {
					held.add(new Segment(this.lastValue + 1, this.fetched.get(this.current).last()));
				}
				for (int i = this.current + 1; i < this.fetched.size(); i++) {
					held.add(this.fetched.get(i));
				}
				return held;
			}

			/**
			 * A fetch returned {@code segment}: the lowest handed-back range above its current segment, else the next
			 * {@code step} values of the row.
			 */
			void fetched(Segment segment, int step) {
				synchronized (this) {
					long after = this.fetched.isEmpty() ? -1 : this.fetched.get(this.fetched.size() - 1).last();
					this.key.fetched(this, segment, after, step);
					this.fetched.add(segment);
				}
				log(this + ": fetched " + segment);
			}
		}

		/** A node's way to the database, recording what each fetch returned. */
		final class Connections implements ConnectionSource {

			final Gen gen;

			Connections(Gen gen) {
				this.gen = gen;
			}

			@Override
			public Connection getConnection() throws SQLException {
				if (this.gen.node.databaseDown) {
					throw new SQLException("database unreachable (simulated)", "08001");
				}
				return Simulation.this.pool.getConnection();
			}

			@Override
			public Connection getConnection(Duration timeout) throws SQLException {
				return getConnection(); // a pool that never waits: no thread hand-off needed
			}

			@Override
			public void release(Connection connection) throws SQLException {
				Simulation.this.pool.release(connection);
			}

			@Override
			public <T> T run(boolean autoCommit, Duration timeout, SqlWork<T> work) throws SQLException {
				int step = this.gen.generator.currentStep(); // the step of a fetch: fixed while it is pending
				T result = ConnectionSource.super.run(autoCommit, timeout, work);
				if (result instanceof Segment segment) {
					this.gen.fetched(segment, step);
				}
				return result;
			}
		}
	}
}
