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

	@Test
	void afterAStepBackItRunsSlowUntilItMeetsTheWallClockAgainNeverGoingBackwards() {
		long start = this.source.currentTimeNanos();
		this.wallMillis.addAndGet(-10_000); // the wall clock is stepped back 10 s
		long previous = start;
		long elapsedNanos = 0;
		// 1 ms steps of real time: the source advances 0.9 ms per step until it has lost the 10 s.
		while (elapsedNanos < 200_000_000_000L) {
			this.nanoTime.addAndGet(1_000_000);
			this.wallMillis.addAndGet(1);
			elapsedNanos += 1_000_000;
			long now = this.source.currentTimeNanos();
			assertTrue(now >= previous, "never backwards");
			assertTrue(now - previous <= 1_000_000 + MonotonicTimeSource.RESYNC_THRESHOLD_NANOS,
					"never faster than real time while converging");
			previous = now;
			if (now - this.wallMillis.get() * 1_000_000 <= 0) {
				break;
			}
		}
		long converged = elapsedNanos;
		assertTrue(Math.abs(converged - 100_000_000_000L) < 1_000_000_000L,
				"a 10 s step back is absorbed in about 10 x 10 s at 90 % speed, took " + converged / 1_000_000 + " ms");
		// From then on it follows the wall clock again.
		this.nanoTime.addAndGet(5_000_000);
		this.wallMillis.addAndGet(5);
		assertTrue(Math.abs(this.source.currentTimeNanos() - this.wallMillis.get() * 1_000_000)
				<= MonotonicTimeSource.RESYNC_THRESHOLD_NANOS);
	}

	@Test
	void aMonotonicClockThatRunsFastIsPulledBackToTheWallClock() {
		// nanoTime gains 1 % on the wall clock (an OS whose monotonic clock NTP does not slew)
		long previous = this.source.currentTimeNanos();
		for (int i = 0; i < 100_000; i++) {
			this.nanoTime.addAndGet(1_010_000);
			this.wallMillis.addAndGet(1);
			long now = this.source.currentTimeNanos();
			assertTrue(now >= previous);
			previous = now;
		}
		long lead = previous - this.wallMillis.get() * 1_000_000;
		assertTrue(lead <= MonotonicTimeSource.RESYNC_THRESHOLD_NANOS + 1_010_000,
				"stays within the threshold of the wall clock, lead " + lead + " ns after 100 s");
	}
}
