package io.snowflakeid.benchmarks;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What JMH's {@code SampleTime} mode really samples (docs/benchmarks.md, section 1): the loop JMH 1.37 generates
 * for that mode picks the calls it times with {@code rnd = rnd * 1664525 + 1013904223; sample = (rnd & mask) == 0}
 * and a mask of 2^k − 1. These tests run that rule and show it times exactly every 2^k-th call, not a random one: a
 * workload with a fixed period of 4,096 calls (a generator that fills every millisecond from sequence 0) would be
 * timed at the same places in every period.
 */
class JmhSampleStrideTests {

	/** JMH's choice for call {@code i}: the same arithmetic as its generated {@code _sample} loop. */
	private static boolean[] sampled(int seed, int mask, int calls) {
		boolean[] sampled = new boolean[calls];
		int rnd = seed;
		for (int i = 0; i < calls; i++) {
			rnd = rnd * 1664525 + 1013904223;
			sampled[i] = (rnd & mask) == 0;
		}
		return sampled;
	}

	@Test
	void everyMaskSamplesExactlyEveryTwoToTheKthCall() {
		for (int k = 1; k <= 16; k++) {
			int stride = 1 << k;
			for (int seed : new int[] { 0, 1, 12345, -987654321, (int) System.nanoTime() }) {
				boolean[] sampled = sampled(seed, stride - 1, stride * 64);
				int first = -1;
				for (int i = 0; i < sampled.length; i++) {
					if (sampled[i]) {
						if (first < 0) {
							first = i;
						}
						assertThat((i - first) % stride).as("k=%d seed=%d call %d", k, seed, i).isZero();
					}
					else if (first >= 0) {
						assertThat((i - first) % stride).as("k=%d seed=%d call %d", k, seed, i).isNotZero();
					}
				}
				assertThat(first).isBetween(0, stride - 1);
			}
		}
	}

	@Test
	void aWorkloadWithAPeriodOf4096CallsIsTimedAtTheSamePlacesInEveryPeriod() {
		int idsPerMillisecond = 4096; // a 12-bit sequence at its cap, every millisecond started at sequence 0
		for (int mask : new int[] { 255, 1023, 4095 }) {
			boolean[] sampled = sampled(42, mask, idsPerMillisecond * 1000);
			Set<Integer> places = new HashSet<>();
			for (int i = 0; i < sampled.length; i++) {
				if (sampled[i]) {
					places.add(i % idsPerMillisecond);
				}
			}
			// A random sample of 1,000 ms would hit nearly every one of the 4,096 places; this one hits 4096/(mask+1).
			assertThat(places).hasSize(idsPerMillisecond / (mask + 1));
		}
	}
}
