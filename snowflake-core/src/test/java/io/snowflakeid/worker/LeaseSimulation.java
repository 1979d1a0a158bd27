package io.snowflakeid.worker;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import io.snowflakeid.ClockMovedBackwardsException;
import io.snowflakeid.SnowflakeException;
import io.snowflakeid.SnowflakeIdParts;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.TimeSource;
import io.snowflakeid.WorkerLeaseExpiredException;
import io.snowflakeid.spi.LeaseRecord;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.testing.ManualScheduler;
import io.snowflakeid.testing.SimulatedClock;

import static org.assertj.core.api.Assertions.fail;

/**
 * Seeded simulation of the lease protocol over any {@link LeaseStore}: the real lease and generator code against a
 * real store (H2, PostgreSQL, MariaDB, ZooKeeper, Redis), with every clock injected and renewals run by the
 * simulation, no real sleeps. Instances start, issue bursts, renew on time or late, stop gracefully, crash, pause
 * longer than the lease, lose the store, and have their wall clocks stepped both ways by more than the lease. After
 * every event: no id issued twice, and per worker, the ids of successive holders increase. A failure prints the
 * seed and the trace; the seed replays it.
 */
public final class LeaseSimulation {

	/** Five instances for four workers in datacenter 0, 16 ids per millisecond: few enough to exhaust both. */
	static final int INSTANCES = 5;

	static final Duration LEASE = Duration.ofSeconds(3);

	/** Every start in this JVM gets its own epoch: a new node to the JVM's registry, as a new process would be. */
	private static final AtomicLong EPOCHS = new AtomicLong();

	private LeaseSimulation() {
	}

	/**
	 * Runs seeds {@code firstSeed .. firstSeed + seeds - 1} against {@code backend}, on as many threads as there are
	 * processors (schedules are independent: each has its own namespace and its own nodes), with the lease's log
	 * switched off. The first failing seed fails the call with its trace.
	 * @return how many starts, ids and lost leases the schedules saw, for a summary line
	 */
	public static Map<String, Long> runSeeds(SimulatedBackend backend, long firstSeed, int seeds, String replayProperty) {
		return runSeeds(backend, firstSeed, seeds, replayProperty, 0);
	}

	/**
	 * As {@link #runSeeds(SimulatedBackend, long, int, String)}, on {@code threads} threads when it is positive: for
	 * a backend on a server, whose schedules spend their time waiting for its answers (as the segment simulation on a
	 * server). The same seeds, the same checks; the lowest failing seed fails the call with its trace.
	 */
	public static Map<String, Long> runSeeds(SimulatedBackend backend, long firstSeed, int seeds, String replayProperty,
			int threads) {
		java.util.logging.Logger leaseLog = java.util.logging.Logger.getLogger("io.snowflakeid.worker");
		java.util.logging.Level level = leaseLog.getLevel();
		leaseLog.setLevel(java.util.logging.Level.OFF);
		Map<String, AtomicLong> counts = new java.util.concurrent.ConcurrentHashMap<>();
		try {
			if (threads <= 0) {
				java.util.stream.LongStream.range(firstSeed, firstSeed + seeds).parallel()
					.forEach((seed) -> new Simulation(backend, seed, 250, seed % 2 == 0, replayProperty, counts).run());
			}
			else {
				runOnThreads(backend, firstSeed, seeds, replayProperty, threads, counts);
			}
		}
		finally {
			leaseLog.setLevel(level);
		}
		Map<String, Long> result = new java.util.TreeMap<>();
		counts.forEach((key, value) -> result.put(key, value.get()));
		long underLoad = result.getOrDefault(REFUSED_UNDER_LOAD, 0L);
		if (underLoad > maxRefusedUnderLoad(seeds)) {
			throw new AssertionError(underLoad + " of " + seeds + " schedules had a start refused by a statement over "
					+ "its bound (at most " + maxRefusedUnderLoad(seeds) + " are put down to load): a statement that "
					+ "waits on something, not a slow server; see the traces' \"outlived its bound\" lines");
		}
		return result;
	}

