package io.snowflakeid;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class MonotonicTimeSourceTests {

	private final AtomicLong wallMillis = new AtomicLong(1_800_000_000_000L);

	private final AtomicLong nanoTime = new AtomicLong(42);

	private final MonotonicTimeSource source = new MonotonicTimeSource(this.wallMillis::get, this.nanoTime::get);

	@Test
	void startsAtTheWallClockAndAdvancesWithNanoTime() {
		assertThat(this.source.currentTimeNanos()).isEqualTo(1_800_000_000_000L * 1_000_000);
		this.nanoTime.addAndGet(1_500_000);
		this.wallMillis.addAndGet(1);
		assertThat(this.source.currentTimeNanos()).isEqualTo(1_800_000_000_000L * 1_000_000 + 1_500_000);
	}

	@Test
	void wallClockStepBackwardsDoesNotRewindTime() {
		this.nanoTime.addAndGet(10_000_000);
		this.wallMillis.addAndGet(10);
		long before = this.source.currentTimeNanos();
		this.wallMillis.addAndGet(-5_000);
		this.nanoTime.addAndGet(1_000_000);
		long after = this.source.currentTimeNanos();
		assertThat(after).isEqualTo(before + 1_000_000);
	}

	@Test
	void wallClockJumpForwardIsFollowedAndNeverUndone() {
		long before = this.source.currentTimeNanos();
		this.wallMillis.addAndGet(60_000);
		long jumped = this.source.currentTimeNanos();
		assertThat(jumped).isEqualTo(before + 60_000_000_000L);
		this.wallMillis.addAndGet(-60_000);
		this.nanoTime.addAndGet(1_000);
		assertThat(this.source.currentTimeNanos()).isEqualTo(jumped + 1_000);
	}

	@Test
	void millisecondJitterOfTheWallClockIsNotAJump() {
		long before = this.source.currentTimeNanos();
		this.wallMillis.addAndGet(1);
		assertThat(this.source.currentTimeNanos()).isEqualTo(before);
		assertThat(this.source.currentTimeNanos()).isGreaterThanOrEqualTo(before);
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
			assertThat(now).as("never backwards").isGreaterThanOrEqualTo(previous);
			assertThat(now - previous).as("never faster than real time while converging")
				.isLessThanOrEqualTo(1_000_000 + MonotonicTimeSource.RESYNC_THRESHOLD_NANOS);
			previous = now;
			if (now - this.wallMillis.get() * 1_000_000 <= 0) {
				break;
			}
		}
		long converged = elapsedNanos;
		assertThat(Math.abs(converged - 100_000_000_000L))
			.as("a 10 s step back is absorbed in about 10 x 10 s at 90 % speed, took " + converged / 1_000_000 + " ms")
			.isLessThan(1_000_000_000L);
		// From then on it follows the wall clock again.
		this.nanoTime.addAndGet(5_000_000);
		this.wallMillis.addAndGet(5);
		assertThat(Math.abs(this.source.currentTimeNanos() - this.wallMillis.get() * 1_000_000))
			.isLessThanOrEqualTo(MonotonicTimeSource.RESYNC_THRESHOLD_NANOS);
	}

	@Test
	void aMonotonicClockThatRunsFastIsPulledBackToTheWallClock() {
		// nanoTime gains 1 % on the wall clock (an OS whose monotonic clock NTP does not slew)
		long previous = this.source.currentTimeNanos();
		for (int i = 0; i < 100_000; i++) {
			this.nanoTime.addAndGet(1_010_000);
			this.wallMillis.addAndGet(1);
			long now = this.source.currentTimeNanos();
			assertThat(now).isGreaterThanOrEqualTo(previous);
			previous = now;
		}
		long lead = previous - this.wallMillis.get() * 1_000_000;
		assertThat(lead).as("stays within the threshold of the wall clock, lead " + lead + " ns after 100 s")
			.isLessThanOrEqualTo(MonotonicTimeSource.RESYNC_THRESHOLD_NANOS + 1_010_000);
	}
}
