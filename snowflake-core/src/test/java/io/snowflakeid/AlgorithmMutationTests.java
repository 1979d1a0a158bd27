package io.snowflakeid;

import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import io.snowflakeid.spi.IssuePermit;
import io.snowflakeid.spi.LocalNodes;
import io.snowflakeid.testing.SimulatedClock;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Behaviour of the algorithm package that PIT mutation testing (docs/mutation-testing.md) showed to be untested:
 * what layouts print and compare as, exact capacity and clock figures, setting parsing, sealing and node sharing.
 */
class AlgorithmMutationTests {

	private static final Instant START = Instant.parse("2031-01-01T00:00:00Z");

	// --- SnowflakeLayout: how a layout reads in logs and error messages, and when two layouts are the same

	@Test
	void layoutsDescribeTheirFieldsInLogs() {
		assertThat(SnowflakeLayout.DEFAULT.toString())
			.isEqualTo("1/41/5/5/12 bits (sign/timestamp/datacenter/worker/sequence), 1 ms ticks since "
					+ "2020-01-01T00:00:00Z");
		assertThat(SnowflakeLayout.JAVASCRIPT_SAFE.toString())
			.isEqualTo("11 unused high bits + 41/0/5/7 bits (sign/timestamp/datacenter/worker/sequence), 1 ms ticks "
					+ "since 2020-01-01T00:00:00Z");
		SnowflakeLayout wide = SnowflakeLayout.builder().totalBits(62).timestampBits(40).build();
		assertThat(wide.toString()).startsWith("2 unused high bits + 40/5/5/12 bits");
	}

	@Test
	void layoutsWithTheSameSettingsAreEqualAndAnyDifferenceMakesThemDistinct() {
		SnowflakeLayout same = SnowflakeLayout.builder().build();
		assertThat(same).isEqualTo(SnowflakeLayout.DEFAULT);
		assertThat(same.hashCode()).isEqualTo(SnowflakeLayout.DEFAULT.hashCode());
		assertThat(SnowflakeLayout.DEFAULT.toBuilder().build()).isEqualTo(SnowflakeLayout.DEFAULT);
		assertThat(SnowflakeLayout.JAVASCRIPT_SAFE).isNotEqualTo(SnowflakeLayout.DEFAULT);
		assertThat(SnowflakeLayout.builder().epoch(START).build()).isNotEqualTo(SnowflakeLayout.DEFAULT);
		assertThat(SnowflakeLayout.builder().timestampBits(42).sequenceBits(11).build())
			.isNotEqualTo(SnowflakeLayout.DEFAULT);
		assertThat(SnowflakeLayout.builder().tickLength(Duration.ofMillis(2)).build())
			.isNotEqualTo(SnowflakeLayout.DEFAULT);
		assertThat(SnowflakeLayout.DEFAULT).isNotEqualTo("1/41/5/5/12");
		// Distinct layouts of one node are distinct nodes: a JVM may run both (they never share ids' meaning).
		assertThat(SnowflakeLayout.JAVASCRIPT_SAFE.hashCode()).isNotEqualTo(SnowflakeLayout.DEFAULT.hashCode());
	}

	@Test
	void capacityPerSecondAccountsForTheTickLength() {
		assertThat(SnowflakeLayout.DEFAULT.maxIdsPerSecond()).isEqualTo(4_096_000);
		SnowflakeLayout tenMillis = SnowflakeLayout.builder().tickLength(Duration.ofMillis(10)).build();
		assertThat(tenMillis.maxIdsPerSecond()).isEqualTo(409_600);
	}

	@Test
	void decimalWidthIsTheDigitsOfTheLargestId() {
		assertThat(SnowflakeLayout.DEFAULT.decimalWidth()).isEqualTo(19);
		assertThat(SnowflakeLayout.JAVASCRIPT_SAFE.decimalWidth()).isEqualTo(16);
		SnowflakeLayout bits40 = SnowflakeLayout.builder().totalBits(40).timestampBits(30).datacenterBits(0)
			.workerBits(0).sequenceBits(10).build();
		assertThat(bits40.decimalWidth()).isEqualTo(13); // 2^40 - 1 = 1099511627775
		assertThat(bits40.toDecimalString(42)).isEqualTo("0000000000042");
	}

