package io.snowflakeid.worker;

import io.snowflakeid.SnowflakeException;
import io.snowflakeid.internal.config.WorkerAssignment;

/** A worker id could not be leased safely; the message says why, {@link #getReason()} what kind of failure. */
public class WorkerLeaseException extends SnowflakeException {

	private static final long serialVersionUID = 1L;

	/** What went wrong, so that a failure analyzer can give advice that fits. */
	public enum Reason {

		/** Every (datacenter, worker) pair is held by a live instance (or one that crashed, until its lease ends). */
		ALL_WORKERS_LEASED,

		/** Free pairs exist, but on every one the clock is behind the previous holder's high-water mark. */
		CLOCK_BEHIND,

		/**
		 * The store could not be reached, created or read: the lease table, or the ZooKeeper ensemble or Redis server
		 * ({@link WorkerLeaseException#getAssignment()} says which).
		 */
		DATABASE_UNAVAILABLE,

		/** The layout or settings cannot be used with a database lease. */
		UNSUPPORTED_CONFIGURATION,

		/** Other instances kept winning the same rows (serialization failures) beyond the retry bound. */
		CONTENTION
	}

	private final Reason reason;

	private final String assignment;

	/** A failure of the database lease. */
	public WorkerLeaseException(Reason reason, String message) {
		this(reason, WorkerAssignment.DATABASE_LEASE.value(), message, null);
	}

	/** A failure of the database lease. */
	public WorkerLeaseException(Reason reason, String message, Throwable cause) {
		this(reason, WorkerAssignment.DATABASE_LEASE.value(), message, cause);
	}

	/**
	 * @param assignment the {@code snowflake.worker-assignment} value of the store that failed
	 * ({@link io.snowflakeid.spi.LeaseStore#assignment()}), so that advice names what to check for that store
	 */
	public WorkerLeaseException(Reason reason, String assignment, String message, Throwable cause) {
		super(message);
		this.reason = reason;
		this.assignment = assignment;
		if (cause != null) {
			initCause(cause);
		}
	}

	public Reason getReason() {
		return this.reason;
	}

	/** The {@code snowflake.worker-assignment} value of the store that failed: {@code database-lease}, {@code redis}... */
	public String getAssignment() {
		return this.assignment;
	}
}
