package io.snowflakeid;

import java.util.concurrent.locks.LockSupport;

/**
 * Where a generator reads the time, and how it waits for it to pass. Tests inject their own source to step the
 * clock forwards and backwards; nothing in this library ever touches the machine's clock.
 */
public interface TimeSource {

	/** Nanoseconds since 1970-01-01T00:00:00Z. Only the millisecond part needs to be accurate. */
	long currentTimeNanos();

	/**
	 * Parking is coarse (tens of microseconds of timer slack on Linux); closer than this to the end of a wait we
	 * spin, so a generator held at its cap loses little of the next tick and still burns no core.
	 */
	long SPIN_THRESHOLD_NANOS = 100_000;

	/**
	 * Waits part of {@code nanos} nanoseconds; callers re-read the time and call again until it has passed. The
	 * default parks while far from the end and spins for the last stretch. A source that simulates time advances
	 * its clock here instead.
	 */
	default void awaitNanos(long nanos) {
		if (nanos > SPIN_THRESHOLD_NANOS) {
			LockSupport.parkNanos(nanos - SPIN_THRESHOLD_NANOS);
		}
		else {
			Thread.onSpinWait();
		}
	}

	/**
	 * The default: the wall clock read once, then advanced by {@link System#nanoTime()}, so a wall clock step
	 * backwards (NTP, a VM restored from a snapshot, a leap second) cannot rewind ids inside the process. It
	 * follows the wall clock when that jumps ahead, and never goes backwards.
	 */
	static TimeSource monotonic() {
		return new MonotonicTimeSource();
	}

	/**
	 * {@link #monotonic()} over clocks of your own, for simulations: {@code wallMillis} in place of
	 * {@link System#currentTimeMillis()}, {@code nanoTime} in place of {@link System#nanoTime()}.
	 */
	static TimeSource monotonic(java.util.function.LongSupplier wallMillis, java.util.function.LongSupplier nanoTime) {
		return new MonotonicTimeSource(wallMillis, nanoTime);
	}

	/**
	 * The plain wall clock ({@link System#currentTimeMillis()}), which can step backwards; a generator on it
	 * absorbs steps up to its clock tolerance and refuses to issue ids beyond it.
	 */
	static TimeSource system() {
		return () -> System.currentTimeMillis() * 1_000_000L;
	}
}
