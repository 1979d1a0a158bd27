package io.snowflakeid.zookeeper;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import io.snowflakeid.SnowflakeException;
import io.snowflakeid.worker.LeaseRecord;
import io.snowflakeid.worker.WorkerLease;
import io.snowflakeid.worker.WorkerLeaseException;
import io.snowflakeid.worker.WorkerLeaseSettings;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.snowflakeid.zookeeper.ZooKeeperWorkerLeaseTests.SESSION_MILLIS;
import static io.snowflakeid.zookeeper.ZooKeeperWorkerLeaseTests.await;
import static io.snowflakeid.zookeeper.ZooKeeperWorkerLeaseTests.onePair;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Adversarial review of the ZooKeeper lease (branch review-zk): operator mistakes and races that should end in a
 * clear error, on a real server.
 */
class ZooKeeperReviewTests {

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