	/**
	 * Whether the cause chain holds a statement cancelled at its query timeout, and nothing else: PostgreSQL's
	 * cancel (SQLState 57014), MariaDB's max_statement_time (SQLState 70100 with error 1969). Not a connection that
	 * could not be made or was killed (SQLState class 08, MariaDB's 1927 and 1317), which says something else.
	 */
	static boolean statementTimedOut(Throwable refusal) {
		for (Throwable cause = refusal; cause != null; cause = cause.getCause()) {
			if (cause instanceof java.sql.SQLException sql && ("57014".equals(sql.getSQLState())
					|| ("70100".equals(sql.getSQLState()) && sql.getErrorCode() == 1969))) {
				return true;
			}
		}
		return false;
	}

	/** The count of {@link #REFUSED_UNDER_LOAD}: a loaded server's rare slow statement, not one a schedule. */
	static final String REFUSED_UNDER_LOAD =
			"refused DATABASE_UNAVAILABLE: a statement over its bound on the loaded server (tolerated)";

	/** At most 2 schedules, or 2 % of them, may each have one start refused by a statement over its bound. */
	static long maxRefusedUnderLoad(int seeds) {
		return Math.max(2, seeds / 50);
	}

	private static void runOnThreads(SimulatedBackend backend, long firstSeed, int seeds, String replayProperty,
			int threads, Map<String, AtomicLong> counts) {
		java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(threads);
		try {
			List<java.util.concurrent.Future<?>> runs = new ArrayList<>();
			for (long seed = firstSeed; seed < firstSeed + seeds; seed++) {
				long each = seed;
				runs.add(pool.submit(
						() -> new Simulation(backend, each, 250, each % 2 == 0, replayProperty, counts).run()));
			}
			for (java.util.concurrent.Future<?> run : runs) {
				run.get();
			}
		}
		catch (java.util.concurrent.ExecutionException ex) {
			if (ex.getCause() instanceof Error error) {
				throw error; // the seed's AssertionError, with its trace
			}
			if (ex.getCause() instanceof RuntimeException runtime) {
				throw runtime;
			}
			throw new IllegalStateException(ex.getCause());
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
		finally {
			pool.shutdownNow();
		}
	}

	/** One schedule. */
	static final class Simulation {

		final SimulatedBackend.Namespace namespace;

		final String replayProperty;

		final Map<String, AtomicLong> counts;

		final long seed;

		final int events;

		final Random random;

		/** Starts so far: each start's claim order is seeded from the seed and its number. */
		long starts;

		/** Simulated real time, nanoseconds. */
		final AtomicLong realNanos = new AtomicLong(1_000_000_000L);

		final long wallOrigin = Instant.parse("2026-11-23T12:00:00Z").toEpochMilli();

		final List<String> trace = new ArrayList<>();

		/** Every id issued so far, as (datacenter, worker, millisecond, sequence). */
		final Set<String> issued = new HashSet<>();

		/** Per worker: the largest (millisecond, sequence) issued by any holder, and by which instance start. */
		final Map<Integer, long[]> lastPerWorker = new HashMap<>();

		final Node[] nodes = new Node[INSTANCES];

		/** How often the store forgot every record, and when last ({@link SimulatedBackend.Namespace#forget}). */
		int forgets;

		long lastForgetNanos = Long.MIN_VALUE / 2;

		/** Starts refused by a statement over its bound on a shared server ({@link Node#toleratedStatementTimeout}). */
		int statementTimeouts;


		/**
		 * Wild clocks: wall clocks stepped by up to 4.5 s either way, far beyond the 1 s safety margin. Then a
		 * host whose clock runs ahead may take a row over while its holder's last permit still runs (the README's
		 * stated assumption is broken): ids must still be unique, thanks to the marks, but two holders may overlap,
		 * so their ids are not checked for order. With agreeing clocks (within 200 ms) both are checked.
		 */
		final boolean wildClocks;

		Simulation(SimulatedBackend backend, long seed, int events, boolean wildClocks, String replayProperty,
				Map<String, AtomicLong> counts) {
			this.namespace = backend.newNamespace();
			this.replayProperty = replayProperty;
			this.counts = counts;
			this.seed = seed;
			this.events = events;
			this.wildClocks = wildClocks;
			this.random = new Random(seed);
			for (int i = 0; i < INSTANCES; i++) {
				this.nodes[i] = new Node(i);
			}
		}

		void run() {
			try {
				for (int event = 0; event < this.events; event++) {
					step(event);
				}
				for (Node node : this.nodes) {
					node.stop();
				}
			}
			catch (AssertionError | RuntimeException ex) {
				StringBuilder message = new StringBuilder("Seed " + this.seed + (this.wildClocks ? " (wild clocks)" : "")
						+ " failed (replay with "
						+ "-D" + this.replayProperty + ".first-seed=" + this.seed + " -D" + this.replayProperty
						+ ".seeds=1"
						+ ((this.statementTimeouts > 0) ? "; a start was refused by a statement over its bound on the "
								+ "loaded server, so a replay on a quiet one may take another path" : "")
						+ "): " + ex + "\nTrace:\n");
				int from = Math.max(0, this.trace.size() - 60);
				for (int i = from; i < this.trace.size(); i++) {
					message.append("  ").append(this.trace.get(i)).append('\n');
				}
				AssertionError error = new AssertionError(message.toString(), ex);
				throw error;
			}
			finally {
				for (Node node : this.nodes) {
					node.crash();
				}
				this.namespace.close();
			}
		}

		private void step(int event) {
			// Mostly the same or the next millisecond (where ids of two holders could meet), sometimes much later.
			int gap = this.random.nextInt(100);
			long advance = (gap < 70) ? this.random.nextInt(2_000_000)
					: (gap < 95) ? this.random.nextInt(700) * 1_000_000L : this.random.nextInt(3_000) * 1_000_000L;
			this.realNanos.addAndGet(advance);
			Node node = this.nodes[this.random.nextInt(INSTANCES)];
			int choice = this.random.nextInt(100);
			if (node.lease == null) {
				if (choice < 60) {
					node.start();
				}
				else if (choice < 70 && this.wildClocks) {
					node.stepWall(this.random.nextInt(9_000) - 4_500);
				}
				return;
			}
			if (choice < 40) {
				node.issue(1 + this.random.nextInt((this.random.nextInt(4) == 0) ? 200 : 20));
			}
			else if (choice < 62) {
				node.renewIfDue();
			}
			else if (choice < 70) {
				boolean released = node.stop();
				if (this.random.nextBoolean()) {
					node.restartAfterGracefulStop(released); // a restart seconds (here: no time) later
				}
			}
			else if (choice < 74) {
				node.crash();
			}
			else if (choice < 80) {
				// A pause (GC, VM freeze) longer than the lease: everyone else's time moves on.
				this.realNanos.addAndGet(LEASE.toNanos() + this.random.nextInt(3_000) * 1_000_000L);
				// With sessions (the random drawn only then: other stores' schedules stay as they were), the node
				// may have been cut off for that long instead, and its session expired.
				if (this.namespace.hasSessions() && this.random.nextBoolean()) {
					this.namespace.expireSession(node.store);
					this.trace.add("node " + node.index + " cut off beyond the lease: its session expired");
					count("sessions expired");
				}
				else {
					this.trace.add("pause beyond the lease");
				}
			}
			else if (choice < 86) {
				if (this.wildClocks) {
					node.stepWall(this.random.nextInt(9_000) - 4_500);
				}
				else if (this.namespace.canForget() && choice == 85) {
					// Without the marks the store kept, only agreeing clocks keep ids unique: never with wild ones.
					this.namespace.forget();
					this.forgets++;
					this.lastForgetNanos = this.realNanos.get();
					this.trace.add("the store forgot every record");
					count("records forgotten");
				}
			}
			else if (choice < 90) {
				node.storeDown = !node.storeDown;
				this.trace.add("node " + node.index + " store " + (node.storeDown ? "down" : "up"));
			}
			else if (choice < 93) {
				node.slowStatements = !node.slowStatements;
				this.trace.add("node " + node.index + " statements " + (node.slowStatements ? "slower than the lease"
						: "fast again"));
			}
			else {
				node.renewRacingClose();
			}
		}

		void record(Node node, long id) {
			SnowflakeIdParts parts = node.layout.decode(id);
			long millis = parts.timestamp().toEpochMilli();
			String key = parts.datacenterId() + "/" + parts.workerId() + "/" + millis + "/" + parts.sequence();
			if (!this.issued.add(key)) {
				fail("duplicate id " + key + " from node " + node.index);
			}
			long[] last = this.lastPerWorker.get((int) parts.workerId());
			boolean above = last == null || millis > last[0] || (millis == last[0] && parts.sequence() > last[1]);
			if (!above && !this.wildClocks) {
				fail("node " + node.index + " issued " + key + " not above the last id of worker "
						+ parts.workerId() + " (" + last[0] + "/" + last[1] + ")");
			}
			if (above) {
				this.lastPerWorker.put((int) parts.workerId(), new long[] { millis, parts.sequence() });
			}
		}

		/** One simulated process. */
		final class Node {

			final int index;

			/**
			 * Each start gets a layout whose epoch differs by a millisecond from every other start's, so that this
			 * JVM's registry of nodes in use treats simulated processes (and a restarted one) as strangers, as
			 * separate JVMs would be; ids are compared by absolute time, as with one layout.
			 */
			SnowflakeLayout layout;

			long wallOffsetMillis;

			volatile boolean storeDown;

			/** Whether the last start was refused by {@link #toleratedStatementTimeout}. */
			boolean refusedUnderLoad;

			/** This start's client of the store (its own session, where the store has sessions). */
			LeaseStore store;

			/** Every statement takes longer than the lease (simulated time moves on while it runs). */
			volatile boolean slowStatements;

			/** Simulated time this node's time source spent waiting (for a previous holder's mark). */
			long waitedNanos;

			WorkerLease lease;

			long lastRenewalNanos;

			/** How many times the store had forgotten its records when this start began to claim. */
			int leasedAfterForgets;

			TimeSource time;

			Node(int index) {
				this.index = index;
				this.wallOffsetMillis = Simulation.this.random.nextInt(400) - 200;
			}

			long wallMillis() {
				return Simulation.this.wallOrigin + Simulation.this.realNanos.get() / 1_000_000 + this.wallOffsetMillis;
			}

			void start() {
				this.layout = SnowflakeLayout.builder().timestampBits(52).datacenterBits(5).workerBits(2)
					.sequenceBits(4).epoch(Instant.parse("2020-01-01T00:00:00Z").plusMillis(EPOCHS.incrementAndGet()))
					.build();
				Simulation.this.trace.add("node " + this.index + " start (wall offset " + this.wallOffsetMillis + " ms)");
				TimeSource monotonic = TimeSource.monotonic(this::wallMillis, Simulation.this.realNanos::get);
				this.time = new TimeSource() {
					@Override
					public long currentTimeNanos() {
						return monotonic.currentTimeNanos();
					}

					@Override
					public void awaitNanos(long nanos) {
						Node.this.waitedNanos += Math.max(nanos, 1);
						Simulation.this.realNanos.addAndGet(Math.max(nanos, 1));
					}
				};
				this.store = Simulation.this.namespace.open();
				WorkerLeaseSettings settings = WorkerLeaseSettings.builder(new FaultyStore(this, this.store))
					.layout(this.layout)
					.datacenterId(0).duration(LEASE).safetyMargin(Duration.ofSeconds(1))
					.clockTolerance(Duration.ofSeconds(1)).timeSource(this.time)
					.clock(SimulatedClock.leaseClock(this::wallMillis, Simulation.this.realNanos::get)).scheduler(new ManualScheduler())
					// the order of rows after a lost round, from the seed (without drawing from the schedule's random)
					.claimOrder(new Random(Simulation.this.seed * 1_000_003L + Simulation.this.starts++))
					.build();
				this.refusedUnderLoad = false;
				try {
					this.leasedAfterForgets = Simulation.this.forgets;
					this.lease = WorkerLease.acquire(settings);
					this.lastRenewalNanos = Simulation.this.realNanos.get();
					Simulation.this.trace.add("  node " + this.index + " leased worker " + this.lease.workerId());
				}
				catch (WorkerLeaseException ex) {
					Simulation.this.trace.add("  node " + this.index + " refused: " + ex.getReason());
					count("refused " + ex.getReason());
					Simulation.this.namespace.closed(this.store);
					boolean fenceFromAClockAhead = ex.getReason() == WorkerLeaseException.Reason.CLOCK_BEHIND
							&& String.valueOf(ex.getMessage()).contains("fenced until");
					if (fenceFromAClockAhead && !Simulation.this.wildClocks) {
						fail("node " + this.index + " refused a fence although the clocks agree: " + ex.getMessage());
					}
					if (!fenceFromAClockAhead && (ex.getReason() == WorkerLeaseException.Reason.ALL_WORKERS_LEASED
							|| ex.getReason() == WorkerLeaseException.Reason.CLOCK_BEHIND)) {
						// (A fence written by a clock ahead by more than the margin is refused whatever the rows.)
						assertNoUsableRow(ex);
					}
					if (ex.getReason() == WorkerLeaseException.Reason.DATABASE_UNAVAILABLE && !this.storeDown
							&& !toleratedStatementTimeout(ex)) {
						throw ex;
					}
					if (ex.getReason() == WorkerLeaseException.Reason.CONTENTION) {
						throw ex; // one JVM, no concurrency: no race can be lost
					}
				}
			}

			/**
			 * A start refused because one statement outlived its bound on a real server that CI shares with other
			 * schedules and steps (seen once on MariaDB, "max_statement_time exceeded", a 1 s bound on a loaded 2-core
			 * machine): refusing is then right, and the schedule goes on. Tolerated once a schedule and only on a
			 * shared server: a statement waiting on a lock the library itself holds would time out again and again.
			 */
			boolean toleratedStatementTimeout(WorkerLeaseException refusal) {
				if (!Simulation.this.namespace.sharedServer() || !statementTimedOut(refusal)
						|| Simulation.this.statementTimeouts++ > 0) {
					return false;
				}
				Simulation.this.trace.add("  (a statement outlived its bound on the shared server: tolerated once): "
						+ refusal.getMessage());
				count(REFUSED_UNDER_LOAD);
				this.refusedUnderLoad = true;
				return true;
			}


			/** Liveness: a start is refused only when no row was usable from this node's point of view. */
			void assertNoUsableRow(WorkerLeaseException refusal) {
				long wall = wallMillis();
				long now = this.time.currentTimeNanos();
				int rows = usableRows(refusal, wall, now);
				if (rows < 4) {
					fail("node " + this.index + " was refused while a worker id was never used: " + refusal.getMessage());
				}
			}

			private int usableRows(WorkerLeaseException refusal, long wall, long now) {
				int rows = 0;
				for (LeaseRecord record : Simulation.this.namespace.records()) {
					rows++;
					boolean free = record.leaseEnd() < wall - 1_000;
					long usableFrom = LeaseClaim.firstUsableNanos(this.layout, record.highWaterMark());
					if (free && usableFrom - now <= Duration.ofSeconds(1).toNanos()) {
						fail("node " + this.index + " was refused (" + refusal.getMessage() + ") while worker "
								+ record.workerId() + " was usable");
					}
				}
				return rows;
			}

			void issue(int count) {
				int done = 0;
				long lastIssuedAtWall = 0;
				try {
					for (; done < count; done++) {
						record(this, this.lease.generator().nextId());
						lastIssuedAtWall = wallMillis();
					}
				}
				catch (WorkerLeaseExpiredException | ClockMovedBackwardsException ex) {
					count("issues refused (fail closed)");
				}
				count("ids", done);
				// A holder whose record the store forgot issues on until its permit runs out, with no record to
				// compare against: the other checks (no duplicate, successive holders' ids increase) cover it.
				if (done > 0 && !Simulation.this.wildClocks && this.leasedAfterForgets == Simulation.this.forgets) {
					// Issued only while the lease was valid in the table's terms: the row still carries a lease end
					// at or after this host's clock, so no other instance could have taken it.
					long leaseEnd = rowOf(this.lease.datacenterId(), this.lease.workerId())[0];
					if (leaseEnd < lastIssuedAtWall) {
						fail("node " + this.index + " issued an id at " + lastIssuedAtWall + " on worker "
								+ this.lease.workerId() + " whose lease in the table ended at " + leaseEnd);
					}
				}
				Simulation.this.trace.add("node " + this.index + " issued " + done + "/" + count);
			}

			void renewIfDue() {
				long now = Simulation.this.realNanos.get();
				if (now - this.lastRenewalNanos >= LEASE.toNanos() / 3 || Simulation.this.random.nextInt(4) == 0) {
					this.lease.renew();
					this.lastRenewalNanos = now;
					Simulation.this.trace.add("node " + this.index + " renew: renewals " + this.lease.renewals()
							+ ", failures " + this.lease.renewalFailures() + (this.lease.isLost() ? ", LOST" : ""));
				}
			}

			void renewRacingClose() {
				WorkerLease current = this.lease;
				Thread renewer = new Thread(current::renew);
				renewer.start();
				current.close();
				try {
					renewer.join();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				try {
					current.generator().nextId();
					fail("node " + this.index + " issued an id after close()");
				}
				catch (SnowflakeException expected) {
					// sealed
				}
				Simulation.this.trace.add("node " + this.index + " close racing a renewal");
				this.lease = null;
				Simulation.this.namespace.closed(this.store);
			}

			/** Closes the lease; true if the row was freed (its token gone from the table). */
			boolean stop() {
				if (this.lease == null) {
					return false;
				}
				WorkerLease closing = this.lease;
				this.lease = null;
				closing.close();
				// Freed: the row is there and carries no lease (a row the store forgot was not handed back).
				long[] row = rowOf(closing.datacenterId(), closing.workerId());
				boolean released = !closing.isLost() && row[0] == 0 && row[2] == 1;
				Simulation.this.trace.add("node " + this.index + " graceful stop" + (released ? "" : " (not released)"));
				return released;
			}

			/**
			 * Liveness of a rolling deploy: right after a graceful stop that freed its row, with the database
			 * reachable, a new start must succeed and must not wait for any mark.
			 */
			void restartAfterGracefulStop(boolean released) {
				// With wild clocks a restart may find its own clock stepped back behind its last ids: refusing or
				// waiting is then right. With clocks that agree, nothing may stand in the way.
				// Nor soon after the store forgot its records: a restart may then wait for the fence that recorded
				// (by as much as the clocks disagree).
				boolean mustStartAtOnce = released && !Simulation.this.wildClocks && !this.storeDown
						&& !this.slowStatements
						&& Simulation.this.realNanos.get() - Simulation.this.lastForgetNanos > 2 * LEASE.toNanos();
				long waitedBefore = this.waitedNanos;
				start();
				if (mustStartAtOnce) {
					if (this.lease == null && !this.refusedUnderLoad) {
						fail("node " + this.index + " was refused right after its own graceful stop");
					}
					long waited = this.waitedNanos - waitedBefore;
					if (waited > LeaseClaim.NEGLIGIBLE_WAIT_NANOS) {
						fail("node " + this.index + " waited " + waited / 1_000 + " us to restart after a graceful stop");
					}
				}
			}

			/** The row's (lease end, high-water mark, 1); lease end 0 when free; (0, 0, 0) when there is none. */
			long[] rowOf(int datacenter, int worker) {
				for (LeaseRecord record : Simulation.this.namespace.records()) {
					if (record.datacenterId() == datacenter && record.workerId() == worker) {
						return new long[] { record.leaseEnd(), record.highWaterMark(), 1 };
					}
				}
				return new long[] { 0, 0, 0 };
			}

			/** Gone without close(): the row stays as the last renewal left it. */
			void crash() {
				if (this.lease != null) {
					Simulation.this.trace.add("node " + this.index + " crash");
					// The process is gone: its lease object is never used again, the record stays as it was (a
					// store with sessions sees the session end).
					this.lease = null;
					Simulation.this.namespace.crash(this.store);
					count("crashes");
				}
			}

			void stepWall(long millis) {
				this.wallOffsetMillis += millis;
				Simulation.this.trace.add("node " + this.index + " wall clock stepped " + millis + " ms");
			}
		}

		void count(String what) {
			count(what, 1);
		}

		void count(String what, long n) {
			this.counts.computeIfAbsent(what, (key) -> new AtomicLong()).addAndGet(n);
		}

		/**
		 * The node's store with its faults: unreachable (nothing sent: every call fails before reaching it), or
		 * slower than the lease (simulated time moves on before each call).
		 */
		final class FaultyStore implements LeaseStore {

			final Node node;

			final LeaseStore store;

			FaultyStore(Node node, LeaseStore store) {
				this.node = node;
				this.store = store;
			}

			private void enter() throws NotAppliedException {
				if (this.node.storeDown) {
					throw new NotAppliedException(new java.io.IOException("store unreachable (simulated)"));
				}
				if (this.node.slowStatements) {
					Simulation.this.realNanos.addAndGet(LEASE.toNanos() + Simulation.this.random.nextInt(1_000_000_000));
				}
			}

			@Override
			public String description() {
				return this.store.description();
			}

			@Override
			public String assignment() {
				return this.store.assignment();
			}

			@Override
			public void prepare(Duration timeout) throws Exception {
				enter();
				this.store.prepare(timeout);
			}

			@Override
			public long forgottenHoldersFence(long fenceIfEmpty, Duration timeout) throws Exception {
				enter();
				return this.store.forgottenHoldersFence(fenceIfEmpty, timeout);
			}

			@Override
			public List<LeaseRecord> records(Integer datacenterId, Duration timeout) throws Exception {
				enter();
				return this.store.records(datacenterId, timeout);
			}

			@Override
			public boolean takeFree(LeaseRecord record, String owner, String token, long leaseEnd, long mark,
					long expiredBefore, Duration timeout) throws Exception {
				enter();
				return this.store.takeFree(record, owner, token, leaseEnd, mark, expiredBefore, timeout);
			}

			@Override
			public boolean insertNew(int datacenterId, int workerId, String owner, String token, long leaseEnd,
					long mark, Duration timeout) throws Exception {
				enter();
				return this.store.insertNew(datacenterId, workerId, owner, token, leaseEnd, mark, timeout);
			}

			@Override
			public boolean renew(int datacenterId, int workerId, Collection<String> tokens, String newToken,
					long leaseEnd, long mark, Duration timeout) throws Exception {
				enter();
				return this.store.renew(datacenterId, workerId, tokens, newToken, leaseEnd, mark, timeout);
			}

			@Override
			public boolean release(int datacenterId, int workerId, Collection<String> tokens, long exactMark,
					Duration timeout) throws Exception {
				enter();
				return this.store.release(datacenterId, workerId, tokens, exactMark, timeout);
			}

			@Override
			public boolean isLostRace(Exception failure) {
				return this.store.isLostRace(failure);
			}
		}
	}
}
