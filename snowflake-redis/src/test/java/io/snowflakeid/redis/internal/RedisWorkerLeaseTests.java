package io.snowflakeid.redis.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import io.lettuce.core.RedisURI;
import io.snowflakeid.redis.internal.LettuceRedisScripts;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.WorkerLeaseExpiredException;
import io.snowflakeid.testing.ManualScheduler;
import io.snowflakeid.testing.SimulatedClock;
import io.snowflakeid.worker.WorkerLease;
import io.snowflakeid.worker.WorkerLeaseException;
import io.snowflakeid.worker.WorkerLeaseSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@link WorkerLease} over {@link RedisLeaseStore} on real servers: the shared one (a key per test) and, for
 * outages, a {@code redis-server} the test starts, stops and starts again.
 */
class RedisWorkerLeaseTests {

	/** Four worker ids in datacenter 0: small enough to run out. */
	private static final SnowflakeLayout FOUR_WORKERS = SnowflakeLayout.builder().timestampBits(41).datacenterBits(5)
		.workerBits(2).sequenceBits(15).build();

	/** Where the leases the test renews by hand schedule their renewals: nothing runs unless the test says so. */
	private final ManualScheduler scheduler = new ManualScheduler();

	private final String key = RedisTestServers.uniqueKey();

	private final List<WorkerLease> leases = new ArrayList<>();

	private final List<AutoCloseable> resources = new ArrayList<>();

	private RedisTestServers.Direct direct;

	@AfterEach
	void cleanUp() throws Exception {
		this.leases.forEach(WorkerLease::close);
		if (this.direct != null) {
			try {
				this.direct.delete(this.key);
			}
			catch (RuntimeException ex) {
				// an own server already stopped
			}
			this.direct.close();
		}
		for (int i = this.resources.size() - 1; i >= 0; i--) {
			this.resources.get(i).close();
		}
	}

	/**
	 * A store (owning its client) on the shared server, and a direct client to look at the records. The shared
	 * server runs Redis' defaults (no append-only file): its risk is accepted, as it is for the servers these tests
	 * start without persistence.
	 */
	private RedisLeaseStore sharedStore() {
		return storeOn(RedisTestServers.sharedUri(), true);
	}

	private RedisLeaseStore storeOn(String uri, boolean acceptDataLossRisk) {
		RedisLeaseStore store = new RedisLeaseStore(
				LettuceRedisScripts.open(RedisURI.create(uri), Duration.ofSeconds(2)), this.key, true,
				acceptDataLossRisk);
		this.resources.add(store);
		if (this.direct == null) {
			this.direct = RedisTestServers.direct(uri);
		}
		RedisTestServers.inUse(uri, this.key); // no wait for lost holders (RedisLeaseFenceTests)
		return store;
	}

	private static WorkerLeaseSettings.Builder settings(RedisLeaseStore store) {
		return WorkerLeaseSettings.builder(store).layout(FOUR_WORKERS).datacenterId(0).duration(Duration.ofSeconds(3))
			.safetyMargin(Duration.ofSeconds(1));
	}

	private WorkerLease acquire(WorkerLeaseSettings settings) {
		WorkerLease lease = WorkerLease.acquire(settings);
		this.leases.add(lease);
		return lease;
	}

	@Test
	void claimRenewAndReleaseRoundTripThroughTheHash() {
		RedisLeaseStore store = sharedStore();
		WorkerLease lease = acquire(settings(store).scheduler(this.scheduler).build());
		int worker = lease.workerId();
		String claimToken = this.direct.token(this.key, 0, worker);
		assertThat(claimToken).isNotEmpty();
		assertThat(this.direct.record(this.key, 0, worker)).contains("pid " + ProcessHandle.current().pid());
		long id = lease.generator().nextId();
		this.scheduler.runPending(); // the lease's renewal, now
		assertThat(lease.renewals()).isEqualTo(1);
		assertThat(this.direct.token(this.key, 0, worker)).as("a fresh fencing token per renewal")
			.isNotEqualTo(claimToken);
		assertThat(this.direct.number(this.key, 0, worker, "leaseEnd")).isEqualTo(lease.leaseEnd().toEpochMilli());
		lease.close();
		assertThat(this.direct.number(this.key, 0, worker, "leaseEnd")).isZero();
		assertThat(this.direct.token(this.key, 0, worker)).isEmpty();
		assertThat(this.direct.number(this.key, 0, worker, "highWaterMark"))
			.as("the exact mark of what was issued")
			.isGreaterThanOrEqualTo(FOUR_WORKERS.decode(id).timestamp().toEpochMilli());
		assertThat(store.description()).isEqualTo("Redis hash " + this.key + " on " + RedisTestServers.sharedUri() + "/0");
	}

