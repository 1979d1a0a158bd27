package io.snowflakeid.zookeeper;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeException;
import io.snowflakeid.spi.LeaseRecord;
import io.snowflakeid.worker.WorkerLease;
import io.snowflakeid.worker.WorkerLeaseException;
import io.snowflakeid.worker.WorkerLeaseSettings;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.api.ACLProvider;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
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
 * The ZooKeeper lease under operator mistakes (a missing chroot, a world-writable base node, a path with whitespace)
 * and an instance cut off while its pair changes hands or its session timeout shrinks: each ends in a clear error or
 * a safe lease, on a real server.
 */
class ZooKeeperMisconfigurationAndCutOffTests {

	private static final AtomicLong PATHS = new AtomicLong();

	private final List<AutoCloseable> resources = new ArrayList<>();

	private final String path = "/leases/review-" + PATHS.incrementAndGet();

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

	/**
	 * README: connect-string {@code host:port,...[/chroot]}. A chroot that does not exist on the ensemble (a typo, or
	 * an environment where nobody created it) makes every create fail with NoNode, which the store counts as a race
	 * lost to another instance: the start fails after 20 rounds saying "other instances won N races", sending the
	 * operator after a contention that does not exist.
	 */
	@Test
	void aChrootMissingOnTheEnsembleFailsTheStartSayingSoNotAsContention() throws Exception {
		TestingServer server = ZooKeeperTesting.server(-1);
		this.resources.add(server);
		CuratorFramework client = client(server.getConnectString() + "/no-such-chroot");
		ZooKeeperLeaseStore store = new ZooKeeperLeaseStore(client, this.path);
		assertThatExceptionOfType(RuntimeException.class).isThrownBy(() -> acquire(store)).satisfies((ex) -> {
			assertThat(ex.getMessage()).doesNotContain("won");
			if (ex instanceof WorkerLeaseException lease) {
				assertThat(lease.getReason()).isNotEqualTo(WorkerLeaseException.Reason.CONTENTION);
			}
			assertThat(ex.getMessage()).contains("/no-such-chroot");
		});
	}

	/**
	 * The lease of A ends with its session during an outage; B takes the pair (legitimately: A's session is gone),
	 * issues ids and stops gracefully (releasing it). When A is back its lease is sealed, right; but the reason blames a
	 * clone of A only ("released by a process holding this instance's lease token (such as a cloned VM)"), sending the
	 * operator after a cloned VM that never existed instead of the outage.
	 */
	@Test
	void anInstanceWhosePairWasTakenAndReleasedByAnotherWhileCutOffIsNotToldItWasCloned() throws Exception {
		TestingServer server = ZooKeeperTesting.server(-1);
		this.resources.add(server);
		TcpProxy proxy = new TcpProxy(server.getPort());
		this.resources.add(proxy);
		WorkerLease first = acquire(new ZooKeeperLeaseStore(client(proxy.connectString()), this.path));
		first.generator().nextId();
		proxy.cut();
		await("the first lease is suspended", () -> !first.isValid());
		CuratorFramework other = client(server.getConnectString());
		await("the server expires the first's session", () -> record(other).leaseEnd() == 0);
		WorkerLease second = acquire(new ZooKeeperLeaseStore(other, this.path));
		second.generator().nextId();
		second.close(); // a graceful stop: the pair is released (token "")
		proxy.restore();
		await("the first lease is lost", first::isLost);
		// A clone releasing the pair looks the same in the node (token ""): the reason may name both, but not only
		// the clone.
		assertThatExceptionOfType(SnowflakeException.class).isThrownBy(first.generator()::nextId)
			.withMessageContaining("another instance");
	}

	/**
	 * The start check refuses a base node that lets world:anyone delete or change its ACL, but not one that lets
	 * anyone CREATE under it (README: the deployment must give "a base path not writable by others"; the check is
	 * what enforces it). A stranger then plants a world-writable pair node (after the start check, which runs when
	 * the settings are built; the claim does not check again), the lease takes it as a free pair, and the stranger
	 * can rewrite its high-water mark, or delete its holder, while it is in use: what the ACLs were set to prevent.
	 */
	@Test
	void aBaseNodeAnyoneMayCreateUnderIsRefusedOrTheStrangersPairNodeIsNotLeased() throws Exception {
		TestingServer server = ZooKeeperTesting.server(-1);
		this.resources.add(server);
		CuratorFramework application = protectedClient(server.getConnectString(), "app:secret");
		List<ACL> baseAcl = new ArrayList<>(ZooDefs.Ids.CREATOR_ALL_ACL);
		baseAcl.add(new ACL(ZooDefs.Perms.CREATE | ZooDefs.Perms.READ, ZooDefs.Ids.ANYONE_ID_UNSAFE));
		application.create().creatingParentsIfNeeded().withACL(baseAcl).forPath(this.path);
		ZooKeeperLeaseStore store = new ZooKeeperLeaseStore(application, this.path);
		WorkerLeaseSettings settings;
		try {
			settings = WorkerLeaseSettings.builder(store).datacenterId(0).duration(Duration.ofSeconds(3))
				.safetyMargin(Duration.ofSeconds(1)).clockTolerance(Duration.ofSeconds(1)).build();
		}
		catch (SnowflakeConfigurationException refused) {
			assertThat(refused).hasMessageContaining(this.path + " grants world:anyone");
			return; // refused at start: the stranger cannot plant anything the lease would use
		}
		CuratorFramework stranger = client(server.getConnectString()); // no credentials
		byte[] free = "leaseEnd=0\nmark=0\ntoken=\nowner=\n".getBytes(StandardCharsets.UTF_8);
		stranger.create().withACL(ZooDefs.Ids.OPEN_ACL_UNSAFE).forPath(this.path + "/0-0", free);
		WorkerLease lease = WorkerLease.acquire(settings);
		this.resources.add(lease);
		lease.generator().nextId();
		String node = this.path + "/" + lease.datacenterId() + "-" + lease.workerId();
		assertThatExceptionOfType(KeeperException.NoAuthException.class)
			.as("the stranger must not be able to lower the mark of the pair in use")
			.isThrownBy(() -> stranger.setData().forPath(node, free));
	}

