package io.snowflakeid.worker;

import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;

import io.snowflakeid.spi.LeaseRecord;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.zookeeper.ZooKeeperLeaseStore;
import io.snowflakeid.zookeeper.ZooKeeperTesting;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * {@link LeaseSimulation} on ZooKeeper: every simulated process start opens its own Curator client (its own
 * session), a crash closes it without releasing (its holder node goes, as at session expiry), a process cut off
 * beyond the lease has its session expired (its client opens a new one; the lease resumes or is sealed), all on one
 * real server. Seeds: {@code -Dsnowflake.zk-simulation.seeds} (default 10, about 18 s on two cores; CI runs 20 more from seed 11), from {@code .first-seed}.
 */
class ZooKeeperLeaseSimulationTests {

	private static final AtomicLong PATHS = new AtomicLong();

	private static TestingServer server;

	@BeforeAll
	static void startServer() throws Exception {
		server = ZooKeeperTesting.server(-1);
	}

	@AfterAll
	static void stopServer() throws Exception {
		server.close();
	}

	@Test
	void manySeededSchedulesNeverIssueAnIdTwice() {
		int seeds = Integer.getInteger("snowflake.zk-simulation.seeds", 10);
		long firstSeed = Long.getLong("snowflake.zk-simulation.first-seed", 1);
		Map<String, Long> counts = LeaseSimulation.runSeeds(new ZooKeeperBackend(), firstSeed, seeds,
				"snowflake.zk-simulation");
		System.out.println("Lease simulation on ZooKeeper, " + seeds + " seeds: " + counts);
	}

	/** One base path per schedule on the class's server. */
	static final class ZooKeeperBackend implements SimulatedBackend {

		@Override
		public Namespace newNamespace() {
			String path = "/sim/schedule-" + PATHS.incrementAndGet();
			Queue<CuratorFramework> clients = new ConcurrentLinkedQueue<>();
			CuratorFramework observerClient = newClient();
			ZooKeeperLeaseStore observer = new ZooKeeperLeaseStore(observerClient, path);
			return new Namespace() {
				@Override
				public LeaseStore open() {
					CuratorFramework client = newClient();
					clients.add(client);
					return new ZooKeeperLeaseStore(client, path);
				}

				@Override
				public void crash(LeaseStore store) {
					// The process is gone: its session ends, its holder nodes with it; nothing released.
					((ZooKeeperLeaseStore) store).client().close();
				}

				@Override
				public boolean hasSessions() {
					return true;
				}

				@Override
				public void expireSession(LeaseStore store) {
					// The client gives the session up as after an outage longer than the session timeout and opens
					// a new one; the server still has the old session (and its holder nodes) until it times out.
					try {
						((ZooKeeperLeaseStore) store).client().getZookeeperClient().getZooKeeper().getTestable()
							.injectSessionExpiration();
					}
					catch (Exception ex) {
						throw new IllegalStateException(ex);
					}
				}

				@Override
				public void closed(LeaseStore store) {
					((ZooKeeperLeaseStore) store).client().close();
				}

				@Override
				public List<LeaseRecord> records() {
					try {
						return observer.records(null, java.time.Duration.ofSeconds(10));
					}
					catch (Exception ex) {
						throw new IllegalStateException(ex);
					}
				}

				@Override
				public void close() {
					clients.forEach(CuratorFramework::close); // closing twice is harmless
					observerClient.close();
				}
			};
		}

		private static CuratorFramework newClient() {
			try {
				return ZooKeeperTesting.client(server.getConnectString(), 10_000);
			}
			catch (Exception ex) {
				throw new IllegalStateException(ex);
			}
		}
	}
}
