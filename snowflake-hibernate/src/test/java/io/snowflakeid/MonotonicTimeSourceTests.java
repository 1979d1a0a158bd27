package io.snowflakeid;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MonotonicTimeSourceTests {

	private final AtomicLong wallMillis = new AtomicLong(1_800_000_000_000L);

	private final AtomicLong nanoTime = new AtomicLong(42);

	private final MonotonicTimeSource source = new MonotonicTimeSource(this.wallMillis::get, this.nanoTime::get);

	@Test
	void startsAtTheWallClockAndAdvancesWithNanoTime() {
		assertEquals(1_800_000_000_000L * 1_000_000, this.source.currentTimeNanos());
		this.nanoTime.addAndGet(1_500_000);
		this.wallMillis.addAndGet(1);
		assertEquals(1_800_000_000_000L * 1_000_000 + 1_500_000, this.source.currentTimeNanos());
	}

	@Test
	void wallClockStepBackwardsDoesNotRewindTime() {
		this.nanoTime.addAndGet(10_000_000);
		this.wallMillis.addAndGet(10);
		long before = this.source.currentTimeNanos();
		this.wallMillis.addAndGet(-5_000);
		this.nanoTime.addAndGet(1_000_000);
		long after = this.source.currentTimeNanos();
		assertEquals(before + 1_000_000, after);
	}

	@Test
	void wallClockJumpForwardIsFollowedAndNeverUndone() {
		long before = this.source.currentTimeNanos();
		this.wallMillis.addAndGet(60_000);
		long jumped = this.source.currentTimeNanos();
		assertEquals(before + 60_000_000_000L, jumped);
		this.wallMillis.addAndGet(-60_000);
		this.nanoTime.addAndGet(1_000);
		assertEquals(jumped + 1_000, this.source.currentTimeNanos());
	}

	@Test
	void millisecondJitterOfTheWallClockIsNotAJump() {
		long before = this.source.currentTimeNanos();
		this.wallMillis.addAndGet(1);
		assertEquals(before, this.source.currentTimeNanos());
		assertTrue(this.source.currentTimeNanos() >= before);
	}
}
