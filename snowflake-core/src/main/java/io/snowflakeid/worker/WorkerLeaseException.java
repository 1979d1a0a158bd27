package io.snowflakeid.worker;

import io.snowflakeid.SnowflakeException;

/** A worker id could not be leased safely; the message says why, {@link #getReason()} what kind of failure. */
public class WorkerLeaseException extends SnowflakeException {

	private static final long serialVersionUID = 1L;

	/** What went wrong, so that a failure analyzer can give advice that fits. */
	public enum Reason {

		/** Every (datacenter, worker) pair is held by a live instance (or one that crashed, until its lease ends). */
		ALL_WORKERS_LEASED,

		/** Free pairs exist, but on every one the clock is behind the previous holder's high-water mark. */
		CLOCK_BEHIND,

		/** The lease table could not be reached, created or read. */
		DATABASE_UNAVAILABLE,

		/** The layout or settings cannot be used with a database lease. */
		UNSUPPORTED_CONFIGURATION,

		/** Other instances kept winning the same rows (serialization failures) beyond the retry bound. */
		CONTENTION
	}

	private final Reason reason;

	public WorkerLeaseException(Reason reason, String message) {
		super(message);
		this.reason = reason;
	}

	public WorkerLeaseException(Reason reason, String message, Throwable cause) {
		super(message);
		this.reason = reason;
		initCause(cause);
	}

	public Reason getReason() {
		return this.reason;
	}
}
