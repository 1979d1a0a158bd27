package io.snowflakeid.worker;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;

import io.snowflakeid.ClockMovedBackwardsException;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.TimeSource;
import io.snowflakeid.WorkerLeaseExpiredException;
import io.snowflakeid.spi.LocalNodes;
import io.snowflakeid.testing.ForeignLayouts.Key;
import io.snowflakeid.testing.ManualScheduler;
import io.snowflakeid.testing.SimulatedClock;
import io.snowflakeid.testing.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.snowflakeid.testing.ForeignLayouts.FOUR_WORKERS;
import static io.snowflakeid.testing.ForeignLayouts.foreignLayout;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Seeded schedules in which "pauses" strike <em>inside</em> the lease code: every clock the lease and generator
 * read (wall clock of the claim and renewal, elapsed clock of the claim, renewal and permit check, the time source
 * of the claim and of {@code nextId}, {@code nanoTime} inside the monotonic time source, and waits) may stop the reader for a while, during which other processes and
 * other threads of the same process act: they issue ids (also on the paused generator: another thread), renew,
 * close (also the paused lease: close racing {@code nextId}), start, crash, step their wall clocks by more than
 * the lease, lose the database, or see a commit whose outcome is reported as an error. Processes have up to two
 * contexts on two databases, so this JVM's registry of nodes hands nodes from one lease table to the other.
 * <p>
 * Checked after every top-level step: no id twice per database and per process; every row's high-water mark is
 * at or above every id issued on its node in its database; this JVM's registry holds exactly the nodes of live
 * leases; a start is refused (with nothing else happening during it) only when no row was usable.
 * <p>
 * Replay one seed with {@code -Dsnowflake.adversarial.first-seed=N -Dsnowflake.adversarial.seeds=1}.
 * <p>
 * Also one hand-built schedule, randomized: a thread of the holder paused between the permit check and the
 * compare-and-set of {@code nextId} while the lease runs out and a successor takes the row.
 */
class LeasePauseInterleavingTests {

	private static final Duration LEASE = Duration.ofSeconds(3);

	private static final Duration MARGIN = Duration.ofSeconds(1);

	private static final Duration TOLERANCE = Duration.ofSeconds(1);

	/** What the schedules did, printed at the end: an attack that never happens proves nothing. */
	static final Map<String, Long> STATS = new java.util.TreeMap<>();

	static void count(String what) {
		STATS.merge(what, 1L, Long::sum);
	}

	private static final AtomicLong EPOCHS = new AtomicLong(1_000_000);

	/** Days between schedules: this JVM's registry remembers the last millisecond of every node it saw. */
	private static final AtomicLong DAYS = new AtomicLong();

	/**
	 * The simulated real time of the hand-built schedule (the seeded ones have their own): its wall clocks, elapsed
	 * clocks and time sources are views of it.
	 */
	private final SimulatedClock clock = new SimulatedClock(
			Instant.parse("2031-03-04T05:06:07.000Z").plusNanos(123_456));

	private final List<WorkerLease> leases = new ArrayList<>();

	@AfterEach
	void closeLeases() {
		for (WorkerLease lease : this.leases) {
			try {
				lease.close();
			}
			catch (RuntimeException ex) {
				// already sealed by a lost renewal racing it: not what this test is about
			}
		}
	}

	private WorkerLease acquire(WorkerLeaseSettings settings) {
		WorkerLease lease = WorkerLease.acquire(settings);
		this.leases.add(lease);
		return lease;
	}

	@Test
	void pausesInsideClaimsRenewalsAndNextIdNeverRepeatAnIdNorLowerAMark() {
		java.util.logging.Logger leaseLog = java.util.logging.Logger.getLogger("io.snowflakeid.worker");
		java.util.logging.Level level = leaseLog.getLevel();
		leaseLog.setLevel(java.util.logging.Level.OFF);
		try {
			int seeds = Integer.getInteger("snowflake.adversarial.seeds", 120);
			long first = Long.getLong("snowflake.adversarial.first-seed", 1);
			for (long seed = first; seed < first + seeds; seed++) {
				new World(seed, 300).run();
			}
			System.out.println("LeasePauseInterleavingTests, " + seeds + " seeds: " + STATS);
		}
		finally {
			leaseLog.setLevel(level);
		}
	}

	static final class World {

		final long seed;

		final int steps;

		final Random random;

		final AtomicLong realNanos = new AtomicLong(5_000_000_000L);

