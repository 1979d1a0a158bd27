package io.snowflakeid;

import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

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

	@Test
	void afterAbsorbingAStepBackTheSourceRunsAtFullSpeedAgain() {
		AtomicLong wallMillis = new AtomicLong(1_800_000_000_000L);
		AtomicLong nanoTime = new AtomicLong(42);
		TimeSource source = TimeSource.monotonic(wallMillis::get, nanoTime::get);
		source.currentTimeNanos();
		wallMillis.addAndGet(-1_000); // stepped back 1 s: absorbed in about 10 s at 90 % speed
		for (int i = 0; i < 12_000; i++) {
			nanoTime.addAndGet(1_000_000);
			wallMillis.addAndGet(1);
			source.currentTimeNanos();
		}
		long before = source.currentTimeNanos();
		for (int i = 0; i < 1_000; i++) {
			nanoTime.addAndGet(1_000_000);
			wallMillis.addAndGet(1);
			source.currentTimeNanos();
		}
		assertThat(source.currentTimeNanos() - before).as("one second per second once converged")
			.isEqualTo(1_000_000_000L);
		assertThat(source.currentTimeNanos()).as("on the wall clock").isEqualTo(wallMillis.get() * 1_000_000);
	}

	// --- pauses (GC safepoints, preemption) between the reads it makes: real time moves on for both clocks
	// during a pause, and the source must stay on the wall clock afterwards

	/**
	 * {@code currentTimeNanos()} reads {@code nanoTime}, then the wall clock, and passes the first reading to
	 * {@code resync}. A thread paused between the two reads sees the wall clock "ahead" by the pause, and
	 * {@code resync} sets the offset so that the <em>stale</em> nanoTime maps to the current wall time: from then
	 * on the source runs ahead of the wall clock by the whole pause (then slews back at 90 %, over ten times the
	 * pause). Ids get timestamps in the future, marks written by renewals and close() are ahead by the pause, and a
	 * graceful restart on another process cannot reuse the row (or waits) once the pause exceeds the tolerance.
	 * No wall clock step is involved: an ordinary stop-the-world pause of a thread calling {@code nextId()} is
	 * enough.
	 */
	@Test
	void aPauseBetweenTheNanoTimeAndWallClockReadsDoesNotPushTheSourceAhead() {
		long seed = Long.getLong("snowflake.adversarial.seed", System.nanoTime());
		Random random = new Random(seed);
		for (int round = 0; round < 200; round++) {
			AtomicLong wallMillis = new AtomicLong(1_800_000_000_000L + random.nextInt(1_000_000));
			AtomicLong nanoTime = new AtomicLong(random.nextLong(1L << 50));
			AtomicBoolean pauseArmed = new AtomicBoolean();
			long pauseNanos = 3_000_000L + (long) (random.nextDouble() * random.nextDouble() * 5_000_000_000L);
			LongSupplier pausingNanoTime = () -> {
				long value = nanoTime.get();
				if (pauseArmed.getAndSet(false)) {
					// stopped right after reading nanoTime: real time (both clocks) moves on
					nanoTime.addAndGet(pauseNanos);
					wallMillis.addAndGet(pauseNanos / 1_000_000);
				}
				return value;
			};
			TimeSource source = TimeSource.monotonic(wallMillis::get, pausingNanoTime);
			for (int i = 0; i < random.nextInt(20); i++) {
				advance(wallMillis, nanoTime, 1 + random.nextInt(5));
				source.currentTimeNanos();
			}
			pauseArmed.set(true);
			source.currentTimeNanos();
			advance(wallMillis, nanoTime, 1);
			long lead = source.currentTimeNanos() - wallMillis.get() * 1_000_000L;
			if (lead > MonotonicTimeSource.RESYNC_THRESHOLD_NANOS + 1_000_000) {
				fail("seed " + seed + " round " + round + ": after a " + pauseNanos / 1_000_000 + " ms pause between "
						+ "the nanoTime and wall clock reads, the source runs " + lead / 1_000_000
						+ " ms ahead of the wall clock (no clock was stepped)");
			}
		}
	}

	private static void advance(AtomicLong wallMillis, AtomicLong nanoTime, int millis) {
		wallMillis.addAndGet(millis);
		nanoTime.addAndGet(millis * 1_000_000L);
	}

	/**
	 * The same pause on the generator's thread: the id's timestamp is ahead of the wall clock by the pause.
	 */
	@Test
	void idsIssuedAfterAPauseAreNotTimestampedInTheFuture() {
		AtomicLong wallMillis = new AtomicLong(1_800_000_000_000L);
		AtomicLong nanoTime = new AtomicLong(42);
		AtomicBoolean pauseArmed = new AtomicBoolean();
		LongSupplier pausingNanoTime = () -> {
			long value = nanoTime.get();
			if (pauseArmed.getAndSet(false)) {
				nanoTime.addAndGet(3_000_000_000L); // a 3 s full GC
				wallMillis.addAndGet(3_000);
			}
			return value;
		};
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().datacenterId(1).workerId(1)
			.timeSource(TimeSource.monotonic(wallMillis::get, pausingNanoTime)).build();
		generator.nextId();
		pauseArmed.set(true);
		generator.nextId();
		wallMillis.addAndGet(1);
		nanoTime.addAndGet(1_000_000);
		long id = generator.nextId();
		long aheadMillis = generator.decode(id).timestamp().toEpochMilli() - wallMillis.get();
		assertThat(aheadMillis).as("id timestamped " + aheadMillis + " ms after the wall clock").isLessThanOrEqualTo(2);
	}
}
