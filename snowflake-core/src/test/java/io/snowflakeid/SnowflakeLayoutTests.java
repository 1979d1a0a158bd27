package io.snowflakeid;

import java.time.Duration;
import java.time.Instant;
import java.util.SplittableRandom;

import io.snowflakeid.internal.keys.SnowflakeSettings;
import io.snowflakeid.testing.SimulatedClock;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class SnowflakeLayoutTests {

	/** A start of the simulated clocks (and an epoch) of some tests, apart from the others' times. */
	private static final Instant IN_2031 = Instant.parse("2031-01-01T00:00:00Z");

	@Test
	void defaultLayoutIsClassicTwitterLayoutSince2020() {
		SnowflakeLayout layout = SnowflakeLayout.DEFAULT;
		assertThat(layout.timestampBits()).isEqualTo(41);
		assertThat(layout.datacenterBits()).isEqualTo(5);
		assertThat(layout.workerBits()).isEqualTo(5);
		assertThat(layout.sequenceBits()).isEqualTo(12);
		assertThat(layout.tickMillis()).isEqualTo(1);
		assertThat(layout.epoch()).isEqualTo(Instant.parse("2020-01-01T00:00:00Z"));
		assertThat(layout.maxWorkerId()).isEqualTo(31);
		assertThat(layout.maxDatacenterId()).isEqualTo(31);
		assertThat(layout.maxSequence()).isEqualTo(4095);
		assertThat(layout.maxIdsPerSecond()).isEqualTo(4_096_000);
		assertThat(layout.exhaustedAt()).isEqualTo(layout.epoch().plusMillis(1L << 41));
		assertThat(layout.exhaustedAt().atZone(java.time.ZoneOffset.UTC).getYear()).isEqualTo(2089);
	}

	@Test
	void composeAndDecodeRoundTripForDefaultAndCustomLayouts() {
		SnowflakeLayout[] layouts = { SnowflakeLayout.DEFAULT,
				SnowflakeLayout.builder().timestampBits(39).datacenterBits(0).workerBits(16).sequenceBits(8)
						.tickLength(Duration.ofMillis(10)).epoch(Instant.parse("2024-06-01T00:00:00Z")).build(),
				SnowflakeLayout.builder().timestampBits(42).datacenterBits(3).workerBits(7).sequenceBits(11).build() };
		SplittableRandom random = new SplittableRandom(42);
		for (SnowflakeLayout layout : layouts) {
			for (int i = 0; i < 10_000; i++) {
				long tick = random.nextLong(layout.maxTimestamp() + 1);
				long dc = random.nextLong(layout.maxDatacenterId() + 1);
				long worker = random.nextLong(layout.maxWorkerId() + 1);
				long seq = random.nextLong(layout.maxSequence() + 1);
				long id = layout.compose(tick, dc, worker, seq);
				assertThat(id).as("ids are never negative").isGreaterThanOrEqualTo(0);
				SnowflakeIdParts parts = layout.decode(id);
				assertThat(parts.id()).isEqualTo(id);
				assertThat(parts.tick()).isEqualTo(tick);
				assertThat(parts.datacenterId()).isEqualTo(dc);
				assertThat(parts.workerId()).isEqualTo(worker);
				assertThat(parts.sequence()).isEqualTo(seq);
				assertThat(parts.timestamp()).isEqualTo(layout.epoch().plusMillis(tick * layout.tickMillis()));
			}
		}
	}

	@Test
	void idsOrderByTimestampFirst() {
		SnowflakeLayout layout = SnowflakeLayout.DEFAULT;
		long earlierTickHighestEverything = layout.compose(100, 31, 31, 4095);
		long laterTickLowestEverything = layout.compose(101, 0, 0, 0);
		assertThat(earlierTickHighestEverything).isLessThan(laterTickLowestEverything);
	}

	@Test
	void decodedIdReadsWellInLogs() {
		SnowflakeLayout layout = SnowflakeLayout.DEFAULT;
		Instant instant = Instant.parse("2026-11-22T04:49:22.123Z");
		long id = layout.compose(instant, 1, 7, 3);
		assertThat(layout.decode(id).toString()).isEqualTo(id + " (2026-11-22T04:49:22.123Z dc=1 worker=7 seq=3)");
	}

	@Test
	void decodeRejectsNegativeIds() {
		assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> SnowflakeLayout.DEFAULT.decode(-5))
			.withMessageContaining("-5")
			.withMessageContaining("negative");
	}

	@Test
	void composeNamesThePartThatDoesNotFit() {
		assertThatExceptionOfType(IllegalArgumentException.class)
			.isThrownBy(() -> SnowflakeLayout.DEFAULT.compose(1, 0, 32, 0))
			.withMessage("workerId 32 does not fit its field: allowed 0..31 (5 bits)");
	}

	@Test
	void layoutThatDoesNotSumTo63BitsIsRejectedWithTheSum() {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> SnowflakeLayout.builder().sequenceBits(13).build())
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo("snowflake.layout"))
			.withMessageContaining("timestamp 41 + datacenter 5 + worker 5 + sequence 13 = 64 bits")
			.withMessageContaining("exactly 63 bits");
	}

	@Test
	void negativeBitCountIsRejectedWithItsSetting() {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> SnowflakeLayout.builder().workerBits(-1).build())
			.withMessage("Invalid snowflake.layout.worker-bits = -1: allowed 0..63");
	}

	@Test
	void tickLengthMustBeWholeMillisecondsUpToAnHour() {
		for (Duration bad : new Duration[] { Duration.ZERO, Duration.ofMillis(-1), Duration.ofNanos(1_500_000),
				Duration.ofHours(2) }) {
			SnowflakeConfigurationException ex = catchThrowableOfType(SnowflakeConfigurationException.class,
					() -> SnowflakeLayout.builder().tickLength(bad).build());
			assertThat(ex).isNotNull();
			assertThat(ex.getSetting()).isEqualTo("snowflake.tick-length");
			assertThat(ex.getValue()).isEqualTo(bad.toString());
			assertThat(ex.getAllowed()).as(ex.getMessage()).contains("1 ms to 3600000 ms");
		}
	}

	@Test
	void anEpochWithAFractionOfAMillisecondIsRejected() {
		// Accepted before: tick 0 started at the epoch's whole millisecond but exhaustedAt() and compose(Instant) used
		// the exact instant, so idRange(x, exhaustedAt()) reached one tick past the field and threw "Not an id range".
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> SnowflakeLayout.builder().epoch(Instant.parse("2020-01-01T00:00:00.000500Z")).build())
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo("snowflake.epoch"))
			.withMessageContaining("2020-01-01T00:00:00.000500Z")
			.withMessageContaining("a whole millisecond");
		SnowflakeLayout whole = SnowflakeLayout.builder().epoch(Instant.parse("2020-01-01T00:00:00.001Z")).build();
		Instant end = whole.exhaustedAt();
		assertThat(whole.idRange(end.minusSeconds(1), end).last()).isEqualTo(whole.compose(whole.maxTimestamp(),
				whole.maxDatacenterId(), whole.maxWorkerId(), whole.maxSequence()));
	}

	@Test
	void epochBeforeUnixEpochIsRejected() {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> SnowflakeLayout.builder().epoch(Instant.parse("1969-12-31T23:59:59Z")).build())
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo("snowflake.epoch"));
	}

	@Test
	void aTimestampFieldTooLongToCountInEpochMillisecondsIsRefusedNamingTheLargestThatFits() {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> SnowflakeLayout.builder().timestampBits(63).datacenterBits(0).workerBits(0).sequenceBits(0)
				.tickLength(Duration.ofHours(1)).build())
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo("snowflake.layout.timestamp-bits"))
			.withMessageContaining("at most 41 bits with 3600000 ms ticks");
		SnowflakeLayout largest = SnowflakeLayout.builder().timestampBits(41).datacenterBits(0).workerBits(0)
			.sequenceBits(22).tickLength(Duration.ofHours(1)).build();
		assertThat(largest.exhaustedAt()).isAfter(Instant.parse("+250000000-01-01T00:00:00Z"));
		assertThat(largest.instantOf(largest.maxTimestamp()).plus(Duration.ofHours(1)))
			.isEqualTo(largest.exhaustedAt());
	}

	@Test
	void javascriptSafeLayoutKeepsEveryIdBelow2To53UntilTheFieldRunsOut() {
		SnowflakeLayout layout = SnowflakeLayout.JAVASCRIPT_SAFE;
		assertThat(layout.totalBits()).isEqualTo(53);
		long largest = layout.compose(layout.maxTimestamp(), layout.maxDatacenterId(), layout.maxWorkerId(),
				layout.maxSequence());
		assertThat(largest).isEqualTo(SnowflakeLayout.MAX_SAFE_JAVASCRIPT_INTEGER);
		assertThat(layout.maxIdsPerSecond()).isEqualTo(128_000);
		assertThat(layout.maxWorkerId()).isEqualTo(31);
	}

	@Test
	void reducedTotalBitsMustStillAddUp() {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> SnowflakeLayout.builder().totalBits(53).build())
			.withMessageContaining("exactly 53 bits");
	}

	@Test
	void decimalTextIsFixedWidthSoTextOrderIsNumericOrderAcrossTheDigitBoundary() {
		assertThat(SnowflakeLayout.DEFAULT.decimalWidth()).isEqualTo(19);
		assertThat(SnowflakeLayout.JAVASCRIPT_SAFE.decimalWidth()).isEqualTo(16);
		for (SnowflakeLayout layout : new SnowflakeLayout[] { SnowflakeLayout.DEFAULT, SnowflakeLayout.JAVASCRIPT_SAFE }) {
			long tenToWidthMinusOne = 1;
			for (int i = 1; i < layout.decimalWidth(); i++) {
				tenToWidthMinusOne *= 10; // the smallest id with the full width
			}
			long max = (layout.totalBits() == 63) ? Long.MAX_VALUE : (1L << layout.totalBits()) - 1;
			long[] ids = { 0, 7, tenToWidthMinusOne / 10 - 1, tenToWidthMinusOne / 10, tenToWidthMinusOne - 1,
					tenToWidthMinusOne, max };
			java.util.List<String> texts = new java.util.ArrayList<>();
			for (long id : ids) {
				String text = layout.toDecimalString(id);
				assertThat(text).hasSize(layout.decimalWidth());
				assertThat(Long.parseLong(text)).isEqualTo(id);
				texts.add(text);
			}
			java.util.List<String> sorted = new java.util.ArrayList<>(texts);
			java.util.Collections.sort(sorted);
			assertThat(sorted).as("text order equals numeric order for " + layout).isEqualTo(texts);
		}
	}

	@Test
	void stringIdsKeepSortingAfterTheClassicLayoutGrowsTo19Digits() {
		SimulatedClock clock = new SimulatedClock(java.time.Instant.parse("2027-07-22T11:22:59.100Z"));
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().datacenterId(0).workerId(0).timeSource(clock)
			.build();
		String before = generator.nextIdAsString();
		clock.advance(java.time.Duration.ofMillis(5));
		String after = generator.nextIdAsString();
		assertThat(Long.toString(Long.parseLong(before)).length()).as("still 18 digits unpadded").isEqualTo(18);
		assertThat(Long.toString(Long.parseLong(after)).length()).as("19 digits unpadded").isEqualTo(19);
		assertThat(before.compareTo(after)).as(before + " sorts before " + after).isLessThan(0);
	}

	// --- how a layout reads in logs and error messages, what it holds, and when two layouts are the same

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
		assertThat(SnowflakeLayout.builder().epoch(IN_2031).build()).isNotEqualTo(SnowflakeLayout.DEFAULT);
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
}
