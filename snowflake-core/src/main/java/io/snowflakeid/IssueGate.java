package io.snowflakeid;

import java.util.function.LongSupplier;

/**
 * What a generator built for a worker-assignment backend asks before it issues an id: the generator's side of the
 * service-provider interface ({@code io.snowflakeid.spi.IssuePermit} is the implementation the lease uses).
 * Applications do not use it. It is here, in the generator's package, because the generator is built on it; the
 * backends ({@code io.snowflakeid.spi}, {@code io.snowflakeid.worker}, the coordination modules) depend on this
 * package, never the other way.
 */
public interface IssueGate {

	/**
	 * Returns if an id with time {@code timeNanos} (on the generator's time source) may be issued now.
	 * @throws WorkerLeaseExpiredException if it may not
	 */
	void check(long timeNanos);

	/** The exception given to callers once the generator is sealed. */
	WorkerLeaseExpiredException refusal();

	/**
	 * Called once, by the generator built with this gate: {@code seal} stops that generator for good (no id
	 * follows, not even from a thread that passed {@link #check} just before) and returns the last epoch
	 * millisecond of the last tick it used.
	 */
	void attach(LongSupplier seal);

	/**
	 * A generator that issues only while {@code gate} lets it, never an id at or before {@code issueAfterMillis}
	 * (the high-water mark left by the previous holder of its node; null if none): how worker leases build theirs.
	 * The builder is checked as {@link SnowflakeIdGenerator.Builder#build()} checks it; the generator is the
	 * backend's own, not shared with other configurations of the node.
	 * @param gate null for a generator without a permit (a node continued above its last millisecond)
	 */
	static SnowflakeIdGenerator generator(SnowflakeIdGenerator.Builder settings, IssueGate gate,
			Long issueAfterMillis) {
		return settings.build(gate, issueAfterMillis);
	}
}
