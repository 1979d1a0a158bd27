package io.snowflakeid.spi;

import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongSupplier;

import io.snowflakeid.IssueGate;
import io.snowflakeid.WorkerLeaseExpiredException;

/**
 * Permission for a generator to issue ids, held by a worker lease. Each grant is bounded twice:
 * <ul>
 * <li>in <em>elapsed</em> time ({@code System.nanoTime()} by default): the lease's length from the moment the
 * renewal started, so the permit never outlives the lease in real time, whatever the generator's time source
 * does (it may run slow while converging back to the wall clock);</li>
 * <li>on the generator's <em>time source</em>: no id may carry a timestamp at or beyond the high-water mark the
 * lease stored with the grant, so a successor that starts after that mark can never repeat one of our ids, even
 * if this host's clock jumped ahead.</li>
 * </ul>
 * {@link #seal(String)} stops the generator for good and tells the exact last timestamp it used, for a graceful release.
 * Thread-safe.
 * <p>
 * The {@link IssueGate} of worker-assignment backends (the database lease in {@code io.snowflakeid.worker},
 * coordination services in modules of their own): they build their generator with
 * {@link IssueGate#generator IssueGate.generator(settings, permit, highWaterMark)}. Applications do not use it.
 */
public final class IssuePermit implements IssueGate {

	/** How far before the elapsed deadline a time limit hit counts as the clock having jumped ahead. */
	private static final long JUMP_NANOS = 1_000_000_000L;

	private final LongSupplier elapsedNanos;

	private volatile Grant grant;

	private volatile String reason;

	/** Whether the refusal is temporary; set with {@link #reason} (a refusal reads both, a stale pair is harmless). */
	private volatile WorkerLeaseExpiredException.Reason kind = WorkerLeaseExpiredException.Reason.PAUSED;

	/** How the one generator built with this permit is sealed; set once, atomically. */
	private final AtomicReference<LongSupplier> issuer = new AtomicReference<>();

	/** A permit that is not yet valid: {@link #grant} must be called before ids can be issued. */
	public IssuePermit(String reason) {
		this(reason, System::nanoTime);
	}

	/** For simulations: the elapsed-time clock injected. */
	public IssuePermit(String reason, LongSupplier elapsedNanos) {
		this.reason = reason;
		this.elapsedNanos = elapsedNanos;
	}

	/** The elapsed-time clock grants are measured on. */
	public long elapsedNanos() {
		return this.elapsedNanos.getAsLong();
	}

	/**
	 * Valid while the elapsed clock is before {@code elapsedDeadlineNanos} and the generator's time source before
	 * {@code timeLimitNanos}.
	 */
	public void grant(long elapsedDeadlineNanos, long timeLimitNanos) {
		this.grant = new Grant(elapsedDeadlineNanos, timeLimitNanos);
	}

	/** Not valid until the next {@link #grant}, for the given reason (shown in the exception callers get). */
	public void revoke(String reason) {
		revoke(WorkerLeaseExpiredException.Reason.PAUSED, reason);
	}

	/** Not valid from now on, of the given kind and for the given reason (shown in the exception callers get). */
	public void revoke(WorkerLeaseExpiredException.Reason kind, String reason) {
		this.kind = kind;
		this.reason = reason;
		this.grant = null;
	}

	/** Sets the (temporary) reason reported once the current grant runs out, without shortening it. */
	public void reasonIfExpired(String reason) {
		this.kind = WorkerLeaseExpiredException.Reason.PAUSED;
		this.reason = reason;
	}

	/**
	 * Sets what a refusal reports from now on, without changing the grant: after {@link #seal}, once the outcome of
	 * the stop is known (a release that succeeded or not).
	 */
	public void reason(WorkerLeaseExpiredException.Reason kind, String reason) {
		this.kind = kind;
		this.reason = reason;
	}

	/** Whether an id with time {@code timeNanos} (on the generator's time source) may be issued now. */
	public boolean isValidAt(long timeNanos) {
		Grant current = this.grant;
		return current != null && timeNanos < current.timeLimitNanos
				&& this.elapsedNanos.getAsLong() - current.elapsedDeadlineNanos < 0;
	}

	@Override
	public void check(long timeNanos) {
		if (!isValidAt(timeNanos)) {
			Grant current = this.grant;
			// Time limit and elapsed deadline end together when the clock runs in step (the mark is floored to a
			// millisecond, so the limit may come a moment first): only a limit hit long before the deadline means
			// the clock jumped ahead; otherwise the lease simply ended, for the reason recorded.
			if (current != null && timeNanos >= current.timeLimitNanos
					&& current.elapsedDeadlineNanos - this.elapsedNanos.getAsLong() > JUMP_NANOS) {
				throw new WorkerLeaseExpiredException("the clock is past the high-water mark stored with the lease "
						+ "(it jumped ahead); issuing resumes after the next renewal stores a new mark");
			}
			throw refusal();
		}
	}

	/** The exception callers are given once the permit is not valid. */
	@Override
	public WorkerLeaseExpiredException refusal() {
		return new WorkerLeaseExpiredException(this.kind, this.reason);
	}

	@Override
	public void attach(LongSupplier issuer) {
		if (!this.issuer.compareAndSet(null, issuer)) {
			throw new IllegalStateException("A permit belongs to one generator");
		}
	}


	/**
	 * Revokes the permit and stops its generator for good; afterwards no id is issued, even by a thread that
	 * checked the permit just before.
	 * @return the last epoch millisecond of the last tick the generator used (or would have continued from)
	 */
	public long seal(String reason) {
		return seal(WorkerLeaseExpiredException.Reason.CLOSED, reason);
	}

	/** {@link #seal(String)} with the kind of refusal callers get from now on. */
	public long seal(WorkerLeaseExpiredException.Reason kind, String reason) {
		revoke(kind, reason);
		LongSupplier target = this.issuer.get();
		if (target == null) {
			throw new IllegalStateException("No generator was built with this permit");
		}
		return target.getAsLong();
	}

	private record Grant(long elapsedDeadlineNanos, long timeLimitNanos) {
	}
}
