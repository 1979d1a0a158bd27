package io.snowflakeid;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

/** A clock the test moves by hand. Waiting advances it, so a generator waiting for the next tick never hangs. */
public final class ManualTimeSource implements TimeSource {

	private final AtomicLong nanos;

	private volatile long advancePerRead;

	public ManualTimeSource(Instant start) {
		this.nanos = new AtomicLong(start.toEpochMilli() * 1_000_000L);
	}

	@Override
	public long currentTimeNanos() {
		return this.nanos.addAndGet(this.advancePerRead);
	}

	@Override
	public void awaitNanos(long nanos) {
		this.nanos.addAndGet(Math.max(nanos, 1));
	}

	/** Every read moves the clock on by this much, as if each id took that long. */
	public ManualTimeSource advancePerRead(Duration step) {
		this.advancePerRead = step.toNanos();
		return this;
	}

	public void advance(Duration duration) {
		this.nanos.addAndGet(duration.toNanos());
	}

	public void stepBack(Duration duration) {
		this.nanos.addAndGet(-duration.toNanos());
	}

	public Instant now() {
		return Instant.ofEpochMilli(this.nanos.get() / 1_000_000L);
	}
}
