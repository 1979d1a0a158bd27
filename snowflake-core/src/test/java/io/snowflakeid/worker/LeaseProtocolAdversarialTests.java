package io.snowflakeid.worker;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.WorkerLeaseExpiredException;
import io.snowflakeid.spi.IssuePermit;
import io.snowflakeid.spi.LeaseRecord;
import io.snowflakeid.spi.LocalNodes;
import io.snowflakeid.testing.FaultyConnections;
import io.snowflakeid.testing.ManualScheduler;
import io.snowflakeid.testing.SimulatedClock;
import io.snowflakeid.testing.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.fail;

/**
 * Adversarial, hand-built schedules against the lease protocol, each on simulated clocks (one "real" time from
 * which every wall clock, elapsed clock and time source is derived) and H2. Tests marked {@code @Disabled("defect:
 * ...")} demonstrate a defect and fail today; the others are attacks that held.
 */
class LeaseProtocolAdversarialTests {

	/**
	 * Four worker ids in datacenter 0, on an epoch of this class's own: this JVM's registry of nodes in use is
	 * shared by every test class, and remembers the last (simulated, future) millisecond of every node seen here.
	 */
	static final SnowflakeLayout FOUR_WORKERS = SnowflakeLayout.builder().timestampBits(41).datacenterBits(5)
		.workerBits(2).sequenceBits(15).epoch(Instant.parse("2020-01-01T00:00:00Z").plusMillis(20_000_000)).build();

	/** Each simulated foreign process gets its own epoch: a stranger to this JVM's registry of nodes. */
	private static final AtomicLong EPOCHS = new AtomicLong(20_000_000);

	private final TestDatabase database = new TestDatabase("adversarial");

	private final ConnectionSource connections = this.database.connections();

	/**
	 * Each test starts a day after the previous one: this JVM's registry remembers the last millisecond used per
	 * node, and a simulated clock starting over would find every node used "in the future".
	 */
	private static final AtomicLong DAYS = new AtomicLong();

	/** One simulated real time; wall clocks, elapsed clocks and time sources are views of it. */
	private final SimulatedClock clock = new SimulatedClock(
			Instant.parse("2031-03-04T05:06:07.000Z").plus(Duration.ofDays(DAYS.incrementAndGet())).plusNanos(123_456));

	private final List<WorkerLease> leases = new ArrayList<>();

	@AfterEach
	void closeLeases() {
		for (WorkerLease lease : this.leases) {
			try {
				lease.close();
			}
			catch (RuntimeException ex) {
				// already sealed by a lost renewal racing it: not what these tests are about
			}
		}
	}

	static SnowflakeLayout foreignLayout(SnowflakeLayout base) {
		return base.toBuilder().epoch(base.epoch().plusMillis(EPOCHS.incrementAndGet())).build();
	}

	private WorkerLeaseSettings.Builder simSettings(SnowflakeLayout layout, ConnectionSource source) {
		return WorkerLeaseSettings.builder(source).layout(layout).datacenterId(0).timeSource(this.clock.timeSource(null))
			.clock(this.clock).scheduler(new ManualScheduler());
	}

	private WorkerLease acquire(WorkerLeaseSettings settings) {
		WorkerLease lease = WorkerLease.acquire(settings);
		this.leases.add(lease);
		return lease;
	}

	private void sql(String statement) throws SQLException {
		this.database.execute(statement);
	}

	private long queryLong(String query) throws SQLException {
		return this.database.queryLong(query);
	}

	private String queryString(String query) throws SQLException {
		try (Connection connection = this.database.connection();
				ResultSet result = connection.createStatement().executeQuery(query)) {
			assertThat(result.next()).as(query).isTrue();
			return result.getString(1);
		}
	}

	private void createTable() throws SQLException {
		sql(new LeaseTable(LeaseTable.DEFAULT_NAME).createStatement());
	}

	private void row(int datacenter, int worker, long leaseEnd, long mark) throws SQLException {
		sql("insert into snowflake_worker_lease values (" + datacenter + ", " + worker + ", 'o', 't" + worker + "', "
				+ leaseEnd + ", " + mark + ")");
	}

	// ---------------------------------------------------------------------------------------------------------
	// Defects
	// ---------------------------------------------------------------------------------------------------------

