package io.snowflakeid.worker;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.WorkerLeaseExpiredException;
import io.snowflakeid.spi.LocalNodes;
import io.snowflakeid.testing.FaultyConnections;
import io.snowflakeid.testing.ForeignLayouts.Key;
import io.snowflakeid.testing.ManualScheduler;
import io.snowflakeid.testing.SimulatedClock;
import io.snowflakeid.testing.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.snowflakeid.testing.ForeignLayouts.FOUR_WORKERS;
import static io.snowflakeid.testing.ForeignLayouts.foreignLayout;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.fail;

/**
 * Races of the lease protocol around close, claim and the first tick: hand-built schedules on simulated clocks and H2
 * (an interrupted or concurrent close, the token read order, a failing first-tick wait, a claim of unknown outcome,
 * the negligible wait without tolerance, two leases of one JVM, the token cap; a start failing after its claim, a
 * free row outside the layout's range, a wait for the mark that must end inside the lease, a pause between the
 * claim's clock reads, the first renewal due before the first permit runs out). Every lease here uses a layout of
 * its own ({@code foreignLayout}), so that this JVM's registry of nodes in use never couples these tests to others
 * (a leaked reservation included).
 */
class LeaseCloseClaimAndFirstTickRaceTests extends SimulatedLeaseTestSupport {

	private final List<Thread> threads = new ArrayList<>();

	LeaseCloseClaimAndFirstTickRaceTests() {
		super("close-claim-race", Instant.parse("2033-05-06T07:08:09.000Z"));
	}

	@AfterEach
	@Override
	void cleanUp() throws InterruptedException {
		Thread.interrupted();
		closeLeases();
		for (Thread thread : this.threads) {
			thread.join(10_000);
		}
	}

	private Thread start(Runnable task) {
		Thread thread = new Thread(task, "close-claim-race");
		thread.setDaemon(true);
		this.threads.add(thread);
		thread.start();
		return thread;
	}

	private void createTable() throws SQLException {
		sql(new LeaseTable(LeaseTable.DEFAULT_NAME).createStatement());
	}

	private void row(int worker, long leaseEnd, long mark) throws SQLException {
		sql("insert into snowflake_worker_lease values (0, " + worker + ", 'o', 't" + worker + "', " + leaseEnd + ", "
				+ mark + ")");
	}

	private long leaseEndOf(int worker) throws SQLException {
		return queryLong("select lease_end from snowflake_worker_lease where datacenter_id = 0 and worker_id = " + worker);
	}

	// --- close racing renewals and issuing; a start failing or of unknown outcome half-way through its claim

	/**
	 * close() called on a thread whose interrupt flag is set (a shutdown path that interrupted its workers, a
	 * context closed from a cancelled task, a test with a timeout). Since the wait for a connection became a
	 * {@code Future.get} on the connector pool, an interrupted caller gets no connection at all:
	 * {@code Timeouts.connect} throws "No connection within ..." at once, and close()'s release never runs (the
	 * {@code tryLock} gives up at once too, without waiting for a renewal in flight). The row stays held until its
	 * lease end plus the safety margin: the graceful restart is not instant (with few worker ids it may find none
	 * free), although the database was reachable all along. (acquire() on an interrupted thread fails the same way,
	 * as DATABASE_UNAVAILABLE.)
	 */
	@Test
	void closeOnAnInterruptedThreadStillReleasesTheRow() throws Exception {
		SnowflakeLayout layout = foreignLayout(FOUR_WORKERS);
		WorkerLease lease = acquire(simSettings(layout, this.connections).duration(Duration.ofSeconds(60)).build());
		long id = lease.generator().nextId();
		Thread.currentThread().interrupt();
		try {
			lease.close();
		}
		finally {
			assertThat(Thread.interrupted()).as("close() keeps the caller's interrupt flag").isTrue();
		}
		assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(lease.generator()::nextId);
		assertThat(leaseEndOf(lease.workerId()))
			.as("close() on an interrupted thread did not release the row: "
					+ "a restart waits for the lease end + safety margin")
			.isEqualTo(0);
		long mark = queryLong("select high_water_mark from snowflake_worker_lease where worker_id = " + lease.workerId());
		assertThat(layout.decode(id).timestamp().toEpochMilli()).isLessThanOrEqualTo(mark);
	}

