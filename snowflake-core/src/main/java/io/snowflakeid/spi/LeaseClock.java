package io.snowflakeid.spi;

/**
 * The clocks a {@code WorkerLease} runs on, read from one object so that they cannot disagree: the wall clock lease
 * ends are written in (and compared with other instances' clocks) and the elapsed-time clock its permit to issue ids
 * is measured on. Set with {@code WorkerLeaseSettings.Builder#clock(LeaseClock)}; the default is
 * {@link #system()}.
 * <p>
 * In production the default is the right one. Another clock is for simulations and tests (a clock moved by hand,
 * or a host whose wall clock runs ahead), as a cache takes a ticker. Unless a time source is set, a lease on a clock
 * of its own derives its generator's from it ({@code TimeSource.monotonic} over the two readings), so that marks,
 * lease ends and permits all follow the one clock. Implementations must be thread-safe; {@link #elapsedNanos()}
 * must never go backwards.
 * <p>
 * In the service-provider package: what an application plugs in rather than calls, as a lease store.
 */
public interface LeaseClock {

	/** Milliseconds since 1970-01-01T00:00:00Z: the wall clock lease ends are written in. May step either way. */
	long wallMillis();

	/**
	 * Nanoseconds from an arbitrary origin, never going backwards (like {@link System#nanoTime()}): the clock a
	 * lease's permit is measured on, so that no permit outlives its lease in real time whatever the wall clock does.
	 */
	long elapsedNanos();

	/** The default: {@link System#currentTimeMillis()} and {@link System#nanoTime()}. */
	static LeaseClock system() {
		return SystemLeaseClock.INSTANCE;
	}
}