		final long wallOrigin = Instant.parse("2032-01-01T00:00:00Z").plus(Duration.ofDays(DAYS.incrementAndGet()))
			.toEpochMilli();

		final TestDatabase[] databases = { new TestDatabase("interleave-a"), new TestDatabase("interleave-b") };

		final List<String> trace = new ArrayList<>();

		final List<Proc> processes = new ArrayList<>();

		/** Per database: every id issued for it. */
		final List<Map<Key, String>> issuedPerDatabase = List.of(new HashMap<>(), new HashMap<>());

		/** Per database and worker: the largest millisecond of an id issued for it. */
		final List<Map<Integer, Long>> maxMillis = List.of(new HashMap<>(), new HashMap<>());

		int depth;

		boolean quiet;

		long hooksFired;

		/** 1 ms ticks, or longer ticks (a successor must skip the rest of a tick used before). */
		final long tickMillis;

		/** Sometimes only 16 ids per tick: callers wait for the next tick (and may be paused there). */
		final int sequenceBits;

		World(long seed, int steps) {
			this.seed = seed;
			this.steps = steps;
			this.random = new Random(seed);
			this.tickMillis = new long[] { 1, 1, 3, 10 }[this.random.nextInt(4)];
			this.sequenceBits = this.random.nextBoolean() ? 4 : 15;
			this.trace.add("layout: " + this.tickMillis + " ms ticks, " + this.sequenceBits + " sequence bits");
		}

		void run() {
			try {
				for (int i = 0; i < 3; i++) {
					this.processes.add(new Proc(this.processes.size()));
				}
				for (int step = 0; step < this.steps; step++) {
					this.realNanos.addAndGet(smallAdvance());
					action(null);
					check();
				}
			}
			catch (AssertionError | RuntimeException ex) {
				StringBuilder message = new StringBuilder("Seed " + this.seed + " failed (replay with "
						+ "-Dsnowflake.adversarial.first-seed=" + this.seed + " -Dsnowflake.adversarial.seeds=1): " + ex
						+ "\nTrace (last 80):\n");
				for (int i = Math.max(0, this.trace.size() - 80); i < this.trace.size(); i++) {
					message.append("  ").append(this.trace.get(i)).append('\n');
				}
				throw new AssertionError(message.toString(), ex);
			}
			finally {
				this.quiet = true;
				for (Proc process : this.processes) {
					process.crash(); // frees this JVM's registry: the schedule is over
				}
			}
		}

		long smallAdvance() {
			int gap = this.random.nextInt(100);
			return (gap < 70) ? this.random.nextInt(2_000_000) : (gap < 95) ? this.random.nextInt(700) * 1_000_000L
					: this.random.nextInt(3_000) * 1_000_000L;
		}

		void trace(String line) {
			this.trace.add("  ".repeat(this.depth) + line);
		}

		/** A reader of a clock was paused here: maybe time passes and others act meanwhile. */
		void pause(String where, Ctx self) {
			if (this.quiet || this.depth >= 2 || this.random.nextInt(100) >= 5) {
				return;
			}
			this.hooksFired++;
			count("pause in " + where + (this.depth > 0 ? " (nested)" : ""));
			this.depth++;
			try {
				long pause = (this.random.nextInt(3) == 0) ? this.random.nextLong(LEASE.multipliedBy(2).toNanos())
						: this.random.nextInt(50) * 1_000_000L;
				this.realNanos.addAndGet(pause);
				trace("PAUSE " + pause / 1_000_000 + " ms in " + where + " of " + self);
				int actions = this.random.nextInt(3);
				for (int i = 0; i < actions; i++) {
					action(self);
				}
			}
			finally {
				this.depth--;
			}
		}

