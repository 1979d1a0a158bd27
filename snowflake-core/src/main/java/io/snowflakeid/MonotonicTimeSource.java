package io.snowflakeid;

import java.util.function.LongSupplier;

/**
 * Wall clock time that never goes backwards and converges back to the wall clock.
 * <p>
 * It is {@code System.nanoTime() + offset}, the offset taken from the wall clock at start. When the wall clock
 * runs ahead (a forward step, or {@code nanoTime} running slow against NTP time) by more than
 * {@link #RESYNC_THRESHOLD_NANOS}, it jumps forwards to it. When the wall clock falls behind by more than the
 * threshold (a backward step, a VM restored from a snapshot, {@code nanoTime} running fast on an OS whose monotonic
 * clock NTP does not slew) it does not jump back: it runs at {@code 1 - 1/}{@link #SLEW_DIVISOR} of real speed
 * (90 %) until the wall clock has caught up, so after a step back of {@code S} it is back on the wall clock after
 * {@code 10 x S}. Staying ahead for ever would push worker-lease high-water marks ahead of every other host's
 * clock, and their successors would refuse to start.
 */
final class MonotonicTimeSource implements TimeSource {

	/** The wall clock has millisecond resolution; only a difference beyond that jitter is a real step. */
	static final long RESYNC_THRESHOLD_NANOS = 2_000_000L;

	/** While ahead of the wall clock, lose 1/SLEW_DIVISOR of each elapsed nanosecond. */
	static final long SLEW_DIVISOR = 10;

	private static final long NOT_SLEWING = Long.MIN_VALUE;

	private final LongSupplier wallMillis;

	private final LongSupplier nanoTime;

	/** Replaced as a whole, so readers always see a consistent offset and slew start. */
	private volatile State state;

	MonotonicTimeSource() {
		this(System::currentTimeMillis, System::nanoTime);
	}

	/** For tests: both clocks injectable. */
	MonotonicTimeSource(LongSupplier wallMillis, LongSupplier nanoTime) {
		this.wallMillis = wallMillis;
		this.nanoTime = nanoTime;
		long nano = nanoTime.getAsLong();
		this.state = new State(wallNanos() - nano, NOT_SLEWING);
	}

	@Override
	public long currentTimeNanos() {
		long nano = this.nanoTime.getAsLong();
		State current = this.state;
		long value = current.valueAt(nano);
		long lead = value - wallNanos();
		// Not slewing: a step either way beyond the jitter. Slewing: the wall clock has caught up (or jumped ahead).
		boolean needsChange = (current.slewFromNano == NOT_SLEWING) ? Math.abs(lead) > RESYNC_THRESHOLD_NANOS
				: lead <= 0;
		return needsChange ? resync(nano) : value;
	}

	/**
	 * Rare: on a step of the wall clock and when a slew ends. Never returns less than the state's value. The
	 * caller's {@code nanoTime} may be stale (the thread may have paused before reading the wall clock): read both
	 * again, close together, so that a pause is never taken for a clock step.
	 */
	private synchronized long resync(long staleNano) {
		long nano;
		long wall;
		int attempts = 0;
		do {
			long before = this.nanoTime.getAsLong();
			wall = wallNanos();
			nano = this.nanoTime.getAsLong();
			if (nano - before <= RESYNC_THRESHOLD_NANOS) {
				break;
			}
		}
		while (++attempts < 10);
		nano = Math.max(nano, staleNano);
		State current = this.state;
		long value = current.valueAt(nano);
		long lead = value - wall;
		if (lead < -RESYNC_THRESHOLD_NANOS || (current.slewFromNano != NOT_SLEWING && lead <= 0)) {
			// Behind the wall clock (or a slew has caught up): follow it forwards.
			this.state = new State(Math.max(value, wall) - nano, NOT_SLEWING);
			return Math.max(value, wall);
		}
		if (lead > RESYNC_THRESHOLD_NANOS && current.slewFromNano == NOT_SLEWING) {
			// Ahead of the wall clock: start running slow from exactly where we are, so nothing goes back.
			this.state = new State(value - nano, nano);
		}
		return value;
	}

	private long wallNanos() {
		return this.wallMillis.getAsLong() * 1_000_000L;
	}

	/** {@code nano + offset}, less the slew since {@code slewFromNano} when slewing. */
	private record State(long offset, long slewFromNano) {

		long valueAt(long nano) {
			long value = nano + this.offset;
			if (this.slewFromNano != NOT_SLEWING && nano > this.slewFromNano) {
				value -= (nano - this.slewFromNano) / SLEW_DIVISOR;
			}
			return value;
		}
	}
}
