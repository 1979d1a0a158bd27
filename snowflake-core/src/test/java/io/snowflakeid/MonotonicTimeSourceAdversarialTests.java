package io.snowflakeid;

import java.util.Random;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongSupplier;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.fail;

/**
 * Pauses (GC safepoints, preemption) between the reads {@link MonotonicTimeSource} makes. Real time moves on
 * for both clocks during a pause; a correct source must stay on the wall clock afterwards.
 */
class MonotonicTimeSourceAdversarialTests {

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