	@Test
	void theLargestTimestampFieldSuggestedForALongTickIsExactlyTheLargestThatBuilds() {
		// From 1970 with 2 ms ticks, epoch milliseconds count 2^62 ticks: 62 bits fit, 63 do not.
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> SnowflakeLayout.builder().timestampBits(63).datacenterBits(0).workerBits(0).sequenceBits(0)
				.epoch(Instant.EPOCH).tickLength(Duration.ofMillis(2)).build())
			.withMessageContaining("at most 62 bits with 2 ms ticks");
		assertThat(SnowflakeLayout.builder().timestampBits(62).datacenterBits(0).workerBits(0).sequenceBits(1)
			.epoch(Instant.EPOCH).tickLength(Duration.ofMillis(2)).build()).isNotNull();
	}

	@Test
	void aNegativeTickLengthIsReportedAsABadTickLength() {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> SnowflakeLayout.builder().tickLength(Duration.ofMillis(-5)).build())
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo(SnowflakeSettings.TICK_LENGTH));
	}

	@Test
	void fieldsThatDoNotAddUpNameTheTotalTheyMustReach() {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> SnowflakeLayout.builder().timestampBits(40).build())
			.withMessageContaining("sum to exactly 63 bits (64 minus the sign bit)");
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> SnowflakeLayout.builder().totalBits(53).build())
			.withMessageContaining("sum to exactly 53 bits (the layout's total bits)");
	}

	@Test
	void anExhaustedTimestampFieldNamesTheTimeItWasAskedFor() {
		SnowflakeLayout short32 = SnowflakeLayout.builder().totalBits(32).timestampBits(20).datacenterBits(0)
			.workerBits(0).sequenceBits(12).epoch(START).tickLength(Duration.ofSeconds(1)).build();
		SimulatedClock clock = new SimulatedClock(START.plusSeconds(10));
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().layout(short32).timeSource(clock).build();
		generator.nextId();
		clock.advance(Duration.ofDays(20)); // 2^20 s is about 12 days
		assertThatExceptionOfType(TimestampExhaustedException.class).isThrownBy(generator::nextId)
			.withMessageContaining(START.plusSeconds(10).plus(Duration.ofDays(20)) + " is at or after ");
	}

	// --- SnowflakeSettings: the settings map of Hibernate and Spring

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
		assertThat(source.currentTimeNanos() - before).as("one second per second once converged")
			.isEqualTo(1_000_000_000L);
		assertThat(source.currentTimeNanos()).as("on the wall clock").isEqualTo(wallMillis.get() * 1_000_000);
	}

	// --- the generator: clock figures, sealing, statistics

	@Test
	void howFarTheClockIsBehindIsReportedExactlyAndZeroWhenItIsNot() {
		SimulatedClock clock = new SimulatedClock(START);
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

	@Test
	void sealingTellsTheLastMillisecondOfTheLastTickUsed() {
		SimulatedClock clock = new SimulatedClock(START.plusMillis(3));
		SnowflakeLayout tenMillis = SnowflakeLayout.builder().tickLength(Duration.ofMillis(10)).build();
		IssuePermit permit = new IssuePermit("test lease");
		permit.grant(System.nanoTime() + 60_000_000_000L, Long.MAX_VALUE);
		SnowflakeIdGenerator generator = IssueGate.generator(SnowflakeIdGenerator.builder().layout(tenMillis)
			.datacenterId(1).workerId(1).timeSource(clock), permit, null);
		long id = generator.nextId();
		Instant tickStart = generator.decode(id).timestamp();
		long sealed = permit.seal("released");
		assertThat(sealed).isEqualTo(tickStart.toEpochMilli() + 9);
		assertThat(permit.seal("closed again")).as("a second seal gives the same answer").isEqualTo(sealed);
		assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(generator::nextId)
			.satisfies((ex) -> assertThat(ex.getMessage()).containsAnyOf("released", "closed again"));
		assertThat(generator.clockBehindMillis()).as("a sealed generator is behind nothing").isEqualTo(0);
	}

	@Test
	void aClockReachingTheMarkExactlyLongBeforeTheLeaseEndIsAJumpAhead() {
		AtomicLong elapsed = new AtomicLong(1_000_000_000L);
		SimulatedClock clock = new SimulatedClock(START);
		IssuePermit permit = new IssuePermit("the lease ended without renewal", elapsed::get);
		SnowflakeIdGenerator generator = IssueGate.generator(SnowflakeIdGenerator.builder().datacenterId(0)
			.workerId(2).timeSource(clock), permit, null);
		long limit = clock.currentTimeNanos() + 5_000_000;
		permit.grant(elapsed.get() + 60_000_000_000L, limit);
		clock.advance(Duration.ofMillis(5));
		assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(generator::nextId)
			.withMessageContaining("jumped ahead");
		// A limit hit with exactly 1 s of lease left is not "long before": the lease just ran out.
		permit.grant(elapsed.get() + 1_000_000_000L, limit);
		assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(generator::nextId)
			.withMessageContaining("the lease ended without renewal")
			.withMessageNotContaining("jumped ahead");
	}

	// --- LocalNodes: one generator per node and JVM

	@Test
	void aSecondConfigurationOfANodeWithAnotherTimeSourceIsRefused() {
		SnowflakeLayout layout = SnowflakeLayout.builder().epoch(Instant.parse("2020-01-02T00:00:00Z")).build();
		SimulatedClock one = new SimulatedClock(START);
		SnowflakeIdGenerator first = LocalNodes.shared(SnowflakeIdGenerator.builder().layout(layout).datacenterId(9).workerId(9)
			.timeSource(one));
		assertThat(LocalNodes.shared(SnowflakeIdGenerator.builder().layout(layout).datacenterId(9).workerId(9).timeSource(one)
			)).isSameAs(first);
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> LocalNodes.shared(SnowflakeIdGenerator.builder().layout(layout).datacenterId(9).workerId(9)
				.timeSource(new SimulatedClock(START))))
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
			.timeSource(new SimulatedClock(START)));
		assertThat(LocalNodes.inUse(layout, 1, 2)).as("a shared generator holds its node").isTrue();
		assertThat(LocalNodes.reserve(layout, 1, 2, "lease D")).isNull();
		assertThat(shared.toString()).isNotNull();
		assertThat(shared.toString()).contains("datacenter 1, worker 2");
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
		assertThat(custom.statistics()).isSameAs(SnowflakeStatistics.NONE);
		assertThat(custom.clockTolerance()).isEqualTo(SnowflakeIdGenerator.Builder.DEFAULT_CLOCK_TOLERANCE);
		assertThat(custom.clockBehindMillis()).isEqualTo(0);
		assertThat(custom.nextIdAsString()).isEqualTo("0000000000000000042");
	}
}
