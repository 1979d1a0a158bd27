package io.snowflakeid.stress;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

import io.snowflakeid.TimeSource;

/**
 * A clock that stands still until a caller waits, then moves on by the time waited: every tick boundary is crossed
 * by the generator itself, at the moment its sequence runs out, which is where races live. Optionally every third
 * read is one millisecond behind, as a clock stepped back by NTP would be.
 */
final class SteppingClock implements TimeSource {

	private final AtomicLong nanos = new AtomicLong(Instant.parse("2026-01-01T00:00:00Z").toEpochMilli() * 1_000_000L);

	private final AtomicLong reads = new AtomicLong();

	private final boolean sometimesBehind;

	SteppingClock(boolean sometimesBehind) {
		this.sometimesBehind = sometimesBehind;
	}

	@Override
	public long currentTimeNanos() {
		long now = this.nanos.get();
		if (this.sometimesBehind && this.reads.getAndIncrement() % 3 == 1) {
			return now - 1_000_000L;
		}
		return now;
	}

	@Override
	public void awaitNanos(long nanos) {
		this.nanos.addAndGet(Math.max(nanos, 1));
	}
}