	@Test
	void concurrentLeasesGetDistinctPairsAndTheFifthIsRefused() {
		RedisLeaseStore store = sharedStore();
		Set<Integer> workers = new HashSet<>();
		for (int i = 0; i < 4; i++) {
			assertThat(workers.add(acquire(settings(store).build()).workerId())).isTrue();
		}
		assertThatExceptionOfType(WorkerLeaseException.class).isThrownBy(() -> acquire(settings(store).build()))
			.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo(WorkerLeaseException.Reason.ALL_WORKERS_LEASED))
			.withMessageContaining("Redis hash " + this.key);
	}

	@Test
	void aGracefulCloseFreesThePairAtOnceAndASuccessorStartsWithoutWaiting() {
		RedisLeaseStore store = sharedStore();
		for (int i = 0; i < 4; i++) {
			acquire(settings(store).build());
		}
		WorkerLease first = this.leases.get(2);
		long lastId = first.generator().nextId();
		first.close();
		assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(first.generator()::nextId);
		WorkerLease successor = acquire(settings(store).build());
		assertThat(successor.workerId()).isEqualTo(first.workerId());
		assertThat(successor.startWaitMillis()).as("no wait after a graceful stop").isZero();
		assertThat(successor.generator().nextId()).isGreaterThan(lastId);
	}

	@Test
	void aCrashedHoldersPairIsReusableOnlyAfterItsLeaseEndPlusTheSafetyMarginAndTheSuccessorIssuesAboveTheMark() throws Exception {
		RedisLeaseStore store = sharedStore();
		long now = System.currentTimeMillis();
		// worker 0: a crashed holder whose lease ended 200 ms ago (inside the 1 s margin); worker 1: long expired,
		// its last renewal's mark 300 ms ahead of this clock (within the clock tolerance below)
		this.direct.put(this.key, 0, 0, now - 200, now - 300, "x", "crashed");
		this.direct.put(this.key, 0, 1, now - 5_000, now + 300, "y", "crashed");
		for (int worker = 2; worker < 4; worker++) {
			this.direct.put(this.key, 0, worker, now + 60_000, now, "b", "busy");
		}
		SimulatedClock clock = new SimulatedClock(Instant.ofEpochMilli(now));
		WorkerLease lease = acquire(settings(store).timeSource(clock).clockTolerance(Duration.ofSeconds(1)).build());
		assertThat(lease.workerId()).as("not the pair still in its safety margin").isEqualTo(1);
		long id = lease.generator().nextId();
		assertThat(FOUR_WORKERS.decode(id).timestamp().toEpochMilli()).as("above the crashed holder's mark")
			.isGreaterThan(now + 300);
		WorkerLease successor = null;
		long deadline = System.currentTimeMillis() + 5_000;
		while (successor == null && System.currentTimeMillis() < deadline) {
			try {
				successor = acquire(settings(store).build());
				// The claim read the wall clock before it returned: that read was past lease end + safety margin.
				assertThat(System.currentTimeMillis()).as("taken over only after lease end + safety margin")
					.isGreaterThan(now - 200 + 1_000);
			}
			catch (WorkerLeaseException ex) {
				assertThat(ex.getReason()).isEqualTo(WorkerLeaseException.Reason.ALL_WORKERS_LEASED);
				Thread.sleep(50);
			}
		}
		assertThat(successor).as("reusable once the margin has passed").isNotNull();
		assertThat(successor.workerId()).isZero();
		assertThat(FOUR_WORKERS.decode(successor.generator().nextId()).timestamp().toEpochMilli())
			.isGreaterThan(now - 300);
	}

	@Test
	void aCloneWithTheSameTokenLosesAtItsNextRenewal() {
		RedisLeaseStore store = sharedStore();
		WorkerLease lease = acquire(settings(store).scheduler(this.scheduler).build());
		lease.generator().nextId();
		// A clone of this process (same token) renewed first: the record now carries a token this one never saw.
		String token = this.direct.token(this.key, 0, lease.workerId());
		String json = this.direct.record(this.key, 0, lease.workerId());
		this.direct.connection.sync().hset(this.key, "0:" + lease.workerId(), json.replace(token, "clone-token"));
		this.scheduler.runPending(); // the lease's renewal, now
		assertThat(lease.isLost()).isTrue();
		assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(lease.generator()::nextId)
			.withMessageContaining("taken over by another instance");
	}

	@Test
	void aRenewalWhoseAnswerWasLostIsRecognisedByItsTokenNextTime() {
		RedisLeaseStore shared = sharedStore();
		AtomicBoolean loseAnswer = new AtomicBoolean();
		RedisScripts scripts = LettuceRedisScripts.open(RedisURI.create(RedisTestServers.sharedUri()),
				Duration.ofSeconds(2));
		this.resources.add(scripts);
		// Applied on the server, but the answer never arrives: the outcome is unknown to the lease.
		RedisScripts answerLost = new RedisScripts() {
			@Override
			public long evalLong(String script, String key, List<String> args, Duration timeout) throws Exception {
				long result = scripts.evalLong(script, key, args, timeout);
				if (script.equals(RedisLeaseStore.RENEW) && loseAnswer.getAndSet(false)) {
					throw new java.util.concurrent.TimeoutException("answer lost (simulated)");
				}
				return result;
			}

			@Override
			public long evalLong(String script, String key, List<String> args, int replicas, Duration timeout)
					throws Exception {
				return evalLong(script, key, args, timeout); // the shared server has no replicas
			}

			@Override
			public List<String> evalList(String script, String key, List<String> args, Duration timeout)
					throws Exception {
				return scripts.evalList(script, key, args, timeout);
			}

			@Override
			public java.util.Map<String, String> info(Duration timeout) throws Exception {
				return scripts.info(timeout);
			}

			@Override
			public java.util.Map<String, String> configGet(String parameter, Duration timeout) throws Exception {
				return scripts.configGet(parameter, timeout);
			}

			@Override
			public String description() {
				return scripts.description();
			}
		};
		RedisLeaseStore store = new RedisLeaseStore(answerLost, shared.key(), false, true);
		WorkerLease lease = acquire(settings(store).scheduler(this.scheduler).build());
		loseAnswer.set(true);
		this.scheduler.runPending(); // the lease's renewal, now
		assertThat(lease.renewalFailures()).isEqualTo(1);
		this.scheduler.runPending(); // the lease's renewal, now
		assertThat(lease.isLost()).as("the token of the unknown outcome was accepted").isFalse();
		assertThat(lease.renewals()).isEqualTo(1);
		assertThat(lease.isValid()).isTrue();
	}

	@Test
	void aClockFarBehindTheMarkOfTheOnlyFreePairIsRefusedAndTheMarkIsNeverLowered() {
		RedisLeaseStore store = sharedStore();
		long highWaterMark = System.currentTimeMillis() + 5_000;
		long busy = System.currentTimeMillis() + 60_000;
		this.direct.put(this.key, 0, 0, 0, highWaterMark, "", "");
		for (int worker = 1; worker < 4; worker++) {
			this.direct.put(this.key, 0, worker, busy, 0, "b", "busy");
		}
		assertThatExceptionOfType(WorkerLeaseException.class)
			.isThrownBy(() -> acquire(settings(store).clockTolerance(Duration.ofSeconds(1)).build()))
			.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo(WorkerLeaseException.Reason.CLOCK_BEHIND))
			.withMessageContaining("The earliest becomes usable at " + Instant.ofEpochMilli(highWaterMark + 1))
			.withMessageContaining("snowflake.clock-tolerance");
		assertThat(this.direct.number(this.key, 0, 0, "leaseEnd")).isZero();
		assertThat(this.direct.number(this.key, 0, 0, "highWaterMark")).isEqualTo(highWaterMark);
	}

	@Test
	void theServerStoppedStopsIdsByTheLeaseEndAndRenewalsResumeOnceItIsBack() throws Exception {
		RedisTestServers.assumeOwnServers();
		RedisTestServers.OwnServer server = RedisTestServers.OwnServer.durable();
		this.resources.add(server);
		RedisLeaseStore store = storeOn(server.uri(), false);
		WorkerLease lease = acquire(settings(store).build());
		SnowflakeIdGenerator generator = lease.generator();
		awaitRenewals(lease, 1);
		server.stop();
		long lastIssued = generator.nextId();
		WorkerLeaseExpiredException stopped = null;
		long deadline = System.currentTimeMillis() + 10_000;
		while (stopped == null && System.currentTimeMillis() < deadline) {
			try {
				lastIssued = generator.nextId();
				Thread.sleep(5);
			}
			catch (WorkerLeaseExpiredException ex) {
				stopped = ex;
			}
		}
		assertThat(stopped).as("ids stop when the lease cannot be renewed (fail closed)").isNotNull();
		assertThat(FOUR_WORKERS.decode(lastIssued).timestamp()).as("no id after the lease end stored")
			.isBeforeOrEqualTo(lease.leaseEnd());
		assertThat(lease.renewalFailures()).isGreaterThanOrEqualTo(1);
		server.start(); // the same directory: the append-only file brings the record back
		long resumed = -1;
		deadline = System.currentTimeMillis() + 10_000;
		while (resumed < 0 && System.currentTimeMillis() < deadline) {
			try {
				resumed = generator.nextId();
			}
			catch (WorkerLeaseExpiredException ex) {
				Thread.sleep(50);
			}
		}
		assertThat(resumed).as("issuing resumes, in order, once renewed on the restarted server")
			.isGreaterThan(lastIssued);
		assertThat(lease.isLost()).isFalse();
	}

	@Test
	void aServerThatRestartedWithoutTheRecordSealsTheLeaseAtItsNextRenewal() throws Exception {
		RedisTestServers.assumeOwnServers();
		// No persistence at all: a restart forgets every record, what a lost write does to one.
		RedisTestServers.OwnServer server = new RedisTestServers.OwnServer(false).start();
		this.resources.add(server);
		RedisLeaseStore store = storeOn(server.uri(), true);
		WorkerLease lease = acquire(settings(store).scheduler(this.scheduler).build());
		long lastId = lease.generator().nextId();
		server.stop();
		server.start();
		awaitReconnected(store);
		this.scheduler.runPending(); // the lease's renewal, now
		assertThat(lease.isLost()).as("the record is gone: another instance may claim the pair").isTrue();
		assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(lease.generator()::nextId);
		assertThat(lastId).isPositive();
	}

	@Test
	void aServerThatDoesNotAnswerInTimeFailsTheStartSayingSoAndNamingTheBound() throws Exception {
		RedisTestServers.assumeOwnServers();
		RedisTestServers.OwnServer server = new RedisTestServers.OwnServer(false).start();
		this.resources.add(server);
		RedisLeaseStore store = storeOn(server.uri(), true);
		store.records(null, Duration.ofSeconds(5)); // answered once: each operation has its own bound from now on
		// Every other client's commands wait 2.5 s: longer than the 1 s bound of a 3 s lease's operations.
		this.direct.connection.sync().clientPause(2_500);
		assertThatExceptionOfType(WorkerLeaseException.class).isThrownBy(() -> acquire(settings(store).build()))
			.withMessageContaining("1000 ms")
			.withMessageContaining("snowflake.lease.duration")
			.withMessageNotContaining(": null");
	}

	@Test
	void theFirstOperationOfAStoreGetsAtLeastFiveSecondsNotTheBoundOfAShortLease() throws Exception {
		RedisTestServers.assumeOwnServers();
		RedisTestServers.OwnServer server = RedisTestServers.OwnServer.durable();
		this.resources.add(server);
		RedisLeaseStore store = storeOn(server.uri(), false);
		// A loaded host: the server (or this JVM, loading the client's classes) answers the first command after
		// 3.5 s, longer than the 2.5 s bound of a 15 s lease's operations.
		server.signal("STOP");
		Thread thaw = new Thread(() -> {
			try {
				Thread.sleep(3_500);
				server.signal("CONT");
			}
			catch (Exception ex) {
				throw new IllegalStateException(ex);
			}
		});
		thaw.start();
		try {
			WorkerLease lease = acquire(settings(store).duration(Duration.ofSeconds(15)).build());
			assertThat(lease.generator().nextId()).isPositive();
		}
		finally {
			thaw.join();
		}
	}

	private static void awaitRenewals(WorkerLease lease, int renewals) throws InterruptedException {
		long deadline = System.currentTimeMillis() + 5_000;
		while (lease.renewals() < renewals && System.currentTimeMillis() < deadline) {
			Thread.sleep(20); // renewals run every third of the lease (1 s here)
		}
		assertThat(lease.renewals()).as("renewed every third of the lease").isGreaterThanOrEqualTo(renewals);
	}

	private static void awaitReconnected(RedisLeaseStore store) throws InterruptedException {
		long deadline = System.currentTimeMillis() + 10_000;
		while (System.currentTimeMillis() < deadline) {
			try {
				store.records(null, Duration.ofSeconds(1));
				return;
			}
			catch (Exception ex) {
				Thread.sleep(50);
			}
		}
		throw new AssertionError("the client did not reconnect");
	}
}
