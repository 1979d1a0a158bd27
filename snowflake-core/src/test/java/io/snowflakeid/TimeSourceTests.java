package io.snowflakeid;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The {@link TimeSource} interface itself: the built-in sources read the wall clock, and a source that only says
 * what time it is still waits as long as asked ({@link TimeSource#awaitNanos}'s default).
 */
class TimeSourceTests {

	@Test
	void theBuiltInTimeSourcesFollowTheWallClock() {
		long before = System.currentTimeMillis();
		long system = TimeSource.system().currentTimeNanos() / 1_000_000;
		long monotonic = TimeSource.monotonic().currentTimeNanos() / 1_000_000;
		long after = System.currentTimeMillis();
		assertThat(system).as(system + " not in " + before + ".." + after).isGreaterThanOrEqualTo(before)
			.isLessThanOrEqualTo(after);
		assertThat(monotonic).as(monotonic + " not near " + before).isGreaterThanOrEqualTo(before - 2)
			.isLessThanOrEqualTo(after + 2);
	}

	@Test
	void theDefaultWaitSleepsForTheTimeAskedRatherThanReturningAtOnce() {
		TimeSource source = () -> 0;
		long start = System.nanoTime();
		source.awaitNanos(30_000_000);
		long took = System.nanoTime() - start;
		assertThat(took).as("waited only " + took + " ns of 30 ms").isGreaterThanOrEqualTo(25_000_000);
		start = System.nanoTime();
		source.awaitNanos(50_000); // short waits spin instead of parking
		assertThat(System.nanoTime() - start).isLessThan(20_000_000);
	}
}
