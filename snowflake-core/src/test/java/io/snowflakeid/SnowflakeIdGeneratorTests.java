package io.snowflakeid;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import io.snowflakeid.spi.LocalNodes;
import io.snowflakeid.testing.SimulatedClock;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class SnowflakeIdGeneratorTests {

	private static final Instant START = Instant.parse("2026-11-22T10:00:00Z");

	/** A start of the simulated clocks (and an epoch) of some tests, apart from the others' times. */
	private static final Instant IN_2031 = Instant.parse("2031-01-01T00:00:00Z");

	@Test
	void idsAreUniqueAndIncreasingPerThreadUnderContention() throws Exception {
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().datacenterId(3).workerId(17).build();
		int threads = 4;
		int perThread = 250_000;
		ExecutorService pool = Executors.newFixedThreadPool(threads);
		try {
			List<Future<long[]>> results = new ArrayList<>();
			for (int t = 0; t < threads; t++) {
				results.add(pool.submit((Callable<long[]>) () -> {
					long[] ids = new long[perThread];
					for (int i = 0; i < perThread; i++) {
						ids[i] = generator.nextId();
					}
					return ids;
				}));
			}
			long[] all = new long[threads * perThread];
			int n = 0;
			for (Future<long[]> result : results) {
				long[] ids = result.get();
				for (int i = 1; i < ids.length; i++) {
					assertThat(ids[i]).as("ids of one thread must be strictly increasing").isGreaterThan(ids[i - 1]);
				}
				System.arraycopy(ids, 0, all, n, ids.length);
				n += ids.length;
			}
			Arrays.sort(all);
			for (int i = 1; i < all.length; i++) {
				assertThat(all[i]).as("duplicate id " + all[i]).isNotEqualTo(all[i - 1]);
			}
			SnowflakeIdParts parts = generator.decode(all[all.length - 1]);
			assertThat(parts.datacenterId()).isEqualTo(3);
			assertThat(parts.workerId()).isEqualTo(17);
		}
		finally {
			pool.shutdownNow();
		}
	}

	@Test
	void idsDecodeToTheirIssueTimeAndNode() {
		SimulatedClock clock = new SimulatedClock(START);
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().datacenterId(1).workerId(30)
				.timeSource(clock).build();
		clock.advance(Duration.ofMillis(5));
		SnowflakeIdParts parts = generator.decode(generator.nextId());
		assertThat(parts.timestamp()).isEqualTo(START.plusMillis(5));
		assertThat(parts.datacenterId()).isEqualTo(1);
		assertThat(parts.workerId()).isEqualTo(30);
	}

	@Test
	void exhaustedSequenceWaitsForTheNextTickInsteadOfRepeating() {
		SimulatedClock clock = new SimulatedClock(START);
		SnowflakeLayout small = SnowflakeLayout.builder().timestampBits(45).datacenterBits(5).workerBits(5)
				.sequenceBits(8).build();
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().layout(small).datacenterId(0).workerId(0)
				.timeSource(clock).build();
		long previous = -1;
		long tickOfFirst = -1;
		for (int i = 0; i < 2_000; i++) {
			long id = generator.nextId();
			assertThat(id).isGreaterThan(previous);
			previous = id;
			if (i == 0) {
				tickOfFirst = small.decode(id).tick();
			}
		}
		// 2,000 ids at up to 256 per tick: the frozen clock was only moved on by the generator's own waiting.
		long ticksUsed = small.decode(previous).tick() - tickOfFirst + 1;
		assertThat(ticksUsed).as("needed at least 8 ticks, used " + ticksUsed).isGreaterThanOrEqualTo(8);
		assertThat(clock.now()).as("never issues an id from a tick that has not started")
			.isAfterOrEqualTo(small.decode(previous).timestamp());
	}

	@Test
	void clockStepBackWithinToleranceKeepsIdsUniqueAndOrdered() {
		SimulatedClock clock = new SimulatedClock(START);
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().datacenterId(0).workerId(1)
				.timeSource(clock).timeSource(clock).clockTolerance(Duration.ofSeconds(1)).build();
		clock.advance(Duration.ofMillis(10));
		long before = generator.nextId();
		clock.stepBack(Duration.ofMillis(800));
		long previous = before;
		for (int i = 0; i < 10_000; i++) {
			long id = generator.nextId();
			assertThat(id).as("out of order after a backward step").isGreaterThan(previous);
			previous = id;
		}
		assertThat(generator.decode(previous).timestamp().isAfter(generator.decode(before).timestamp())
				|| generator.decode(previous).timestamp().equals(generator.decode(before).timestamp())).isTrue();
	}

	@Test
	void clockStepBackBeyondToleranceFailsWithTheStepSizeThenRecovers() {
		SimulatedClock clock = new SimulatedClock(START);
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().datacenterId(0).workerId(1)
				.timeSource(clock).clockTolerance(Duration.ofMillis(100)).build();
		clock.advance(Duration.ofMillis(10));
		long last = generator.nextId();
		clock.stepBack(Duration.ofMillis(250));
		assertThatExceptionOfType(ClockMovedBackwardsException.class).isThrownBy(generator::nextId)
			.satisfies((ex) -> assertThat(ex.getBackwardsMillis()).isEqualTo(250))
			.satisfies((ex) -> assertThat(ex.getToleranceMillis()).isEqualTo(100))
			.withMessageContaining("250 ms")
			.withMessageContaining("snowflake.clock-tolerance");
		clock.advance(Duration.ofMillis(260));
		assertThat(generator.nextId()).as("issues again, in order, once the clock has caught up").isGreaterThan(last);
	}

	@Test
	void oneIdPerTickSpreadsEvenlyOverSmallPowersOfTwo() {
		SimulatedClock clock = new SimulatedClock(START);
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().datacenterId(0).workerId(0)
				.timeSource(clock).build();
		int samples = 32_000;
		int[] mod16 = new int[16];
		for (int i = 0; i < samples; i++) {
			clock.advance(Duration.ofMillis(1));
			mod16[(int) (generator.nextId() % 16)]++;
		}
		for (int modulus : new int[] { 2, 4, 8, 16 }) {
			int[] buckets = new int[modulus];
			for (int r = 0; r < 16; r++) {
				buckets[r % modulus] += mod16[r];
			}
			double expected = (double) samples / modulus;
			for (int r = 0; r < modulus; r++) {
				double deviation = Math.abs(buckets[r] - expected) / expected;
				assertThat(deviation)
					.as("id % " + modulus + " == " + r + " seen " + buckets[r]
							+ " times, expected about " + (long) expected + ": " + Arrays.toString(buckets))
					.isLessThan(0.15);
			}
		}
	}

	@Test
	void timestampFieldExhaustionIsAnErrorNeverANegativeId() {
		SnowflakeLayout shortLived = SnowflakeLayout.builder().timestampBits(20).datacenterBits(5).workerBits(5)
				.sequenceBits(33).epoch(START).build();
		SimulatedClock clock = new SimulatedClock(START.plusMillis((1L << 20) - 2));
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().layout(shortLived).datacenterId(0)
				.workerId(0).timeSource(clock).build();
		assertThat(generator.nextId()).isGreaterThan(0);
		clock.advance(Duration.ofMillis(1));
		assertThat(generator.nextId()).as("the last tick of the field is still usable").isGreaterThan(0);
		clock.advance(Duration.ofMillis(1));
		assertThatExceptionOfType(TimestampExhaustedException.class).isThrownBy(generator::nextId)
			.withMessageContaining(shortLived.exhaustedAt().toString());
	}

	@Test
	void missingWorkerIdIsAnErrorNotASilentZero() {
		SnowflakeConfigurationException ex = catchThrowableOfType(SnowflakeConfigurationException.class,
				() -> SnowflakeIdGenerator.builder().datacenterId(1).build());
		assertThat(ex).isNotNull();
		assertThat(ex.getSetting()).isEqualTo("snowflake.worker-id");
		assertThat(ex.getValue()).isEqualTo("<not set>");
		assertThat(ex.getAllowed()).isEqualTo("0..31 (5 worker bits)");
	}

	/** Only the pair must differ between instances: the message must not say a datacenter id is per instance. */
	@Test
	void aMissingDatacenterIdBesideAWorkerIdSaysThePairMustBeUniqueNotTheDatacenter() {
		SnowflakeConfigurationException ex = catchThrowableOfType(SnowflakeConfigurationException.class,
				() -> SnowflakeIdGenerator.builder().workerId(7).build());
		assertThat(ex.getSetting()).isEqualTo("snowflake.datacenter-id");
		assertThat(ex.getMessage()).contains("its own (datacenter id, worker id) pair",
				"instances may share a datacenter id").doesNotContain("its own datacenter id");
	}

	@Test
	void workerIdOutsideItsFieldNamesPropertyValueAndRange() {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> SnowflakeIdGenerator.builder().datacenterId(1).workerId(32).build())
			.withMessage("Invalid snowflake.worker-id = 32: allowed 0..31 (5 worker bits)");
	}

	@Test
	void negativeDatacenterIdIsRejected() {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> SnowflakeIdGenerator.builder().datacenterId(-1).workerId(0).build())
			.withMessage("Invalid snowflake.datacenter-id = -1: allowed 0..31 (5 datacenter bits)");
	}

	@Test
	void layoutWithoutWorkerBitsNeedsNoWorkerId() {
		SnowflakeLayout layout = SnowflakeLayout.builder().timestampBits(41).datacenterBits(10).workerBits(0)
				.sequenceBits(12).build();
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().layout(layout).datacenterId(1000).build();
		assertThat(generator.workerId()).isEqualTo(0);
		assertThat(generator.decode(generator.nextId()).datacenterId()).isEqualTo(1000);
	}

	@Test
	void epochInTheFutureIsRejected() {
		SnowflakeLayout future = SnowflakeLayout.builder().epoch(START.plusSeconds(60)).build();
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> SnowflakeIdGenerator.builder().layout(future).datacenterId(0).workerId(0)
					.timeSource(new SimulatedClock(START)).build())
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo("snowflake.epoch"))
			.satisfies((ex) -> assertThat(ex.getAllowed()).as(ex.getMessage()).contains(START.toString()));
	}

	/** After 2262 an epoch does not fit in nanoseconds: it must not overflow into the past and be accepted. */
	@Test
	void anEpochTooFarInTheFutureForNanosecondsIsRejectedAsInTheFuture() {
		for (String year : new String[] { "2263", "2267", "2999" }) {
			SnowflakeLayout future = SnowflakeLayout.builder().epoch(Instant.parse(year + "-01-01T00:00:00Z")).build();
			assertThatExceptionOfType(SnowflakeConfigurationException.class).as(year)
				.isThrownBy(() -> SnowflakeIdGenerator.builder().layout(future).datacenterId(0).workerId(0)
					.timeSource(new SimulatedClock(START)).build())
				.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo("snowflake.epoch"));
		}
	}

	@Test
	void currentTimeBeyondTheTimestampFieldIsRejectedAtStart() {
		SnowflakeLayout tooShort = SnowflakeLayout.builder().timestampBits(30).datacenterBits(5).workerBits(5)
				.sequenceBits(23).build();
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> SnowflakeIdGenerator.builder().layout(tooShort).datacenterId(0).workerId(0)
					.timeSource(new SimulatedClock(START)).build())
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo("snowflake.layout.timestamp-bits"))
			.withMessageContaining(tooShort.exhaustedAt().toString());
	}

	@Test
	void clockToleranceOutOfRangeIsRejected() {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> SnowflakeIdGenerator.builder().datacenterId(0).workerId(0)
					.clockTolerance(Duration.ofMinutes(5)).build())
			.withMessage(
					"Invalid snowflake.clock-tolerance = PT5M: allowed a whole number of milliseconds from 0 ms to 60000 ms");
	}

	@Test
	void sharedGeneratorIsOnePerConfigurationInTheProcess() {
		SnowflakeIdGenerator a = LocalNodes.shared(SnowflakeIdGenerator.builder().datacenterId(9).workerId(9));
		SnowflakeIdGenerator b = LocalNodes.shared(SnowflakeIdGenerator.builder().datacenterId(9).workerId(9));
		SnowflakeIdGenerator other = LocalNodes.shared(SnowflakeIdGenerator.builder().datacenterId(9).workerId(10));
		assertThat(b).isSameAs(a);
		assertThat(other).isNotSameAs(a);
	}

	@Test
	void statisticsCountIdsWaitsAndBackwardSteps() {
		SimulatedClock clock = new SimulatedClock(START);
		SnowflakeLayout small = SnowflakeLayout.builder().timestampBits(45).datacenterBits(5).workerBits(5)
			.sequenceBits(8).build();
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().layout(small).datacenterId(0).workerId(0)
			.timeSource(clock).build();
		for (int i = 0; i < 1_000; i++) {
			generator.nextId();
		}
		assertThat(generator.statistics().idsIssued()).isEqualTo(1_000);
		assertThat(generator.statistics().sequenceExhaustedWaits()).as("1,000 ids at 256 per tick wait 3+ times")
			.isGreaterThanOrEqualTo(3);
		assertThat(generator.statistics().clockBackwardsEvents()).isEqualTo(0);
		clock.stepBack(Duration.ofMillis(300));
		assertThat(generator.clockBehindMillis()).as("behind by the step: " + generator.clockBehindMillis())
			.isGreaterThanOrEqualTo(299);
		generator.nextId();
		generator.nextId();
		assertThat(generator.statistics().clockBackwardsEvents()).as("one step counts once, not per id").isEqualTo(1);
		assertThat(generator.statistics().maxClockBackwardsMillis()).isGreaterThanOrEqualTo(299);
		assertThat(generator.clockTolerance()).isEqualTo(Duration.ofSeconds(1));
	}

	@Test
	void aSecondConfigurationOfTheSameNodeWithAnotherToleranceIsRefusedNotGivenItsOwnSequence() {
		SnowflakeIdGenerator first = LocalNodes.shared(SnowflakeIdGenerator.builder().datacenterId(21).workerId(4)
			.clockTolerance(Duration.ofSeconds(1)));
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> LocalNodes.shared(SnowflakeIdGenerator.builder().datacenterId(21).workerId(4)
				.clockTolerance(Duration.ofMillis(200))))
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo("snowflake.clock-tolerance"))
			.withMessageContaining("1000 ms, as already configured for (datacenter 21, worker 4)");
		assertThat(LocalNodes.shared(SnowflakeIdGenerator.builder().datacenterId(21).workerId(4)
			.clockTolerance(Duration.ofSeconds(1)))).as("the same configuration shares the sequence")
			.isSameAs(first);
	}

	@Test
	void aNodeHeldByALeaseInThisJvmCannotAlsoBeUsedStatically() {
		LocalNodes.Reservation reservation = LocalNodes.reserve(SnowflakeLayout.DEFAULT, 22, 5, "a test lease");
		try {
			assertThatExceptionOfType(SnowflakeConfigurationException.class)
				.isThrownBy(() -> LocalNodes.shared(SnowflakeIdGenerator.builder().datacenterId(22).workerId(5)))
				.withMessageContaining("is leased by a test lease");
		}
		finally {
			reservation.release(System.currentTimeMillis());
		}
	}

	@Test
	void aNodeUsedEarlierInThisJvmContinuesAboveItsLastMillisecond() {
		SimulatedClock clock = new SimulatedClock(START);
		LocalNodes.Reservation reservation = LocalNodes.reserve(SnowflakeLayout.DEFAULT, 23, 6, "a test lease");
		long lastUsed = START.toEpochMilli() + 500; // the lease's clock ran 500 ms ahead of this one
		reservation.release(lastUsed);
		SnowflakeIdGenerator generator = LocalNodes.shared(SnowflakeIdGenerator.builder().datacenterId(23).workerId(6).timeSource(clock)
			);
		assertThat(generator.decode(generator.nextId()).timestamp().toEpochMilli()).isGreaterThan(lastUsed);
	}

	@Test
	void toleranceIsInMillisecondsWhateverTheTickLength() {
		SnowflakeLayout hourly = SnowflakeLayout.builder().timestampBits(25).datacenterBits(5).workerBits(5)
			.sequenceBits(28).tickLength(Duration.ofHours(1)).build();
		SimulatedClock clock = new SimulatedClock(Instant.parse("2026-11-22T10:00:00.000Z"));
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().layout(hourly).datacenterId(1).workerId(1)
			.timeSource(clock).clockTolerance(Duration.ofSeconds(1)).build();
		long first = generator.nextId();
		clock.stepBack(Duration.ofMillis(1)); // across the tick boundary: 1 ms behind, well within 1 s
		long second = generator.nextId();
		assertThat(second).isGreaterThan(first);
		clock.stepBack(Duration.ofSeconds(2));
		assertThatExceptionOfType(ClockMovedBackwardsException.class).isThrownBy(generator::nextId)
			.withMessageContaining("2001");
	}

	// --- the clock figures it reports, and the end of the timestamp field

	@Test
	void anExhaustedTimestampFieldNamesTheTimeItWasAskedFor() {
		SnowflakeLayout short32 = SnowflakeLayout.builder().totalBits(32).timestampBits(20).datacenterBits(0)
			.workerBits(0).sequenceBits(12).epoch(IN_2031).tickLength(Duration.ofSeconds(1)).build();
		SimulatedClock clock = new SimulatedClock(IN_2031.plusSeconds(10));
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().layout(short32).timeSource(clock).build();
		generator.nextId();
		clock.advance(Duration.ofDays(20)); // 2^20 s is about 12 days
		assertThatExceptionOfType(TimestampExhaustedException.class).isThrownBy(generator::nextId)
			.withMessageContaining(IN_2031.plusSeconds(10).plus(Duration.ofDays(20)) + " is at or after ");
	}

	@Test
	void howFarTheClockIsBehindIsReportedExactlyAndZeroWhenItIsNot() {
		SimulatedClock clock = new SimulatedClock(IN_2031);
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().datacenterId(0).workerId(0).timeSource(clock)
			.build();
		generator.nextId();
		assertThat(generator.clockBehindMillis()).isEqualTo(0);
		clock.stepBack(Duration.ofMillis(400));
		assertThat(generator.clockBehindMillis()).isEqualTo(400);
		generator.nextId(); // within the 1 s tolerance: no exception
		assertThat(generator.statistics().maxClockBackwardsMillis()).isEqualTo(400);
		assertThat(generator.statistics().clockBackwardsEvents()).isEqualTo(1);
		clock.advance(Duration.ofMillis(1_000));
		assertThat(generator.clockBehindMillis()).isEqualTo(0);
	}

	// --- one generator per node and JVM (LocalNodes)

	@Test
	void aSecondConfigurationOfANodeWithAnotherTimeSourceIsRefused() {
		SnowflakeLayout layout = SnowflakeLayout.builder().epoch(Instant.parse("2020-01-02T00:00:00Z")).build();
		SimulatedClock one = new SimulatedClock(IN_2031);
		SnowflakeIdGenerator first = LocalNodes.shared(SnowflakeIdGenerator.builder().layout(layout).datacenterId(9).workerId(9)
			.timeSource(one));
		assertThat(LocalNodes.shared(SnowflakeIdGenerator.builder().layout(layout).datacenterId(9).workerId(9).timeSource(one)
			)).isSameAs(first);
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> LocalNodes.shared(SnowflakeIdGenerator.builder().layout(layout).datacenterId(9).workerId(9)
				.timeSource(new SimulatedClock(IN_2031))))
			.withMessageContaining("with another time source");
	}

	@Test
	void aReservedNodeIsInUseUntilReleasedAndTheNextHolderLearnsWhereItStopped() {
		SnowflakeLayout layout = SnowflakeLayout.builder().epoch(Instant.parse("2020-01-03T00:00:00Z")).build();
		assertThat(LocalNodes.inUse(layout, 1, 2)).isFalse();
		LocalNodes.Reservation first = LocalNodes.reserve(layout, 1, 2, "lease A");
		assertThat(first.previousLastMillis()).isEqualTo(Long.MIN_VALUE);
		assertThat(LocalNodes.inUse(layout, 1, 2)).isTrue();
		assertThat(LocalNodes.reserve(layout, 1, 2, "lease B")).as("one holder at a time").isNull();
		first.release(1_234_567L);
		assertThat(LocalNodes.inUse(layout, 1, 2)).isFalse();
		LocalNodes.Reservation second = LocalNodes.reserve(layout, 1, 2, "lease B");
		assertThat(second.previousLastMillis()).isEqualTo(1_234_567L);
		second.release(1_000L);
		LocalNodes.Reservation third = LocalNodes.reserve(layout, 1, 2, "lease C");
		assertThat(third.previousLastMillis()).as("never goes back below what was used").isEqualTo(1_234_567L);
		third.release(0);
		SnowflakeIdGenerator shared = LocalNodes.shared(SnowflakeIdGenerator.builder().layout(layout).datacenterId(1).workerId(2)
			.timeSource(new SimulatedClock(IN_2031)));
		assertThat(LocalNodes.inUse(layout, 1, 2)).as("a shared generator holds its node").isTrue();
		assertThat(LocalNodes.reserve(layout, 1, 2, "lease D")).isNull();
		assertThat(shared.toString()).isNotNull();
		assertThat(shared.toString()).contains("datacenter 1, worker 2");
	}

	// --- other implementations of the interface

	@Test
	void generatorsThatAreNotTheDefaultImplementationHaveNeutralDefaults() {
		SnowflakeIdGenerator custom = new SnowflakeIdGenerator() {

			@Override
			public long nextId() {
				return 42;
			}

			@Override
			public SnowflakeLayout layout() {
				return SnowflakeLayout.DEFAULT;
			}

			@Override
			public long datacenterId() {
				return 0;
			}

			@Override
			public long workerId() {
				return 0;
			}
		};
		assertThat(custom.statistics()).isSameAs(SnowflakeStatistics.NONE);
		assertThat(custom.clockTolerance()).isEqualTo(SnowflakeIdGenerator.Builder.DEFAULT_CLOCK_TOLERANCE);
		assertThat(custom.clockBehindMillis()).isEqualTo(0);
		assertThat(custom.nextIdAsString()).isEqualTo("0000000000000000042");
	}
}
