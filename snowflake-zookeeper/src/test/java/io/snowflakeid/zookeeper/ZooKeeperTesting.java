package io.snowflakeid.zookeeper;

import java.util.concurrent.TimeUnit;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;

/** Real ZooKeeper servers (in process) and clients for the tests. */
public final class ZooKeeperTesting {

	/** Sessions of 1 s to 10 s can be negotiated (2 and 20 ticks). */
	public static final int TICK_MILLIS = 500;

	private ZooKeeperTesting() {
	}

	/** A started server on {@code port} (-1: a free one), short ticks, no connection limit. */
	public static TestingServer server(int port) throws Exception {
		return new TestingServer(new InstanceSpec(null, port, -1, -1, true, -1, TICK_MILLIS, 0), true);
	}

	/** A started client with its own session, connected. */
	public static CuratorFramework client(String connectString, int sessionTimeoutMillis) throws Exception {
		CuratorFramework client = CuratorFrameworkFactory.builder().connectString(connectString)
			.sessionTimeoutMs(sessionTimeoutMillis).connectionTimeoutMs(5_000).retryPolicy(new RetryOneTime(100))
			.build();
		client.start();
		if (!client.blockUntilConnected(10, TimeUnit.SECONDS)) {
			client.close();
			throw new IllegalStateException("no connection to " + connectString);
		}
		return client;
	}
}
