package io.snowflakeid.testing;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import io.snowflakeid.TimeSource;
import io.snowflakeid.spi.LeaseClock;

/**
 * One simulated time for tests, moved by hand, and every clock the library reads as a view of it: the wall clock
 * ({@link #wallMillis()}), the elapsed clock ({@link #elapsedNanos()}) and a generator's time source (this object
 * itself, or {@link #timeSource(Runnable)}). Pass it to {@code WorkerLeaseSettings.Builder#clock} and
 * {@code #timeSource} and the lease's wall clock, permits and marks can never disagree by accident; a test that wants
 * them to disagree says so ({@link #stepBack}, {@link #wallAheadBy}).
 * <p>
 * Real time ({@link #nanos()}, nanoseconds since 1970-01-01T00:00:00Z) only moves forwards: {@link #advance},
 * {@link #advanceTo}, a wait on the time source. The wall clock and the time source are real time plus an offset
 * that {@link #stepBack} and {@link #stepForward} change (an NTP step): the elapsed clock is real time and never
 * steps. Thread-safe.
 */
public final class SimulatedClock implements TimeSource, LeaseClock {

	/** The longest a wait on {@link #timeSource(Runnable)} moves time at once, so that its hook runs in between. */
	private static final long HOOKED_WAIT_STEP_NANOS = 50_000_000L;

	private final AtomicLong realNanos;

	private final AtomicLong wallOffsetNanos = new AtomicLong();

	private volatile long advancePerRead;

	public SimulatedClock(Instant start) {
		this.realNanos = new AtomicLong(Math.addExact(Math.multiplyExact(start.getEpochSecond(), 1_000_000_000L),
				start.getNano()));
	}

	/** Real time: nanoseconds since 1970-01-01T00:00:00Z, only ever moving forwards. */
	public long nanos() {
		return this.realNanos.get();
	}

	/** The elapsed clock: real time, which no wall clock step moves. */
	@Override
	public long elapsedNanos() {
		return this.realNanos.get();
	}

	/** The wall clock: real time plus the steps taken, in milliseconds. */
	@Override
	public long wallMillis() {
		return Math.floorDiv(wallNanos(), 1_000_000L);
	}

	/** The time source: the wall clock's time; every read moves real time on by {@link #advancePerRead}. */
	@Override
	public long currentTimeNanos() {
		return this.realNanos.addAndGet(this.advancePerRead) + this.wallOffsetNanos.get();
	}

	/** Waiting moves real time on by the wait (at least 1 ns), so a generator waiting for the next tick never hangs. */
	@Override
	public void awaitNanos(long nanos) {
		this.realNanos.addAndGet(Math.max(nanos, 1));
	}

	/**
	 * A time source view whose waits run {@code onWait} (may be null), then move real time on by the wait, at most
	 * 50 ms at a time (the waiter reads again and waits on): a hook that acts at a moment of a long wait.
	 */
	public TimeSource timeSource(Runnable onWait) {
		return new TimeSource() {
			@Override
			public long currentTimeNanos() {
				return SimulatedClock.this.currentTimeNanos();
			}

			@Override
			public void awaitNanos(long nanos) {
				if (onWait != null) {
					onWait.run();
				}
				SimulatedClock.this.realNanos.addAndGet(Math.max(1, Math.min(nanos, HOOKED_WAIT_STEP_NANOS)));
			}

			@Override
			public String toString() {
				return "time source of " + SimulatedClock.this;
			}
		};
	}

	/** A lease clock on this time whose wall clock runs {@code offset} ahead (behind if negative): another host's. */
	public LeaseClock wallAheadBy(Duration offset) {
		long offsetNanos = offset.toNanos();
		return new LeaseClock() {
			@Override
			public long wallMillis() {
				return Math.floorDiv(wallNanos() + offsetNanos, 1_000_000L);
			}

			@Override
			public long elapsedNanos() {
				return SimulatedClock.this.elapsedNanos();
			}
		};
	}

	/**
	 * A lease clock of two readings of the test's own, for the few tests that make one of them misbehave (a pause
	 * between two reads, a skew): usually a view of a {@link SimulatedClock} with a twist.
	 */
	public static LeaseClock leaseClock(LongSupplier wallMillis, LongSupplier elapsedNanos) {
		return new LeaseClock() {
			@Override
			public long wallMillis() {
				return wallMillis.getAsLong();
			}

			@Override
			public long elapsedNanos() {
				return elapsedNanos.getAsLong();
			}
		};
	}

	/** Every read of the time source moves real time on by this much, as if each id took that long. */
	public SimulatedClock advancePerRead(Duration step) {
		this.advancePerRead = step.toNanos();
		return this;
	}

	/** Real time passes (every clock moves). */
	public void advance(Duration duration) {
		if (duration.isNegative()) {
			throw new IllegalArgumentException("real time only moves forwards; stepBack moves the wall clock");
		}
		this.realNanos.addAndGet(duration.toNanos());
	}

	/** Real time passes until the wall clock's {@code epochMillis}, if it is not there yet. */
	public void advanceTo(long epochMillis) {
		long target = epochMillis * 1_000_000L - this.wallOffsetNanos.get();
		this.realNanos.accumulateAndGet(target, Math::max);
	}

	/** Real time passes until the wall clock's {@code epochNanos}, if it is not there yet. */
	public void advanceToNanos(long epochNanos) {
		this.realNanos.accumulateAndGet(epochNanos - this.wallOffsetNanos.get(), Math::max);
	}

	/** The wall clock and the time source step back (an NTP correction); the elapsed clock does not. */
	public void stepBack(Duration duration) {
		this.wallOffsetNanos.addAndGet(-duration.toNanos());
	}

	/** The wall clock and the time source step forwards; the elapsed clock does not. */
	public void stepForward(Duration duration) {
		this.wallOffsetNanos.addAndGet(duration.toNanos());
	}

	/** The wall clock's time, to the millisecond. */
	public Instant now() {
		return Instant.ofEpochMilli(wallMillis());
	}

	private long wallNanos() {
		return this.realNanos.get() + this.wallOffsetNanos.get();
	}

	@Override
	public String toString() {
		return "SimulatedClock[" + Instant.ofEpochSecond(0, wallNanos()) + "]";
	}
}
