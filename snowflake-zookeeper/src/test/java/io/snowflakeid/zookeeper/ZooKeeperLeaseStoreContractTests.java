package io.snowflakeid.zookeeper;

import java.util.UUID;

import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.testing.LeaseStoreContract;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;

/**
 * The ZooKeeper store (an in-process server, a connected client, a path of its own per test) holds to every store's
 * contract. Its records are held by that client's session here: a lease is free for another claimant once it has
 * ended, as in every store (a holder whose session ended frees it sooner: ZooKeeperSessionExpiryTests).
 */
class ZooKeeperLeaseStoreContractTests extends LeaseStoreContract {

	private static TestingServer server;

	private static CuratorFramework client;

	@BeforeAll
	static void start() throws Exception {
		server = ZooKeeperTesting.server(-1);
		client = ZooKeeperTesting.client(server.getConnectString(), 10_000);
	}

	@AfterAll
	static void stop() throws Exception {
		client.close();
		server.close();
	}

	@Override
	protected LeaseStore openStore() {
		return new ZooKeeperLeaseStore(client, "/contract-" + UUID.randomUUID()); // the client stays open
	}
}
