package io.snowflakeid.zookeeper;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.snowflakeid.worker.WorkerLease;
import io.snowflakeid.worker.WorkerLeaseException;
import io.snowflakeid.worker.WorkerLeaseSettings;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Edge cases of the ZooKeeper lease store found in review: foreign and corrupt nodes under the path, clients the
 * application did not start, and a session whose timeout changes on reconnection.
 */
class ZooKeeperLeaseStoreEdgeTests {

	private static final AtomicLong PATHS = new AtomicLong();

	private static TestingServer server;

	private final List<AutoCloseable> resources = new ArrayList<>();

	private final String path = "/leases/edge-" + PATHS.incrementAndGet();

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
	void aForeignNodeWithLeadingZerosDoesNotBlockThePairItResembles() throws Exception {
		CuratorFramework client = client(server.getConnectString());
		// Not written by this store: 00-0 is not the node of pair (0, 0), which is 0-0.
		client.create().creatingParentsIfNeeded().forPath(this.path + "/00-0",
				"leaseEnd=0\nmark=0\n".getBytes(StandardCharsets.UTF_8));
		WorkerLease lease = acquire(settings(new ZooKeeperLeaseStore(client, this.path)).layout(ZooKeeperWorkerLeaseTests.onePair()));
		assertThat(lease.workerId()).isZero();
		assertThat(client.checkExists().forPath(this.path + "/0-0/holder")).isNotNull();
	}

	@Test
	void aCorruptNodeIsRefusedNamingTheNode() throws Exception {
		CuratorFramework client = client(server.getConnectString());
		client.create().creatingParentsIfNeeded().forPath(this.path + "/0-3",
				"leaseEnd=soon\nmark=0\n".getBytes(StandardCharsets.UTF_8));
		assertThatExceptionOfType(WorkerLeaseException.class)
			.isThrownBy(() -> acquire(settings(new ZooKeeperLeaseStore(client, this.path))))
			.withMessageContaining(this.path + "/0-3");
	}

	@Test
	void anApplicationsClientNotStartedOrClosedIsNamedAsSuch() throws Exception {
		CuratorFramework latent = CuratorFrameworkFactory.builder().connectString(server.getConnectString())
			.sessionTimeoutMs(4_000).connectionTimeoutMs(3_000).retryPolicy(new RetryOneTime(100)).build();
		this.resources.add(latent);
		// The application may still start it while the store waits (the connection timeout); it did not.
		assertThatExceptionOfType(WorkerLeaseException.class)
			.isThrownBy(() -> settings(new ZooKeeperLeaseStore(latent, this.path)).build())
			.withMessageContaining("CuratorFramework given is not started");
		latent.start();
		latent.close();
		assertThatExceptionOfType(WorkerLeaseException.class)
			.isThrownBy(() -> settings(new ZooKeeperLeaseStore(latent, this.path)).build())
			.withMessageContaining("CuratorFramework given is closed");
	}

	/**
	 * A client closed after it had connected still reports the connection (Curator keeps the last state); the store
	 * must see it is closed, not fail later with Curator's "Client is not started". A CI run under load closed the
	 * client of the test above only after it had connected, and so found this.
	 */
	@Test
	void anApplicationsClientClosedAfterItConnectedIsNamedAsClosed() throws Exception {
		CuratorFramework client = CuratorFrameworkFactory.builder().connectString(server.getConnectString())
			.sessionTimeoutMs(4_000).connectionTimeoutMs(3_000).retryPolicy(new RetryOneTime(100)).build();
		this.resources.add(client);
		client.start();
		assertThat(client.blockUntilConnected(10, TimeUnit.SECONDS)).isTrue();
		client.close();
		assertThatExceptionOfType(WorkerLeaseException.class)
			.isThrownBy(() -> settings(new ZooKeeperLeaseStore(client, this.path)).build())
			.withMessageContaining("CuratorFramework given is closed");
	}

