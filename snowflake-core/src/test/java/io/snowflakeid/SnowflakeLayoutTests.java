package io.snowflakeid;

import java.time.Duration;
import java.time.Instant;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SnowflakeLayoutTests {

	@Test
	void defaultLayoutIsClassicTwitterLayoutSince2020() {
		SnowflakeLayout layout = SnowflakeLayout.DEFAULT;
		assertEquals(41, layout.timestampBits());
		assertEquals(5, layout.datacenterBits());
		assertEquals(5, layout.workerBits());
		assertEquals(12, layout.sequenceBits());
		assertEquals(1, layout.tickMillis());
		assertEquals(Instant.parse("2020-01-01T00:00:00Z"), layout.epoch());
		assertEquals(31, layout.maxWorkerId());
		assertEquals(31, layout.maxDatacenterId());
		assertEquals(4095, layout.maxSequence());
		assertEquals(4_096_000, layout.maxIdsPerSecond());
		assertEquals(layout.epoch().plusMillis(1L << 41), layout.exhaustedAt());
		assertEquals(2089, layout.exhaustedAt().atZone(java.time.ZoneOffset.UTC).getYear());
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
				assertTrue(id >= 0, "ids are never negative");
				SnowflakeIdParts parts = layout.decode(id);
				assertEquals(id, parts.id());
				assertEquals(tick, parts.tick());
				assertEquals(dc, parts.datacenterId());
				assertEquals(worker, parts.workerId());
				assertEquals(seq, parts.sequence());
				assertEquals(layout.epoch().plusMillis(tick * layout.tickMillis()), parts.timestamp());
			}
		}
	}

	@Test
	void idsOrderByTimestampFirst() {
		SnowflakeLayout layout = SnowflakeLayout.DEFAULT;
		long earlierTickHighestEverything = layout.compose(100, 31, 31, 4095);
		long laterTickLowestEverything = layout.compose(101, 0, 0, 0);
		assertTrue(earlierTickHighestEverything < laterTickLowestEverything);
	}

	@Test
	void decodedIdReadsWellInLogs() {
		SnowflakeLayout layout = SnowflakeLayout.DEFAULT;
		Instant instant = Instant.parse("2026-11-22T04:49:22.123Z");
		long id = layout.compose(instant, 1, 7, 3);
		assertEquals(id + " (2026-11-22T04:49:22.123Z dc=1 worker=7 seq=3)", layout.decode(id).toString());
	}

	@Test
	void decodeRejectsNegativeIds() {
		IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
				() -> SnowflakeLayout.DEFAULT.decode(-5));
		assertTrue(ex.getMessage().contains("-5"), ex.getMessage());
		assertTrue(ex.getMessage().contains("negative"), ex.getMessage());
	}

	@Test
	void composeNamesThePartThatDoesNotFit() {
		IllegalArgumentException ex = assertThrows(IllegalArgumentException.class,
				() -> SnowflakeLayout.DEFAULT.compose(1, 0, 32, 0));
		assertEquals("workerId 32 does not fit its field: allowed 0..31 (5 bits)", ex.getMessage());
	}

	@Test
	void layoutThatDoesNotSumTo63BitsIsRejectedWithTheSum() {
		SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
				() -> SnowflakeLayout.builder().sequenceBits(13).build());
		assertEquals("snowflake.layout", ex.getSetting());
		assertTrue(ex.getMessage().contains("timestamp 41 + datacenter 5 + worker 5 + sequence 13 = 64 bits"),
				ex.getMessage());
		assertTrue(ex.getMessage().contains("exactly 63 bits"), ex.getMessage());
	}

	@Test
	void negativeBitCountIsRejectedWithItsSetting() {
		SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
				() -> SnowflakeLayout.builder().workerBits(-1).build());
		assertEquals("Invalid snowflake.layout.worker-bits = -1: allowed 0..63", ex.getMessage());
	}

	@Test
	void tickLengthMustBeWholeMillisecondsUpToAnHour() {
		for (Duration bad : new Duration[] { Duration.ZERO, Duration.ofMillis(-1), Duration.ofNanos(1_500_000),
				Duration.ofHours(2) }) {
			SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
					() -> SnowflakeLayout.builder().tickLength(bad).build());
			assertEquals("snowflake.tick-length", ex.getSetting());
			assertEquals(bad.toString(), ex.getValue());
			assertTrue(ex.getAllowed().contains("1 ms to 3600000 ms"), ex.getMessage());
		}
	}

	@Test
	void epochBeforeUnixEpochIsRejected() {
		SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
				() -> SnowflakeLayout.builder().epoch(Instant.parse("1969-12-31T23:59:59Z")).build());
		assertEquals("snowflake.epoch", ex.getSetting());
	}

	@Test
	void aTimestampFieldTooLongToCountInEpochMillisecondsIsRefusedNamingTheLargestThatFits() {
		SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
				() -> SnowflakeLayout.builder().timestampBits(63).datacenterBits(0).workerBits(0).sequenceBits(0)
					.tickLength(Duration.ofHours(1)).build());
		assertEquals("snowflake.layout.timestamp-bits", ex.getSetting());
		assertTrue(ex.getMessage().contains("at most 41 bits with 3600000 ms ticks"), ex.getMessage());
		SnowflakeLayout largest = SnowflakeLayout.builder().timestampBits(41).datacenterBits(0).workerBits(0)
			.sequenceBits(22).tickLength(Duration.ofHours(1)).build();
		assertTrue(largest.exhaustedAt().isAfter(Instant.parse("+250000000-01-01T00:00:00Z")));
		assertEquals(largest.exhaustedAt(), largest.instantOf(largest.maxTimestamp()).plus(Duration.ofHours(1)));
	}

	@Test
	void javascriptSafeLayoutKeepsEveryIdBelow2To53UntilTheFieldRunsOut() {
		SnowflakeLayout layout = SnowflakeLayout.JAVASCRIPT_SAFE;
		assertEquals(53, layout.totalBits());
		long largest = layout.compose(layout.maxTimestamp(), layout.maxDatacenterId(), layout.maxWorkerId(),
				layout.maxSequence());
		assertEquals(SnowflakeLayout.MAX_SAFE_JAVASCRIPT_INTEGER, largest);
		assertEquals(128_000, layout.maxIdsPerSecond());
		assertEquals(31, layout.maxWorkerId());
	}

	@Test
	void reducedTotalBitsMustStillAddUp() {
		SnowflakeConfigurationException ex = assertThrows(SnowflakeConfigurationException.class,
				() -> SnowflakeLayout.builder().totalBits(53).build());
		assertTrue(ex.getMessage().contains("exactly 53 bits"), ex.getMessage());
	}

	@Test
	void decimalTextIsFixedWidthSoTextOrderIsNumericOrderAcrossTheDigitBoundary() {
		assertEquals(19, SnowflakeLayout.DEFAULT.decimalWidth());
		assertEquals(16, SnowflakeLayout.JAVASCRIPT_SAFE.decimalWidth());
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
				assertEquals(layout.decimalWidth(), text.length(), text);
				assertEquals(id, Long.parseLong(text));
				texts.add(text);
			}
			java.util.List<String> sorted = new java.util.ArrayList<>(texts);
			java.util.Collections.sort(sorted);
			assertEquals(texts, sorted, "text order equals numeric order for " + layout);
		}
	}

	@Test
	void stringIdsKeepSortingAfterTheClassicLayoutGrowsTo19Digits() {
		ManualTimeSource clock = new ManualTimeSource(java.time.Instant.parse("2027-07-22T11:22:59.100Z"));
		SnowflakeIdGenerator generator = SnowflakeIdGenerator.builder().datacenterId(0).workerId(0).timeSource(clock)
			.build();
		String before = generator.nextIdAsString();
		clock.advance(java.time.Duration.ofMillis(5));
		String after = generator.nextIdAsString();
		assertEquals(18, Long.toString(Long.parseLong(before)).length(), "still 18 digits unpadded");
		assertEquals(19, Long.toString(Long.parseLong(after)).length(), "19 digits unpadded");
		assertTrue(before.compareTo(after) < 0, before + " sorts before " + after);
	}
}
