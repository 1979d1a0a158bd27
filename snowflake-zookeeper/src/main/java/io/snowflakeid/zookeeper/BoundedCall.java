package io.snowflakeid.zookeeper;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.data.Stat;

/**
 * One operation of the lease store: its requests go out on one session ({@link ZooKeeperNodes}) and are all awaited
 * against one deadline. A request sent and not answered in time may still be applied: it is thrown as ZooKeeper's
 * {@link KeeperException.OperationTimeoutException} (an unknown outcome), never retried here.
 */
final class BoundedCall {

	final ZooKeeperNodes nodes;

	private final long deadlineNanos;

	BoundedCall(ZooKeeperNodes nodes, long deadlineNanos) {
		this.nodes = nodes;
		this.deadlineNanos = deadlineNanos;
	}

	/** The answer, waited for until the deadline; the request's own exception if it failed. */
	<T> T await(CompletableFuture<T> future) throws Exception {
		long remaining = this.deadlineNanos - System.nanoTime();
		try {
			return future.get(Math.max(remaining, 0), TimeUnit.NANOSECONDS);
		}
		catch (TimeoutException ex) {
			future.cancel(false);
			// Sent, no answer in time: it may still be applied.
			KeeperException timeout = new KeeperException.OperationTimeoutException();
			timeout.initCause(ex);
			throw timeout;
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof Exception cause) {
				throw cause;
			}
			throw ex;
		}
	}

	Stat exists(String node) throws Exception {
		return await(this.nodes.exists(node));
	}

	List<String> children(String node) throws Exception {
		return await(this.nodes.children(node));
	}

	/** True if the transaction committed, false if a version or existence check failed (a race lost). */
	boolean multi(List<Op> ops) throws Exception {
		return await(this.nodes.multi(ops));
	}
}
