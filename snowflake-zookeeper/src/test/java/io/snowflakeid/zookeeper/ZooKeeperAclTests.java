package io.snowflakeid.zookeeper;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.testing.BackgroundScheduler;
import io.snowflakeid.worker.WorkerLease;
import io.snowflakeid.worker.WorkerLeaseSettings;
import io.snowflakeid.zookeeper.internal.ZooKeeperLeaseStoreProvider;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.api.ACLProvider;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.ZooDefs;
import org.apache.zookeeper.data.ACL;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * ACLs of the lease nodes on a real server: with the application's ACL provider and digest authentication, or
 * {@code snowflake.zookeeper.auth} on the client the library opens, a client without those credentials can neither
 * delete nor rewrite a lease node or its holder (which would lose the high-water mark, as a lost write would).
 */
class ZooKeeperAclTests {

	/** The setting's name as a string: {@code ZooKeeperSettings} had no such constant when this test was written. */
	private static final String AUTH = "snowflake.zookeeper.auth";

	private static final AtomicLong PATHS = new AtomicLong();

	private static TestingServer server;

	private final List<AutoCloseable> resources = new ArrayList<>();

	/** Each lease's renewal scheduler: a background thread, and a renewal the test can run at once. */
	private final Map<WorkerLease, BackgroundScheduler> schedulers = new IdentityHashMap<>();

	/** A root of its own per test: the nodes above the path are created with the test's identity's ACL. */
	private final String root = "/acl-" + PATHS.incrementAndGet();

	private final String path = this.root + "/worker-lease";

	@BeforeAll
	static void startServer() throws Exception {
		server = ZooKeeperTesting.server(-1);
	}

	@AfterAll
	static void stopServer() throws Exception {
		server.close();
	}

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

	@Test
	void anUnauthenticatedClientCannotDeleteOrRewriteTheNodesOfAnApplicationsClientWithAclsAndDigestAuth()
			throws Exception {
		CuratorFramework application = protectedClient("app:secret");
		WorkerLease lease = acquire(new ZooKeeperLeaseStore(application, this.path));
		assertProtected(lease, application);
	}

	@Test
	void anUnauthenticatedClientCannotDeleteOrRewriteTheNodesOfTheClientTheLibraryOpensWithAuth() throws Exception {
		ZooKeeperLeaseStore store = (ZooKeeperLeaseStore) new ZooKeeperLeaseStoreProvider().create(Map.of(
				ZooKeeperSettings.CONNECT_STRING, server.getConnectString(), ZooKeeperSettings.PATH, this.path,
				ZooKeeperSettings.SESSION_TIMEOUT, "4s", AUTH, "digest:lib:s3cret"));
		this.resources.add(store);
		WorkerLease lease = acquire(store);
		assertProtected(lease, store.client());
		assertThat(store.client().getACL().forPath(this.root)).as("the nodes the library created above the path too")
			.noneMatch((acl) -> "world".equals(acl.getId().getScheme()));
	}

