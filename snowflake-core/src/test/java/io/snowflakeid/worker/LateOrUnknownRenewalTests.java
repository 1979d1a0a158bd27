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
import java.util.concurrent.atomic.AtomicReference;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.WorkerLeaseExpiredException;
import io.snowflakeid.spi.IssuePermit;
import io.snowflakeid.spi.LeaseRecord;
import io.snowflakeid.spi.LocalNodes;
import io.snowflakeid.testing.FaultyConnections;
import io.snowflakeid.testing.ManualScheduler;
import org.junit.jupiter.api.Test;

import static io.snowflakeid.testing.ForeignLayouts.FOUR_WORKERS;
import static io.snowflakeid.testing.ForeignLayouts.foreignLayout;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Renewals whose outcome the lease does not know, that commit late, or that hang, and what they must never do:
 * a clone of the process taken while a renewal's outcome was unknown is fenced at its next renewal, a stale
 * renewal committing late never moves the lease end below the holder's permit, a release after an unknown outcome
 * still stores the exact mark; and close() racing a renewal that is slow to answer or hangs releases the row,
 * returns within its bound and stays safe. Hand-built schedules on H2, on simulated clocks (one "real" time from
 * which every wall clock, elapsed clock and time source is derived) where the test moves time, on the machine's
 * clock where a bound in real time is what is checked.
 */
class LateOrUnknownRenewalTests extends SimulatedLeaseTestSupport {

	LateOrUnknownRenewalTests() {
		super("late-renewal", Instant.parse("2031-03-04T05:06:07.000Z"));
	}

	private String queryString(String query) throws SQLException {
		try (Connection connection = this.database.connection();
				ResultSet result = connection.createStatement().executeQuery(query)) {
			assertThat(result.next()).as(query).isTrue();
			return result.getString(1);
		}
	}

	// --- a renewal whose outcome is unknown, or which commits late: clones, stale renewals, the release after it

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
		closedAfterTheTest(clone);

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

	// --- close() while a renewal is slow to answer or hangs

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
