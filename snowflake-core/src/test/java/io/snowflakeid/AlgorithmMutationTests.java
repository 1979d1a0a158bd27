package io.snowflakeid;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Behaviour of the algorithm package that PIT mutation testing (docs/mutation-testing.md) showed to be untested:
 * what layouts print and compare as, exact capacity and clock figures, setting parsing, sealing and node sharing.
 */
class AlgorithmMutationTests {

	private static final Instant START = Instant.parse("2031-01-01T00:00:00Z");

	// --- SnowflakeLayout: how a layout reads in logs and error messages, and when two layouts are the same

	@Test
	void layoutsDescribeTheirFieldsInLogs() {
		assertEquals("1/41/5/5/12 bits (sign/timestamp/datacenter/worker/sequence), 1 ms ticks since "
				+ "2020-01-01T00:00:00Z", SnowflakeLayout.DEFAULT.toString());
		assertEquals("11 unused high bits + 41/0/5/7 bits (sign/timestamp/datacenter/worker/sequence), 1 ms ticks "
				+ "since 2020-01-01T00:00:00Z", SnowflakeLayout.JAVASCRIPT_SAFE.toString());
		SnowflakeLayout wide = SnowflakeLayout.builder().totalBits(62).timestampBits(40).build();
		assertTrue(wide.toString().startsWith("2 unused high bits + 40/5/5/12 bits"), wide.toString());
	}

	@Test
	void layoutsWithTheSameSettingsAreEqualAndAnyDifferenceMakesThemDistinct() {
		SnowflakeLayout same = SnowflakeLayout.builder().build();
		assertEquals(SnowflakeLayout.DEFAULT, same);
		assertEquals(SnowflakeLayout.DEFAULT.hashCode(), same.hashCode());
		assertEquals(SnowflakeLayout.DEFAULT, SnowflakeLayout.DEFAULT.toBuilder().build());
		assertNotEquals(SnowflakeLayout.DEFAULT, SnowflakeLayout.JAVASCRIPT_SAFE);
		assertNotEquals(SnowflakeLayout.DEFAULT, SnowflakeLayout.builder().epoch(START).build());
		assertNotEquals(SnowflakeLayout.DEFAULT,
				SnowflakeLayout.builder().timestampBits(42).sequenceBits(11).build());
		assertNotEquals(SnowflakeLayout.DEFAULT, SnowflakeLayout.builder().tickLength(Duration.ofMillis(2)).build());
		assertNotEquals(SnowflakeLayout.DEFAULT, "1/41/5/5/12");
		// Distinct layouts of one node are distinct nodes: a JVM may run both (they never share ids' meaning).
		assertNotEquals(SnowflakeLayout.DEFAULT.hashCode(), SnowflakeLayout.JAVASCRIPT_SAFE.hashCode());
	}

	@Test
	void capacityPerSecondAccountsForTheTickLength() {
		assertEquals(4_096_000, SnowflakeLayout.DEFAULT.maxIdsPerSecond());
		SnowflakeLayout tenMillis = SnowflakeLayout.builder().tickLength(Duration.ofMillis(10)).build();
		assertEquals(409_600, tenMillis.maxIdsPerSecond());
	}

	@Test
	void decimalWidthIsTheDigitsOfTheLargestId() {
		assertEquals(19, SnowflakeLayout.DEFAULT.decimalWidth());
		assertEquals(16, SnowflakeLayout.JAVASCRIPT_SAFE.decimalWidth());
		SnowflakeLayout bits40 = SnowflakeLayout.builder().totalBits(40).timestampBits(30).datacenterBits(0)
			.workerBits(0).sequenceBits(10).build();
		assertEquals(13, bits40.decimalWidth()); // 2^40 - 1 = 1099511627775
		assertEquals("0000000000042", bits40.toDecimalString(42));
	}