	@Test
	void anAuthSettingOtherThanDigestUserPasswordIsRefusedNamingItWithoutShowingTheSecret() {
		for (String value : List.of("sasl:app:hunter2", "digest:hunter2", "digest::hunter2", "digest:app:",
				"hunter2")) {
			assertThatExceptionOfType(SnowflakeConfigurationException.class)
				.isThrownBy(() -> new ZooKeeperLeaseStoreProvider().create(Map.of(ZooKeeperSettings.CONNECT_STRING,
						server.getConnectString(), AUTH, value)))
				.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo(AUTH))
				.withMessageContaining("digest:<user>:<password>")
				.withMessageNotContaining("hunter2");
		}
	}

	@Test
	void aBasePathAnyoneMayDeleteUnderIsRefusedAtStartWhenTheLeaseNodesAreProtected() throws Exception {
		CuratorFramework application = protectedClient("app:secret");
		// Made beforehand, world-writable (by hand, or by an earlier version of the library).
		application.create().creatingParentsIfNeeded().withACL(ZooDefs.Ids.OPEN_ACL_UNSAFE).forPath(this.path);
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> settings(new ZooKeeperLeaseStore(application, this.path)).build())
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo(ZooKeeperSettings.PATH))
			.withMessageContaining(this.path + " grants world:anyone")
			.withMessageContaining("setAcl");
	}

	@Test
	void aLeaseNodeMadeWorldWritableBeforeTheAclProviderWasSetIsRefusedAtStart() throws Exception {
		CuratorFramework application = protectedClient("app:secret");
		application.create().creatingParentsIfNeeded().forPath(this.path);
		// Left by a run whose client had no ACL provider (the provider changed between restarts).
		application.create().withACL(ZooDefs.Ids.OPEN_ACL_UNSAFE).forPath(this.path + "/0-0",
				"leaseEnd=0\nmark=0\ntoken=\nowner=\n".getBytes(StandardCharsets.UTF_8));
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> settings(new ZooKeeperLeaseStore(application, this.path)).build())
			.withMessageContaining(this.path + "/0-0 grants world:anyone");
	}

	@Test
	void leaseNodesOfAnotherIdentityAreRefusedAtStartSayingSoNotAsAnOutage() throws Exception {
		WorkerLease first = acquire(new ZooKeeperLeaseStore(protectedClient("app:secret"), this.path));
		first.close();
		// Restarted with other credentials (the password rotated without the nodes' ACL, another user...).
		CuratorFramework other = protectedClient("other:secret");
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> settings(new ZooKeeperLeaseStore(other, this.path)).build())
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo(ZooKeeperSettings.PATH))
			.withMessageContaining("another ZooKeeper identity")
			.withMessageContaining(AUTH);
	}

	@Test
	void protectedNodesReadByAClientWithoutCredentialsFailTheStartNamingTheIdentityMismatch() throws Exception {
		acquire(new ZooKeeperLeaseStore(protectedClient("app:secret"), this.path)).close();
		// Restarted without the ACL provider and credentials: its own nodes would be world-writable, so no check
		// at start; the claim is refused reading the protected nodes.
		CuratorFramework open = ZooKeeperTesting.client(server.getConnectString(), 4_000);
		this.resources.add(open);
		assertThatExceptionOfType(RuntimeException.class)
			.isThrownBy(() -> acquire(new ZooKeeperLeaseStore(open, this.path)))
			.withMessageContaining("another ZooKeeper identity");
	}

	@Test
	void anApplicationsAclProviderThatGivesEveryoneEverythingIsItsChoice() throws Exception {
		CuratorFramework application = client(ZooDefs.Ids.OPEN_ACL_UNSAFE, null);
		WorkerLease lease = acquire(new ZooKeeperLeaseStore(application, this.path));
		lease.generator().nextId();
		assertThat(application.getACL().forPath(node(lease) + "/holder")).isEqualTo(ZooDefs.Ids.OPEN_ACL_UNSAFE);
	}

	/** The lease nodes resist a client without credentials; the lease itself carries on. */
	private void assertProtected(WorkerLease lease, CuratorFramework owner) throws Exception {
		String node = node(lease);
		CuratorFramework stranger = ZooKeeperTesting.client(server.getConnectString(), 4_000);
		this.resources.add(stranger);
		byte[] forged = "leaseEnd=0\nmark=0\ntoken=\nowner=\n".getBytes(StandardCharsets.UTF_8);
		assertNoAuth(() -> stranger.delete().forPath(node + "/holder"));
		assertNoAuth(() -> stranger.setData().forPath(node + "/holder", forged));
		assertNoAuth(() -> stranger.setData().forPath(node, forged));
		assertNoAuth(() -> stranger.setACL().withACL(ZooDefs.Ids.OPEN_ACL_UNSAFE).forPath(node));
		assertNoAuth(() -> stranger.setACL().withACL(ZooDefs.Ids.OPEN_ACL_UNSAFE).forPath(this.path));
		assertNoAuth(() -> stranger.create().forPath(this.path + "/0-1", forged));
		lease.generator().nextId();
		renewNow(lease);
		assertThat(lease.isLost()).isFalse();
		lease.close();
		assertThat(owner.checkExists().forPath(node + "/holder")).as("released").isNull();
		// Free now (no holder): deleting it would lose its high-water mark.
		assertNoAuth(() -> stranger.delete().forPath(node));
		assertThat(owner.checkExists().forPath(node)).isNotNull();
	}

	private static void assertNoAuth(Executable attempt) {
		try {
			attempt.execute();
		}
		catch (KeeperException.NoAuthException expected) {
			return;
		}
		catch (Throwable other) {
			throw new AssertionError("expected NoAuth, got " + other, other);
		}
		throw new AssertionError("an unauthenticated client was allowed to change a lease node");
	}

	private String node(WorkerLease lease) {
		return this.path + "/" + lease.datacenterId() + "-" + lease.workerId();
	}

	/** A client whose ACL provider gives the creator (its digest identity) everything, and nobody else anything. */
	private CuratorFramework protectedClient(String userPassword) throws Exception {
		return client(ZooDefs.Ids.CREATOR_ALL_ACL, userPassword);
	}

	private CuratorFramework client(List<ACL> acl, String digest) throws Exception {
		CuratorFrameworkFactory.Builder builder = CuratorFrameworkFactory.builder()
			.connectString(server.getConnectString()).sessionTimeoutMs(4_000).connectionTimeoutMs(5_000)
			.retryPolicy(new RetryOneTime(100)).aclProvider(new ACLProvider() {
				@Override
				public List<ACL> getDefaultAcl() {
					return acl;
				}

				@Override
				public List<ACL> getAclForPath(String path) {
					return acl;
				}
			});
		if (digest != null) {
			builder.authorization("digest", digest.getBytes(StandardCharsets.UTF_8));
		}
		CuratorFramework client = builder.build();
		client.start();
		this.resources.add(client);
		assertThat(client.blockUntilConnected(10, TimeUnit.SECONDS)).isTrue();
		return client;
	}

	private WorkerLeaseSettings.Builder settings(LeaseStore store) {
		return WorkerLeaseSettings.builder(store).datacenterId(0).duration(Duration.ofSeconds(3))
			.safetyMargin(Duration.ofSeconds(1)).clockTolerance(Duration.ofSeconds(1));
	}

	private WorkerLease acquire(LeaseStore store) {
		BackgroundScheduler scheduler = new BackgroundScheduler("renewals-" + this.path);
		this.resources.add(scheduler::shutdownNow);
		WorkerLease lease = WorkerLease.acquire(settings(store).scheduler(scheduler).build());
		this.resources.add(lease);
		this.schedulers.put(lease, scheduler);
		return lease;
	}

	/** Renews {@code lease} now, in this thread, as its background renewal would (which keeps running). */
	private void renewNow(WorkerLease lease) {
		this.schedulers.get(lease).runLastNow();
	}
}
