package io.snowflakeid.segment;

import java.sql.DriverManager;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.worker.ConnectionSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SegmentIdGeneratorTests {

	private final String url = "jdbc:h2:mem:segment-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";

	private final AtomicBoolean databaseDown = new AtomicBoolean();

	private final ConnectionSource connections = () -> {
		if (this.databaseDown.get()) {
			throw new SQLException("connection refused (simulated outage)", "08001");
		}
		return DriverManager.getConnection(this.url, "sa", "");
	};

	private final List<SegmentIdGenerators> instances = new ArrayList<>();

	@AfterEach
	void close() {
		this.databaseDown.set(false);
		this.instances.forEach(SegmentIdGenerators::close);
	}

	/** One application instance (its own generators), as a separate JVM would have. */
	private SegmentIdGenerators instance(SegmentSettings.Builder settings) {
		SegmentIdGenerators generators = new SegmentIdGenerators(settings.build());
		this.instances.add(generators);
		return generators;
	}

	private SegmentSettings.Builder settings() {
		return SegmentSettings.builder(this.connections).maxWait(Duration.ofMillis(500));
	}

	@Test
	void idsAreDenseAndIncreasingFromTheInitialValue() {
		SegmentIdGenerator accounts = instance(settings()).generator("account", 100_000, 10);
		for (long expected = 100_000; expected < 100_025; expected++) {
			assertEquals(expected, accounts.nextId());
		}
	}

	@Test
	void twoInstancesOfOneKeyNeverOverlapAndEachIncreases() {
		SegmentIdGenerator a = instance(settings()).generator("order", 1, 7);
		SegmentIdGenerator b = instance(settings()).generator("order", 1, 7);
		Set<Long> all = new HashSet<>();
		long lastA = 0;
		long lastB = 0;
		for (int i = 0; i < 500; i++) {
			long idA = a.nextId();
			long idB = b.nextId();
			assertTrue(idA > lastA && idB > lastB, "strictly increasing per instance");
			lastA = idA;
			lastB = idB;
			assertTrue(all.add(idA), "duplicate " + idA);
			assertTrue(all.add(idB), "duplicate " + idB);
		}
	}

	@Test
	void nextSegmentIsFetchedInTheBackgroundSoCallersDoNotWaitAtBoundaries() throws Exception {
		SegmentIdGenerator ids = instance(settings().prefetchThreshold(0.1)).generator("invoice", 1, 100);
		long expected = 1;
		for (int segment = 0; segment < 5; segment++) {
			for (int i = 0; i < 11; i++) {
				assertEquals(expected++, ids.nextId());
			}
			Thread.sleep(150); // the background fetch started at 10 % has time to finish
			for (int i = 11; i < 100; i++) {
				assertEquals(expected++, ids.nextId());
			}
		}
		assertEquals(1, ids.callerWaits(), "only the very first segment was waited for");
		assertTrue(ids.segmentsFetched() >= 5);
	}

	@Test
	void gracefulShutdownHandsTheRestBackSoTheNextStartLeavesNoHoles() {
		SegmentIdGenerators first = instance(settings().prefetchThreshold(0.1));
		SegmentIdGenerator ids = first.generator("member", 1, 100);
		for (long expected = 1; expected <= 15; expected++) {
			assertEquals(expected, ids.nextId());
		}
		first.close();
		assertThrows(IllegalStateException.class, ids::nextId, "a closed generator issues nothing");
		SegmentIdGenerator restarted = instance(settings()).generator("member", 1, 100);
		for (long expected = 16; expected <= 350; expected++) {
			assertEquals(expected, restarted.nextId(), "no hole after a graceful restart");
		}
	}

	@Test
	void databaseDownIsABoundedWaitThenAClearErrorAndIssuingResumesWhenItIsBack() throws Exception {
		SegmentIdGenerator ids = instance(settings().maxWait(Duration.ofMillis(300))).generator("ticket", 1, 5);
		assertEquals(1, ids.nextId());
		ids.nextId();
		Thread.sleep(200); // the prefetch started by the first id completes
		this.databaseDown.set(true);
		// The current segment and the one prefetched at 10 % keep serving without the database ...
		long last = 0;
		int served = 0;
		SegmentUnavailableException ex = null;
		long waitedMillis = 0;
		while (ex == null && served < 20) {
			long start = System.nanoTime();
			try {
				last = ids.nextId();
				served++;
			}
			catch (SegmentUnavailableException unavailable) {
				ex = unavailable;
				waitedMillis = (System.nanoTime() - start) / 1_000_000;
			}
		}
		// ... then callers get a clear exception after a bounded wait, never a made-up id.
		assertTrue(ex != null, "no segment without the database");
		assertEquals(8, served, "3 left in the current segment + 5 in the prefetched one");
		assertEquals(10, last);
		assertTrue(waitedMillis < 2_000, "bounded wait, took " + waitedMillis + " ms");
		assertTrue(ex.getMessage().contains("ticket"), ex.getMessage());
		this.databaseDown.set(false);
		long resumed = ids.nextId();
		assertTrue(resumed > last, "resumes after the database is back, never repeating: " + resumed);
	}

	@Test
	void settingsAreValidated() {
		SnowflakeConfigurationException table = assertThrows(SnowflakeConfigurationException.class,
				() -> settings().tableName("segments;drop table x").build());
		assertEquals("snowflake.segment.table-name", table.getSetting());
		SnowflakeConfigurationException step = assertThrows(SnowflakeConfigurationException.class,
				() -> settings().defaultStep(0).build());
		assertEquals("Invalid snowflake.segment.default-step = 0: allowed 1..1000000", step.getMessage());
		SnowflakeConfigurationException threshold = assertThrows(SnowflakeConfigurationException.class,
				() -> settings().prefetchThreshold(1.5).build());
		assertEquals("snowflake.segment.prefetch-threshold", threshold.getSetting());
	}

	@Test
	void theSegmentAfterTheCurrentOneIsAlwaysPrefetched() throws Exception {
		SegmentIdGenerator ids = instance(settings()).generator("prefetch", 1, 100);
		for (int i = 0; i < 1_500; i++) {
			ids.nextId();
		}
		Thread.sleep(300);
		assertEquals(16, ids.segmentsFetched(), "15 used up and the 16th fetched ahead");
	}

	@Test
	void dynamicStepGrowsUnderLoadWithinItsBoundAndShrinksWhenQuiet() {
		AtomicLong nanos = new AtomicLong(); // the dynamic step's clock: moved by the test, nobody sleeps
		SegmentIdGenerator busy = instance(settings().dynamicStep(true).dynamicStepTarget(Duration.ofHours(1))
			.nanoClock(nanos::get)).generator("busy", 1, 10);
		long previous = 0;
		for (int i = 0; i < 20_000; i++) {
			long id = busy.nextId();
			assertTrue(id > previous);
			previous = id;
			nanos.addAndGet(1_000); // 20,000 ids in 20 ms: every segment is used up far quicker than in an hour
		}
		assertEquals(1_000, busy.currentStep(), "doubled per fetch up to 100 x the configured 10");
		assertTrue(busy.segmentsFetched() < 40, "far fewer fetches than 20,000 / 10: " + busy.segmentsFetched());

		// The load stops: each segment now lasts more than twice the target, so every fetch halves the step.
		for (int i = 0; i < 3_000; i++) {
			long id = busy.nextId();
			assertTrue(id > previous);
			previous = id;
			nanos.addAndGet(Duration.ofMinutes(10).toNanos()); // a segment of 12 or more lasts > 2 h
		}
		assertEquals(10, busy.currentStep(), "halved back down to the configured step, never below");

		SegmentIdGenerator quiet = instance(settings().dynamicStep(true).dynamicStepTarget(Duration.ofMillis(1))
			.prefetchThreshold(0.9)
			.nanoClock(nanos::get)).generator("quiet", 1, 10);
		for (int i = 0; i < 60; i++) {
			quiet.nextId();
			nanos.addAndGet(Duration.ofMillis(1).toNanos()); // a segment of 10 lasts 10 ms: 10 x the target
		}
		assertEquals(10, quiet.currentStep(), "segments that last long keep the configured step");
	}

	@Test
	void withoutDynamicStepEverySegmentHasTheConfiguredStep() {
		SegmentIdGenerator fixed = instance(settings()).generator("fixed", 1, 10);
		for (int i = 0; i < 1_000; i++) {
			fixed.nextId();
		}
		assertEquals(10, fixed.currentStep());
		assertTrue(fixed.segmentsFetched() >= 100);
	}
}
