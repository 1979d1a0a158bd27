package io.snowflakeid.zookeeper;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import io.snowflakeid.worker.WorkerLease;
import io.snowflakeid.worker.WorkerLeaseException;
import io.snowflakeid.worker.WorkerLeaseSettings;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static io.snowflakeid.zookeeper.ZooKeeperWorkerLeaseTests.SESSION_MILLIS;
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