		/** One random action by anyone (nested: while {@code paused} is stopped inside the lease code). */
		void action(Ctx paused) {
			List<Proc> live = this.processes.stream().filter((p) -> p.alive).toList();
			int choice = this.random.nextInt(100);
			if (live.size() < 4 && choice < 5 && this.depth == 0) {
				this.processes.add(new Proc(this.processes.size()));
				return;
			}
			if (live.isEmpty()) {
				return;
			}
			Proc process = live.get(this.random.nextInt(live.size()));
			Ctx ctx = process.contexts[this.random.nextInt(2)];
			if (ctx.lease == null) {
				if (choice < 55 && !ctx.busy()) {
					ctx.start();
				}
				else if (choice < 65) {
					process.stepWall();
				}
				else if (choice < 70) {
					process.toggleDatabase();
				}
				return;
			}
			if (choice < 40) {
				ctx.issue(1 + this.random.nextInt((this.random.nextInt(4) == 0) ? 100 : 10));
			}
			else if (choice < 62) {
				if (!ctx.renewing && !ctx.closing) {
					ctx.renew();
				}
			}
			else if (choice < 70) {
				if (!ctx.renewing && !ctx.closing) {
					ctx.close();
				}
			}
			else if (choice < 73) {
				if (process.idle() && this.depth == 0) {
					process.crash();
				}
			}
			else if (choice < 80) {
				long pause = LEASE.toNanos() + this.random.nextInt(3_000) * 1_000_000L;
				this.realNanos.addAndGet(pause);
				trace("everyone waits " + pause / 1_000_000 + " ms");
			}
			else if (choice < 86) {
				process.stepWall();
			}
			else if (choice < 92) {
				process.toggleDatabase();
			}
			else {
				process.unknownOutcomes = this.random.nextInt(3);
				trace(process + ": the next " + process.unknownOutcomes + " commits report an error");
			}
		}

		void record(Ctx ctx, long id) {
			var parts = ctx.process.layout.decode(id);
			Key key = new Key(parts.timestamp().toEpochMilli(), parts.datacenterId(), parts.workerId(),
					parts.sequence());
			String by = ctx + " (depth " + this.depth + ")";
			String previous = this.issuedPerDatabase.get(ctx.db).put(key, by);
			if (previous != null) {
				fail("duplicate id " + key + " in database " + ctx.db + ": by " + by + " and earlier by " + previous);
			}
			String own = ctx.process.issued.put(key, by);
			if (own != null) {
				fail("duplicate id " + key + " in process " + ctx.process + ": by " + by + " and earlier by " + own);
			}
			this.maxMillis.get(ctx.db).merge((int) parts.workerId(), key.millis(), Math::max);
		}

		void check() {
			this.quiet = true;
			try {
				for (int db = 0; db < 2; db++) {
					for (long[] row : rows(db)) {
						Long max = this.maxMillis.get(db).get((int) row[0]);
						if (max != null && row[2] < max) {
							fail("database " + db + ", worker " + row[0] + ": high-water mark " + row[2]
									+ " below the id issued at " + max);
						}
					}
				}
				for (Proc process : this.processes) {
					if (!process.alive) {
						continue;
					}
					for (int worker = 0; worker < 4; worker++) {
						boolean held = false;
						for (Ctx ctx : process.contexts) {
							held |= ctx.lease != null && !ctx.lease.isLost() && ctx.lease.workerId() == worker;
						}
						if (LocalNodes.inUse(process.layout, 0, worker) != held) {
							fail(process + ": this JVM's registry says worker " + worker + " is "
									+ (held ? "free" : "in use") + " but it is " + (held ? "held" : "not held"));
						}
					}
				}
			}
			finally {
				this.quiet = false;
			}
		}

		/** {worker, lease end, mark} of every row of a database. */
		List<long[]> rows(int db) {
			List<long[]> rows = new ArrayList<>();
			try (Connection connection = this.databases[db].connection();
					ResultSet result = connection.createStatement()
						.executeQuery("SELECT worker_id, lease_end, high_water_mark FROM snowflake_worker_lease")) {
				while (result.next()) {
					rows.add(new long[] { result.getInt(1), result.getLong(2), result.getLong(3) });
				}
			}
			catch (SQLException ex) {
				if (!String.valueOf(ex.getMessage()).contains("not found")) {
					throw new IllegalStateException(ex);
				}
			}
			return rows;
		}

		/** A simulated JVM: its clocks, its registry (its own epoch), up to two contexts on the two databases. */
		final class Proc {

			final int index;

			/**
			 * The world's layout, with an epoch of this process's own (a stranger to the other processes' nodes in
			 * this JVM's registry); epochs differ by whole ticks, so that ticks line up as with one epoch.
			 */
			final SnowflakeLayout layout = SnowflakeLayout.builder().timestampBits(56 - World.this.sequenceBits)
				.datacenterBits(5).workerBits(2).sequenceBits(World.this.sequenceBits)
				.tickLength(Duration.ofMillis(World.this.tickMillis))
				.epoch(Instant.parse("2020-01-01T00:00:00Z")
					.plusMillis(EPOCHS.incrementAndGet() * World.this.tickMillis))
				.build();