	@Test
	void theLargestTimestampFieldSuggestedForALongTickIsExactlyTheLargestThatBuilds() {
		// From 1970 with 2 ms ticks, epoch milliseconds count 2^62 ticks: 62 bits fit, 63 do not.
		SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
				() -> SnowflakeLayout.builder().timestampBits(63).datacenterBits(0).workerBits(0).sequenceBits(0)
					.epoch(Instant.EPOCH).tickLength(Duration.ofMillis(2)).build());
		assertTrue(ex.getMessage().contains("at most 62 bits with 2 ms ticks"), ex.getMessage());
		assertNotNull(SnowflakeLayout.builder().timestampBits(62).datacenterBits(0).workerBits(0).sequenceBits(1)
			.epoch(Instant.EPOCH).tickLength(Duration.ofMillis(2)).build());
	}

	@Test
	void aNegativeTickLengthIsReportedAsABadTickLength() {
		SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
				() -> SnowflakeLayout.builder().tickLength(Duration.ofMillis(-5)).build());
		assertEquals(SnowflakeSettings.TICK_LENGTH, ex.getSetting());
	}

	@Test
	void fieldsThatDoNotAddUpNameTheTotalTheyMustReach() {
		SnowflakeConfigurationException classic = assertThrows(SnowflakeConfigurationException.class,
				() -> SnowflakeLayout.builder().timestampBits(40).build());
		assertTrue(classic.getMessage().contains("sum to exactly 63 bits (64 minus the sign bit)"), classic.getMessage());
		SnowflakeConfigurationException reduced = assertThrows(SnowflakeConfigurationException.class,
				() -> SnowflakeLayout.builder().totalBits(53).build());
		assertTrue(reduced.getMessage().contains("sum to exactly 53 bits (the layout's total bits)"),
				reduced.getMessage());
	}

	@Test
	void anExhaustedTimestampFieldNamesTheTimeItWasAskedFor() {
		SnowflakeLayout short32 = SnowflakeLayout.builder().totalBits(32).timestampBits(20).datacenterBits(0)
			.workerBits(0).sequenceBits(12).epoch(START).tickLength(Duration.ofSeconds(1)).build();
		ManualTimeSource clock = new ManualTimeSource(START.plusSeconds(10));
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().layout(short32).timeSource(clock).build();
		generator.nextId();
		clock.advance(Duration.ofDays(20)); // 2^20 s is about 12 days
		TimestampExhaustedException ex = assertThrows(TimestampExhaustedException.class, generator::nextId);
		assertTrue(ex.getMessage().contains(START.plusSeconds(10).plus(Duration.ofDays(20)) + " is at or after "),
				ex.getMessage());
	}

	// --- SnowflakeSettings: the settings map of Hibernate and Spring

	@Test
	void theBuiltInTimeSourcesFollowTheWallClock() {
		long before = System.currentTimeMillis();
		long system = TimeSource.system().currentTimeNanos() / 1_000_000;
		long monotonic = TimeSource.monotonic().currentTimeNanos() / 1_000_000;
		long after = System.currentTimeMillis();
		assertTrue(system >= before && system <= after, system + " not in " + before + ".." + after);
		assertTrue(monotonic >= before - 2 && monotonic <= after + 2, monotonic + " not near " + before);
	}

	@Test
	void theDefaultWaitSleepsForTheTimeAskedRatherThanReturningAtOnce() {
		TimeSource source = () -> 0;
		long start = System.nanoTime();
		source.awaitNanos(30_000_000);
		long took = System.nanoTime() - start;
		assertTrue(took >= 25_000_000, "waited only " + took + " ns of 30 ms");
		start = System.nanoTime();
		source.awaitNanos(50_000); // short waits spin instead of parking
		assertTrue(System.nanoTime() - start < 20_000_000);
	}

	@Test
	void afterAbsorbingAStepBackTheSourceRunsAtFullSpeedAgain() {
		AtomicLong wallMillis = new AtomicLong(1_800_000_000_000L);
		AtomicLong nanoTime = new AtomicLong(42);
		TimeSource source = TimeSource.monotonic(wallMillis::get, nanoTime::get);
		source.currentTimeNanos();
		wallMillis.addAndGet(-1_000); // stepped back 1 s: absorbed in about 10 s at 90 % speed
		for (int i = 0; i < 12_000; i++) {
			nanoTime.addAndGet(1_000_000);
			wallMillis.addAndGet(1);
			source.currentTimeNanos();
		}
		long before = source.currentTimeNanos();
		for (int i = 0; i < 1_000; i++) {
			nanoTime.addAndGet(1_000_000);
			wallMillis.addAndGet(1);
			source.currentTimeNanos();
		}
		assertEquals(1_000_000_000L, source.currentTimeNanos() - before, "one second per second once converged");
		assertEquals(wallMillis.get() * 1_000_000, source.currentTimeNanos(), "on the wall clock");
	}

	// --- the generator: clock figures, sealing, statistics

	@Test
	void howFarTheClockIsBehindIsReportedExactlyAndZeroWhenItIsNot() {
		ManualTimeSource clock = new ManualTimeSource(START);
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().datacenterId(0).workerId(0).timeSource(clock)
			.build();
		generator.nextId();
		assertEquals(0, generator.clockBehindMillis());
		clock.stepBack(Duration.ofMillis(400));
		assertEquals(400, generator.clockBehindMillis());
		generator.nextId(); // within the 1 s tolerance: no exception
		assertEquals(400, generator.statistics().maxClockBackwardsMillis());
		assertEquals(1, generator.statistics().clockBackwardsEvents());
		clock.advance(Duration.ofMillis(1_000));
		assertEquals(0, generator.clockBehindMillis());
	}

	@Test
	void sealingTellsTheLastMillisecondOfTheLastTickUsed() {
		ManualTimeSource clock = new ManualTimeSource(START.plusMillis(3));
		SnowflakeLayout tenMillis = SnowflakeLayout.builder().tickLength(Duration.ofMillis(10)).build();
		IssuePermit permit = new IssuePermit("test lease");
		permit.grant(System.nanoTime() + 60_000_000_000L, Long.MAX_VALUE);
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().layout(tenMillis).datacenterId(1).workerId(1)
			.timeSource(clock).issuePermit(permit).build();
		long id = generator.nextId();
		Instant tickStart = generator.decode(id).timestamp();
		long sealed = permit.seal("released");
		assertEquals(tickStart.toEpochMilli() + 9, sealed);
		assertEquals(sealed, permit.seal("closed again"), "a second seal gives the same answer");
		WorkerLeaseExpiredException ex = assertThrows(WorkerLeaseExpiredException.class, generator::nextId);
		assertTrue(ex.getMessage().contains("released") || ex.getMessage().contains("closed again"), ex.getMessage());
		assertEquals(0, generator.clockBehindMillis(), "a sealed generator is behind nothing");
	}

	@Test
	void aClockReachingTheMarkExactlyLongBeforeTheLeaseEndIsAJumpAhead() {
		AtomicLong elapsed = new AtomicLong(1_000_000_000L);
		ManualTimeSource clock = new ManualTimeSource(START);
		IssuePermit permit = new IssuePermit("the lease ended without renewal", elapsed::get);
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().datacenterId(0).workerId(2).timeSource(clock)
			.issuePermit(permit).build();
		long limit = clock.currentTimeNanos() + 5_000_000;
		permit.grant(elapsed.get() + 60_000_000_000L, limit);
		clock.advance(Duration.ofMillis(5));
		WorkerLeaseExpiredException jumped = assertThrows(WorkerLeaseExpiredException.class, generator::nextId);
		assertTrue(jumped.getMessage().contains("jumped ahead"), jumped.getMessage());
		// A limit hit with exactly 1 s of lease left is not "long before": the lease just ran out.
		permit.grant(elapsed.get() + 1_000_000_000L, limit);
		WorkerLeaseExpiredException ended = assertThrows(WorkerLeaseExpiredException.class, generator::nextId);
		assertTrue(ended.getMessage().contains("the lease ended without renewal"), ended.getMessage());
		assertFalse(ended.getMessage().contains("jumped ahead"), ended.getMessage());
	}

	// --- LocalNodes: one generator per node and JVM

	@Test
	void aSecondConfigurationOfANodeWithAnotherTimeSourceIsRefused() {
		SnowflakeLayout layout = SnowflakeLayout.builder().epoch(Instant.parse("2020-01-02T00:00:00Z")).build();
		ManualTimeSource one = new ManualTimeSource(START);
		SnowflakeIdGenerator first = SnowflakeIdGenerator.builder().layout(layout).datacenterId(9).workerId(9)
			.timeSource(one).buildShared();
		assertSame(first, SnowflakeIdGenerator.builder().layout(layout).datacenterId(9).workerId(9).timeSource(one)
			.buildShared());
		SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
				() -> SnowflakeIdGenerator.builder().layout(layout).datacenterId(9).workerId(9)
					.timeSource(new ManualTimeSource(START)).buildShared());
		assertTrue(ex.getMessage().contains("with another time source"), ex.getMessage());
	}

	@Test
	void aReservedNodeIsInUseUntilReleasedAndTheNextHolderLearnsWhereItStopped() {
		SnowflakeLayout layout = SnowflakeLayout.builder().epoch(Instant.parse("2020-01-03T00:00:00Z")).build();
		assertFalse(LocalNodes.inUse(layout, 1, 2));
		LocalNodes.Reservation first = LocalNodes.reserve(layout, 1, 2, "lease A");
		assertEquals(Long.MIN_VALUE, first.previousLastMillis());
		assertTrue(LocalNodes.inUse(layout, 1, 2));
		assertNull(LocalNodes.reserve(layout, 1, 2, "lease B"), "one holder at a time");
		first.release(1_234_567L);
		assertFalse(LocalNodes.inUse(layout, 1, 2));
		LocalNodes.Reservation second = LocalNodes.reserve(layout, 1, 2, "lease B");
		assertEquals(1_234_567L, second.previousLastMillis());
		second.release(1_000L);
		LocalNodes.Reservation third = LocalNodes.reserve(layout, 1, 2, "lease C");
		assertEquals(1_234_567L, third.previousLastMillis(), "never goes back below what was used");
		third.release(0);
		SnowflakeIdGenerator shared = SnowflakeIdGenerator.builder().layout(layout).datacenterId(1).workerId(2)
			.timeSource(new ManualTimeSource(START)).buildShared();
		assertTrue(LocalNodes.inUse(layout, 1, 2), "a shared generator holds its node");
		assertNull(LocalNodes.reserve(layout, 1, 2, "lease D"));
		assertNotNull(shared.toString());
		assertTrue(shared.toString().contains("datacenter 1, worker 2"), shared.toString());
	}

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
		assertSame(SnowflakeStatistics.NONE, custom.statistics());
		assertEquals(SnowflakeIdGenerator.Builder.DEFAULT_CLOCK_TOLERANCE, custom.clockTolerance());
		assertEquals(0, custom.clockBehindMillis());
		assertEquals("0000000000000000042", custom.nextIdAsString());
	}
}
