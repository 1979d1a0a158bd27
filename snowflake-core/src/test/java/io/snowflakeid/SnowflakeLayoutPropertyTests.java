package io.snowflakeid;

import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
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

	// --- time windows: idRange(from, to)

	/** An instant near a tick boundary (or anywhere in a tick), sometimes before the epoch or after the end. */
	static Instant instantNearATick(SnowflakeLayout layout, SplittableRandom random) {
		long tick = switch (random.nextInt(8)) {
			case 0 -> -1 - random.nextInt(2);
			case 1 -> layout.maxTimestamp() + 1 + random.nextInt(2);
			default -> field(random, layout.maxTimestamp());
		};
		Instant start = layout.epoch().plusMillis(Math.multiplyExact(tick, layout.tickMillis()));
		return switch (random.nextInt(7)) {
			case 0 -> start;
			case 1 -> start.plusNanos(1);
			case 2 -> start.minusNanos(1);
			case 3 -> start.plusMillis(1);
			case 4 -> start.minusMillis(1);
			case 5 -> start.plusNanos(random.nextLong(layout.tickMillis() * 1_000_000));
			default -> start.plusMillis(random.nextLong(layout.tickMillis()));
		};
	}

	/** A layout, a window [from, to) and an id of the layout. */
	record Window(Case id, Instant from, Instant to) {
	}

	static Window window(SplittableRandom random) {
		Case id = sample(random);
		Instant a = instantNearATick(id.layout(), random);
		Instant b = (random.nextInt(4) == 0) ? a.plusNanos(1 + random.nextLong(2_000_000))
				: instantNearATick(id.layout(), random);
		if (a.equals(b)) {
			b = a.plusNanos(1);
		}
		return a.isBefore(b) ? new Window(id, a, b) : new Window(id, b, a);
	}

	/**
	 * The reference: an id is in the window when its tick holds a millisecond the window holds, a millisecond
	 * {@code m} being held when {@code m >= from} (floored to its millisecond: ids carry milliseconds) and
	 * {@code m < to}.
	 */
	static boolean tickOverlaps(SnowflakeLayout layout, long tick, Instant from, Instant to) {
		Instant tickStart = layout.instantOf(tick);
		Instant tickEnd = tickStart.plus(layout.tickLength());
		Instant fromMillisecond = from.truncatedTo(ChronoUnit.MILLIS); // floors: an Instant's nanos are never negative
		return tickEnd.isAfter(fromMillisecond) && tickStart.isBefore(to);
	}

	@Test
	void anIdIsInAWindowsRangeExactlyWhenItsTickOverlapsTheWindow() {
		forAll(TRIES, SnowflakeLayoutPropertyTests::window, (w) -> {
			SnowflakeLayout layout = w.id().layout();
			SnowflakeIdRange range = layout.idRange(w.from(), w.to());
			assertThat(range.contains(w.id().id())).as(range + " holds the id of tick " + w.id().tick())
				.isEqualTo(tickOverlaps(layout, w.id().tick(), w.from(), w.to()));
		});
	}

	/** A range whose first id is its last holds that one id: it is not empty. The empty range holds none. */
	@Test
	void aRangeOfOneIdIsNotEmpty() {
		SnowflakeIdRange one = new SnowflakeIdRange(42, 42);
		assertThat(one.isEmpty()).isFalse();
		assertThat(one.contains(42)).isTrue();
		assertThat(one.contains(43)).isFalse();
		assertThat(SnowflakeIdRange.EMPTY.isEmpty()).isTrue();
		assertThat(new SnowflakeIdRange(42, 41).isEmpty()).isTrue();
	}

	@Test
	void aWindowsRangeStartsAndEndsOnWholeTicks() {
		forAll(TRIES, SnowflakeLayoutPropertyTests::window, (w) -> {
			SnowflakeLayout layout = w.id().layout();
			SnowflakeIdRange range = layout.idRange(w.from(), w.to());
			if (range.isEmpty()) {
				assertThat(range).isEqualTo(SnowflakeIdRange.EMPTY);
				assertThat(w.to().isAfter(layout.epoch()) && w.from().isBefore(layout.exhaustedAt()))
					.as("only a window outside the layout's lifetime is empty").isFalse();
				return;
			}
			SnowflakeIdParts first = layout.decode(range.first());
			SnowflakeIdParts last = layout.decode(range.last());
			assertThat(new long[] { first.datacenterId(), first.workerId(), first.sequence() }).containsOnly(0);
			assertThat(last.datacenterId()).isEqualTo(layout.maxDatacenterId());
			assertThat(last.workerId()).isEqualTo(layout.maxWorkerId());
			assertThat(last.sequence()).isEqualTo(layout.maxSequence());
			assertThat(tickOverlaps(layout, first.tick(), w.from(), w.to())).as("first tick in the window").isTrue();
			assertThat(tickOverlaps(layout, last.tick(), w.from(), w.to())).as("last tick in the window").isTrue();
			if (first.tick() > 0) {
				assertThat(tickOverlaps(layout, first.tick() - 1, w.from(), w.to())).as("tick before").isFalse();
			}
			if (last.tick() < layout.maxTimestamp()) {
				assertThat(tickOverlaps(layout, last.tick() + 1, w.from(), w.to())).as("tick after").isFalse();
			}
		});
	}

	@Test
	void anIdComposedAtAnInstantLiesInTheRangeOfEveryWindowHoldingThatInstant() {
		forAll(TRIES, (random) -> {
			Case id = sample(random);
			Instant at = id.layout().instantOf(id.tick())
				.plusMillis(random.nextLong(id.layout().tickMillis()));
			return new Window(id, at.minusNanos(random.nextLong(1, 3_000_000)), at.plusNanos(random.nextLong(1, 3)));
		}, (w) -> {
			SnowflakeLayout layout = w.id().layout();
			Instant at = w.to().minusNanos(1).truncatedTo(ChronoUnit.MILLIS);
			long id = layout.compose(at.isBefore(layout.exhaustedAt()) ? at : layout.exhaustedAt().minusMillis(1),
					w.id().datacenter(), w.id().worker(), w.id().sequence());
			assertThat(layout.idRange(w.from(), w.to()).contains(id)).isTrue();
		});
	}

	@Test
	void windowsBeyondTheLayoutsLifetimeAreClampedNotRefused() {
		forAll(TRIES, SnowflakeLayoutPropertyTests::layout, (layout) -> {
			Instant epoch = layout.epoch();
			Instant end = layout.exhaustedAt();
			long maxId = layout.compose(layout.maxTimestamp(), layout.maxDatacenterId(), layout.maxWorkerId(),
					layout.maxSequence());
			assertThat(layout.idRange(epoch.minusSeconds(86_400), end.plusSeconds(86_400)))
				.isEqualTo(new SnowflakeIdRange(0, maxId));
			assertThat(layout.idRange(Instant.MIN, Instant.MAX)).isEqualTo(new SnowflakeIdRange(0, maxId));
			assertThat(layout.idRange(Instant.MIN, epoch)).isEqualTo(SnowflakeIdRange.EMPTY);
			assertThat(layout.idRange(end, Instant.MAX)).isEqualTo(SnowflakeIdRange.EMPTY);
			assertThatExceptionOfType(IllegalArgumentException.class)
				.isThrownBy(() -> layout.compose(epoch.minusMillis(1), 0, 0, 0))
				.withMessageContaining(epoch.minusMillis(1).toString())
				.withMessageContaining("the epoch")
				.withMessageContaining(epoch.toString());
			assertThatExceptionOfType(IllegalArgumentException.class)
				.isThrownBy(() -> layout.compose(end, 0, 0, 0))
				.withMessageContaining(end.toString());
			assertThatExceptionOfType(IllegalArgumentException.class)
				.isThrownBy(() -> layout.idRange(epoch, epoch))
				.withMessageContaining("is not before");
		});
	}
}
