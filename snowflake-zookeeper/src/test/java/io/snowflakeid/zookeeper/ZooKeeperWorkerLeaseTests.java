package io.snowflakeid.zookeeper;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeException;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.TimeSource;
import io.snowflakeid.spi.LeaseRecord;
import io.snowflakeid.testing.BackgroundScheduler;
import io.snowflakeid.spi.LeaseClock;
import io.snowflakeid.worker.WorkerLease;
import io.snowflakeid.worker.WorkerLeaseException;
import io.snowflakeid.worker.WorkerLeaseSettings;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The worker lease on a real ZooKeeper server: claim, renewal and release, graceful stops, crashes, expired
 * sessions, an unreachable server and the lease bounded by the session timeout.
 */
class ZooKeeperWorkerLeaseTests {

	private static final AtomicLong EPOCHS = new AtomicLong();

	/**
	 * One (datacenter, worker) pair only: a successor can only get the pair its predecessor had. Each call has
	 * its own epoch (1 ms apart), so that this JVM's registry of nodes in use treats the instances as separate
	 * processes, as they would be; ids are compared by decoded time and sequence.
	 */
	static SnowflakeLayout onePair() {
		return SnowflakeLayout.builder().timestampBits(45).datacenterBits(0).workerBits(0).sequenceBits(18)
			.epoch(java.time.Instant.parse("2020-01-01T00:00:00Z").plusMillis(EPOCHS.incrementAndGet())).build();
	}

	/** An id as (time, sequence), comparable across layouts of different epochs. */
	static long[] timeAndSequence(WorkerLease lease, long id) {
		io.snowflakeid.SnowflakeIdParts parts = lease.generator().layout().decode(id);
		return new long[] { parts.timestamp().toEpochMilli(), parts.sequence() };
	}

	static boolean after(long[] a, long[] b) {
		return a[0] > b[0] || (a[0] == b[0] && a[1] > b[1]);
	}

	static final int SESSION_MILLIS = 4_000;

	private static final AtomicLong PATHS = new AtomicLong();

	private static TestingServer server;

	private final List<AutoCloseable> resources = new ArrayList<>();

	/** Each lease's renewal scheduler: a background thread, and a renewal the test can run at once. */
	private final Map<WorkerLease, BackgroundScheduler> schedulers = new IdentityHashMap<>();

	private final String path = "/leases/test-" + PATHS.incrementAndGet();

	@BeforeAll
	static void startServer() throws Exception {
		server = ZooKeeperTesting.server(-1);
	}

	@AfterAll
	static void stopServer() throws Exception {
		server.close();
	}

	@AfterEach
	void closeResources() {
		for (int i = this.resources.size() - 1; i >= 0; i--) {
			try {
				this.resources.get(i).close();
			}
			catch (Exception ex) {
				// already closed
			}
		}
	}

	@Test
	void aLeaseIsClaimedRenewedAndReleasedThroughItsNodes() throws Exception {
		CuratorFramework client = client(server);
		WorkerLease lease = acquire(settings(new ZooKeeperLeaseStore(client, this.path)));
		String node = this.path + "/" + lease.datacenterId() + "-" + lease.workerId();
		Stat holder = client.checkExists().forPath(node + "/holder");
		assertThat(holder).as("an ephemeral holder node").isNotNull();
		assertThat(holder.getEphemeralOwner()).isEqualTo(client.getZookeeperClient().getZooKeeper().getSessionId());
		String before = data(client, node);
		long id = lease.generator().nextId();
		renewNow(lease);
		assertThat(lease.renewals()).isEqualTo(1);
		assertThat(lease.isValid()).isTrue();
		assertThat(data(client, node)).as("a new token and lease end").isNotEqualTo(before);
		assertThat(lease.generator().nextId()).isGreaterThan(id);
		lease.close();
		assertThat(client.checkExists().forPath(node + "/holder")).as("holder deleted by the release").isNull();
		assertThat(data(client, node)).contains("leaseEnd=0\n").contains("token=\n");
		assertThat(record(client, lease.workerId()).leaseEnd()).isZero();
		assertThatExceptionOfType(SnowflakeException.class).isThrownBy(lease.generator()::nextId);
	}

