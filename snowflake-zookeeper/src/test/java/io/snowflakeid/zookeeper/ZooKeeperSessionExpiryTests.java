package io.snowflakeid.zookeeper;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import io.snowflakeid.SnowflakeException;
import io.snowflakeid.spi.LeaseRecord;
import io.snowflakeid.testing.BackgroundScheduler;
import io.snowflakeid.worker.WorkerLease;
import io.snowflakeid.worker.WorkerLeaseException;
import io.snowflakeid.worker.WorkerLeaseSettings;
import io.snowflakeid.zookeeper.internal.ZooKeeperLeaseStoreProvider;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.data.Stat;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.snowflakeid.zookeeper.ZooKeeperWorkerLeaseTests.SESSION_MILLIS;
import static io.snowflakeid.zookeeper.ZooKeeperWorkerLeaseTests.after;
import static io.snowflakeid.zookeeper.ZooKeeperWorkerLeaseTests.await;
import static io.snowflakeid.zookeeper.ZooKeeperWorkerLeaseTests.onePair;
import static io.snowflakeid.zookeeper.ZooKeeperWorkerLeaseTests.timeAndSequence;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * A session that expires while the ensemble is away or this instance is cut off, on a real server: the lease
 * resumes with the same pair once nobody took it (no restart of the JVM), and is sealed for good, saying what
 * happened, once another instance took it or the node is gone. No id is ever issued twice.
 */
class ZooKeeperSessionExpiryTests {

	private static final AtomicLong PATHS = new AtomicLong();

	private final List<AutoCloseable> resources = new ArrayList<>();

	/** Each lease's renewal scheduler: a background thread, and a renewal the test can run at once. */
	private final Map<WorkerLease, BackgroundScheduler> schedulers = new IdentityHashMap<>();

	private final String path = "/leases/expiry-" + PATHS.incrementAndGet();

	/** Every id issued, as (time, sequence): one pair only, so any repeat is a duplicate id. */
	private final Set<String> ids = new HashSet<>();

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
	void anOutageLongerThanTheSessionTimeoutResumesIdsWithTheSamePairWithoutARestart() throws Exception {
		TestingServer server = ZooKeeperTesting.server(-1);
		this.resources.add(server);
		CuratorFramework client = client(server.getConnectString());
		WorkerLease lease = acquire(client);
		long[] last = issue(lease, 1_000);
		long sessionBefore = client.getZookeeperClient().getZooKeeper().getSessionId();
		server.stop();
		await("ids stop", () -> !lease.isValid());
		Thread.sleep(2L * SESSION_MILLIS); // the client gives its session up (Curator: LOST)
		server.restart();
		await("ids resume", lease::isValid);
		assertThat(lease.isLost()).isFalse();
		long sessionAfter = client.getZookeeperClient().getZooKeeper().getSessionId();
		assertThat(sessionAfter).as("a new session: the old one expired").isNotEqualTo(sessionBefore);
		Stat holder = client.checkExists().forPath(node() + "/holder");
		assertThat(holder.getEphemeralOwner()).as("the holder belongs to the new session").isEqualTo(sessionAfter);
		long[] next = timeAndSequence(lease, lease.generator().nextId());
		assertThat(after(next, last)).isTrue();
		issue(lease, 1_000);
		renewNow(lease);
		assertThat(lease.isValid()).isTrue();
	}

	@Test
	void anInstanceCutOffPastItsSessionIsSealedForGoodOnceAnotherTookThePairAndNoIdRepeats() throws Exception {
		TestingServer server = ZooKeeperTesting.server(-1);
		this.resources.add(server);
		TcpProxy proxy = new TcpProxy(server.getPort());
		this.resources.add(proxy);
		WorkerLease first = acquire(client(proxy.connectString()));
		issue(first, 1_000);
		proxy.cut();
		await("the first lease is suspended", () -> !first.isValid());
		CuratorFramework other = client(server.getConnectString());
		// While the first's session may be alive, the pair is not free.
		assertThatExceptionOfType(WorkerLeaseException.class).isThrownBy(() -> acquire(other));
		await("the server expires the first's session", () -> record(other).leaseEnd() == 0);
		WorkerLease second = acquire(other);
		issue(second, 1_000);
		proxy.restore();
		await("the first lease is lost", first::isLost);
		assertThatExceptionOfType(SnowflakeException.class).isThrownBy(first.generator()::nextId)
			.withMessageContaining("now held by another instance");
		issue(second, 1_000);
		renewNow(second);
		assertThat(second.isLost()).isFalse();
		renewNow(first);
		assertThatExceptionOfType(SnowflakeException.class).isThrownBy(first.generator()::nextId);
	}

	@Test
	void anInstanceWhoseNodeWasDeletedWhileItWasCutOffIsSealedSayingSo() throws Exception {
		TestingServer server = ZooKeeperTesting.server(-1);
		this.resources.add(server);
		TcpProxy proxy = new TcpProxy(server.getPort());
		this.resources.add(proxy);
		WorkerLease first = acquire(client(proxy.connectString()));
		issue(first, 100);
		proxy.cut();
		CuratorFramework other = client(server.getConnectString());
		await("the server expires the first's session", () -> record(other).leaseEnd() == 0);
		other.delete().forPath(node()); // by hand (the ACL allows anyone: no ACL provider here)
		proxy.restore();
		await("the first lease is lost", first::isLost);
		assertThatExceptionOfType(SnowflakeException.class).isThrownBy(first.generator()::nextId)
			.withMessageContaining(node() + " was deleted");
		assertThat(other.checkExists().forPath(node())).as("not recreated: its mark is unknown").isNull();
	}

