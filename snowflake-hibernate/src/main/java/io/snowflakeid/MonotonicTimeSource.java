package io.snowflakeid;

import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

/**
 * Wall clock time that never goes backwards: {@code System.nanoTime() + offset}, where the offset is taken from
 * the wall clock at start and only ever moves forwards (when the wall clock has run ahead of us by more than
 * {@link #RESYNC_THRESHOLD_NANOS}, e.g. after a forward step, we catch up with it). On Linux CLOCK_MONOTONIC is
 * slewed by NTP like the wall clock, so the two only part ways when the wall clock is stepped.
 */
final class MonotonicTimeSource implements TimeSource {

	/** The wall clock has millisecond resolution; only a lead beyond that jitter is a real step forwards. */
	static final long RESYNC_THRESHOLD_NANOS = 2_000_000L;

	private final LongSupplier wallMillis;

	private final LongSupplier nanoTime;

	private final AtomicLong offset;

	MonotonicTimeSource() {
		this(System::currentTimeMillis, System::nanoTime);
	}

	/** For tests: both clocks injectable. */
	MonotonicTimeSource(LongSupplier wallMillis, LongSupplier nanoTime) {
		this.wallMillis = wallMillis;
		this.nanoTime = nanoTime;
		this.offset = new AtomicLong(wallNanos() - nanoTime.getAsLong());
	}

	@Override
	public long currentTimeNanos() {
		long nano = this.nanoTime.getAsLong();
		long monotonic = nano + this.offset.get();
		long wall = wallNanos();
		if (wall - monotonic > RESYNC_THRESHOLD_NANOS) {
			// The wall clock jumped ahead: follow it, and never move the offset back (max keeps it monotonic).
			return nano + this.offset.accumulateAndGet(wall - nano, Math::max);
		}
		return monotonic;
	}

	private long wallNanos() {
		return this.wallMillis.getAsLong() * 1_000_000L;
	}
}