	/**
	 * The ensemble is restarted (a rolling config change) with a lower {@code maxSessionTimeout}: the client's
	 * session survives, but the timeout renegotiated on reconnection is now below the lease. Every renewal is then
	 * refused (rightly: a permit of the old length could outlive the session), but for ever: the lease neither
	 * renews with permits the session can cover nor is sealed; ids stay stopped as PAUSED (which promises they
	 * resume) on every instance until each is restarted.
	 */
	@Test
	void aSessionTimeoutRenegotiatedBelowTheLeaseDoesNotStopIdsForGood() throws Exception {
		java.io.File dir = java.nio.file.Files.createTempDirectory("zk-timeout").toFile();
		int port;
		try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
			port = socket.getLocalPort();
		}
		TestingServer before = new TestingServer(new org.apache.curator.test.InstanceSpec(dir, port, -1, -1, false,
				-1, ZooKeeperTesting.TICK_MILLIS, 0, java.util.Map.of("maxSessionTimeout", "10000")), true);
		CuratorFramework client = ZooKeeperTesting.client(before.getConnectString(), 8_000);
		this.resources.add(client);
		WorkerLease lease = WorkerLease.acquire(WorkerLeaseSettings.builder(new ZooKeeperLeaseStore(client, this.path))
			.datacenterId(0).layout(onePair()).duration(Duration.ofSeconds(6)).safetyMargin(Duration.ofSeconds(1))
			.clockTolerance(Duration.ofSeconds(1)).build());
		this.resources.add(lease);
		lease.generator().nextId();
		before.stop();
		TestingServer after = new TestingServer(new org.apache.curator.test.InstanceSpec(dir, port, -1, -1, true, -1,
				ZooKeeperTesting.TICK_MILLIS, 0, java.util.Map.of("maxSessionTimeout", "5000")), true);
		this.resources.add(after);
		this.resources.add(before);
		await("reconnected with a shorter session timeout",
				() -> sessionTimeout(client) > 0 && sessionTimeout(client) <= 5_000);
		await("ids resume (or the lease is sealed saying a restart is needed)", () -> lease.isValid() || lease.isLost());
	}

	private static int sessionTimeout(CuratorFramework client) {
		try {
			return client.getZookeeperClient().isConnected()
					? client.getZookeeperClient().getZooKeeper().getSessionTimeout() : -1;
		}
		catch (Exception ex) {
			return -1;
		}
	}

	/**
	 * The same {@code snowflake.zookeeper.path} value with a trailing space (invisible in a .properties file, which
	 * keeps trailing whitespace) is trimmed by the plain-Hibernate provider but used as is by the constructor the
	 * Spring starter calls: the Spring services then lease under "/snowflake/worker-lease " and the Hibernate ones
	 * under "/snowflake/worker-lease", two separate pools handing out the same pairs: duplicate ids.
	 */
	@Test
	void aPathWithSurroundingWhitespaceIsRefusedRatherThanLeasingFromAnotherPool() throws Exception {
		TestingServer server = ZooKeeperTesting.server(-1);
		this.resources.add(server);
		CuratorFramework client = client(server.getConnectString());
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> new ZooKeeperLeaseStore(client, this.path + " "))
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo(ZooKeeperSettings.PATH));
	}

	private CuratorFramework protectedClient(String connectString, String digest) throws Exception {
		CuratorFramework client = CuratorFrameworkFactory.builder().connectString(connectString)
			.sessionTimeoutMs(SESSION_MILLIS).connectionTimeoutMs(5_000).retryPolicy(new RetryOneTime(100))
			.aclProvider(new ACLProvider() {
				@Override
				public List<ACL> getDefaultAcl() {
					return ZooDefs.Ids.CREATOR_ALL_ACL;
				}

				@Override
				public List<ACL> getAclForPath(String path) {
					return ZooDefs.Ids.CREATOR_ALL_ACL;
				}
			})
			.authorization("digest", digest.getBytes(StandardCharsets.UTF_8))
			.build();
		client.start();
		this.resources.add(client);
		assertThat(client.blockUntilConnected(10, TimeUnit.SECONDS)).isTrue();
		return client;
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

	private WorkerLease acquire(ZooKeeperLeaseStore store) {
		WorkerLease lease = WorkerLease.acquire(WorkerLeaseSettings.builder(store)
			.datacenterId(0).layout(onePair()).duration(Duration.ofSeconds(3)).safetyMargin(Duration.ofSeconds(1))
			.clockTolerance(Duration.ofSeconds(1)).build());
		this.resources.add(lease);
		return lease;
	}

	private CuratorFramework client(String connectString) throws Exception {
		CuratorFramework client = ZooKeeperTesting.client(connectString, SESSION_MILLIS);
		this.resources.add(client);
		return client;
	}
}
