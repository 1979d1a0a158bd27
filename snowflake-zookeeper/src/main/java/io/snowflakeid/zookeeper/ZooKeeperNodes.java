package io.snowflakeid.zookeeper;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.apache.zookeeper.Op;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Stat;

/**
 * What the lease store asks of ZooKeeper, on one session: reads that answer null for a node that does not exist, and
 * one transaction that answers false when one of its checks failed (a race lost). Every call is sent once and
 * answered as a future; the store bounds how long it waits ({@link BoundedCall}). The store's logic (which node means
 * what, who may take a pair) is written against this port, the ZooKeeper client's callbacks behind it
 * ({@link HandleNodes}).
 */
interface ZooKeeperNodes {

	/** The session these calls are sent on (0 if none). */
	long sessionId();

	/** That session's timeout as negotiated with the server, in milliseconds. */
	int sessionTimeout();

	/** The node's data and stat, or null if it does not exist. */
	CompletableFuture<NodeRead> read(String node);

	/** The node's stat, or null if it does not exist. */
	CompletableFuture<Stat> exists(String node);

	/** The node's children's names, or null if it does not exist. */
	CompletableFuture<List<String>> children(String node);

	/** The node's ACL, or null if it does not exist. */
	CompletableFuture<List<ACL>> acl(String node);

	/**
	 * Applies {@code ops} in one transaction: true if it committed, false if a version or existence check failed
	 * (BADVERSION, NONODE, NODEEXISTS); any other failure completes the future exceptionally.
	 */
	CompletableFuture<Boolean> multi(List<Op> ops);

	/** A node's data and stat, read at once. */
	record NodeRead(byte[] data, Stat stat) {
	}
}
