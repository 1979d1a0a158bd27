package io.snowflakeid.quarkus.deployment.devmode;

import java.util.concurrent.TimeUnit;

import io.quarkus.test.QuarkusDevModeTest;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Dev-mode restarts with the worker id leased in ZooKeeper (an in-process server, in JUnit's class loader): each
 * restart closes the extension's client after handing the lease back, and the next start connects again.
 */
class ZooKeeperLeaseDevModeTest extends DevModeReloads {

	private static final int PORT = freePort();

	private static final TestingServer server = start();

	private static final String PATH = "/quarkus-dev-" + ProcessHandle.current().pid();

	@RegisterExtension
	static final QuarkusDevModeTest dev = app(PORT, "quarkus.snowflake.datacenter-id=5",
			"quarkus.snowflake.worker-assignment=zookeeper", "quarkus.snowflake.zookeeper.path=" + PATH,
			"quarkus.snowflake.zookeeper.connect-string=" + server.getConnectString());

	@Override
	QuarkusDevModeTest dev() {
		return dev;
	}

	@Override
	int port() {
		return PORT;
	}

	/** The pairs whose ephemeral holder node exists: a lease held by a live session. */
	@Override
	int heldLeases() throws Exception {
		try (CuratorFramework client = CuratorFrameworkFactory.newClient(server.getConnectString(), new RetryOneTime(100))) {
			client.start();
			assertThat(client.blockUntilConnected(10, TimeUnit.SECONDS)).isTrue();
			int held = 0;
			for (String pair : client.getChildren().forPath(PATH)) {
				if (client.checkExists().forPath(PATH + "/" + pair + "/holder") != null) {
					held++;
				}
			}
			return held;
		}
	}

	@AfterAll
	static void stopServer() throws Exception {
		server.close();
	}

	private static TestingServer start() {
		try {
			return new TestingServer(true);
		}
		catch (Exception ex) {
			throw new IllegalStateException(ex);
		}
	}
}
