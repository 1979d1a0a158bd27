package io.snowflakeid.benchmarks.startup;

import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The 95 % interval of a median that the start-up page gives for the starter's added time: it must hold the true
 * median at least about 95 % of the time whatever the distribution (a start-up's differences are skewed), or the
 * page's verdict would over-claim; with few values the ranks are coarse and it is conservative (99.4 % at 12).
 */
class MedianIntervalTests {

	@Test
	void holdsTheTrueMedianOfASkewedDistributionAboutNineteenTimesInTwenty() {
		SplittableRandom random = new SplittableRandom(20261205);
		double trueMedian = Math.log(2); // exponential(1)
		for (int n : new int[] { 12, 30, 60 }) {
			int covered = 0;
			int trials = 20_000;
			for (int trial = 0; trial < trials; trial++) {
				double[] sample = new double[n];
				for (int i = 0; i < n; i++) {
					sample[i] = -Math.log(1 - random.nextDouble());
				}
				Arrays.sort(sample);
				double[] interval = StartupCostBenchmark.medianInterval(sample);
				if (interval[0] <= trueMedian && trueMedian <= interval[1]) {
					covered++;
				}
			}
			assertThat(covered / (double) trials).as("coverage at n = %d", n).isBetween(0.94, 0.995);
		}
	}

	@Test
	void isNarrowerThanTheWholeRangeFromSixValuesOn() {
		double[] thirty = new double[30];
		Arrays.setAll(thirty, (i) -> i + 1);
		assertThat(StartupCostBenchmark.medianInterval(thirty)).containsExactly(9, 22);
		double[] five = { 1, 2, 3, 4, 5 };
		assertThat(StartupCostBenchmark.medianInterval(five)).containsExactly(1, 5);
	}
}