	/**
	 * Cloned process (VM snapshot/fork) taken while a renewal's outcome was unknown. Both copies carry the same
	 * {@code token} T1 and the same {@code pendingToken} P. A retried renewal reuses P as its new token, so the
	 * first copy's successful renewal leaves P in the row, and the clone's renewal ({@code instance_id IN (T1, P)},
	 * new token P) succeeds as well: the fence does not work at "its next renewal". Both copies keep valid permits
	 * on the same worker and issue the same ids.
	 */
	@Test
	void aCloneTakenWhileARenewalOutcomeWasUnknownIsFencedAtItsNextRenewal() throws Exception {
		FaultyConnections flaky = FaultyConnections.on(this.database);
		WorkerLeaseSettings settings = simSettings(FOUR_WORKERS, flaky).duration(Duration.ofSeconds(60)).build();
		WorkerLease original = acquire(settings);
		this.clock.advance(Duration.ofSeconds(20));
		flaky.failNextRelease();
		original.renew(); // committed, outcome unknown to the instance: a token is pending
		assertThat(original.renewalFailures()).isEqualTo(1);
		Set<String> pending = new LinkedHashSet<>(original.tokens.unknown());
		assertThat(pending).as("the renewal whose outcome is unknown is remembered").isNotEmpty();

		// The process is cloned now: the copy has the same token, the same pending token and the same node.
		WorkerLease clone = cloneOf(original, settings);
		this.leases.add(clone);

		this.clock.advance(Duration.ofSeconds(1));
		original.renew(); // the original renews first ...
		assertThat(original.isLost()).isFalse();
		this.clock.advance(Duration.ofMillis(10));
		clone.renew(); // ... and the clone's next renewal must lose
		int duplicates = countDuplicates(original.generator(), clone.generator(), 2_000);
		assertThat(clone.isLost())
			.as("the clone's next renewal succeeded too (row token "
					+ queryString("select instance_id from snowflake_worker_lease where worker_id = " + original.workerId())
					+ ", pending token was " + pending + "): both copies keep issuing on worker " + original.workerId()
					+ ", " + duplicates + " duplicate ids in 2000 ticks")
			.isTrue();
	}

	/**
	 * The same root cause without a clone. Renewal statements whose client gave up (network timeout) are not
	 * cancelled on the server: with auto-commit they commit whenever they get to run. Renewal B retries an unknown
	 * outcome (A) and is itself abandoned by its client, so B is {@code ... WHERE instance_id IN (T1, P)} with new
	 * token P. Renewal C succeeds and, reusing P, leaves P in the row. B then runs late on the server, matches P,
	 * and sets the lease end back to B's (older) value, while C's permit runs to C's lease end: the permit outlives
	 * the lease end in the table by C - B, and another instance may take the row in between (ids stay unique only
	 * thanks to the mark). With a fresh token per attempt, B would match nothing.
	 */
	@Test
	void aStaleRenewalCommittingLateNeverMovesTheLeaseEndBelowTheHoldersPermit() throws Exception {
		AtomicReference<String> mode = new AtomicReference<>("pass");
		List<Object[]> captured = new ArrayList<>();
		ConnectionSource source = () -> recordingRenewals(this.database.connection(), mode, captured);
		Duration leaseLength = Duration.ofSeconds(6);
		Duration margin = Duration.ofSeconds(1);
		WorkerLease lease = acquire(simSettings(FOUR_WORKERS, source).duration(leaseLength).safetyMargin(margin)
			.build());
		this.clock.advance(Duration.ofSeconds(2));
		mode.set("drop"); // A: the client gives up, the statement never runs
		lease.renew();
		this.clock.advance(Duration.ofSeconds(1));
		mode.set("delay"); // B: the client gives up, the statement runs later
		lease.renew();
		this.clock.advance(Duration.ofSeconds(2));
		mode.set("pass");
		lease.renew(); // C succeeds
		assertThat(lease.renewals()).isEqualTo(1);
		long leaseEndC = lease.leaseEnd().toEpochMilli();
		// B finally runs on the server
		assertThat(captured.size()).isEqualTo(1);
		try (Connection connection = this.database.connection();
				PreparedStatement statement = connection.prepareStatement((String) captured.get(0)[0])) {
			Object[] parameters = (Object[]) captured.get(0)[1];
			for (int i = 0; i < parameters.length && parameters[i] != null; i++) {
				statement.setObject(i + 1, parameters[i]);
			}
			assertThat(statement.executeUpdate())
				.as("the stale renewal B matched the row: C reused a token B could set")
				.isEqualTo(0);
		}
		long leaseEndInTable = queryLong("select lease_end from snowflake_worker_lease where worker_id = " + lease.workerId());
		this.clock.advanceTo(leaseEndInTable + margin.toMillis() + 1); // others may take the row from now on
		assertThat(lease.isValid())
			.as("the holder's permit runs until " + Instant.ofEpochMilli(leaseEndC)
					+ " but the table says the lease ended at " + Instant.ofEpochMilli(leaseEndInTable)
					+ "; the row is free to take for another instance now, " + Instant.ofEpochMilli(this.clock.wallMillis()))
			.isFalse();
	}

