package io.snowflakeid.zookeeper.hibernate;

import java.util.ArrayList;
import java.util.List;

import io.snowflakeid.SnowflakeIdParts;
import io.snowflakeid.hibernate.internal.registry.SnowflakeGeneratorService;
import io.snowflakeid.worker.WorkerLease;
import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.zookeeper.internal.ZooKeeperLeaseStoreProvider;
import io.snowflakeid.zookeeper.ZooKeeperTesting;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.hibernate.SessionFactory;
import org.hibernate.cfg.Configuration;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Plain Hibernate (no Spring) with {@code snowflake.worker-assignment=zookeeper} in its settings: the store comes
 * from {@code ZooKeeperLeaseStoreProvider} (ServiceLoader) with a client of its own, closed with the factory.
 */
class PlainHibernateZooKeeperTests {

	private static TestingServer server;

	@BeforeAll
	static void startServer() throws Exception {
		server = ZooKeeperTesting.server(-1);
	}

	@AfterAll
	static void stopServer() throws Exception {
		server.close();
	}

	private static SessionFactory build(String name, boolean withConnectString) {
		return build(name, withConnectString, null);
	}

	private static SessionFactory build(String name, boolean withConnectString, String auth) {
		Configuration configuration = new Configuration().addAnnotatedClass(Ticket.class)
			.setProperty("hibernate.connection.url", "jdbc:h2:mem:" + name + ";DB_CLOSE_DELAY=-1")
			.setProperty("hibernate.connection.username", "sa")
			.setProperty("hibernate.hbm2ddl.auto", "create-drop")
			.setProperty("snowflake.worker-assignment", "zookeeper")
			.setProperty(Settings.ZOOKEEPER_PATH.key(), "/plain-hibernate/" + name)
			.setProperty(Settings.ZOOKEEPER_SESSION_TIMEOUT.key(), "5s");
		if (withConnectString) {
			configuration.setProperty(Settings.ZOOKEEPER_CONNECT_STRING.key(), server.getConnectString());
		}
		if (auth != null) {
			configuration.setProperty(Settings.ZOOKEEPER_AUTH.key(), auth);
		}
		return configuration.buildSessionFactory();
	}

	@Test
	void entitiesGetIdsOfTheLeasedPairAndClosingTheFactoryReleasesIt() throws Exception {
		String holder;
		try (SessionFactory factory = build("leased", true)) {
			List<Long> ids = new ArrayList<>();
			factory.inTransaction((session) -> {
				for (int i = 0; i < 20; i++) {
					Ticket ticket = new Ticket();
					session.persist(ticket);
					ids.add(ticket.getId());
				}
			});
			SnowflakeGeneratorService service = factory.unwrap(SessionFactoryImplementor.class)
				.getServiceRegistry()
				.getService(SnowflakeGeneratorService.class);
			WorkerLease lease = service.managedGenerator().lease();
			assertThat(lease).isNotNull();
			assertThat(lease.toString()).contains("ZooKeeper path /plain-hibernate/leased");
			for (long id : ids) {
				SnowflakeIdParts parts = lease.generator().layout().decode(id);
				assertThat(parts.datacenterId()).isEqualTo(lease.datacenterId());
				assertThat(parts.workerId()).isEqualTo(lease.workerId());
			}
			assertThat(ids).doesNotHaveDuplicates().isSorted();
			holder = "/plain-hibernate/leased/" + lease.datacenterId() + "-" + lease.workerId() + "/holder";
			try (CuratorFramework observer = ZooKeeperTesting.client(server.getConnectString(), 5_000)) {
				assertThat(observer.checkExists().forPath(holder)).isNotNull();
			}
		}
		try (CuratorFramework observer = ZooKeeperTesting.client(server.getConnectString(), 5_000)) {
			assertThat(observer.checkExists().forPath(holder)).as("released with the factory").isNull();
		}
	}

	@Test
	void withAuthTheLeaseNodesResistAClientWithoutTheCredentials() throws Exception {
		try (SessionFactory factory = build("protected", true, "digest:hibernate:s3cret")) {
			factory.inTransaction((session) -> session.persist(new Ticket()));
			WorkerLease lease = factory.unwrap(SessionFactoryImplementor.class).getServiceRegistry()
				.getService(SnowflakeGeneratorService.class).managedGenerator().lease();
			String node = "/plain-hibernate/protected/" + lease.datacenterId() + "-" + lease.workerId();
			try (CuratorFramework stranger = ZooKeeperTesting.client(server.getConnectString(), 5_000)) {
				assertThatThrownBy(() -> stranger.delete().forPath(node + "/holder"))
					.isInstanceOf(org.apache.zookeeper.KeeperException.NoAuthException.class);
				assertThatThrownBy(() -> stranger.setData().forPath(node, new byte[0]))
					.isInstanceOf(org.apache.zookeeper.KeeperException.NoAuthException.class);
			}
		}
	}

	@Test
	void aMissingConnectStringFailsNamingIt() {
		try (SessionFactory factory = build("missing", false)) {
			assertThatThrownBy(() -> factory.inTransaction((session) -> session.persist(new Ticket())))
				.satisfies((ex) -> {
					Throwable cause = ex;
					StringBuilder messages = new StringBuilder();
					while (cause != null) {
						messages.append(cause.getMessage()).append('\n');
						cause = cause.getCause();
					}
					assertThat(messages.toString()).contains(Settings.ZOOKEEPER_CONNECT_STRING.key());
				});
		}
		catch (RuntimeException ex) {
			// the factory itself refused to build: as good, if it names the setting
			assertThat(ex).hasStackTraceContaining(Settings.ZOOKEEPER_CONNECT_STRING.key());
		}
	}

}