	@Test
	void aGracefulCloseFreesThePairAtOnceAndASuccessorStartsWithoutWaiting() throws Exception {
		WorkerLease first = acquire(settings(new ZooKeeperLeaseStore(client(server), this.path)).layout(onePair()));
		long[] last = null;
		for (int i = 0; i < 1_000; i++) {
			last = timeAndSequence(first, first.generator().nextId());
		}
		first.close();
		WorkerLease second = acquire(settings(new ZooKeeperLeaseStore(client(server), this.path)).layout(onePair()));
		assertThat(second.startWaitMillis()).as("no wait for the predecessor's mark").isZero();
		assertThat(after(timeAndSequence(second, second.generator().nextId()), last)).isTrue();
	}

	@Test
	void aCrashedHoldersPairIsFreeOnceItsSessionEndsAndItsSuccessorIssuesAboveItsMark() throws Exception {
		CuratorFramework crashing = client(server);
		WorkerLease first = acquire(settings(new ZooKeeperLeaseStore(crashing, this.path)).layout(onePair()));
		long[] last = timeAndSequence(first, first.generator().nextId());
		crashing.close(); // the process is gone: the session ends, the lease is never closed
		CuratorFramework observer = client(server);
		LeaseRecord record = record(observer, 0);
		assertThat(record.leaseEnd()).as("free at once: the holder's session ended").isZero();
		assertThat(data(observer, this.path + "/0-0")).as("the stored lease end has not passed")
			.doesNotContain("leaseEnd=0\n");
		// The successor's clocks are 4 s ahead: past the mark (3 s ahead at the claim), but with a safety margin of
		// 5 s a lease end stored 3 s ahead would not have expired: it is the ended session that frees the pair.
		long ahead = 4_000;
		TimeSource time = TimeSource.monotonic(() -> System.currentTimeMillis() + ahead, System::nanoTime);
		WorkerLease second = acquire(settings(new ZooKeeperLeaseStore(observer, this.path)).layout(onePair())
			.safetyMargin(Duration.ofSeconds(5)).timeSource(time)
			.clock(systemClockAheadBy(ahead)));
		long[] next = timeAndSequence(second, second.generator().nextId());
		assertThat(after(next, last)).isTrue();
		assertThat(next[0]).as("above the crashed holder's mark").isGreaterThan(record.highWaterMark());
		first.close(); // nothing to release any more: its session is gone
		assertThat(second.isValid()).isTrue();
	}

	@Test
	void anExpiredSessionStopsItsIdsAndTheLeaseResumesUnderANewSessionWhenNobodyTookThePair() throws Exception {
		CuratorFramework expiring = client(server);
		WorkerLease first = acquire(settings(new ZooKeeperLeaseStore(expiring, this.path)).layout(onePair()));
		Set<String> ids = new HashSet<>();
		long[] last = timeAndSequence(first, first.generator().nextId());
		ids.add(java.util.Arrays.toString(last));
		long expired = expiring.getZookeeperClient().getZooKeeper().getSessionId();
		expiring.getZookeeperClient().getZooKeeper().getTestable().injectSessionExpiration();
		// The client opens a new session at once (suspended on LOST, renewed on RECONNECTED, perhaps within
		// milliseconds); its renewal finds the node still carrying its token and leases the pair again.
		await("ids resume under a new session", () -> first.isValid() && holderOwner(expiring) != expired
				&& holderOwner(expiring) == sessionOf(expiring));
		assertThat(first.isLost()).isFalse();
		for (int i = 0; i < 1_000; i++) {
			// Curator may still deliver the old session's LOST after the new session's renewal (a loaded host): the
			// lease is then suspended again until its next renewal. Ids pause; they never repeat.
			long[] next = timeAndSequence(first, nextIdOnceResumed(first));
			assertThat(after(next, last)).isTrue();
			assertThat(ids.add(java.util.Arrays.toString(next))).as("no duplicate").isTrue();
			last = next;
		}
		// Another instance finds the pair held (the new holder), also once the server expired the old session.
		CuratorFramework observer = client(server);
		assertThatExceptionOfType(WorkerLeaseException.class)
			.isThrownBy(() -> acquire(settings(new ZooKeeperLeaseStore(observer, this.path)).layout(onePair())));
	}

