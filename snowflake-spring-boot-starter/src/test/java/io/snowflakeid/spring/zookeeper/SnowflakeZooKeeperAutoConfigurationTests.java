package io.snowflakeid.spring.zookeeper;

import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.spring.HealthProbe;
import io.snowflakeid.spring.SnowflakeAutoConfiguration;
import io.snowflakeid.spring.actuate.SnowflakeActuatorAutoConfiguration;
import io.snowflakeid.spring.boot3.SnowflakeBoot3AutoConfiguration;
import io.snowflakeid.worker.WorkerLease;
import io.snowflakeid.zookeeper.ZooKeeperLeaseStore;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/** {@link SnowflakeZooKeeperAutoConfiguration} on a real ZooKeeper server (in process). */
class SnowflakeZooKeeperAutoConfigurationTests {

	private static TestingServer server;

	private static int paths;

	private CuratorFramework observer;

	private String path;

	private ApplicationContextRunner contextRunner;

	@BeforeAll
	static void startServer() throws Exception {
		server = new TestingServer();
	}

	@AfterAll
	static void stopServer() throws Exception {
		server.close();
	}

	@BeforeEach
	void observe() throws Exception {
		this.observer = client();
		this.observer.start();
		this.observer.blockUntilConnected(10, TimeUnit.SECONDS);
		this.path = "/spring-tests/run-" + (++paths);
		this.contextRunner = new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class,
					SnowflakeZooKeeperAutoConfiguration.class))
			.withPropertyValues("snowflake.worker-assignment=zookeeper", "snowflake.zookeeper.path=" + this.path);
	}

	@AfterEach
	void closeObserver() {
		this.observer.close();
	}

	@Test
	void theGeneratorIsLeasedInZooKeeper() {
		this.contextRunner.withPropertyValues("snowflake.zookeeper.connect-string=" + server.getConnectString())
			.run((context) -> {
				assertThat(context).hasSingleBean(LeaseStore.class);
				assertThat(context.getBean(LeaseStore.class)).isInstanceOf(ZooKeeperLeaseStore.class);
				WorkerLease lease = context.getBean(ManagedGenerator.class).lease();
				assertThat(lease).isNotNull();
				assertThat(this.observer.checkExists().forPath(holder(lease))).isNotNull();
				SnowflakeIdGenerator generator = context.getBean(SnowflakeIdGenerator.class);
				assertThat(generator.layout().decode(generator.nextId()).workerId()).isEqualTo(lease.workerId());
			});
	}

	@Test
	void aZooKeeperLeaseKeepsIssuingAcrossAContextStopAndStart() {
		// No lifecycle bean stops the Curator client: the session and the lease go on through stop() and start().
		this.contextRunner
			.withPropertyValues("snowflake.zookeeper.connect-string=" + server.getConnectString(),
					"snowflake.zookeeper.session-timeout=3s")
			.run((context) -> {
				SnowflakeIdGenerator generator = context.getBean(SnowflakeIdGenerator.class);
				WorkerLease lease = context.getBean(ManagedGenerator.class).lease();
				long before = generator.nextId();
				context.stop();
				Thread.sleep(1_500); // past a renewal
				context.start();
				assertThat(generator.nextId()).isGreaterThan(before);
				assertThat(lease.renewals()).isGreaterThanOrEqualTo(1);
				assertThat(this.observer.checkExists().forPath(holder(lease))).isNotNull();
			});
	}

	@Test
	void anApplicationsCuratorClientIsUsedAndNeverClosedByTheStarter() {
		CuratorFramework application = client(); // not started: the starter starts it
		try {
			this.contextRunner
				.withBean("applicationCurator", CuratorFramework.class, () -> application,
						(definition) -> definition.setDestroyMethodName("")) // the application closes it itself
				.run((context) -> {
					assertThat(((ZooKeeperLeaseStore) context.getBean(LeaseStore.class)).client())
						.isSameAs(application);
					assertThat(application.getState()).isEqualTo(CuratorFrameworkState.STARTED);
				});
			assertThat(application.getState()).as("still open after the context closed")
				.isEqualTo(CuratorFrameworkState.STARTED);
		}
		finally {
			application.close();
		}
	}

	@Test
	void closingTheContextReleasesThePairAtOnceForTheNextContext() throws Exception {
		ApplicationContextRunner runner = this.contextRunner
			.withPropertyValues("snowflake.zookeeper.connect-string=" + server.getConnectString());
		int[] first = new int[2];
		String[] holder = new String[1];
		runner.run((context) -> {
			WorkerLease lease = context.getBean(ManagedGenerator.class).lease();
			first[0] = lease.datacenterId();
			first[1] = lease.workerId();
			holder[0] = holder(lease);
		});
		assertThat(this.observer.checkExists().forPath(holder[0])).as("holder node deleted at close").isNull();
		String data = new String(this.observer.getData().forPath(holder[0].replace("/holder", "")),
				StandardCharsets.UTF_8);
		assertThat(data).contains("leaseEnd=0\n");
		runner.run((context) -> {
			WorkerLease lease = context.getBean(ManagedGenerator.class).lease();
			assertThat(new int[] { lease.datacenterId(), lease.workerId() }).isEqualTo(first);
			assertThat(lease.startWaitMillis()).isZero();
		});
	}

	@Test
	void healthNamesTheStoreAndGoesDownWhileZooKeeperIsAwayAndMetersCarryTheAssignment() throws Exception {
		this.contextRunner
			.withConfiguration(AutoConfigurations.of(SnowflakeActuatorAutoConfiguration.class,
					SnowflakeBoot3AutoConfiguration.class))
			.withPropertyValues("snowflake.zookeeper.connect-string=" + server.getConnectString(),
					"snowflake.zookeeper.session-timeout=20s")
			.run((context) -> {
				Object indicator = context.getBean("snowflakeHealthIndicator");
				HealthProbe up = HealthProbe.of(indicator);
				assertThat(up.status()).isEqualTo("UP");
				assertThat(up.details()).containsEntry("workerAssignment", "zookeeper");
				assertThat((String) up.details().get("leaseStore")).startsWith("ZooKeeper path " + this.path);
				SimpleMeterRegistry registry = new SimpleMeterRegistry();
				context.getBean("snowflakeMetrics", io.micrometer.core.instrument.binder.MeterBinder.class).bindTo(registry);
				assertThat(registry.get("snowflake.lease.valid").tag("assignment", "zookeeper").gauge().value())
					.isEqualTo(1.0);
				server.stop();
				try {
					HealthProbe down = await(indicator, "DOWN");
					assertThat((String) down.details().get("error")).contains("suspended")
						.contains("SUSPENDED");
				}
				finally {
					server.restart();
				}
				// Back within the session timeout: the same session, renewed at once, ids again.
				await(indicator, "UP");
				SnowflakeIdGenerator generator = context.getBean(SnowflakeIdGenerator.class);
				assertThat(generator.nextId()).isPositive();
			});
	}

	private static HealthProbe await(Object indicator, String status) throws Exception {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
		HealthProbe health = HealthProbe.of(indicator);
		while (!health.status().equals(status)) {
			assertThat(System.nanoTime() - deadline).as("health " + status + " within 30 s, is " + health.details())
				.isNegative();
			Thread.sleep(50);
			health = HealthProbe.of(indicator);
		}
		return health;
	}

	@Test
	void aMissingConnectStringWithoutACuratorBeanFailsNamingTheProperty() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasFailed();
			Throwable failure = context.getStartupFailure();
			while (failure.getCause() != null && !(failure instanceof SnowflakeConfigurationException)) {
				failure = failure.getCause();
			}
			assertThat(failure).isInstanceOf(SnowflakeConfigurationException.class)
				.hasMessageContaining("snowflake.zookeeper.connect-string");
		});
	}

	/**
	 * A worker id beside worker-assignment=zookeeper (no connect string): refused naming the worker id, first, not
	 * with a complaint about ZooKeeper's settings that, once fixed, only leads to the refusal.
	 */
	@Test
	void aWorkerIdBesideZooKeeperIsRefusedNamingItBeforeAnythingAboutZooKeeper() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class,
					SnowflakeZooKeeperAutoConfiguration.class))
			.withPropertyValues("snowflake.worker-assignment=zookeeper", "snowflake.datacenter-id=1",
					"snowflake.worker-id=2")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.isInstanceOf(SnowflakeConfigurationException.class)
				.hasMessageStartingWith("Invalid snowflake.worker-id = 2: allowed only with "
						+ "snowflake.worker-assignment=static or auto, not with zookeeper"));
	}

	@Test
	void otherAssignmentsDoNotCreateTheStore() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class,
					SnowflakeZooKeeperAutoConfiguration.class))
			.withPropertyValues("snowflake.worker-assignment=static", "snowflake.datacenter-id=1",
					"snowflake.worker-id=2", "snowflake.zookeeper.connect-string=" + server.getConnectString())
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context).doesNotHaveBean(LeaseStore.class);
			});
	}

	private String holder(WorkerLease lease) {
		return this.path + "/" + lease.datacenterId() + "-" + lease.workerId() + "/holder";
	}

	private static CuratorFramework client() {
		return CuratorFrameworkFactory.newClient(server.getConnectString(), new RetryOneTime(100));
	}
}
