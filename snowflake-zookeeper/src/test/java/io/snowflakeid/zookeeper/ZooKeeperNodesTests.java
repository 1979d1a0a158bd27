package io.snowflakeid.zookeeper;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.ZooDefs;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * The store's port to ZooKeeper on a real server: what each answer means to the store. A missing node is null (not
 * an error), a transaction whose check fails is false (a race lost, nothing applied), any other refusal is the
 * server's exception, and a request not answered by the deadline is an unknown outcome.
 */
class ZooKeeperNodesTests {

	private static TestingServer server;

	private static CuratorFramework client;

	private static ZooKeeperNodes nodes;

	@BeforeAll
	static void start() throws Exception {
		server = ZooKeeperTesting.server(-1);
		client = ZooKeeperTesting.client(server.getConnectString(), 10_000);
		nodes = new HandleNodes(client.getZookeeperClient().getZooKeeper());
	}

	@AfterAll
	static void stop() throws Exception {
		client.close();
		server.close();
	}

	private static <T> T answer(java.util.concurrent.CompletableFuture<T> future) throws Exception {
		return new BoundedCall(nodes, System.nanoTime() + TimeUnit.SECONDS.toNanos(10)).await(future);
	}

	@Test
	void aMissingNodeReadsAsNullEveryWay() throws Exception {
		assertThat(answer(nodes.read("/missing"))).isNull();
		assertThat(answer(nodes.exists("/missing"))).isNull();
		assertThat(answer(nodes.children("/missing"))).isNull();
		assertThat(answer(nodes.acl("/missing"))).isNull();
	}

	@Test
	void anExistingNodeReadsAsItIs() throws Exception {
		assertThat(answer(nodes.multi(List.of(Op.create("/present", "x".getBytes(StandardCharsets.UTF_8),
				ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT), Op.create("/present/child", new byte[0],
						ZooDefs.Ids.OPEN_ACL_UNSAFE, CreateMode.PERSISTENT))))).isTrue();
		ZooKeeperNodes.NodeRead read = answer(nodes.read("/present"));
		assertThat(new String(read.data(), StandardCharsets.UTF_8)).isEqualTo("x");
		assertThat(read.stat().getNumChildren()).isEqualTo(1);
		assertThat(answer(nodes.exists("/present"))).isNotNull();
		assertThat(answer(nodes.children("/present"))).containsExactly("child");
		assertThat(answer(nodes.acl("/present"))).isEqualTo(ZooDefs.Ids.OPEN_ACL_UNSAFE);
	}

	@Test
	void aTransactionWhoseCheckFailsIsARaceLostAndAppliesNothing() throws Exception {
		answer(nodes.multi(List.of(Op.create("/raced", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE,
				CreateMode.PERSISTENT))));
		// a stale version (BADVERSION), a node already there (NODEEXISTS), a missing node (NONODE): each false
		assertThat(answer(nodes.multi(List.of(Op.setData("/raced", new byte[] { 1 }, 7))))).isFalse();
		assertThat(answer(nodes.multi(List.of(Op.create("/raced/new", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE,
				CreateMode.PERSISTENT), Op.create("/raced", new byte[0], ZooDefs.Ids.OPEN_ACL_UNSAFE,
						CreateMode.PERSISTENT))))).isFalse();
		assertThat(answer(nodes.multi(List.of(Op.delete("/nowhere", -1))))).isFalse();
		assertThat(answer(nodes.exists("/raced/new"))).as("the transaction's first op was not applied").isNull();
		assertThat(answer(nodes.read("/raced")).data()).isEmpty();
	}

	@Test
	void anyOtherRefusalIsTheServersException() throws Exception {
		answer(nodes.multi(List.of(Op.create("/guarded", new byte[0], ZooDefs.Ids.READ_ACL_UNSAFE,
				CreateMode.PERSISTENT))));
		assertThatExceptionOfType(KeeperException.NoAuthException.class)
			.isThrownBy(() -> answer(nodes.multi(List.of(Op.setData("/guarded", new byte[] { 1 }, -1)))));
	}

	@Test
	void noAnswerByTheDeadlineIsAnUnknownOutcome() {
		BoundedCall expired = new BoundedCall(nodes, System.nanoTime());
		assertThatExceptionOfType(KeeperException.OperationTimeoutException.class)
			.isThrownBy(() -> expired.await(new java.util.concurrent.CompletableFuture<Object>()));
	}

	@Test
	void theSessionIsTheHandles() throws Exception {
		assertThat(nodes.sessionId()).isEqualTo(client.getZookeeperClient().getZooKeeper().getSessionId())
			.isNotZero();
		assertThat(nodes.sessionTimeout()).isBetween(2 * ZooKeeperTesting.TICK_MILLIS, 20 * ZooKeeperTesting.TICK_MILLIS);
	}
}
