package io.snowflakeid.redis.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import io.snowflakeid.internal.config.WorkerAssignment;
import io.snowflakeid.worker.WorkerLeaseException;

/**
 * What the server says about itself that decides whether it can forget a lease it acknowledged, read before every
 * claim and every renewal (a server can be reconfigured at runtime). The lease is only as safe as the server's memory
 * of its last write: a record forgotten hands a pair still in use to the next claimant (duplicate ids).
 * <ul>
 * <li><b>Refused whatever is configured</b>: a replica ({@code role:slave}: its writes are discarded at its next
 * sync), and an eviction policy that can remove a key without a TTL ({@code allkeys-*}; {@code volatile-*} only
 * evicts keys with a TTL, and the lease hash has none).</li>
 * <li><b>Refused unless {@link RedisSettings#ACCEPT_DATA_LOSS_RISK}</b>: no append-only file ({@code aof_enabled:0}:
 * RDB snapshots lose minutes), {@code appendfsync} other than {@code always} (a crash loses the last second or two),
 * or an fsync policy that cannot be read. INFO does not report {@code appendfsync}; when the server refuses
 * {@code CONFIG GET} (managed services, an ACL, a renamed command) nothing proves the writes are synced, so that
 * counts as a risk too, never as safe.</li>
 * <li>A name INFO does not report is a refusal: what cannot be read is not known to be safe.</li>
 * </ul>
 * The number of replicas connected to the primary that have finished their initial sync ({@code connected_slaves}
 * lines {@code slaveN} with {@code state=online}) is what every write then waits for (WAIT): all of them, since
 * Redis' failover may promote any replica, not a majority that is sure to have it. A replica still syncing gets the
 * write with its sync and has no dataset to be promoted with until then.
 */
final class ServerCheck {

	// the category it had before it moved: users' log configuration (the data-loss warning) keeps working
	private static final System.Logger logger = System.getLogger("io.snowflakeid.redis.ServerCheck");

	private final boolean acceptDataLossRisk;

	/** The risk last logged as accepted, so that the warning is not repeated at every renewal. */
	private volatile String acceptedRisk;

	ServerCheck(boolean acceptDataLossRisk) {
		this.acceptDataLossRisk = acceptDataLossRisk;
	}

	/**
	 * Reads the server's state and returns how many replicas a write must wait for.
	 * @throws WorkerLeaseException (reason UNSUPPORTED_CONFIGURATION) if the server can lose a lease
	 */
	int check(RedisScripts scripts, String where, Duration timeout) throws Exception {
		long deadline = System.nanoTime() + timeout.toNanos();
		Map<String, String> info;
		try {
			info = scripts.info(timeout);
		}
		catch (Exception ex) {
			if (!isErrorAnswer(ex)) {
				throw ex; // an outage (no answer, no connection), not a refusal
			}
			// Renamed away or denied by an ACL (managed services): nothing proves the server safe.
			throw new WorkerLeaseException(WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION, WorkerAssignment.REDIS.value(),
					"Refusing to lease worker ids from " + where + ": INFO could not be read (" + ex.getMessage()
							+ "); the lease must read the server's persistence, eviction policy and replicas: allow "
							+ "INFO to the lease's Redis user",
					ex);
		}
		List<String> refusals = new ArrayList<>();
		String role = info.get("role");
		if (!"master".equals(role)) {
			refusals.add((role == null) ? "INFO replication did not report the role"
					: "it is a replica (INFO replication role:" + role + "): a replica's writes are discarded at its "
							+ "next sync; point the lease at the primary");
		}
		String policy = info.get("maxmemory_policy");
		if (policy == null || policy.startsWith("allkeys-")) {
			refusals.add((policy == null) ? "INFO memory did not report maxmemory_policy"
					: "maxmemory-policy is " + policy + " (INFO memory): it may evict the lease hash, which has no "
							+ "TTL, and another instance would take a pair still in use; set maxmemory-policy "
							+ "noeviction (or a volatile-* policy: those evict only keys with a TTL), or keep the leases "
							+ "on a server of their own (" + RedisSettings.URI + ")");
		}
		String risk = durabilityRisk(scripts, info, Duration.ofNanos(Math.max(1_000_000, deadline - System.nanoTime())));
		if (risk != null && !this.acceptDataLossRisk) {
			refusals.add("it can lose an acknowledged write: " + risk + "; a lease it forgets is handed to a second "
					+ "instance while the first still issues ids with it (duplicate ids). Fix: appendonly yes and "
					+ "appendfsync always (CONFIG SET and redis.conf), or set " + RedisSettings.ACCEPT_DATA_LOSS_RISK
					+ "=true to accept that risk");
		}
		if (!refusals.isEmpty()) {
			throw new WorkerLeaseException(WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION, WorkerAssignment.REDIS.value(),
					"Refusing to lease worker ids from " + where + ": " + String.join("; ", refusals), null);
		}
		if (risk != null && !risk.equals(this.acceptedRisk)) {
			this.acceptedRisk = risk;
			logger.log(System.Logger.Level.WARNING, "Leasing worker ids from {0}, which can lose an acknowledged "
					+ "write ({1}): accepted by {2}=true; a lost lease can give two instances the same ids", where,
					risk, RedisSettings.ACCEPT_DATA_LOSS_RISK);
		}
		String replicas = info.get("connected_slaves");
		if (replicas == null || !replicas.matches("\\d{1,6}")) {
			throw new WorkerLeaseException(WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION, WorkerAssignment.REDIS.value(),
					"Refusing to lease worker ids from " + where + ": INFO replication reported connected_slaves:"
							+ replicas + " (the replicas each write must wait for)", null);
		}
		return onlineReplicas(info, Integer.parseInt(replicas), where);
	}

