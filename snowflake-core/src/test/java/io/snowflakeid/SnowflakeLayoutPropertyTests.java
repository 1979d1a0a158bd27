package io.snowflakeid;

import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import static io.snowflakeid.PropertyCheck.field;
import static io.snowflakeid.PropertyCheck.forAll;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Properties of every valid layout (any total width from 32 to 63 bits, any split of it with at least one
 * timestamp bit, any tick from 1 ms to 1 h, any epoch since 1970), checked on generated layouts and ids. A failure
 * prints the counter-example and the seed that replays it ({@link PropertyCheck}).
 */
class SnowflakeLayoutPropertyTests {

	private static final int TRIES = 5_000;

	/** A layout and four field values that fit it. */
	record Case(SnowflakeLayout layout, long tick, long datacenter, long worker, long sequence) {

		long id() {
			return this.layout.compose(this.tick, this.datacenter, this.worker, this.sequence);
		}
	}

	/** Any layout the builder accepts: generated widths and ticks; those it refuses are drawn again. */
	static SnowflakeLayout layout(SplittableRandom random) {
		while (true) {
			int total = 32 + random.nextInt(32);
			int[] cuts = { random.nextInt(total), random.nextInt(total), random.nextInt(total) };
			Arrays.sort(cuts);
			long tick = (random.nextInt(3) == 0) ? 1 : 1 + random.nextLong(SnowflakeLayout.MAX_TICK_MILLIS);
			long epoch = random.nextLong(Instant.parse("2030-01-01T00:00:00Z").toEpochMilli());
			try {
				return SnowflakeLayout.builder().totalBits(total).timestampBits(total - cuts[2])
					.datacenterBits(cuts[0]).workerBits(cuts[1] - cuts[0]).sequenceBits(cuts[2] - cuts[1])
					.tickLength(Duration.ofMillis(tick)).epoch(Instant.ofEpochMilli(epoch)).build();
			}
			catch (SnowflakeConfigurationException lifetimeBeyondTheTimeLine) {
				// timestamp bits x tick length too long to count in milliseconds: refused by design
			}
		}
	}

	static Case sample(SnowflakeLayout layout, SplittableRandom random) {
		return new Case(layout, field(random, layout.maxTimestamp()), field(random, layout.maxDatacenterId()),
				field(random, layout.maxWorkerId()), field(random, layout.maxSequence()));
	}

	static Case sample(SplittableRandom random) {
		return sample(layout(random), random);
	}

	static Case[] pair(SplittableRandom random) {
		SnowflakeLayout layout = layout(random);
		Case a = sample(layout, random);
		// Half the time the second differs from the first in one field only: the order must still be right.
		if (random.nextBoolean()) {
			return new Case[] { a, sample(layout, random) };
		}
		Case b = sample(layout, random);
		return new Case[] { a, switch (random.nextInt(4)) {
			case 0 -> new Case(layout, a.tick(), a.datacenter(), a.worker(), b.sequence());
			case 1 -> new Case(layout, a.tick(), a.datacenter(), b.worker(), a.sequence());
			case 2 -> new Case(layout, a.tick(), b.datacenter(), a.worker(), a.sequence());
			default -> new Case(layout, b.tick(), a.datacenter(), a.worker(), a.sequence());
		} };
	}

	@Test
	void composeThenDecodeGivesBackEveryField() {
		forAll(TRIES, SnowflakeLayoutPropertyTests::sample, (c) -> {
			SnowflakeIdParts parts = c.layout().decode(c.id());
			assertThat(parts.tick()).isEqualTo(c.tick());
			assertThat(parts.datacenterId()).isEqualTo(c.datacenter());
			assertThat(parts.workerId()).isEqualTo(c.worker());
			assertThat(parts.sequence()).isEqualTo(c.sequence());
			assertThat(parts.timestamp()).isEqualTo(c.layout().instantOf(c.tick()));
		});
	}

	@Test
	void idsArePositiveAndFitTheLayoutsTotalBits() {
		forAll(TRIES, SnowflakeLayoutPropertyTests::sample, (c) -> {
			long id = c.id();
			assertThat(id).as("negative id " + id).isGreaterThanOrEqualTo(0);
			assertThat(c.layout().totalBits() == 63 || id < (1L << c.layout().totalBits()))
				.as(id + " does not fit " + c.layout().totalBits() + " bits")
				.isTrue();
		});
	}

	@Test
	void numericOrderIsTheOrderOfTickThenDatacenterThenWorkerThenSequence() {
		forAll(TRIES, SnowflakeLayoutPropertyTests::pair, (pair) -> {
			Case a = pair[0];
			Case b = pair[1];
			int byFields = Long.compare(a.tick(), b.tick());
			if (byFields == 0) {
				byFields = Long.compare(a.datacenter(), b.datacenter());
			}
			if (byFields == 0) {
				byFields = Long.compare(a.worker(), b.worker());
			}
			if (byFields == 0) {
				byFields = Long.compare(a.sequence(), b.sequence());
			}
			assertThat(Integer.signum(Long.compare(a.id(), b.id()))).isEqualTo(Integer.signum(byFields));
		});
	}

