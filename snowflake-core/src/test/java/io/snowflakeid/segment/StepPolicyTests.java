package io.snowflakeid.segment;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The step of each fetch, on a clock the test moves: no sleeps. */
class StepPolicyTests {

	private static final Duration TARGET = Duration.ofMinutes(1);

	private final AtomicLong nanos = new AtomicLong(1_000);

	private StepPolicy dynamic(int step) {
		return new StepPolicy(step, true, TARGET, this.nanos::get);
	}

	private void elapse(Duration duration) {
		this.nanos.addAndGet(duration.toNanos());
	}

	@Test
	void aFixedStepNeverChangesHoweverFastSegmentsGo() {
		StepPolicy fixed = new StepPolicy(100, false, TARGET, this.nanos::get);
		for (int i = 0; i < 5; i++) {
			assertEquals(100, fixed.forNextFetch());
			elapse(Duration.ofMillis(1));
		}
	}

	@Test
	void segmentsUsedUpFasterThanTheTargetDoubleTheStepUpToAHundredTimes() {
		StepPolicy steps = dynamic(10);
		assertEquals(10, steps.forNextFetch(), "the first fetch has no history");
		int expected = 10;
		for (int i = 0; i < 10; i++) {
			elapse(TARGET.minusMillis(1));
			expected = Math.min(1000, expected * 2);
			assertEquals(expected, steps.forNextFetch());
		}
		assertEquals(1000, steps.current(), "capped at 100 x the configured step");
	}

	@Test
	void theCapNeverExceedsAMillion() {
		StepPolicy steps = dynamic(600_000);
		steps.forNextFetch();
		elapse(Duration.ofMillis(1));
		assertEquals(1_000_000, steps.forNextFetch());
	}

	@Test
	void segmentsLastingMoreThanTwiceTheTargetHalveTheStepDownToTheConfiguredOne() {
		StepPolicy steps = dynamic(10);
		steps.forNextFetch();
		for (int i = 0; i < 3; i++) {
			elapse(Duration.ofSeconds(1));
			steps.forNextFetch();
		}
		assertEquals(80, steps.current());
		elapse(TARGET.multipliedBy(2).plusMillis(1));
		assertEquals(40, steps.forNextFetch());
		elapse(TARGET.multipliedBy(2));
		assertEquals(40, steps.forNextFetch(), "exactly twice the target keeps the step");
		for (int i = 0; i < 5; i++) {
			elapse(TARGET.multipliedBy(3));
			steps.forNextFetch();
		}
		assertEquals(10, steps.current(), "never below the configured step");
	}

	@Test
	void aRetryAfterAFailedFetchAsksForTheSameStepHoweverFastTheRetriesCome() {
		StepPolicy steps = dynamic(10);
		steps.forNextFetch();
		elapse(Duration.ofSeconds(1));
		assertEquals(20, steps.forNextFetch());
		for (int i = 0; i < 5; i++) {
			steps.fetchFailed();
			elapse(Duration.ofMillis(1));
			assertEquals(20, steps.forNextFetch(), "retry " + i);
		}
		elapse(Duration.ofSeconds(1));
		assertEquals(40, steps.forNextFetch(), "after a successful fetch the load counts again");
	}
}