	/**
	 * Two threads close the same lease (a shutdown hook and the context, or two owners of one bean) while a
	 * renewal is in flight. The first close() sets {@code closed} and then waits (up to the network timeout + 1 s)
	 * for the renewal lock; it seals the generator only afterwards. The second close() sees {@code closed} and
	 * returns at once: after that close() returned, the generator still issues ids (isValid() even says false
	 * meanwhile), for as long as the first close() waits.
	 */
	@Test
	void noIdIsIssuedAfterAnyCloseReturned() throws Exception {
		// release(connection) blocks, once held, after the work committed: the renewal (which holds the renewal lock
		// meanwhile) is slow to come back
		FaultyConnections source = FaultyConnections.on(this.database);
		WorkerLease lease = acquire(simSettings(foreignLayout(FOUR_WORKERS), source)
			.duration(Duration.ofSeconds(3)).build());
		lease.generator().nextId();
		FaultyConnections.Hold reply = source.holdNextRelease();
		start(lease::renew); // holds the renewal lock while its reply is slow
		assertThat(reply.awaitReached(10, TimeUnit.SECONDS)).isTrue();
		start(lease::close); // the first close(): waits for the renewal lock
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
		while (!lease.isClosing() && System.nanoTime() < deadline) {
			Thread.onSpinWait();
		}
		assertThat(lease.isClosing()).isTrue();
		try {
			lease.close(); // the second close() returns at once
			long id = -1;
			try {
				id = lease.generator().nextId();
			}
			catch (WorkerLeaseExpiredException expected) {
				// what should happen
			}
			assertThat(id).as("an id was issued after close() returned").isEqualTo(-1);
		}
		finally {
			reply.letGo();
		}
	}

