package io.snowflakeid.zookeeper;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import io.snowflakeid.worker.WorkerLeaseException;
import io.snowflakeid.worker.WorkerLeaseSettings;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Review q5 (48155df): the application closes its client right after {@code maxLeaseDuration()} saw it STARTED
 * (after {@code blockUntilConnected}). The next call, {@code getZookeeperClient().getZooKeeper()}, throws Curator's
 * IllegalStateException "Client is not started"; the store names the client as closed instead.
 */
class ZooKeeperClientClosedAfterTheStateCheckTests {

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
	void aClientClosedJustAfterTheStoreSawItStartedIsNamedAsClosed() throws Exception {
		CuratorFramework real = CuratorFrameworkFactory.builder().connectString(server.getConnectString())
			.sessionTimeoutMs(4_000).connectionTimeoutMs(3_000).retryPolicy(new RetryOneTime(100)).build();
		try {
			real.start();
			assertThat(real.blockUntilConnected(10, TimeUnit.SECONDS)).isTrue();
			AtomicBoolean connected = new AtomicBoolean();
			AtomicBoolean closed = new AtomicBoolean();
			// Delegates everything to a real client. The first getZookeeperClient() after blockUntilConnected is
			// the store's, once it has seen the state STARTED: the application closes the client just before it
			// (the window this test pins, deterministically).
			CuratorFramework client = (CuratorFramework) Proxy.newProxyInstance(
					CuratorFramework.class.getClassLoader(), new Class<?>[] { CuratorFramework.class },
					(proxy, method, args) -> {
						if (method.getName().equals("getZookeeperClient") && connected.get()
								&& closed.compareAndSet(false, true)) {
							real.close();
						}
						try {
							Object result = method.invoke(real, args);
							if (method.getName().equals("blockUntilConnected")) {
								connected.set(true);
							}
							return result;
						}
						catch (InvocationTargetException ex) {
							throw ex.getCause();
						}
					});
			assertThatExceptionOfType(WorkerLeaseException.class)
				.isThrownBy(() -> WorkerLeaseSettings
					.builder(new ZooKeeperLeaseStore(client, "/leases/closed-after-check"))
					.datacenterId(0)
					.duration(Duration.ofSeconds(3))
					.safetyMargin(Duration.ofSeconds(1))
					.clockTolerance(Duration.ofSeconds(1))
					.build())
				.withMessageContaining("CuratorFramework given is closed")
				.withMessageNotContaining("Client is not started")
				.withRootCauseInstanceOf(IllegalStateException.class);
			assertThat(closed).as("closed in the window").isTrue();
		}
		finally {
			real.close();
		}
	}
}