	@Test
	void idsStopWhenTheServerStopsNoLaterThanTheSessionTimeoutAndResumeWithTheSamePairWhenItIsBack()
			throws Exception {
		TestingServer own = ZooKeeperTesting.server(-1);
		this.resources.add(own);
		WorkerLease lease = acquire(settings(new ZooKeeperLeaseStore(client(own), this.path)));
		lease.generator().nextId();
		long stoppedAt = System.nanoTime();
		own.stop();
		await("ids stop", () -> !lease.isValid());
		long stoppedAfterMillis = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - stoppedAt);
		assertThat(stoppedAfterMillis).as("ids stopped no later than the session timeout")
			.isLessThanOrEqualTo(SESSION_MILLIS + 1_000); // slack for the polling thread on a loaded machine
		assertThatExceptionOfType(SnowflakeException.class).isThrownBy(lease.generator()::nextId);
		own.restart(); // within the session timeout: the session survives
		await("ids resume", lease::isValid);
		assertThat(lease.isLost()).isFalse();
		lease.generator().nextId();
		assertThat(lease.datacenterId()).isZero();
		assertThat(lease.workerId()).isZero();
	}

	@Test
	void theLeaseLastsAtMostTheNegotiatedSessionTimeout() throws Exception {
		ZooKeeperLeaseStore store = new ZooKeeperLeaseStore(client(server), this.path);
		WorkerLeaseSettings settings = WorkerLeaseSettings.builder(store).duration(Duration.ofMinutes(5)).build();
		assertThat(settings.duration()).isEqualTo(Duration.ofMillis(SESSION_MILLIS));
		CuratorFramework short1 = ZooKeeperTesting.client(server.getConnectString(), 2_000);
		this.resources.add(short1);
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> WorkerLeaseSettings.builder(new ZooKeeperLeaseStore(short1, this.path)).build())
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo(ZooKeeperSettings.SESSION_TIMEOUT))
			.withMessageContaining("2000 ms");
	}

	@Test
	void aClockBehindTheMarkOfTheOnlyPairIsRefusedAndTheMarkIsKept() throws Exception {
		long ahead = 5_000;
		TimeSource time = TimeSource.monotonic(() -> System.currentTimeMillis() + ahead, System::nanoTime);
		CuratorFramework client = client(server);
		WorkerLease first = acquire(settings(new ZooKeeperLeaseStore(client, this.path)).layout(onePair())
			.timeSource(time).clock(systemClockAheadBy(ahead)));
		first.generator().nextId();
		first.close();
		long mark = record(client, 0).highWaterMark();
		assertThatExceptionOfType(WorkerLeaseException.class)
			.isThrownBy(() -> acquire(settings(new ZooKeeperLeaseStore(client, this.path)).layout(onePair())))
			.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo(WorkerLeaseException.Reason.CLOCK_BEHIND))
			.withMessageContaining("snowflake.clock-tolerance");
		assertThat(record(client, 0).highWaterMark()).as("the mark is never lowered").isEqualTo(mark);
	}

	@Test
	void anInvalidPathIsRefusedNamingTheSetting() throws Exception {
		CuratorFramework client = client(server);
		for (String path : List.of("relative", "/", "/trailing/", "/a//b")) {
			assertThatExceptionOfType(SnowflakeConfigurationException.class)
				.isThrownBy(() -> new ZooKeeperLeaseStore(client, path))
				.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo(ZooKeeperSettings.PATH));
		}
	}

	@Test
	void anApplicationsClientIsNeverClosedByTheStore() throws Exception {
		CuratorFramework client = client(server);
		new ZooKeeperLeaseStore(client, this.path).close();
		assertThat(client.getZookeeperClient().isConnected()).isTrue();
	}

	/** This host's clocks with the wall clock {@code aheadMillis} ahead: another host's. */
	private static LeaseClock systemClockAheadBy(long aheadMillis) {
		return new LeaseClock() {
			@Override
			public long wallMillis() {
				return System.currentTimeMillis() + aheadMillis;
			}

			@Override
			public long elapsedNanos() {
				return System.nanoTime();
			}
		};
	}

	private WorkerLeaseSettings.Builder settings(ZooKeeperLeaseStore store) {
		return WorkerLeaseSettings.builder(store).datacenterId(0).duration(Duration.ofSeconds(3))
			.safetyMargin(Duration.ofSeconds(1)).clockTolerance(Duration.ofSeconds(1));
	}

	private WorkerLease acquire(WorkerLeaseSettings.Builder settings) {
		BackgroundScheduler scheduler = new BackgroundScheduler("renewals-" + this.path);
		this.resources.add(scheduler::shutdownNow);
		WorkerLease lease = acquire(settings.scheduler(scheduler).build());
		this.schedulers.put(lease, scheduler);
		return lease;
	}

	private WorkerLease acquire(WorkerLeaseSettings settings) {
		WorkerLease lease = WorkerLease.acquire(settings);
		this.resources.add(lease);
		return lease;
	}

	private CuratorFramework client(TestingServer server) throws Exception {
		CuratorFramework client = ZooKeeperTesting.client(server.getConnectString(), SESSION_MILLIS);
		this.resources.add(client);
		return client;
	}

	private static String data(CuratorFramework client, String node) throws Exception {
		return new String(client.getData().forPath(node), StandardCharsets.UTF_8);
	}

	private LeaseRecord record(CuratorFramework client, int workerId) throws Exception {
		return new ZooKeeperLeaseStore(client, this.path).records(0, Duration.ofSeconds(5)).stream()
			.filter((record) -> record.workerId() == workerId).findFirst().orElseThrow();
	}

	static long sessionOf(CuratorFramework client) {
		try {
			return client.getZookeeperClient().getZooKeeper().getSessionId();
		}
		catch (Exception ex) {
			return -1;
		}
	}

	private long holderOwner(CuratorFramework client) {
		try {
			Stat holder = client.checkExists().forPath(this.path + "/0-0/holder");
			return (holder != null) ? holder.getEphemeralOwner() : -1;
		}
		catch (Exception ex) {
			return -1;
		}
	}

	/** The next id, waiting (30 s at most) while the lease is paused; a lost or closed lease fails at once. */
	static long nextIdOnceResumed(WorkerLease lease) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
		while (true) {
			try {
				return lease.generator().nextId();
			}
			catch (io.snowflakeid.WorkerLeaseExpiredException ex) {
				assertThat(ex.reason()).as(ex.getMessage()).isEqualTo(io.snowflakeid.WorkerLeaseExpiredException.Reason.PAUSED);
				assertThat(System.nanoTime()).as("resumed within 30 s: " + ex.getMessage()).isLessThan(deadline);
				Thread.sleep(10);
			}
		}
	}

	static void await(String what, BooleanSupplier condition) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
		while (!condition.getAsBoolean()) {
			assertThat(System.nanoTime()).as("within 30 s: " + what).isLessThan(deadline);
			Thread.sleep(10);
		}
	}

	/** Renews {@code lease} now, in this thread, as its background renewal would (which keeps running). */
	private void renewNow(WorkerLease lease) {
		this.schedulers.get(lease).runLastNow();
	}
}