	/**
	 * close() could not get the renewal lock within its bound (a renewal's reply is slow) and goes on without it,
	 * collecting the tokens to release with: {@code FencingTokens.forRelease()} reads the confirmed token, then the
	 * unknown ones, then the one in flight. The renewal's success path writes them in the same order
	 * ({@code confirmed = new}, clear the unknown ones, {@code inFlight = null}). If the renewal completes between
	 * close()'s first and last read (here: close() paused inside its read of the unknown tokens, which the test
	 * simulates by letting the renewal use a fresh set), close() sees the old token, no unknown token and nothing in
	 * flight, while the row carries the renewal's new token: the release matches nothing and the row stays held until
	 * the new lease end plus the margin (the graceful restart is not instant). Reading the in-flight token first (and
	 * the renewal re-checking {@code closed} after publishing it) closes the window. (The pause is the package-private
	 * {@code FencingTokens.pauseWhileReading} hook, between close()'s read of the confirmed token and its read of the
	 * unknown ones; FencingTokensTests searches the ledger's histories for the same window.)
	 */
	@Test
	void closeWithoutTheLockReleasesEvenIfTheRenewalCompletesWhileItCollectsTokens() throws Exception {
		// release(connection) blocks, once held, after the work committed: the renewal (which holds the renewal lock
		// meanwhile) is slow to come back
		FaultyConnections source = FaultyConnections.on(this.database);
		WorkerLease lease = acquire(simSettings(foreignLayout(FOUR_WORKERS), source)
			.duration(Duration.ofSeconds(3)).build());
		lease.generator().nextId();
		FaultyConnections.Hold reply = source.holdNextRelease();
		Thread renewer = start(lease::renew);
		assertThat(reply.awaitReached(10, TimeUnit.SECONDS)).isTrue(); // the new token is in the row; the renewal not back yet
		AtomicBoolean hooked = new AtomicBoolean();
		lease.tokens.pauseWhileReading = () -> {
			if (Thread.currentThread() != renewer && hooked.compareAndSet(false, true)) {
				// close() is paused here, after the confirmed token, before the unknown ones; the renewal completes
				reply.letGo();
				try {
					renewer.join(10_000);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
			}
		};
		try {
			lease.close(); // waits for the lock (network timeout + 1 s), then goes on without it
		}
		finally {
			reply.letGo();
		}
		assertThat(hooked.get()).as("close() collected the tokens without the lock").isTrue();
		assertThat(renewer.isAlive()).isFalse();
		assertThat(leaseEndOf(lease.workerId()))
			.as("close() released with the old token only: the row still "
					+ "carries the renewal's token and stays held until its lease end + the safety margin")
			.isEqualTo(0);
	}

	/**
	 * acquire() claims a free row whose mark is slightly ahead (within the clock tolerance), builds the lease, and
	 * then waits for the first tick after the mark ({@code awaitFirstTick}), outside the try block that abandons
	 * the claim on failure. If the wait throws (a time source whose wait is interruptible, say), acquire() fails
	 * but neither gives the row back (held until lease end + margin) nor this JVM's reservation of the node: the
	 * node stays "in use" in this JVM for ever, so no later lease or static generator of this JVM can use it.
	 * (The same happens with an Error from the constructor, which catches RuntimeException only.)
	 */
	@Test
	void aStartFailingWhileWaitingForTheFirstTickReleasesTheRowAndTheNode() throws Exception {
		SnowflakeLayout layout = foreignLayout(FOUR_WORKERS);
		createTable();
		long now = this.clock.wallMillis();
		row(0, 0, now + 400); // free; last used 400 ms ahead of this clock, within the 1 s tolerance
		for (int worker = 1; worker < 4; worker++) {
			row(worker, now + 3_600_000, now); // held
		}
		WorkerLeaseSettings settings = simSettings(layout, this.connections).duration(Duration.ofSeconds(60))
			.timeSource(this.clock.timeSource(() -> {
				throw new IllegalStateException("interrupted while waiting for the clock (simulated)");
			}))
			.build();
		assertThatExceptionOfType(IllegalStateException.class).isThrownBy(() -> acquire(settings));
		assertThat(LocalNodes.inUse(layout, 0, 0))
			.as("this JVM's reservation of the node leaked: it can never be used again in this JVM")
			.isFalse();
		assertThat(leaseEndOf(0)).as("the row was not given back: held until its lease end + the safety margin")
			.isLessThan(now);
	}

	/**
	 * A claim's conditional UPDATE commits, but the reply is lost (connection reset, network timeout: the outcome
	 * is unknown). tryTake rethrows, acquire() fails with DATABASE_UNAVAILABLE, and the row now carries a token
	 * nobody has, with a lease end a whole lease ahead: it is stranded until lease end + margin. A retry of
	 * acquire() finds every worker id leased (here: the only free row was the stranded one), although no instance
	 * holds it. Releasing the row under the attempt's token (it is known; nothing was issued) before giving up
	 * would free it at once.
	 */
	@Test
	void aClaimWithAnUnknownOutcomeDoesNotStrandTheRow() throws Exception {
		SnowflakeLayout layout = foreignLayout(FOUR_WORKERS);
		createTable();
		long now = this.clock.wallMillis();
		row(0, 0, now - 60_000); // free
		for (int worker = 1; worker < 4; worker++) {
			row(worker, now + 3_600_000, now); // held
		}
		// The first conditional take (UPDATE ... lease_end < ?) commits, but its reply is lost.
		AtomicBoolean loseReply = new AtomicBoolean(true);
		ConnectionSource source = FaultyConnections.on(this.database).afterStatements((sql) -> {
			if (sql.startsWith("UPDATE") && sql.contains("lease_end < ?") && loseReply.getAndSet(false)) {
				throw new SQLException("Connection reset (simulated, after the commit)", "08006");
			}
		});
		WorkerLeaseSettings settings = simSettings(layout, source).duration(Duration.ofSeconds(60))
			.safetyMargin(Duration.ofSeconds(10)).build();
		try {
			assertThat(acquire(settings).workerId()).isEqualTo(0); // a claim may also treat the unknown outcome as a lost race
			return;
		}
		catch (WorkerLeaseException first) {
			assertThat(first.getReason()).as(first.getMessage())
				.isEqualTo(WorkerLeaseException.Reason.DATABASE_UNAVAILABLE);
		}
		this.clock.advance(Duration.ofSeconds(1));
		try {
			WorkerLease lease = acquire(settings);
			assertThat(lease.workerId()).isEqualTo(0);
		}
		catch (WorkerLeaseException ex) {
			fail("the row whose claim had an unknown outcome is stranded (lease end "
					+ Instant.ofEpochMilli(leaseEndOf(0)) + "): " + ex.getMessage(), ex);
		}
	}

	// --- a successor's first millisecond, two leases of one JVM, the cap on remembered tokens

	/**
	 * The 1 ms "negligible wait" with no clock tolerance at all: the predecessor (another process) issues ids in
	 * millisecond X and releases with the exact mark X; the successor's clock reads the table anywhere from the
	 * very start of X to its end (a wait of up to exactly 1 ms counts as none). Its first id is still in X + 1 or
	 * later: the generator starts from the mark, and acquire() waits the fraction of a millisecond. A successor
	 * whose clock is more than 1 ms behind the end of X is refused (CLOCK_BEHIND), never given the row.
	 */
	@Test
	void theNegligibleWaitWithoutToleranceNeverLetsASuccessorRepeatThePredecessorsMillisecond() throws Exception {
		long[] offsetsNanos = { 0, 1, 250_000, 999_999 };
		for (long offset : offsetsNanos) {
			SnowflakeLayout predecessorLayout = foreignLayout(FOUR_WORKERS);
			ConnectionSource source = new TestDatabase("close-claim-race-negligible").connections();
			long x = this.clock.wallMillis() + 1;
			this.clock.advanceTo(x);
			WorkerLease predecessor = acquire(simSettings(predecessorLayout, source).clockTolerance(Duration.ZERO)
				.build());
			long maxPredecessorMillis = Long.MIN_VALUE;
			for (int i = 0; i < 100; i++) {
				maxPredecessorMillis = Math.max(maxPredecessorMillis,
						Key.of(predecessorLayout, predecessor.generator().nextId()).millis());
			}
			predecessor.close();
			// the successor reads the table at X + offset (its clock), in another process
			long target = maxPredecessorMillis * 1_000_000L + offset;
			this.clock.advanceToNanos(target);
			SnowflakeLayout successorLayout = foreignLayout(FOUR_WORKERS);
			WorkerLease successor = acquire(simSettings(successorLayout, source).clockTolerance(Duration.ZERO)
				.build());
			assertThat(successor.workerId()).as("offset " + offset + ": reused the row")
				.isEqualTo(predecessor.workerId());
			long first = Key.of(successorLayout, successor.generator().nextId()).millis();
			assertThat(first)
				.as("offset " + offset + ": successor's first id in millisecond "
						+ first + ", predecessor's last in " + maxPredecessorMillis)
				.isGreaterThan(maxPredecessorMillis);
			successor.close();
		}
	}

	/**
	 * Same lease table, clock behind the released row's exact mark by just over the negligible wait, no
	 * tolerance, and every other worker id held: refused as CLOCK_BEHIND, and neither the row nor the node is
	 * taken.
	 */
	@Test
	void aClockJustOverTheNegligibleWaitBehindIsRefusedWithoutTolerance() throws Exception {
		SnowflakeLayout layout = foreignLayout(FOUR_WORKERS);
		createTable();
		long now = this.clock.wallMillis();
		// mark = now: the first usable instant is now + 1 ms (a tick after); the clock is 1 ms + 1 ns behind that
		this.clock.stepBack(Duration.ofNanos(this.clock.nanos() - (now * 1_000_000L - 1)));
		row(0, 0, now);
		for (int worker = 1; worker < 4; worker++) {
			row(worker, now + 3_600_000, now);
		}
		assertThatExceptionOfType(WorkerLeaseException.class)
			.isThrownBy(() -> acquire(simSettings(layout, this.connections).clockTolerance(Duration.ZERO).build()))
			.satisfies((refused) -> assertThat(refused.getReason()).as(refused.getMessage())
				.isEqualTo(WorkerLeaseException.Reason.CLOCK_BEHIND));
		assertThat(leaseEndOf(0)).isEqualTo(0);
		assertThat(LocalNodes.inUse(layout, 0, 0)).isFalse();
	}

	/**
	 * Two leases in one JVM on two tables (two databases, or two SessionFactories) for the same layout: while the
	 * first holds a node, the second never takes it, although its own table knows nothing of it; once the first
	 * closes, the second may take the node in the very millisecond, and continues strictly above the first's ids
	 * (this JVM's registry carries the exact mark across tables).
	 */
	@Test
	void twoLeasesOfOneJvmOnTwoTablesNeverShareANodeAndContinueAboveEachOther() throws Exception {
		SnowflakeLayout layout = foreignLayout(FOUR_WORKERS);
		WorkerLease first = acquire(simSettings(layout, this.connections).tableName("lease_a")
			.clockTolerance(Duration.ZERO).build());
		long last = 0;
		for (int i = 0; i < 50; i++) {
			last = first.generator().nextId();
		}
		WorkerLease other = acquire(simSettings(layout, this.connections).tableName("lease_b")
			.clockTolerance(Duration.ZERO).build());
		assertThat(other.workerId()).as("two generators of one JVM on one node").isNotEqualTo(first.workerId());
		first.close();
		WorkerLease next = acquire(simSettings(layout, this.connections).tableName("lease_b")
			.clockTolerance(Duration.ZERO).build());
		assertThat(next.workerId()).as("the first never-used pair of lease_b").isEqualTo(first.workerId());
		long id = next.generator().nextId();
		assertThat(id).as("the second table's holder repeated or went below the first's ids").isGreaterThan(last);
	}

	/**
	 * More than 32 renewal attempts with unknown outcome in a row (each reaching the database, none committing),
	 * after one that did commit: the committed token is forgotten, and the next renewal loses the lease although
	 * nobody else holds it. Documented as the worst case ("at worst the lease is lost"): fail closed, the generator
	 * is sealed, no id follows, and the lost lease's ids stay below the mark in the table.
	 */
	@Test
	void forgettingACommittedTokenBeyondTheCapFailsClosed() throws Exception {
		// While failRenewals, the renewal UPDATE fails after reaching the database, without committing.
		AtomicBoolean failRenewals = new AtomicBoolean();
		FaultyConnections source = FaultyConnections.on(this.database).beforeStatements((sql) -> {
			if (failRenewals.get() && sql.startsWith("UPDATE") && sql.contains("SET instance_id = ?, lease_end = ?")) {
				throw new SQLException("Query cancelled (simulated statement timeout)", "57014");
			}
		});
		SnowflakeLayout layout = foreignLayout(FOUR_WORKERS);
		WorkerLease lease = acquire(simSettings(layout, source).duration(Duration.ofSeconds(3600))
			.clockTolerance(Duration.ZERO).build());
		long last = lease.generator().nextId();
		source.failNextRelease();
		lease.renew(); // committed, unknown
		failRenewals.set(true);
		for (int i = 0; i < 32; i++) {
			this.clock.advance(Duration.ofSeconds(1));
			lease.renew(); // reached the database, did not commit
		}
		assertThat(lease.renewalFailures()).isEqualTo(33);
		failRenewals.set(false);
		this.clock.advance(Duration.ofSeconds(1));
		last = Math.max(last, lease.generator().nextId());
		lease.renew();
		assertThat(lease.isLost()).as("expected to lose the lease once the committed token was forgotten").isTrue();
		assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(lease.generator()::nextId);
		long mark = queryLong("select high_water_mark from snowflake_worker_lease where worker_id = " + lease.workerId());
		assertThat(Key.of(layout, last).millis()).isLessThanOrEqualTo(mark);
	}

	// --- the claim and the first permit: a start failing after the claim, a row outside the layout, a wait
	// for the mark, a pause inside the claim, the first renewal

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
	 * The lease table holds a free row from a wider layout (another application sharing the default table name,
	 * or this application before worker bits were narrowed). It sorts after this layout's rows, which are all
	 * held; never-used pairs of other datacenters exist. The claim takes the out-of-range row, the generator
	 * refuses worker 7 with 2 worker bits, and acquire() fails, while usable pairs exist.
	 */
	@Test
	void aFreeRowOutsideTheLayoutsRangeDoesNotFailTheStart() throws Exception {
		createTable();
		SnowflakeLayout layout = foreignLayout(FOUR_WORKERS);
		long now = this.clock.wallMillis();
		for (int worker = 0; worker < 4; worker++) {
			row(worker, now + 3_600_000, now);
		}
		row(7, 0, now - 60_000); // free, written by a layout with 3 worker bits
		WorkerLease lease;
		try {
			lease = acquire(WorkerLeaseSettings.builder(this.connections).layout(layout)
				.timeSource(this.clock.timeSource(null)).clock(this.clock).scheduler(new ManualScheduler()).build());
		}
		catch (RuntimeException ex) {
			fail("refused although never-used pairs (datacenters 1..31) exist: " + ex, ex);
			return;
		}
		assertThat(lease.workerId()).isNotEqualTo(7);
		assertThat(LocalNodes.inUse(layout, 0, 7)).as("the refused node's reservation was released").isFalse();
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
		SnowflakeLayout layout = foreignLayout(FOUR_WORKERS);
		long t0 = this.clock.wallMillis();
		row(0, 0, t0 + 900); // free, last used 0.9 s ahead of this clock (within the 1 s tolerance)
		for (int worker = 1; worker < 4; worker++) {
			row(worker, t0 + 3_600_000, t0);
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
		WorkerLease first = acquire(WorkerLeaseSettings.builder(this.connections).layout(layout)
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
		WorkerLease lease = acquire(simSettings(foreignLayout(FOUR_WORKERS), this.connections).duration(Duration.ofSeconds(60))
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
	 * The first renewal is scheduled a third of the lease after acquire() returns, but the first permit counts from
	 * before the claim's UPDATEs. With slow statements (each just inside the statement timeout of a sixth of the
	 * lease) and four races lost, most of the permit is spent before acquire() returns, and it runs out before the
	 * first renewal is even attempted: ids fail although nothing is wrong with the lease.
	 */
	@Test
	void theFirstRenewalIsDueBeforeTheFirstPermitRunsOut() throws Exception {
		createTable();
		long now = this.clock.wallMillis();
		SnowflakeLayout eightWorkers = foreignLayout(FOUR_WORKERS).toBuilder().workerBits(3).sequenceBits(14).build();
		for (int worker = 0; worker < 8; worker++) {
			row(worker, (worker < 5) ? 0 : now + 3_600_000, now - 60_000);
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
}