	@Test
	void aHolderNodeDeletedByHandIsRecreatedByTheNextRenewalWhileTheTokenIsStillOurs() throws Exception {
		TestingServer server = ZooKeeperTesting.server(-1);
		this.resources.add(server);
		CuratorFramework client = client(server.getConnectString());
		WorkerLease lease = acquire(client);
		issue(lease, 100);
		CuratorFramework other = client(server.getConnectString());
		other.delete().forPath(node() + "/holder"); // world-writable nodes: anyone may (see ZooKeeperAclTests)
		renewNow(lease);
		assertThat(lease.isLost()).isFalse();
		assertThat(client.checkExists().forPath(node() + "/holder").getEphemeralOwner())
			.isEqualTo(client.getZookeeperClient().getZooKeeper().getSessionId());
		issue(lease, 100);
		assertThatExceptionOfType(WorkerLeaseException.class).as("held again: not free for another instance")
			.isThrownBy(() -> acquire(other));
	}

	@Test
	void anExpiredSessionOfTheLibrarysAuthenticatedClientResumesWithProtectedNodes() throws Exception {
		TestingServer server = ZooKeeperTesting.server(-1);
		this.resources.add(server);
		ZooKeeperLeaseStore store = (ZooKeeperLeaseStore) new ZooKeeperLeaseStoreProvider().create(java.util.Map.of(
				ZooKeeperSettings.CONNECT_STRING, server.getConnectString(), ZooKeeperSettings.PATH, this.path,
				ZooKeeperSettings.SESSION_TIMEOUT, SESSION_MILLIS + "ms", ZooKeeperSettings.AUTH, "digest:lib:s3cret"));
		this.resources.add(store);
		WorkerLease lease = acquire(store);
		long[] last = issue(lease, 100);
		CuratorFramework client = store.client();
		long expired = client.getZookeeperClient().getZooKeeper().getSessionId();
		client.getZookeeperClient().getZooKeeper().getTestable().injectSessionExpiration();
		// Suspended (LOST) and resumed may follow each other within milliseconds: wait for the outcome.
		await("ids resume under a new, authenticated session",
				() -> lease.isValid() && holderOwner(client) == sessionOf(client) && sessionOf(client) != expired);
		assertThat(lease.isLost()).isFalse();
		assertThat(after(timeAndSequence(lease, lease.generator().nextId()), last)).isTrue();
		assertThat(client.getACL().forPath(node() + "/holder")).as("the new holder is protected too")
			.noneMatch((acl) -> "world".equals(acl.getId().getScheme()));
		issue(lease, 100);
	}

	private long holderOwner(CuratorFramework client) {
		try {
			Stat holder = client.checkExists().forPath(node() + "/holder");
			return (holder != null) ? holder.getEphemeralOwner() : -1;
		}
		catch (Exception ex) {
			return -1;
		}
	}

	private static long sessionOf(CuratorFramework client) {
		try {
			return client.getZookeeperClient().getZooKeeper().getSessionId();
		}
		catch (Exception ex) {
			return -1;
		}
	}

	/** Issues {@code count} ids, each new; returns the last as (time, sequence). */
	private long[] issue(WorkerLease lease, int count) {
		long[] last = null;
		for (int i = 0; i < count; i++) {
			last = timeAndSequence(lease, lease.generator().nextId());
			assertThat(this.ids.add(Arrays.toString(last))).as("no duplicate id").isTrue();
		}
		return last;
	}

	private String node() {
		return this.path + "/0-0";
	}

	private LeaseRecord record(CuratorFramework client) {
		try {
			return new ZooKeeperLeaseStore(client, this.path).records(0, Duration.ofSeconds(5)).stream()
				.findFirst().orElseThrow();
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}

	private WorkerLease acquire(CuratorFramework client) {
		return acquire(new ZooKeeperLeaseStore(client, this.path));
	}

	private WorkerLease acquire(ZooKeeperLeaseStore store) {
		BackgroundScheduler scheduler = new BackgroundScheduler("renewals-" + this.path);
		this.resources.add(scheduler::shutdownNow);
		WorkerLease lease = WorkerLease.acquire(WorkerLeaseSettings.builder(store)
			.datacenterId(0).layout(onePair()).duration(Duration.ofSeconds(3)).safetyMargin(Duration.ofSeconds(1))
			.clockTolerance(Duration.ofSeconds(1)).scheduler(scheduler).build());
		this.resources.add(lease);
		this.schedulers.put(lease, scheduler);
		return lease;
	}

	private CuratorFramework client(String connectString) throws Exception {
		CuratorFramework client = ZooKeeperTesting.client(connectString, SESSION_MILLIS);
		this.resources.add(client);
		return client;
	}

	/** Renews {@code lease} now, in this thread, as its background renewal would (which keeps running). */
	private void renewNow(WorkerLease lease) {
		this.schedulers.get(lease).runLastNow();
	}
}