	@Test
	void aReconnectionThatShortensTheSessionBelowTheConfiguredSessionButNotBelowTheLeaseKeepsRenewing()
			throws Exception {
		// A lease of 3 s, well within the 8 s session and the 5 s one it is renegotiated to.
		WorkerLease lease = reconnectWithShorterSession(Duration.ofSeconds(3), 5_000);
		ZooKeeperWorkerLeaseTests.await("ids resume", lease::isValid);
		lease.generator().nextId();
		assertThat(lease.isLost()).isFalse();
	}

	@Test
	void aReconnectionThatShortensTheSessionBelowTheLeaseStopsIdsForGoodSayingARestartIsNeeded() throws Exception {
		// A lease of 6 s, renegotiated to a 4 s session: a renewal's permit could outlive the session, and the
		// session keeps that timeout. Pausing for ever would say "resumes once renewed", which it never would.
		WorkerLease lease = reconnectWithShorterSession(Duration.ofSeconds(6), 4_000);
		ZooKeeperWorkerLeaseTests.await("the lease given up", lease::isLost);
		assertThat(lease.isValid()).isFalse();
		assertThatExceptionOfType(io.snowflakeid.WorkerLeaseExpiredException.class)
			.isThrownBy(lease.generator()::nextId)
			.withMessageContaining("session timeout was renegotiated to 4000 ms")
			.withMessageContaining("restart the instance")
			.satisfies((ex) -> assertThat(ex.reason()).isEqualTo(io.snowflakeid.WorkerLeaseExpiredException.Reason.LOST));
	}

	/**
	 * A lease on a session of 8 s; the server restarted (within the session) allowing at most
	 * {@code maxSessionMillis}: the client reconnects with the same session, its timeout renegotiated.
	 */
	private WorkerLease reconnectWithShorterSession(Duration leaseDuration, int maxSessionMillis) throws Exception {
		File data = Files.createTempDirectory("zk-edge").toFile();
		int port = InstanceSpec.getRandomPort();
		TestingServer first = new TestingServer(new InstanceSpec(data, port, -1, -1, false, -1,
				ZooKeeperTesting.TICK_MILLIS, 0, Map.of("maxSessionTimeout", "8000")), true);
		this.resources.add(first);
		CuratorFramework client = ZooKeeperTesting.client(first.getConnectString(), 8_000);
		this.resources.add(client);
		assertThat(timeoutOf(client)).isEqualTo(8_000);
		WorkerLease lease = acquire(settings(new ZooKeeperLeaseStore(client, this.path)).duration(leaseDuration));
		lease.generator().nextId();
		long sessionId = sessionOf(client);
		first.stop();
		TestingServer second = new TestingServer(new InstanceSpec(data, port, -1, -1, true, -1,
				ZooKeeperTesting.TICK_MILLIS, 0, Map.of("maxSessionTimeout", String.valueOf(maxSessionMillis))), true);
		this.resources.add(second);
		ZooKeeperWorkerLeaseTests.await("reconnected with the same session, renegotiated",
				() -> client.getZookeeperClient().isConnected() && sessionOf(client) == sessionId
						&& timeoutOf(client) == maxSessionMillis);
		return lease;
	}

	private static long sessionOf(CuratorFramework client) {
		try {
			return client.getZookeeperClient().getZooKeeper().getSessionId();
		}
		catch (Exception ex) {
			return -1;
		}
	}

	private static int timeoutOf(CuratorFramework client) {
		try {
			return client.getZookeeperClient().getZooKeeper().getSessionTimeout();
		}
		catch (Exception ex) {
			return -1;
		}
	}

	private WorkerLeaseSettings.Builder settings(ZooKeeperLeaseStore store) {
		return WorkerLeaseSettings.builder(store).datacenterId(0).duration(Duration.ofSeconds(3))
			.safetyMargin(Duration.ofSeconds(1)).clockTolerance(Duration.ofSeconds(1));
	}

	private WorkerLease acquire(WorkerLeaseSettings.Builder settings) {
		WorkerLease lease = WorkerLease.acquire(settings.build());
		this.resources.add(lease);
		return lease;
	}

	private CuratorFramework client(String connectString) throws Exception {
		CuratorFramework client = ZooKeeperTesting.client(connectString, ZooKeeperWorkerLeaseTests.SESSION_MILLIS);
		this.resources.add(client);
		return client;
	}
}