			final Ctx[] contexts = { new Ctx(this, 0), new Ctx(this, 1) };

			final Map<Key, String> issued = new HashMap<>();

			final long nanoOrigin;

			long wallOffsetMillis;

			boolean alive = true;

			boolean databaseDown;

			int unknownOutcomes;

			Proc(int index) {
				this.index = index;
				this.nanoOrigin = World.this.random.nextLong(1L << 40);
				this.wallOffsetMillis = World.this.random.nextInt(400) - 200;
				trace(this + " starts (wall offset " + this.wallOffsetMillis + " ms)");
			}

			long wallMillis() {
				return World.this.wallOrigin + World.this.realNanos.get() / 1_000_000 + this.wallOffsetMillis;
			}

			long nanoTime() {
				return World.this.realNanos.get() + this.nanoOrigin;
			}

			boolean idle() {
				for (Ctx ctx : this.contexts) {
					if (ctx.busy()) {
						return false;
					}
				}
				return true;
			}

			void stepWall() {
				long step = (World.this.random.nextInt(4) == 0)
						? World.this.random.nextInt((int) LEASE.toMillis() * 6) - LEASE.toMillis() * 3
						: World.this.random.nextInt(400) - 200;
				this.wallOffsetMillis += step;
				trace(this + " wall clock stepped " + step + " ms (offset " + this.wallOffsetMillis + ")");
			}

			void toggleDatabase() {
				if (!this.databaseDown && World.this.random.nextInt(3) != 0) {
					return; // outages are rarer than recoveries
				}
				this.databaseDown = !this.databaseDown;
				trace(this + " database " + (this.databaseDown ? "unreachable" : "reachable"));
			}

			void crash() {
				if (this.alive) {
					this.alive = false;
					trace(this + " CRASH");
					for (Ctx ctx : this.contexts) {
						ctx.lease = null;
					}
					// A dead JVM's registry dies with it: free its nodes here (they are keyed by its own epoch).
					for (int worker = 0; worker < 4; worker++) {
						LocalNodes.Reservation probe = LocalNodes.reserve(this.layout, 0, worker, "gone");
						if (probe != null) {
							probe.release(Long.MIN_VALUE);
						}
					}
				}
			}

			@Override
			public String toString() {
				return "P" + this.index;
			}
		}

		/** One context (application context, SessionFactory) of a process, on one database. */
		final class Ctx {

			final Proc process;

			final int db;

			WorkerLease lease;

			boolean acquiring;

			boolean renewing;

			boolean closing;

			Ctx(Proc process, int db) {
				this.process = process;
				this.db = db;
			}

			boolean busy() {
				return this.acquiring || this.renewing || this.closing;
			}

			void start() {
				this.acquiring = true; // before anything reads a clock (a pause may strike in any read)
				try {
					startAcquiring();
				}
				finally {
					this.acquiring = false;
				}
			}

			private void startAcquiring() {
				Proc p = this.process;
				// The library's own source over this process's clocks; it too may be paused between its reads.
				TimeSource monotonic = TimeSource.monotonic(p::wallMillis, () -> {
					long value = p.nanoTime();
					pause("nanoTime read inside the monotonic time source", this);
					return value;
				});
				TimeSource time = new TimeSource() {
					@Override
					public long currentTimeNanos() {
						long value = monotonic.currentTimeNanos();
						pause("time source read", Ctx.this);
						return value;
					}

					@Override
					public void awaitNanos(long nanos) {
						World.this.realNanos.addAndGet(Math.max(1, nanos));
						pause("wait", Ctx.this);
					}
				};
				LongSupplier wall = () -> {
					long value = p.wallMillis();
					pause("wall clock read", this);
					return value;
				};
				LongSupplier elapsed = () -> {
					long value = p.nanoTime();
					pause("elapsed clock read", this);
					return value;
				};
				ConnectionSource database = World.this.databases[this.db].connections();
				ConnectionSource connections = new ConnectionSource() {
					@Override
					public Connection getConnection() throws SQLException {
						if (p.databaseDown) {
							throw new SQLException("unreachable (simulated)", "08001");
						}
						return database.getConnection();
					}

					@Override
					public void release(Connection connection) throws SQLException {
						connection.close();
						if (p.unknownOutcomes > 0) {
							p.unknownOutcomes--;
							throw new SQLException("connection reset after the commit (simulated)", "08006");
						}
					}
				};
				WorkerLeaseSettings settings = WorkerLeaseSettings.builder(connections).layout(p.layout)
					.datacenterId(0).duration(LEASE).safetyMargin(MARGIN).clockTolerance(TOLERANCE).timeSource(time)
					.clock(SimulatedClock.leaseClock(wall, elapsed)).scheduler(new ManualScheduler()).build();
				trace(this + " start");
				long hooksBefore = World.this.hooksFired;
				try {
					this.lease = WorkerLease.acquire(settings);
					trace(this + " leased worker " + this.lease.workerId());
					count("leases");
				}
				catch (WorkerLeaseException ex) {
					trace(this + " refused: " + ex.getReason());
					count("refused " + ex.getReason());
					if (World.this.hooksFired == hooksBefore && !p.databaseDown && p.unknownOutcomes == 0
							&& (ex.getReason() == WorkerLeaseException.Reason.ALL_WORKERS_LEASED
									|| ex.getReason() == WorkerLeaseException.Reason.CLOCK_BEHIND)) {
						assertNothingUsable(time, ex);
					}
				}
			}