	/**
	 * Of the {@code connected} replicas, those that have finished their initial sync ({@code slaveN:...,state=online}):
	 * only they acknowledge writes. One still syncing ({@code wait_bgsave}, {@code send_bulk}) receives every write
	 * with its snapshot or the replication buffer after it, and has no dataset to be promoted with meanwhile;
	 * waiting for it would fail every write until its sync ends (minutes for a large dataset).
	 */
	private static int onlineReplicas(Map<String, String> info, int connected, String where) {
		int online = 0;
		for (int i = 0; i < connected; i++) {
			String line = info.get("slave" + i);
			if (line == null) {
				throw new WorkerLeaseException(WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION,
						WorkerAssignment.REDIS.value(), "Refusing to lease worker ids from " + where
								+ ": INFO replication reported connected_slaves:" + connected + " but no slave" + i
								+ " line (the replicas each write must wait for)", null);
			}
			if (java.util.Arrays.asList(line.split(",")).contains("state=online")) {
				online++;
			}
		}
		return online;
	}

	/** Whether {@code failure} is the server's error answer (ERR, NOPERM), as the clients word it. */
	static boolean isErrorAnswer(Exception failure) {
		for (Throwable t = failure; t != null; t = t.getCause()) {
			String message = String.valueOf(t.getMessage());
			if (message.startsWith("ERR ") || message.startsWith("NOPERM") || message.contains(" ERR ")
					|| message.contains("NOPERM ")) {
				return true;
			}
			if (t.getCause() == t) {
				break;
			}
		}
		return false;
	}

	/** Why the server can lose an acknowledged write on a restart or crash, or null if it cannot. */
	private static String durabilityRisk(RedisScripts scripts, Map<String, String> info, Duration timeout) {
		String aof = info.get("aof_enabled");
		if (!"1".equals(aof)) {
			return (aof == null) ? "INFO persistence did not report aof_enabled"
					: "appendonly is no (INFO persistence aof_enabled:" + aof + "; RDB snapshots lose every write "
							+ "since the last one)";
		}
		String fsync;
		try {
			fsync = scripts.configGet("appendfsync", timeout).get("appendfsync");
		}
		catch (Exception ex) {
			return "appendfsync could not be read (CONFIG GET appendfsync: " + ex.getMessage() + "; INFO does not "
					+ "report it), so the server may sync its append-only file only every second";
		}
		if (!"always".equals(fsync)) {
			return "appendfsync is " + fsync + " (a crash loses the writes not yet synced: up to the last second or "
					+ "two with everysec)";
		}
		return null;
	}
}
