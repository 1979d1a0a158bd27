package io.snowflakeid.segment;

import java.time.Duration;
import java.util.function.LongSupplier;

import io.snowflakeid.internal.config.SegmentConfiguration;

/**
 * The step each fetch of one key asks for. Fixed by default; with a dynamic step it follows the load, as Leaf does:
 * a segment used up in less than the target time doubles the next step (up to {@link #max}: {@link #MAX_FACTOR}
 * times the configured step, or max-step where that is lower), one that lasted more than twice the target halves it
 * (down to the configured step). A retry after a failed fetch asks for the same step as the failed one: no segment was used
 * meanwhile, so the load says nothing new (a failure used to count as a segment used up at once, doubling the step
 * on every retry).
 * <p>
 * Not thread-safe: its generator calls it with its monitor held. The clock is injected (nanoseconds, as
 * {@link System#nanoTime()}), so tests and simulations decide how long a segment lasted.
 */
final class StepPolicy {

	/** The most a dynamic step grows to, as a multiple of the configured step (and never beyond 1,000,000). */
	static final int MAX_FACTOR = 100;

	private final int configured;

	private final boolean dynamic;

	private final long targetNanos;

	private final int max;

	private final LongSupplier nanoClock;

	/** The step of the next fetch. */
	private int next;

	/** When the last counted fetch started; valid once {@link #fetchedBefore}. */
	private long lastFetchNanos;

	private boolean fetchedBefore;

	/** The step of the last fetch, and whether it failed: then the next fetch is its retry. */
	private int lastStep;

	private boolean lastFailed;

	/** The policy of a key of step {@code configured} under {@code snowflake.segment.*}. */
	StepPolicy(int configured, SegmentConfiguration configuration, LongSupplier nanoClock) {
		this(configured, configuration.dynamicStep(), configuration.dynamicStepTarget(), configuration.maxStep(),
				nanoClock);
	}

	StepPolicy(int configured, boolean dynamic, Duration target, LongSupplier nanoClock) {
		this(configured, dynamic, target, null, nanoClock);
	}

	/**
	 * @param maxStep {@code snowflake.segment.max-step}: the most a dynamic step grows to (1..1,000,000, checked by
	 * {@link SegmentConfiguration}), never above {@link #MAX_FACTOR} times the configured step, or null for that;
	 * never below the configured step (a key whose own step is larger keeps it, fixed)
	 */
	StepPolicy(int configured, boolean dynamic, Duration target, Integer maxStep, LongSupplier nanoClock) {
		this.configured = configured;
		this.dynamic = dynamic;
		this.targetNanos = target.toNanos();
		// max-step only ever lowers the ceiling: one setting for every key must not let a key of a small step grow
		// past 100 times it (a crash loses up to twice the largest step); a key whose own step is larger keeps it
		long max = Math.min(1_000_000L, (long) configured * MAX_FACTOR);
		this.max = (maxStep != null) ? (int) Math.max(configured, Math.min(max, maxStep)) : (int) max;
		this.nanoClock = nanoClock;
		this.next = configured;
	}

	/** The step of a fetch about to start; once per fetch. */
	int forNextFetch() {
		int step = (this.lastFailed && this.lastStep > 0) ? this.lastStep : adapt();
		this.lastFailed = false;
		this.lastStep = step;
		return step;
	}

	/** The fetch last started failed: the next one is its retry. */
	void fetchFailed() {
		this.lastFailed = true;
	}

	/** The step the next (new, not retried) segment will be fetched with. */
	int current() {
		return this.next;
	}

	private int adapt() {
		if (this.dynamic) {
			long now = this.nanoClock.getAsLong();
			if (this.fetchedBefore) {
				long lasted = now - this.lastFetchNanos;
				if (lasted < this.targetNanos) {
					this.next = (int) Math.min(this.max, this.next * 2L);
				}
				else if (lasted > 2 * this.targetNanos) {
					this.next = Math.max(this.configured, this.next / 2);
				}
			}
			this.lastFetchNanos = now;
			this.fetchedBefore = true;
		}
		return this.next;
	}
}