	/**
	 * A connection whose renewal UPDATE ({@code ... instance_id IN (?, ?)} with {@code lease_end = ?}) is passed,
	 * dropped (the client times out, nothing runs) or delayed (the client times out, the statement and its
	 * parameters are kept to be run later), as {@code mode} says.
	 */
	private static Connection recordingRenewals(Connection target, AtomicReference<String> mode, List<Object[]> captured) {
		InvocationHandler handler = (proxy, method, args) -> {
			Object result;
			try {
				result = method.invoke(target, args);
			}
			catch (InvocationTargetException ex) {
				throw ex.getCause();
			}
			if (method.getName().equals("prepareStatement") && args[0] instanceof String sql
					&& sql.startsWith("UPDATE") && sql.contains("SET instance_id = ?, lease_end = ?")) {
				PreparedStatement statement = (PreparedStatement) result;
				Object[] parameters = new Object[40];
				return Proxy.newProxyInstance(PreparedStatement.class.getClassLoader(),
						new Class<?>[] { PreparedStatement.class }, (p, m, a) -> {
							if (m.getName().startsWith("set") && a != null && a.length == 2 && a[0] instanceof Integer index
									&& index <= parameters.length) {
								parameters[index - 1] = a[1];
							}
							if (m.getName().equals("executeUpdate") && !mode.get().equals("pass")) {
								if (mode.get().equals("delay")) {
									captured.add(new Object[] { sql, parameters.clone() });
								}
								throw new SQLException("Read timed out (simulated network timeout)", "08006");
							}
							try {
								return m.invoke(statement, a);
							}
							catch (InvocationTargetException ex) {
								throw ex.getCause();
							}
						});
			}
			return result;
		};
		return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(), new Class<?>[] { Connection.class },
				handler);
	}

	/** A second lease object with the original's token, pending token and node, as a cloned process has. */
	private WorkerLease cloneOf(WorkerLease original, WorkerLeaseSettings settings) throws Exception {
		String token = original.tokens.confirmed();
		List<String> pending = original.tokens.unknown();
		IssuePermit permit = new IssuePermit("clone", settings.clock::elapsedNanos);
		permit.grant(this.clock.nanos() + Duration.ofSeconds(40).toNanos(), this.clock.nanos() + Duration.ofSeconds(40).toNanos());
		// This JVM's registry refuses the same node twice; the clone lives in another process, so any reservation.
		LocalNodes.Reservation reservation = LocalNodes.reserve(foreignLayout(FOUR_WORKERS), 0, original.workerId(),
				"clone");
		LeaseClaim.Claimed claimed = new LeaseClaim.Claimed(
				new LeaseRecord(original.datacenterId(), original.workerId(), 0, 0), token,
				original.leaseEnd().toEpochMilli(), 0, permit, reservation, this.clock.nanos());
		WorkerLease clone = new WorkerLease(settings, "clone of " + original.owner(), claimed);
		pending.forEach(clone.tokens::rememberUnknown);
		return clone;
	}

	private int countDuplicates(SnowflakeIdGenerator a, SnowflakeIdGenerator b, int ticks) {
		Set<Long> seen = new HashSet<>();
		int duplicates = 0;
		for (int i = 0; i < ticks; i++) {
			try {
				seen.add(a.nextId());
				if (!seen.add(b.nextId())) {
					duplicates++;
				}
			}
			catch (RuntimeException ex) {
				break;
			}
			this.clock.advance(Duration.ofMillis(1));
		}
		return duplicates;
	}

	/**
	 * Clock tolerance longer than the lease used to be accepted: acquire() waited for a mark 8 s ahead while its own
	 * 3 s lease ran out, another instance took the same row, and acquire() returned a lease that could never issue
	 * an id. Now the tolerance is at most a third of the lease, so the wait for the mark always ends well inside the
	 * lease, and an instance starting during the wait cannot take the row.
	 */
	@Test
	void acquireNeverReturnsALeaseThatEndedWhileItWaitedForTheMark() throws Exception {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> WorkerLeaseSettings.builder(this.connections).layout(FOUR_WORKERS).duration(Duration.ofSeconds(3))
				.clockTolerance(Duration.ofSeconds(10)).build())
			.withMessageContaining("snowflake.clock-tolerance = 10000 ms")
			.withMessageContaining("snowflake.lease.duration");
		createTable();
		long t0 = this.clock.wallMillis();
		row(0, 0, 0, t0 + 900); // free, last used 0.9 s ahead of this clock (within the 1 s tolerance)
		for (int worker = 1; worker < 4; worker++) {
			row(0, worker, t0 + 3_600_000, t0);
		}
		AtomicReference<Object> other = new AtomicReference<>();
		Runnable anotherInstanceStarts = () -> {
			if (this.clock.wallMillis() >= t0 + 600 && other.get() == null) {
				try {
					other.set(acquire(WorkerLeaseSettings.builder(this.connections).layout(foreignLayout(FOUR_WORKERS))
						.datacenterId(0).duration(Duration.ofSeconds(3)).safetyMargin(Duration.ofMillis(500))
						.clockTolerance(Duration.ofSeconds(1)).timeSource(this.clock.timeSource(null))
						.clock(this.clock).scheduler(new ManualScheduler())
						.build()));
				}
				catch (WorkerLeaseException ex) {
					other.set(ex);
				}
			}
		};
		WorkerLease first = acquire(WorkerLeaseSettings.builder(this.connections).layout(FOUR_WORKERS)
			.datacenterId(0).duration(Duration.ofSeconds(3)).safetyMargin(Duration.ofMillis(500))
			.clockTolerance(Duration.ofSeconds(1)).timeSource(this.clock.timeSource(anotherInstanceStarts))
			.clock(this.clock).scheduler(new ManualScheduler()).build());
		assertThat(first.workerId()).isEqualTo(0);
		assertThat(other.get()).as("another instance starting during the wait must not get the row: " + other.get())
			.isInstanceOf(WorkerLeaseException.class);
		first.renew();
		assertThat(first.isLost()).as("acquire() returned a lease already taken over by another instance").isFalse();
		assertThat(first.isValid()).as("acquire() returned a lease that cannot issue ids").isTrue();
		assertThat(first.generator().decode(first.generator().nextId()).timestamp().toEpochMilli())
			.isGreaterThan(t0 + 900);
	}

	/**
	 * The claim reads the wall clock (lease end = wall + lease) before the elapsed clock the permit is measured
	 * on; the renewal reads them the other way round, on purpose. A pause (GC, safepoint, preemption) between the
	 * two reads in the claim makes the permit outlive the lease end written to the table by the pause.
	 */
	@Test
	void theFirstPermitNeverOutlivesTheLeaseEndWrittenByTheClaim() throws Exception {
		AtomicBoolean pauseAfterWallRead = new AtomicBoolean(true);
		LongSupplier pausingWall = () -> {
			long wall = this.clock.wallMillis();
			if (pauseAfterWallRead.getAndSet(false)) {
				this.clock.advance(Duration.ofSeconds(20)); // a 20 s stop-the-world right after the read
			}
			return wall;
		};
		WorkerLease lease = acquire(simSettings(FOUR_WORKERS, this.connections).duration(Duration.ofSeconds(60))
			.safetyMargin(Duration.ofSeconds(10)).clock(SimulatedClock.leaseClock(pausingWall, this.clock::elapsedNanos))
			.build());
		long leaseEnd = queryLong("select lease_end from snowflake_worker_lease where worker_id = " + lease.workerId());
		assertThat(lease.leaseEnd().toEpochMilli()).isEqualTo(leaseEnd);
		this.clock.advanceTo(leaseEnd + 10_000 + 1); // past lease end + safety margin: another host may take it now
		long id = -1;
		try {
			id = lease.generator().nextId();
		}
		catch (WorkerLeaseExpiredException expected) {
			// what should happen
		}
		assertThat(lease.isValid() || id >= 0)
			.as("ids are still issued " + (this.clock.wallMillis() - leaseEnd)
					+ " ms after the lease end written to the table (id " + id + ")")
			.isFalse();
	}

	/**
	 * The lease table holds a free row from a wider layout (another application sharing the default table name,
	 * or this application before worker bits were narrowed). It sorts after this layout's rows, which are all
	 * held; never-used pairs of other datacenters exist. The claim takes the out-of-range row, the generator
	 * refuses worker 7 with 2 worker bits, and acquire() fails, while usable pairs exist.
	 */
	@Test
	void aFreeRowOutsideTheLayoutsRangeDoesNotFailTheStart() throws Exception {
		createTable();
		long now = this.clock.wallMillis();
		for (int worker = 0; worker < 4; worker++) {
			row(0, worker, now + 3_600_000, now);
		}
		row(0, 7, 0, now - 60_000); // free, written by a layout with 3 worker bits
		WorkerLease lease;
		try {
			lease = acquire(WorkerLeaseSettings.builder(this.connections).layout(FOUR_WORKERS)
				.timeSource(this.clock.timeSource(null)).clock(this.clock).scheduler(new ManualScheduler()).build());
		}
		catch (RuntimeException ex) {
			fail("refused although never-used pairs (datacenters 1..31) exist: " + ex, ex);
			return;
		}
		assertThat(lease.workerId()).isNotEqualTo(7);
		assertThat(LocalNodes.inUse(FOUR_WORKERS, 0, 7)).as("the refused node's reservation was released").isFalse();
	}

	/**
	 * The first renewal is scheduled a third of the lease after acquire() returns, but the first permit counts from
	 * before the claim's UPDATEs. With slow statements (each just inside the statement timeout of a sixth of the
	 * lease) and four races lost, most of the permit is spent before acquire() returns, and it runs out before the
	 * first renewal is even attempted: ids fail although nothing is wrong with the lease.
	 */
	@Test
	void theFirstRenewalIsDueBeforeTheFirstPermitRunsOut() throws Exception {
		createTable();
		long now = this.clock.wallMillis();
		SnowflakeLayout eightWorkers = FOUR_WORKERS.toBuilder().workerBits(3).sequenceBits(14).build();
		for (int worker = 0; worker < 8; worker++) {
			row(0, worker, (worker < 5) ? 0 : now + 3_600_000, now - 60_000);
		}
		Duration lease = Duration.ofSeconds(60);
		Duration slowStatement = lease.dividedBy(6).minusMillis(100);
		AtomicInteger takes = new AtomicInteger();
		// Each conditional take (UPDATE ... lease_end < ?) is slow.
		ConnectionSource slow = FaultyConnections.on(this.database).beforeStatements((executed) -> {
			if (!(executed.startsWith("UPDATE") && executed.contains("lease_end < ?"))) {
				return;
			}
			if (takes.getAndIncrement() == 0) {
				// Other instances take workers 0..3 right after this instance read the table.
				sql("update snowflake_worker_lease set lease_end = " + (this.clock.wallMillis() + 60_000)
						+ ", high_water_mark = " + (this.clock.wallMillis() + 60_000)
						+ ", instance_id = 'others' where worker_id < 4");
			}
			this.clock.advance(slowStatement);
		});
		WorkerLeaseSettings settings = simSettings(eightWorkers, slow).duration(lease).build();
		// A scheduler nobody advances: the test plays the background thread, which would renew 20 s after acquire().
		WorkerLease leased = acquire(settings);
		assertThat(leased.workerId()).isEqualTo(4);
		assertThat(takes.get()).isEqualTo(5);
		long returned = this.clock.nanos();
		long delay = leased.nextRenewalDelay();
		assertThat(delay)
			.as("the first renewal is scheduled " + delay
					+ " ms after acquire() returned, as if the permit had started then; it started before the slow claim")
			.isLessThan(lease.dividedBy(3).toMillis());
		this.clock.advance(Duration.ofMillis(delay)); // the background thread renews now
		assertThat(leased.isValid())
			.as("the lease is no longer valid "
					+ Duration.ofNanos(this.clock.nanos() - returned).toMillis()
					+ " ms after acquire() returned, when its first renewal was due")
			.isTrue();
		leased.renew();
		assertThat(leased.renewals()).isEqualTo(1);
		assertThat(leased.isValid()).as("the renewal extends the permit").isTrue();
	}

	/**
	 * close() waits for a renewal in flight only its statement timeout + 1 s, but a renewal may legitimately take
	 * longer (the network timeout is the query timeout + 2 s, plus getting a connection). Here the renewal's UPDATE
	 * has committed (new token) but the renewal has not returned when close() stops waiting: close() releases with
	 * the old token, matches nothing, and gives up silently. The row stays held until its new lease end + margin:
	 * the "instant graceful restart" does not happen, and nothing is logged.
	 */
	@Test
	void closeReleasesTheRowEvenWhenASlowRenewalCommittedWhileItWaited() throws Exception {
		FaultyConnections slowAfterCommit = FaultyConnections.on(this.database);
		WorkerLease lease = acquire(WorkerLeaseSettings.builder(slowAfterCommit).layout(FOUR_WORKERS)
			.datacenterId(0).duration(Duration.ofSeconds(3)).scheduler(new ManualScheduler()).build());
		lease.generator().nextId();
		FaultyConnections.Hold reply = slowAfterCommit.holdNextRelease();
		Thread renewer = new Thread(lease::renew);
		renewer.start();
		reply.awaitReached(); // the UPDATE is committed; the reply is slow to come back
		lease.close(); // gives up waiting after statement timeout + 1 s
		reply.letGo();
		renewer.join(5_000);
		assertThat(queryLong("select lease_end from snowflake_worker_lease where worker_id = " + lease.workerId()))
			.as("the row was not released: a graceful restart must wait for lease end + margin")
			.isEqualTo(0);
	}

	/**
	 * The same race the other way round: the renewal has not reached the database when close() stops waiting;
	 * close() seals and releases the row; the renewal then finds the row released ("lost") and seals the permit
	 * again, which throws IllegalStateException out of renew() (the task a scheduler runs: a scheduler given by the
	 * application would swallow it, as the lease's own does), skipping its own logging.
	 */
	@Test
	void aRenewalFinishingAfterCloseGaveUpWaitingDoesNotThrow() throws Exception {
		FaultyConnections hanging = FaultyConnections.on(this.database);
		WorkerLease lease = acquire(WorkerLeaseSettings.builder(hanging).layout(FOUR_WORKERS).datacenterId(0)
			.duration(Duration.ofSeconds(3)).scheduler(new ManualScheduler()).build());
		FaultyConnections.Hold renewal = hanging.holdNextConnection();
		AtomicReference<Throwable> thrown = new AtomicReference<>();
		Thread renewer = new Thread(() -> {
			try {
				lease.renew();
			}
			catch (Throwable ex) {
				thrown.set(ex);
			}
		});
		renewer.start();
		renewal.awaitReached();
		lease.close();
		renewal.letGo();
		renewer.join(5_000);
		assertThat(thrown.get()).as("renew() threw").isNull();
	}

	// ---------------------------------------------------------------------------------------------------------
	// Attacks that held
	// ---------------------------------------------------------------------------------------------------------

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
			ConnectionSource source = new TestDatabase("adversarial-pause").connections();
			Duration lease = Duration.ofSeconds(3 + random.nextInt(10));
			Duration margin = Duration.ofMillis(random.nextInt(2_000));
			long skew = (margin.toMillis() == 0) ? 0 : random.nextInt((int) margin.toMillis()) - margin.toMillis() / 2;
			AtomicBoolean armed = new AtomicBoolean();
			Set<Key> successorIds = new HashSet<>();
			AtomicReference<WorkerLease> successor = new AtomicReference<>();
			SnowflakeLayout successorLayout = foreignLayout(FOUR_WORKERS);
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
				.layout(FOUR_WORKERS).datacenterId(0).duration(lease).safetyMargin(margin)
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
				holderIds.add(Key.of(FOUR_WORKERS, holder.generator().nextId()));
				if (random.nextInt(10) == 0) {
					this.clock.advance(Duration.ofMillis(random.nextInt((int) lease.toMillis() / 4)));
					holder.renew();
				}
			}
			armed.set(true);
			long paused = holder.generator().nextId();
			assertThat(successor.get()).as(where + ": the successor started").isNotNull();
			assertThat(successor.get().workerId()).as(where + ": took the holder's row").isEqualTo(holder.workerId());
			Key pausedKey = Key.of(FOUR_WORKERS, paused);
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

	/** An id as (absolute millisecond, datacenter, worker, sequence): comparable across layouts' epochs. */
	record Key(long millis, long datacenter, long worker, long sequence) {

		static Key of(SnowflakeLayout layout, long id) {
			var parts = layout.decode(id);
			return new Key(parts.timestamp().toEpochMilli(), parts.datacenterId(), parts.workerId(), parts.sequence());
		}
	}

	/**
	 * The generator cannot be built for the claimed row (an epoch after the current time): acquire() fails, and
	 * neither the row nor this JVM's reservation of the node leaks.
	 */
	@Test
	void aStartFailingAfterTheClaimReleasesTheRowAndTheLocalReservation() throws Exception {
		SnowflakeLayout future = FOUR_WORKERS.toBuilder().epoch(Instant.ofEpochMilli(this.clock.wallMillis() + 60_000))
			.build();
		assertThatExceptionOfType(RuntimeException.class)
			.isThrownBy(() -> acquire(simSettings(future, this.connections).duration(Duration.ofSeconds(60)).build()));
		assertThat(LocalNodes.inUse(future, 0, 0)).as("the node's reservation in this JVM was released").isFalse();
		assertThat(queryLong("select lease_end from snowflake_worker_lease where worker_id = 0"))
			.as("the row was freed at once")
			.isEqualTo(0);
	}

	/**
	 * A renewal whose UPDATE committed but whose outcome was unknown, then close(): the release recognises the
	 * pending token and stores the exact mark; a renewal attempted after that with the stale tokens loses. A
	 * successor continues above every id.
	 */
	@Test
	void unknownRenewalOutcomeThenCloseThenSuccessorNeverRepeats() throws Exception {
		FaultyConnections flaky = FaultyConnections.on(this.database);
		WorkerLease lease = acquire(simSettings(FOUR_WORKERS, flaky).duration(Duration.ofSeconds(6)).build());
		long last = 0;
		for (int i = 0; i < 10; i++) {
			last = lease.generator().nextId();
			this.clock.advance(Duration.ofMillis(700));
			flaky.failNextReleases((i % 2 == 0) ? 1 : 0);
			lease.renew();
		}
		lease.close();
		long mark = queryLong("select high_water_mark from snowflake_worker_lease where worker_id = 0");
		assertThat(FOUR_WORKERS.decode(last).timestamp().toEpochMilli()).isLessThanOrEqualTo(mark);
		assertThat(queryLong("select lease_end from snowflake_worker_lease where worker_id = 0")).isEqualTo(0);
		WorkerLease next = acquire(simSettings(foreignLayout(FOUR_WORKERS), flaky)
			.duration(Duration.ofSeconds(6)).build());
		assertThat(next.workerId()).isEqualTo(0);
		assertThat(next.generator().decode(next.generator().nextId()).timestamp().toEpochMilli()).isGreaterThan(mark);
	}

	/**
	 * close() while a renewal hangs in the database beyond close()'s wait: close() returns within its bound, the
	 * generator is sealed, and whatever the hung renewal does afterwards neither revives the generator nor leaves
	 * a mark below an issued id.
	 */
	@Test
	void closeDoesNotWaitForAHungRenewalBeyondItsBoundAndStaysSafe() throws Exception {
		FaultyConnections hanging = FaultyConnections.on(this.database);
		WorkerLease lease = acquire(WorkerLeaseSettings.builder(hanging).layout(FOUR_WORKERS).datacenterId(0)
			.duration(Duration.ofSeconds(3)).scheduler(new ManualScheduler()).build());
		long last = lease.generator().nextId();
		FaultyConnections.Hold renewal = hanging.holdNextConnection();
		Thread renewer = new Thread(lease::renew);
		renewer.start();
		renewal.awaitReached();
		long started = System.nanoTime();
		lease.close();
		long tookMillis = (System.nanoTime() - started) / 1_000_000;
		// The documented bound: the renewal's network timeout (statement timeout 1 s + 2 s) + 1 s, plus slack.
		assertThat(tookMillis).as("close() waited " + tookMillis + " ms").isLessThan(1_000 + 2_000 + 1_000 + 1_500);
		assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(lease.generator()::nextId);
		renewal.letGo();
		renewer.join(5_000);
		assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(lease.generator()::nextId);
		assertThat(lease.isValid()).isFalse();
		long mark = queryLong("select high_water_mark from snowflake_worker_lease where worker_id = " + lease.workerId());
		assertThat(FOUR_WORKERS.decode(last).timestamp().toEpochMilli()).isLessThanOrEqualTo(mark);
	}
}
