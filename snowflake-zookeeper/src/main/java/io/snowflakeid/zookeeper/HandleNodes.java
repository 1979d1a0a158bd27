package io.snowflakeid.zookeeper;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.OpResult;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Stat;

/**
 * {@link ZooKeeperNodes} on one ZooKeeper handle (one session): its asynchronous calls, whose callbacks complete the
 * futures through {@link #answer}, the one place that turns a result code into a value, a null or an exception.
 */
final class HandleNodes implements ZooKeeperNodes {

	private final ZooKeeper handle;

	HandleNodes(ZooKeeper handle) {
		this.handle = handle;
	}

	@Override
	public long sessionId() {
		return this.handle.getSessionId();
	}

	@Override
	public int sessionTimeout() {
		return this.handle.getSessionTimeout();
	}

	@Override
	public CompletableFuture<NodeRead> read(String node) {
		CompletableFuture<NodeRead> result = new CompletableFuture<>();
		this.handle.getData(node, false, (rc, path, ctx, data, stat) -> answer(result, rc, path, new NodeRead(data, stat)),
				null);
		return result;
	}

	@Override
	public CompletableFuture<Stat> exists(String node) {
		CompletableFuture<Stat> result = new CompletableFuture<>();
		this.handle.exists(node, false, (rc, path, ctx, stat) -> answer(result, rc, path, stat), null);
		return result;
	}

	@Override
	public CompletableFuture<List<String>> children(String node) {
		CompletableFuture<List<String>> result = new CompletableFuture<>();
		this.handle.getChildren(node, false, (rc, path, ctx, children) -> answer(result, rc, path, children), null);
		return result;
	}

	@Override
	public CompletableFuture<List<ACL>> acl(String node) {
		CompletableFuture<List<ACL>> result = new CompletableFuture<>();
		this.handle.getACL(node, new Stat(), (rc, path, ctx, acl, stat) -> answer(result, rc, path, acl), null);
		return result;
	}

	@Override
	public CompletableFuture<Boolean> multi(List<org.apache.zookeeper.Op> ops) {
		CompletableFuture<Boolean> result = new CompletableFuture<>();
		this.handle.multi(ops, (rc, path, ctx, results) -> {
			int code = (rc == KeeperException.Code.OK.intValue()) ? rc : failedOp(rc, results);
			if (code == KeeperException.Code.BADVERSION.intValue() || code == KeeperException.Code.NONODE.intValue()
					|| code == KeeperException.Code.NODEEXISTS.intValue()) {
				result.complete(false); // a check failed: nothing was applied
			}
			else {
				answer(result, code, path, Boolean.TRUE);
			}
		}, null);
		return result;
	}

	/** The code of the op that failed (the others report RUNTIMEINCONSISTENCY or OK), else the transaction's. */
	private static int failedOp(int rc, List<OpResult> results) {
		if (results != null) {
			for (OpResult opResult : results) {
				if (opResult instanceof OpResult.ErrorResult error && error.getErr() != 0
						&& error.getErr() != KeeperException.Code.RUNTIMEINCONSISTENCY.intValue()) {
					return error.getErr();
				}
			}
		}
		return rc;
	}

	/** OK: the value; NONODE: null (the node does not exist); anything else: the KeeperException of that code. */
	private static <T> void answer(CompletableFuture<T> result, int rc, String path, T value) {
		if (rc == KeeperException.Code.OK.intValue()) {
			result.complete(value);
		}
		else if (rc == KeeperException.Code.NONODE.intValue()) {
			result.complete(null);
		}
		else {
			result.completeExceptionally(KeeperException.create(KeeperException.Code.get(rc), path));
		}
	}
}
