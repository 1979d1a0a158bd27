package io.snowflakeid.quarkus.deployment.startup;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.internal.config.WorkerAssignment;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * worker-assignment=zookeeper with snowflake-zookeeper on the class path, against an in-process ZooKeeper: the worker
 * id is leased there (through a client of the extension's own, with credentials), the entity's id is on it, and the
 * lease node is handed back when the application stops gracefully.
 */
class ZooKeeperLeaseTest {

	/** The server, started before the application (in JUnit's class loader: Quarkus loads this class again). */
	private static TestingServer server;

	private static final String PATH = "/quarkus-" + ProcessHandle.current().pid();

	@RegisterExtension
	static final QuarkusUnitTest app = TestApps.h2("zookeeper-lease")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "3")
		.overrideConfigKey("quarkus.snowflake.worker-assignment", "zookeeper")
		.overrideConfigKey("quarkus.snowflake.zookeeper.path", PATH)
		.overrideConfigKey("quarkus.snowflake.zookeeper.auth", "digest:quarkus:s3cret")
		.setBeforeAllCustomizer(() -> {
			try {
				server = new TestingServer(true);
			}
			catch (Exception ex) {
				throw new IllegalStateException(ex);
			}
			// a runtime setting, read at start: the server's port is known only now
			System.setProperty("quarkus.snowflake.zookeeper.connect-string", server.getConnectString());
		})
		.setAfterAllCustomizer(() -> {
			try (CuratorFramework observer = client(server.getConnectString())) {
				String holder = System.getProperty("snowflake.test.zookeeper-holder");
				assertThat(holder).as("the test ran").isNotNull();
				assertThat(observer.checkExists().forPath(holder)).as("no holder after the stop").isNull();
				// the holder is ephemeral (a closed session removes it too): the pair's data says it was handed back
				// through the client, before the client was closed
				String pair = holder.substring(0, holder.lastIndexOf('/'));
				assertThat(new String(observer.getData().forPath(pair), StandardCharsets.UTF_8))
					.as("handed back when the application stopped")
					.contains("leaseEnd=0\n")
					.contains("token=\n");
				server.close();
			}
			catch (Exception ex) {
				throw new IllegalStateException(ex);
			}
			finally {
				System.clearProperty("quarkus.snowflake.zookeeper.connect-string");
				System.clearProperty("snowflake.test.zookeeper-holder");
			}
		});

	@Inject
	ManagedGenerator managed;

	@Inject
	SnowflakeIdGenerator generator;

	@Inject
	EntityManager entityManager;

	@Test
	void theWorkerIdIsLeasedInZooKeeperAndTheEntitysIdIsOnIt() throws Exception {
		assertThat(this.managed.assignment()).isEqualTo(WorkerAssignment.ZOOKEEPER);
		assertThat(this.managed.lease().storeDescription()).contains("ZooKeeper path " + PATH);
		Item item = new Item();
		QuarkusTransaction.requiringNew().run(() -> this.entityManager.persist(item));
		assertThat(this.generator.decode(item.id).workerId()).isEqualTo(this.managed.lease().workerId());
		assertThat(this.generator.decode(item.id).datacenterId()).isEqualTo(3);
		String holder = PATH + "/3-" + this.managed.lease().workerId() + "/holder";
		try (CuratorFramework observer = client(System.getProperty("quarkus.snowflake.zookeeper.connect-string"))) {
			assertThat(observer.checkExists().forPath(holder)).as("held while the application runs").isNotNull();
		}
		System.setProperty("snowflake.test.zookeeper-holder", holder);
	}

	private static CuratorFramework client(String connectString) throws InterruptedException {
		// the lease nodes are the application's identity's only (ACL auth::cdrwa): the observer authenticates as it
		CuratorFramework client = CuratorFrameworkFactory.builder()
			.connectString(connectString)
			.retryPolicy(new RetryOneTime(100))
			.authorization("digest", "quarkus:s3cret".getBytes(StandardCharsets.UTF_8))
			.build();
		client.start();
		assertThat(client.blockUntilConnected(10, TimeUnit.SECONDS)).as("connected to " + connectString).isTrue();
		return client;
	}

}
