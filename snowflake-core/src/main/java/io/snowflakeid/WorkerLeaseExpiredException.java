package io.snowflakeid;

/**
 * The generator's worker id is not (or no longer) held: issuing ids now could collide with another instance that has
 * taken the same worker id. {@link #reason()} tells a program whether to wait or give up: only {@link Reason#PAUSED}
 * resumes by itself; the message says what happened and what to do.
 */
public class WorkerLeaseExpiredException extends SnowflakeException {

	private static final long serialVersionUID = 1L;

	/** Why no id is issued, and whether that can end without a restart. */
	public enum Reason {

		/**
		 * Temporary: the lease is not renewed yet (the store is unreachable or slow, its connection is suspended, the
		 * clock jumped ahead of the stored mark). Issuing resumes once a renewal succeeds; retrying later may work.
		 */
		PAUSED,

		/**
		 * For good: the lease record no longer carries this instance's token (another instance took the pair after
		 * this lease had expired, or the record was deleted or rewritten). This generator issues no id again;
		 * restart the instance (or its context) to lease another worker id.
		 */
		LOST,

		/** For good: the application stopped the generator and handed its worker id back (a graceful stop). */
		RELEASED,

		/**
		 * For good: the application stopped the generator, but its worker id could not be handed back (the store was
		 * unreachable): the pair returns to the pool when its lease ends.
		 */
		CLOSED;

		/** Whether issuing can resume in this generator without a restart. */
		public boolean isTemporary() {
			return this == PAUSED;
		}
	}

	private final Reason reason;

	/** A {@link Reason#PAUSED} refusal. */
	public WorkerLeaseExpiredException(String detail) {
		this(Reason.PAUSED, detail);
	}

	public WorkerLeaseExpiredException(Reason reason, String detail) {
		super(message(reason, detail));
		this.reason = reason;
	}

	/** Whether to wait ({@link Reason#PAUSED}) or give up (every other reason). */
	public Reason reason() {
		return this.reason;
	}

	private static String message(Reason reason, String detail) {
		return switch (reason) {
			case PAUSED -> "Ids paused, no valid worker lease: " + detail + ". Refusing to issue ids that could collide "
					+ "with another instance; issuing resumes once the lease is renewed";
			case LOST -> "Worker lease lost: " + detail + ". This generator issues no more ids; restart the instance "
					+ "(or its application context) to lease another worker id";
			case RELEASED -> "Worker lease released: " + detail + ". This generator issues no more ids (its "
					+ "application is stopping or stopped)";
			case CLOSED -> "Worker lease closed: " + detail + ". This generator issues no more ids (its application "
					+ "is stopping or stopped; the worker id returns to the pool when its lease ends)";
		};
	}
}