	@Test
	void textOrderIsNumericOrderAndTheTextReadsBack() {
		forAll(TRIES, SnowflakeLayoutPropertyTests::pair, (pair) -> {
			SnowflakeLayout layout = pair[0].layout();
			long a = pair[0].id();
			long b = pair[1].id();
			String textA = layout.toDecimalString(a);
			String textB = layout.toDecimalString(b);
			assertThat(textA).hasSize(layout.decimalWidth());
			assertThat(textB).hasSize(layout.decimalWidth());
			assertThat(Integer.signum(textA.compareTo(textB))).isEqualTo(Integer.signum(Long.compare(a, b)));
			assertThat(Long.parseLong(textA)).isEqualTo(a);
		});
	}

	@Test
	void theLargestIdUsesTheFullWidthAndStillReadsBack() {
		forAll(TRIES, SnowflakeLayoutPropertyTests::layout, (layout) -> {
			long max = layout.compose(layout.maxTimestamp(), layout.maxDatacenterId(), layout.maxWorkerId(),
					layout.maxSequence());
			assertThat(Long.toString(max).length()).as("the widest id needs every digit")
				.isEqualTo(layout.decimalWidth());
			assertThat(Long.parseLong(layout.toDecimalString(max))).isEqualTo(max);
			assertThat(layout.decode(max).tick()).isEqualTo(layout.maxTimestamp());
		});
	}

	@Test
	void eachPartOutsideItsFieldIsRefusedNamingPartValueAndRange() {
		forAll(TRIES, SnowflakeLayoutPropertyTests::sample, (c) -> {
			SnowflakeLayout layout = c.layout();
			if (layout.timestampBits() < 63) {
				long tooBigTick = layout.maxTimestamp() + 1;
				assertThatExceptionOfType(IllegalArgumentException.class)
					.isThrownBy(() -> layout.compose(tooBigTick, c.datacenter(), c.worker(), c.sequence()))
					.withMessageContaining("tick " + tooBigTick)
					.withMessageContaining("0.." + layout.maxTimestamp());
			}
			assertThatExceptionOfType(IllegalArgumentException.class)
				.isThrownBy(() -> layout.compose(c.tick(), c.datacenter(), layout.maxWorkerId() + 1, c.sequence()))
				.withMessageContaining("workerId " + (layout.maxWorkerId() + 1))
				.withMessageContaining("0.." + layout.maxWorkerId());
			assertThatExceptionOfType(IllegalArgumentException.class)
				.isThrownBy(() -> layout.compose(c.tick(), layout.maxDatacenterId() + 1, c.worker(), c.sequence()));
			assertThatExceptionOfType(IllegalArgumentException.class)
				.isThrownBy(() -> layout.compose(c.tick(), c.datacenter(), c.worker(), layout.maxSequence() + 1));
			assertThatExceptionOfType(IllegalArgumentException.class)
				.isThrownBy(() -> layout.compose(-1, c.datacenter(), c.worker(), c.sequence()));
		});
	}

	@Test
	void idsBeyondTheLayoutsBitsAreNotDecoded() {
		forAll(TRIES, SnowflakeLayoutPropertyTests::sample, (c) -> {
			SnowflakeLayout layout = c.layout();
			if (layout.totalBits() < 63) {
				long beyond = c.id() | (1L << layout.totalBits());
				assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> layout.decode(beyond))
					.withMessageContaining(Long.toString(beyond));
			}
			assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> layout.decode(-1 - c.id()));
		});
	}

	@Test
	void theExhaustionInstantIsTheStartOfTheFirstTickThatDoesNotFit() {
		forAll(TRIES, SnowflakeLayoutPropertyTests::layout, (layout) -> {
			Instant exhausted = layout.exhaustedAt();
			assertThat(layout.instantOf(layout.maxTimestamp()).plus(layout.tickLength())).isEqualTo(exhausted);
			if (exhausted.toEpochMilli() < Long.MAX_VALUE) { // tickOf() counts in epoch milliseconds
				assertThat(layout.tickOf(exhausted)).isEqualTo(layout.maxTimestamp() + 1);
				assertThat(layout.tickOf(exhausted.minusMillis(1))).isEqualTo(layout.maxTimestamp());
				assertThat(layout.remainingLifetime(exhausted)).isEqualTo(Duration.ZERO);
				assertThat(layout.remainingLifetime(exhausted.minusMillis(1))).isEqualTo(Duration.ofMillis(1));
			}
		});
	}

	@Test
	void everyInstantLiesInTheTickItMapsTo() {
		forAll(TRIES, (random) -> new Object[] { layout(random), random.nextLong(200L * 365 * 24 * 3_600_000) },
				(sample) -> {
					SnowflakeLayout layout = (SnowflakeLayout) sample[0];
					Instant instant = layout.epoch().plusMillis((Long) sample[1]);
					long tick = layout.tickOf(instant);
					assertThat(layout.instantOf(tick)).as("tick starts after " + instant).isBeforeOrEqualTo(instant);
					assertThat(layout.instantOf(tick).plus(layout.tickLength())).as("tick ends before " + instant)
						.isAfter(instant);
				});
	}
}
