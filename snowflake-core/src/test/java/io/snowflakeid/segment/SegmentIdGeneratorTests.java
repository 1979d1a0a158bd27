package io.snowflakeid.segment;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.testing.FaultyConnections;
import io.snowflakeid.testing.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class SegmentIdGeneratorTests {

	/** The generators' connections; the database down while they are refused. */
	private final FaultyConnections connections = FaultyConnections.on(new TestDatabase("segment"));

	private final List<SegmentIdGenerators> instances = new ArrayList<>();

	@AfterEach
	void close() {
		this.connections.refuseConnections(false);
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
			assertThat(accounts.nextId()).isEqualTo(expected);
		}
	}

	@Test
	void oneKeyAskedForWithOtherSettingsIsRefusedRatherThanSilentlyIgnored() {
		SegmentIdGenerators generators = instance(settings());
		SegmentIdGenerator first = generators.generator("rv2_ticket", 1, 10);
		assertThat(generators.generator("rv2_ticket", 1, 10)).as("the same settings: the same generator")
			.isSameAs(first);
		assertThatExceptionOfType(IllegalArgumentException.class)
			.isThrownBy(() -> generators.generator("rv2_ticket", 1, 50))
			.withMessage("Segment key 'rv2_ticket' is used with initialValue=1, step=50 and, first, with "
					+ "initialValue=1, step=10: one key is one number range, so give every @SegmentId of the key the "
					+ "same initialValue and step, or give them different keys (@SegmentId(key))");
		assertThatExceptionOfType(IllegalArgumentException.class)
			.isThrownBy(() -> generators.generator("rv2_ticket", 500, 10))
			.withMessageContaining("initialValue=500, step=10");
		SegmentIdGenerators defaulted = instance(settings().defaultStep(10));
		assertThat(defaulted.generator("rv2_defaulted", 1, 10)).as("step 0 is the default step, compared as such")
			.isSameAs(defaulted.generator("rv2_defaulted", 1, 0));
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
			assertThat(idA > lastA && idB > lastB).as("strictly increasing per instance").isTrue();
			lastA = idA;
			lastB = idB;
			assertThat(all.add(idA)).as("duplicate " + idA).isTrue();
			assertThat(all.add(idB)).as("duplicate " + idB).isTrue();
		}
	}

	@Test
	void nextSegmentIsFetchedInTheBackgroundSoCallersDoNotWaitAtBoundaries() throws Exception {
		SegmentIdGenerator ids = instance(settings().prefetchThreshold(0.1)).generator("invoice", 1, 100);
		long expected = 1;
		for (int segment = 0; segment < 5; segment++) {
			for (int i = 0; i < 11; i++) {
				assertThat(ids.nextId()).isEqualTo(expected++);
			}
			Thread.sleep(150); // the background fetch started at 10 % has time to finish
			for (int i = 11; i < 100; i++) {
				assertThat(ids.nextId()).isEqualTo(expected++);
			}
		}
		assertThat(ids.callerWaits()).as("only the very first segment was waited for").isEqualTo(1);
		assertThat(ids.segmentsFetched()).isGreaterThanOrEqualTo(5);
	}

	@Test
	void gracefulShutdownHandsTheRestBackSoTheNextStartLeavesNoHoles() {
		SegmentIdGenerators first = instance(settings().prefetchThreshold(0.1));
		SegmentIdGenerator ids = first.generator("member", 1, 100);
		for (long expected = 1; expected <= 15; expected++) {
			assertThat(ids.nextId()).isEqualTo(expected);
		}
		first.close();
		assertThatExceptionOfType(IllegalStateException.class).as("a closed generator issues nothing")
			.isThrownBy(ids::nextId);
		SegmentIdGenerator restarted = instance(settings()).generator("member", 1, 100);
		for (long expected = 16; expected <= 350; expected++) {
			assertThat(restarted.nextId()).as("no hole after a graceful restart").isEqualTo(expected);
		}
	}

	@Test
	void databaseDownIsABoundedWaitThenAClearErrorAndIssuingResumesWhenItIsBack() throws Exception {
		SegmentIdGenerator ids = instance(settings().maxWait(Duration.ofMillis(300))).generator("ticket", 1, 5);
		assertThat(ids.nextId()).isEqualTo(1);
		ids.nextId();
		Thread.sleep(200); // the prefetch started by the first id completes
		this.connections.refuseConnections(true);
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
		assertThat(ex).as("no segment without the database").isNotNull();
		assertThat(served).as("3 left in the current segment + 5 in the prefetched one").isEqualTo(8);
		assertThat(last).isEqualTo(10);
		assertThat(waitedMillis).as("bounded wait, took " + waitedMillis + " ms").isLessThan(2_000);
		assertThat(ex.getMessage()).contains("ticket");
		this.connections.refuseConnections(false);
		long resumed = ids.nextId();
		assertThat(resumed).as("resumes after the database is back, never repeating: " + resumed).isGreaterThan(last);
	}

	@Test
	void settingsAreValidated() {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> settings().tableName("segments;drop table x").build())
			.satisfies((table) -> assertThat(table.getSetting()).isEqualTo("snowflake.segment.table-name"));
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> settings().defaultStep(0).build())
			.withMessage("Invalid snowflake.segment.default-step = 0: allowed 1..1000000");
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> settings().prefetchThreshold(1.5).build())
			.satisfies((threshold) -> assertThat(threshold.getSetting())
				.isEqualTo("snowflake.segment.prefetch-threshold"));
	}

	@Test
	void theSegmentAfterTheCurrentOneIsAlwaysPrefetched() throws Exception {
		SegmentIdGenerator ids = instance(settings()).generator("prefetch", 1, 100);
		for (int i = 0; i < 1_500; i++) {
			ids.nextId();
		}
		Thread.sleep(300);
		assertThat(ids.segmentsFetched()).as("15 used up and the 16th fetched ahead").isEqualTo(16);
	}

	@Test
	void dynamicStepGrowsUnderLoadWithinItsBoundAndShrinksWhenQuiet() {
		AtomicLong nanos = new AtomicLong(); // the dynamic step's clock: moved by the test, nobody sleeps
		SegmentIdGenerator busy = instance(settings().dynamicStep(true).dynamicStepTarget(Duration.ofHours(1))
			.nanoClock(nanos::get)).generator("busy", 1, 10);
		long previous = 0;
		for (int i = 0; i < 20_000; i++) {
			long id = busy.nextId();
			assertThat(id).isGreaterThan(previous);
			previous = id;
			nanos.addAndGet(1_000); // 20,000 ids in 20 ms: every segment is used up far quicker than in an hour
		}
		assertThat(busy.currentStep()).as("doubled per fetch up to 100 x the configured 10").isEqualTo(1_000);
		assertThat(busy.segmentsFetched()).as("far fewer fetches than 20,000 / 10: " + busy.segmentsFetched())
			.isLessThan(40);

		// The load stops: each segment now lasts more than twice the target, so every fetch halves the step.
		for (int i = 0; i < 3_000; i++) {
			long id = busy.nextId();
			assertThat(id).isGreaterThan(previous);
			previous = id;
			nanos.addAndGet(Duration.ofMinutes(10).toNanos()); // a segment of 12 or more lasts > 2 h
		}
		assertThat(busy.currentStep()).as("halved back down to the configured step, never below").isEqualTo(10);

		SegmentIdGenerator quiet = instance(settings().dynamicStep(true).dynamicStepTarget(Duration.ofMillis(1))
			.prefetchThreshold(0.9)
			.nanoClock(nanos::get)).generator("quiet", 1, 10);
		for (int i = 0; i < 60; i++) {
			quiet.nextId();
			nanos.addAndGet(Duration.ofMillis(1).toNanos()); // a segment of 10 lasts 10 ms: 10 x the target
		}
		assertThat(quiet.currentStep()).as("segments that last long keep the configured step").isEqualTo(10);
	}

	@Test
	void withoutDynamicStepEverySegmentHasTheConfiguredStep() {
		SegmentIdGenerator fixed = instance(settings()).generator("fixed", 1, 10);
		for (int i = 0; i < 1_000; i++) {
			fixed.nextId();
		}
		assertThat(fixed.currentStep()).isEqualTo(10);
		assertThat(fixed.segmentsFetched()).isGreaterThanOrEqualTo(100);
	}
}