			/** Liveness: refused only if no row was usable from this context's point of view. */
			void assertNothingUsable(TimeSource time, WorkerLeaseException refusal) {
				boolean wasQuiet = World.this.quiet;
				World.this.quiet = true;
				try {
					long wall = this.process.wallMillis();
					long now = time.currentTimeNanos();
					List<long[]> rows = rows(this.db);
					Set<Integer> existing = new HashSet<>();
					for (long[] row : rows) {
						int worker = (int) row[0];
						existing.add(worker);
						LocalNodes.Reservation probe = LocalNodes.reserve(this.process.layout, 0, worker, "probe");
						if (probe == null) {
							continue; // held by another context of this process
						}
						long local = probe.previousLastMillis();
						probe.release(local);
						boolean free = row[1] < wall - MARGIN.toMillis();
						long usableFrom = LeaseClaim.firstUsableNanos(this.process.layout, Math.max(row[2], local));
						if (free && usableFrom - now <= TOLERANCE.toNanos()) {
							fail(this + " was refused (" + refusal.getMessage() + ") while worker " + worker
									+ " was usable");
						}
					}
					for (int worker = 0; worker < 4; worker++) {
						if (!existing.contains(worker) && !LocalNodes.inUse(this.process.layout, 0, worker)) {
							LocalNodes.Reservation probe = LocalNodes.reserve(this.process.layout, 0, worker, "probe");
							long local = probe.previousLastMillis();
							probe.release(local);
							if (LeaseClaim.firstUsableNanos(this.process.layout, Math.max(0, local))
									- now <= TOLERANCE.toNanos()) {
								fail(this + " was refused while worker " + worker + " was never used in database "
										+ this.db);
							}
						}
					}
				}
				finally {
					World.this.quiet = wasQuiet;
				}
			}

			void issue(int count) {
				WorkerLease current = this.lease;
				int done = 0;
				try {
					for (; done < count && current != null; done++) {
						record(this, current.generator().nextId());
					}
				}
				catch (WorkerLeaseExpiredException | ClockMovedBackwardsException ex) {
					// fail closed
				}
				trace(this + " issued " + done + "/" + count);
				STATS.merge("ids", (long) done, Long::sum);
				if (World.this.depth > 0) {
					STATS.merge("ids issued inside a pause", (long) done, Long::sum);
				}
			}

			void renew() {
				WorkerLease current = this.lease;
				this.renewing = true;
				try {
					current.renew();
				}
				finally {
					this.renewing = false;
				}
				count(current.isLost() ? "renewals ending lost" : "renewals");
				trace(this + " renewed: " + current.renewals() + " ok, " + current.renewalFailures() + " failed"
						+ (current.isLost() ? ", LOST" : ""));
			}

			void close() {
				WorkerLease current = this.lease;
				this.closing = true;
				try {
					current.close();
				}
				finally {
					this.closing = false;
				}
				if (this.lease == current) {
					this.lease = null;
				}
				count(World.this.depth > 0 ? "closes inside a pause" : "closes");
				trace(this + " closed");
			}

			@Override
			public String toString() {
				return this.process + "/db" + this.db;
			}
		}
	}

	// --- a hand-built schedule: a pause between the permit check and the compare-and-set of nextId

