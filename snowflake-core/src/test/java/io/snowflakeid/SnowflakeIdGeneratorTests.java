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

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SnowflakeIdGeneratorTests {

	private static final Instant START = Instant.parse("2026-11-22T10:00:00Z");

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
					assertTrue(ids[i] > ids[i - 1], "ids of one thread must be strictly increasing");
				}
				System.arraycopy(ids, 0, all, n, ids.length);
				n += ids.length;
			}
			Arrays.sort(all);
			for (int i = 1; i < all.length; i++) {
				assertTrue(all[i] != all[i - 1], "duplicate id " + all[i]);
			}
			SnowflakeIdParts parts = generator.decode(all[all.length - 1]);
			assertEquals(3, parts.datacenterId());
			assertEquals(17, parts.workerId());
		}
		finally {
			pool.shutdownNow();
		}
	}

	@Test
	void idsDecodeToTheirIssueTimeAndNode() {
		ManualTimeSource clock = new ManualTimeSource(START);
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().datacenterId(1).workerId(30)
				.timeSource(clock).build();
		clock.advance(Duration.ofMillis(5));
		SnowflakeIdParts parts = generator.decode(generator.nextId());
		assertEquals(START.plusMillis(5), parts.timestamp());
		assertEquals(1, parts.datacenterId());
		assertEquals(30, parts.workerId());
	}

	@Test
	void exhaustedSequenceWaitsForTheNextTickInsteadOfRepeating() {
		ManualTimeSource clock = new ManualTimeSource(START);
		SnowflakeLayout small = SnowflakeLayout.builder().timestampBits(45).datacenterBits(5).workerBits(5)
				.sequenceBits(8).build();
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().layout(small).datacenterId(0).workerId(0)
				.timeSource(clock).build();
		long previous = -1;
		long tickOfFirst = -1;
		for (int i = 0; i < 2_000; i++) {
			long id = generator.nextId();
			assertTrue(id > previous);
			previous = id;
			if (i == 0) {
				tickOfFirst = small.decode(id).tick();
			}
		}
		// 2,000 ids at up to 256 per tick: the frozen clock was only moved on by the generator's own waiting.
		long ticksUsed = small.decode(previous).tick() - tickOfFirst + 1;
		assertTrue(ticksUsed >= 8, "needed at least 8 ticks, used " + ticksUsed);
		assertTrue(!clock.now().isBefore(small.decode(previous).timestamp()),
				"never issues an id from a tick that has not started");
	}

	@Test
	void clockStepBackWithinToleranceKeepsIdsUniqueAndOrdered() {
		ManualTimeSource clock = new ManualTimeSource(START);
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().datacenterId(0).workerId(1)
				.timeSource(clock).timeSource(clock).clockTolerance(Duration.ofSeconds(1)).build();
		clock.advance(Duration.ofMillis(10));
		long before = generator.nextId();
		clock.stepBack(Duration.ofMillis(800));
		long previous = before;
		for (int i = 0; i < 10_000; i++) {
			long id = generator.nextId();
			assertTrue(id > previous, "out of order after a backward step");
			previous = id;
		}
		assertTrue(generator.decode(previous).timestamp().isAfter(generator.decode(before).timestamp())
				|| generator.decode(previous).timestamp().equals(generator.decode(before).timestamp()));
	}

	@Test
	void clockStepBackBeyondToleranceFailsWithTheStepSizeThenRecovers() {
		ManualTimeSource clock = new ManualTimeSource(START);
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().datacenterId(0).workerId(1)
				.timeSource(clock).clockTolerance(Duration.ofMillis(100)).build();
		clock.advance(Duration.ofMillis(10));
		long last = generator.nextId();
		clock.stepBack(Duration.ofMillis(250));
		ClockMovedBackwardsException ex = assertThrows(ClockMovedBackwardsException.class, generator::nextId);
		assertEquals(250, ex.getBackwardsMillis());
		assertEquals(100, ex.getToleranceMillis());
		assertTrue(ex.getMessage().contains("250 ms"), ex.getMessage());
		assertTrue(ex.getMessage().contains("snowflake.clock-tolerance"), ex.getMessage());
		clock.advance(Duration.ofMillis(260));
		assertTrue(generator.nextId() > last, "issues again, in order, once the clock has caught up");
	}

	@Test
	void oneIdPerTickSpreadsEvenlyOverSmallPowersOfTwo() {
		ManualTimeSource clock = new ManualTimeSource(START);
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
				assertTrue(deviation < 0.15, "id % " + modulus + " == " + r + " seen " + buckets[r]
						+ " times, expected about " + (long) expected + ": " + Arrays.toString(buckets));
			}
		}
	}

	@Test
	void timestampFieldExhaustionIsAnErrorNeverANegativeId() {
		SnowflakeLayout shortLived = SnowflakeLayout.builder().timestampBits(20).datacenterBits(5).workerBits(5)
				.sequenceBits(33).epoch(START).build();
		ManualTimeSource clock = new ManualTimeSource(START.plusMillis((1L << 20) - 2));
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().layout(shortLived).datacenterId(0)
				.workerId(0).timeSource(clock).build();
		assertTrue(generator.nextId() > 0);
		clock.advance(Duration.ofMillis(1));
		assertTrue(generator.nextId() > 0, "the last tick of the field is still usable");
		clock.advance(Duration.ofMillis(1));
		TimestampExhaustedException ex = assertThrows(TimestampExhaustedException.class, generator::nextId);
		assertTrue(ex.getMessage().contains(shortLived.exhaustedAt().toString()), ex.getMessage());
	}

	@Test
	void missingWorkerIdIsAnErrorNotASilentZero() {
		SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
				() -> SnowflakeIdGenerator.builder().datacenterId(1).build());
		assertEquals("snowflake.worker-id", ex.getSetting());
		assertEquals("<not set>", ex.getValue());
		assertEquals("0..31 (5 worker bits)", ex.getAllowed());
	}

	@Test
	void workerIdOutsideItsFieldNamesPropertyValueAndRange() {
		SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
				() -> SnowflakeIdGenerator.builder().datacenterId(1).workerId(32).build());
		assertEquals("Invalid snowflake.worker-id = 32: allowed 0..31 (5 worker bits)", ex.getMessage());
	}

	@Test
	void negativeDatacenterIdIsRejected() {
		SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
				() -> SnowflakeIdGenerator.builder().datacenterId(-1).workerId(0).build());
		assertEquals("Invalid snowflake.datacenter-id = -1: allowed 0..31 (5 datacenter bits)", ex.getMessage());
	}

	@Test
	void layoutWithoutWorkerBitsNeedsNoWorkerId() {
		SnowflakeLayout layout = SnowflakeLayout.builder().timestampBits(41).datacenterBits(10).workerBits(0)
				.sequenceBits(12).build();
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().layout(layout).datacenterId(1000).build();
		assertEquals(0, generator.workerId());
		assertEquals(1000, generator.decode(generator.nextId()).datacenterId());
	}

	@Test
	void epochInTheFutureIsRejected() {
		SnowflakeLayout future = SnowflakeLayout.builder().epoch(START.plusSeconds(60)).build();
		SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
				() -> SnowflakeIdGenerator.builder().layout(future).datacenterId(0).workerId(0)
						.timeSource(new ManualTimeSource(START)).build());
		assertEquals("snowflake.epoch", ex.getSetting());
		assertTrue(ex.getAllowed().contains(START.toString()), ex.getMessage());
	}

	@Test
	void currentTimeBeyondTheTimestampFieldIsRejectedAtStart() {
		SnowflakeLayout tooShort = SnowflakeLayout.builder().timestampBits(30).datacenterBits(5).workerBits(5)
				.sequenceBits(23).build();
		SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
				() -> SnowflakeIdGenerator.builder().layout(tooShort).datacenterId(0).workerId(0)
						.timeSource(new ManualTimeSource(START)).build());
		assertEquals("snowflake.layout.timestamp-bits", ex.getSetting());
		assertTrue(ex.getMessage().contains(tooShort.exhaustedAt().toString()), ex.getMessage());
	}

	@Test
	void clockToleranceOutOfRangeIsRejected() {
		SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
				() -> SnowflakeIdGenerator.builder().datacenterId(0).workerId(0)
						.clockTolerance(Duration.ofMinutes(5)).build());
		assertEquals("Invalid snowflake.clock-tolerance = PT5M: allowed a whole number of milliseconds from 0 ms to 60000 ms",
				ex.getMessage());
	}

	@Test
	void sharedGeneratorIsOnePerConfigurationInTheProcess() {
		SnowflakeIdGenerator a = SnowflakeIdGenerator.builder().datacenterId(9).workerId(9).buildShared();
		SnowflakeIdGenerator b = SnowflakeIdGenerator.builder().datacenterId(9).workerId(9).buildShared();
		SnowflakeIdGenerator other = SnowflakeIdGenerator.builder().datacenterId(9).workerId(10).buildShared();
		assertSame(a, b);
		assertNotSame(a, other);
	}

	@Test
	void statisticsCountIdsWaitsAndBackwardSteps() {
		ManualTimeSource clock = new ManualTimeSource(START);
		SnowflakeLayout small = SnowflakeLayout.builder().timestampBits(45).datacenterBits(5).workerBits(5)
			.sequenceBits(8).build();
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().layout(small).datacenterId(0).workerId(0)
			.timeSource(clock).build();
		for (int i = 0; i < 1_000; i++) {
			generator.nextId();
		}
		assertEquals(1_000, generator.statistics().idsIssued());
		assertTrue(generator.statistics().sequenceExhaustedWaits() >= 3, "1,000 ids at 256 per tick wait 3+ times");
		assertEquals(0, generator.statistics().clockBackwardsEvents());
		clock.stepBack(Duration.ofMillis(300));
		assertTrue(generator.clockBehindMillis() >= 299, "behind by the step: " + generator.clockBehindMillis());
		generator.nextId();
		generator.nextId();
		assertEquals(1, generator.statistics().clockBackwardsEvents(), "one step counts once, not per id");
		assertTrue(generator.statistics().maxClockBackwardsMillis() >= 299);
		assertEquals(Duration.ofSeconds(1), generator.clockTolerance());
	}

	@Test
	void aSecondConfigurationOfTheSameNodeWithAnotherToleranceIsRefusedNotGivenItsOwnSequence() {
		SnowflakeIdGenerator first = SnowflakeIdGenerator.builder().datacenterId(21).workerId(4)
			.clockTolerance(Duration.ofSeconds(1)).buildShared();
		SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
				() -> SnowflakeIdGenerator.builder().datacenterId(21).workerId(4)
					.clockTolerance(Duration.ofMillis(200)).buildShared());
		assertEquals("snowflake.clock-tolerance", ex.getSetting());
		assertTrue(ex.getMessage().contains("1000 ms, as already configured for (datacenter 21, worker 4)"),
				ex.getMessage());
		assertSame(first, SnowflakeIdGenerator.builder().datacenterId(21).workerId(4)
			.clockTolerance(Duration.ofSeconds(1)).buildShared(), "the same configuration shares the sequence");
	}

	@Test
	void aNodeHeldByALeaseInThisJvmCannotAlsoBeUsedStatically() {
		LocalNodes.Reservation reservation = LocalNodes.reserve(SnowflakeLayout.DEFAULT, 22, 5, "a test lease");
		try {
			SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
					() -> SnowflakeIdGenerator.builder().datacenterId(22).workerId(5).buildShared());
			assertTrue(ex.getMessage().contains("is leased by a test lease"), ex.getMessage());
		}
		finally {
			reservation.release(System.currentTimeMillis());
		}
	}

	@Test
	void aNodeUsedEarlierInThisJvmContinuesAboveItsLastMillisecond() {
		ManualTimeSource clock = new ManualTimeSource(START);
		LocalNodes.Reservation reservation = LocalNodes.reserve(SnowflakeLayout.DEFAULT, 23, 6, "a test lease");
		long lastUsed = START.toEpochMilli() + 500; // the lease's clock ran 500 ms ahead of this one
		reservation.release(lastUsed);
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().datacenterId(23).workerId(6).timeSource(clock)
			.buildShared();
		assertTrue(generator.decode(generator.nextId()).timestamp().toEpochMilli() > lastUsed);
	}

	@Test
	void toleranceIsInMillisecondsWhateverTheTickLength() {
		SnowflakeLayout hourly = SnowflakeLayout.builder().timestampBits(25).datacenterBits(5).workerBits(5)
			.sequenceBits(28).tickLength(Duration.ofHours(1)).build();
		ManualTimeSource clock = new ManualTimeSource(Instant.parse("2026-11-22T10:00:00.000Z"));
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().layout(hourly).datacenterId(1).workerId(1)
			.timeSource(clock).clockTolerance(Duration.ofSeconds(1)).build();
		long first = generator.nextId();
		clock.stepBack(Duration.ofMillis(1)); // across the tick boundary: 1 ms behind, well within 1 s
		long second = generator.nextId();
		assertTrue(second > first);
		clock.stepBack(Duration.ofSeconds(2));
		ClockMovedBackwardsException ex = assertThrows(ClockMovedBackwardsException.class, generator::nextId);
		assertTrue(ex.getMessage().contains("2001"), ex.getMessage());
	}
}
