package io.snowflakeid;

/**
 * Permission for a generator to issue ids, valid until a point on its time source. A worker lease grants it
 * for the length of the lease each time the lease is renewed; when renewal fails the permit runs out and the
 * generator stops issuing ids (fail closed) until the lease is renewed again. Thread-safe.
 */
public final class IssuePermit {

	private volatile long validUntilNanos;

	private volatile String reason;

	/** A permit that is not yet valid: {@link #grantUntil} must be called before ids can be issued. */
	public IssuePermit(String reason) {
		this.validUntilNanos = Long.MIN_VALUE;
		this.reason = reason;
	}

	/** Valid until {@code nanos} on the generator's time source. */
	public void grantUntil(long nanos) {
		this.validUntilNanos = nanos;
	}

	/** Not valid from now on, for the given reason (shown in the exception callers get). */
	public void revoke(String reason) {
		this.reason = reason;
		this.validUntilNanos = Long.MIN_VALUE;
	}

	/** Sets the reason reported once the current grant runs out, without shortening it. */
	public void reasonIfExpired(String reason) {
		this.reason = reason;
	}

	public boolean isValidAt(long nanos) {
		return nanos < this.validUntilNanos;
	}

	void check(long nowNanos) {
		if (nowNanos >= this.validUntilNanos) {
			throw new WorkerLeaseExpiredException(this.reason);
		}
	}
}