	/**
	 * A thread of the holder passes the permit check, then stops (GC) before its compare-and-set while the lease
	 * runs out, another instance takes the row after lease end + margin and issues ids; the paused thread then
	 * completes. Its id is below the mark the successor continues above: no duplicate. Randomized over the point
	 * at which the successor starts and over clock skews within the margin.
	 */
	@Test
	void aPauseBetweenThePermitCheckAndTheCompareAndSetNeverDuplicatesASuccessorsId() throws Exception {
		long seed = Long.getLong("snowflake.adversarial.seed", System.nanoTime());
		java.util.Random random = new java.util.Random(seed);
		for (int round = 0; round < 40; round++) {
			ConnectionSource source = new TestDatabase("permit-check-pause").connections();
			Duration lease = Duration.ofSeconds(3 + random.nextInt(10));
			Duration margin = Duration.ofMillis(random.nextInt(2_000));
			long skew = (margin.toMillis() == 0) ? 0 : random.nextInt((int) margin.toMillis()) - margin.toMillis() / 2;
			AtomicBoolean armed = new AtomicBoolean();
			Set<Key> successorIds = new HashSet<>();
			AtomicReference<WorkerLease> successor = new AtomicReference<>();
			SnowflakeLayout successorLayout = foreignLayout(FOUR_WORKERS);
			SnowflakeLayout holderLayout = foreignLayout(FOUR_WORKERS);
			String where = "seed " + seed + " round " + round + " (lease " + lease + ", margin " + margin + ", skew "
					+ skew + " ms)";
			LongSupplier holderElapsed = () -> {
				long value = this.clock.nanos();
				if (armed.getAndSet(false)) {
					// paused right after the permit check read this clock: the world goes on without us
					this.clock.advance(lease.plus(margin.multipliedBy(2)).plusMillis(1 + random.nextInt(3_000)));
					WorkerLease next = WorkerLease.acquire(WorkerLeaseSettings.builder(source)
						.layout(successorLayout).datacenterId(0).duration(lease).safetyMargin(margin)
						.clockTolerance(Duration.ofMillis(lease.toMillis() / 3)).timeSource(this.clock.timeSource(null))
						.clock(this.clock.wallAheadBy(Duration.ofMillis(skew)))
						.scheduler(new ManualScheduler()).build());
					successor.set(next);
					this.leases.add(next);
					for (int i = 0; i < 50; i++) {
						successorIds.add(Key.of(successorLayout, next.generator().nextId()));
						if (random.nextInt(5) == 0) {
							this.clock.advance(Duration.ofMillis(1));
						}
					}
				}
				return value;
			};
			WorkerLease holder = acquire(WorkerLeaseSettings.builder(source)
				.layout(holderLayout).datacenterId(0).duration(lease).safetyMargin(margin)
				.timeSource(this.clock.timeSource(null)).clock(SimulatedClock.leaseClock(this.clock::wallMillis, holderElapsed))
				.scheduler(new ManualScheduler()).build());
			// The other three workers are held for long: the successor can only take the holder's row.
			List<WorkerLease> fillers = new ArrayList<>();
			for (int i = 0; i < 3; i++) {
				fillers.add(acquire(WorkerLeaseSettings.builder(source)
					.layout(foreignLayout(FOUR_WORKERS)).datacenterId(0).duration(Duration.ofHours(1))
					.timeSource(this.clock.timeSource(null)).clock(this.clock).scheduler(new ManualScheduler()).build()));
			}
			Set<Key> holderIds = new HashSet<>();
			int before = random.nextInt(200);
			for (int i = 0; i < before; i++) {
				holderIds.add(Key.of(holderLayout, holder.generator().nextId()));
				if (random.nextInt(10) == 0) {
					this.clock.advance(Duration.ofMillis(random.nextInt((int) lease.toMillis() / 4)));
					holder.renew();
				}
			}
			armed.set(true);
			long paused = holder.generator().nextId();
			assertThat(successor.get()).as(where + ": the successor started").isNotNull();
			assertThat(successor.get().workerId()).as(where + ": took the holder's row").isEqualTo(holder.workerId());
			Key pausedKey = Key.of(holderLayout, paused);
			assertThat(successorIds)
				.as(where + ": the paused thread's id " + pausedKey + " was also issued by the successor")
				.doesNotContain(pausedKey);
			for (Key id : successorIds) {
				assertThat(holderIds).as(where + ": duplicate " + id).doesNotContain(id);
			}
			holder.close();
			successor.get().close();
			fillers.forEach(WorkerLease::close);
		}
	}
}
