package io.snowflakeid.segment;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

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
			assertThat(fixed.forNextFetch()).isEqualTo(100);
			elapse(Duration.ofMillis(1));
		}
	}

	@Test
	void segmentsUsedUpFasterThanTheTargetDoubleTheStepUpToAHundredTimes() {
		StepPolicy steps = dynamic(10);
		assertThat(steps.forNextFetch()).as("the first fetch has no history").isEqualTo(10);
		int expected = 10;
		for (int i = 0; i < 10; i++) {
			elapse(TARGET.minusMillis(1));
			expected = Math.min(1000, expected * 2);
			assertThat(steps.forNextFetch()).isEqualTo(expected);
		}
		assertThat(steps.current()).as("capped at 100 x the configured step").isEqualTo(1000);
	}

	@Test
	void theCapNeverExceedsAMillion() {
		StepPolicy steps = dynamic(600_000);
		steps.forNextFetch();
		elapse(Duration.ofMillis(1));
		assertThat(steps.forNextFetch()).isEqualTo(1_000_000);
	}

	@Test
	void maxStepBoundsTheDynamicStepBelowAHundredTimes() {
		StepPolicy steps = new StepPolicy(10, true, TARGET, 300, this.nanos::get);
		assertThat(steps.forNextFetch()).isEqualTo(10);
		int expected = 10;
		for (int i = 0; i < 10; i++) {
			elapse(Duration.ofMillis(1));
			expected = Math.min(300, expected * 2);
			assertThat(steps.forNextFetch()).as("fetch " + (i + 2)).isEqualTo(expected).isLessThanOrEqualTo(300);
		}
		assertThat(steps.current()).as("10, 20, 40, 80, 160, then max-step 300, not a power of two").isEqualTo(300);
		elapse(TARGET.multipliedBy(3));
		assertThat(steps.forNextFetch()).as("halved from the bound").isEqualTo(150);
	}

	/** One max-step for every key: it lowers the ceiling, it never lets a key of a small step grow past 100 x it. */
	@Test
	void aMaxStepAboveAHundredTimesTheStepOrAMillionChangesNothing() {
		StepPolicy steps = new StepPolicy(10, true, TARGET, 5_000, this.nanos::get);
		StepPolicy huge = new StepPolicy(600_000, true, TARGET, 1_000_000, this.nanos::get);
		steps.forNextFetch();
		huge.forNextFetch();
		for (int i = 0; i < 12; i++) {
			elapse(Duration.ofMillis(1));
			steps.forNextFetch();
			huge.forNextFetch();
		}
		assertThat(steps.current()).as("100 x the configured 10 still caps it").isEqualTo(1_000);
		assertThat(huge.current()).isEqualTo(1_000_000);
	}

	@Test
	void aKeyWhoseOwnStepExceedsMaxStepKeepsItsStepFixed() {
		StepPolicy steps = new StepPolicy(500, true, TARGET, 200, this.nanos::get);
		for (int i = 0; i < 5; i++) {
			assertThat(steps.forNextFetch()).isEqualTo(500);
			elapse(Duration.ofMillis(1));
		}
	}

	@Test
	void withMaxStepAFixedStepStaysFixed() {
		StepPolicy fixed = new StepPolicy(100, false, TARGET, 150, this.nanos::get);
		for (int i = 0; i < 5; i++) {
			assertThat(fixed.forNextFetch()).isEqualTo(100);
			elapse(Duration.ofMillis(1));
		}
	}

	@Test
	void segmentsLastingMoreThanTwiceTheTargetHalveTheStepDownToTheConfiguredOne() {
		StepPolicy steps = dynamic(10);
		steps.forNextFetch();
		for (int i = 0; i < 3; i++) {
			elapse(Duration.ofSeconds(1));
			steps.forNextFetch();
		}
		assertThat(steps.current()).isEqualTo(80);
		elapse(TARGET.multipliedBy(2).plusMillis(1));
		assertThat(steps.forNextFetch()).isEqualTo(40);
		elapse(TARGET.multipliedBy(2));
		assertThat(steps.forNextFetch()).as("exactly twice the target keeps the step").isEqualTo(40);
		for (int i = 0; i < 5; i++) {
			elapse(TARGET.multipliedBy(3));
			steps.forNextFetch();
		}
		assertThat(steps.current()).as("never below the configured step").isEqualTo(10);
	}

	@Test
	void aRetryAfterAFailedFetchAsksForTheSameStepHoweverFastTheRetriesCome() {
		StepPolicy steps = dynamic(10);
		steps.forNextFetch();
		elapse(Duration.ofSeconds(1));
		assertThat(steps.forNextFetch()).isEqualTo(20);
		for (int i = 0; i < 5; i++) {
			steps.fetchFailed();
			elapse(Duration.ofMillis(1));
			assertThat(steps.forNextFetch()).as("retry " + i).isEqualTo(20);
		}
		elapse(Duration.ofSeconds(1));
		assertThat(steps.forNextFetch()).as("after a successful fetch the load counts again").isEqualTo(40);
	}
}
