package io.snowflakeid.segment;

import java.sql.SQLException;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.internal.config.SegmentConfiguration;
import io.snowflakeid.internal.config.SnowflakeConfiguration;
import io.snowflakeid.testing.FaultyConnections;
import io.snowflakeid.testing.TestDatabase;
import io.snowflakeid.worker.ConnectionSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

class SegmentIdGeneratorTests extends SegmentTestSupport {

	SegmentIdGeneratorTests() {
		super("segment");
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
	void maxStepBoundsTheDynamicStepOfEveryKeyUnderLoad() {
		AtomicLong nanos = new AtomicLong();
		SegmentIdGenerators generators = instance(settings().dynamicStep(true).dynamicStepTarget(Duration.ofHours(1))
			.defaultStep(10).maxStep(250).nanoClock(nanos::get));
		SegmentIdGenerator busy = generators.generator("bounded", 1, 0);
		SegmentIdGenerator big = generators.generator("bounded-big", 1, 400);
		long previous = 0;
		int largest = 0;
		for (int i = 0; i < 20_000; i++) {
			long id = busy.nextId();
			assertThat(id).isGreaterThan(previous);
			previous = id;
			big.nextId();
			largest = Math.max(largest, busy.currentStep());
			nanos.addAndGet(1_000); // every segment is used up far quicker than in an hour
		}
		assertThat(busy.currentStep()).as("doubled up to max-step 250, not to 100 x 10").isEqualTo(250);
		assertThat(largest).as("never beyond max-step").isEqualTo(250);
		assertThat(big.currentStep()).as("a key whose own step exceeds max-step keeps it").isEqualTo(400);
	}

	/** The way every binding hands it over: Hibernate settings (or Spring, Quarkus) into the segment settings. */
	@Test
	void maxStepOfTheSettingsMapReachesTheSegmentSettings() {
		SegmentConfiguration configuration = SnowflakeConfiguration
			.fromSettings(Map.of("snowflake.segment.max-step", "300", "snowflake.segment.default-step", "10"))
			.segment();
		assertThat(settings().settings(configuration.values()).build().configuration).isEqualTo(configuration);
		SegmentConfiguration fromText = settings()
			.settings(Map.of("snowflake.segment.max-step", "300", "snowflake.segment.default-step", "10"))
			.build().configuration;
		assertThat(fromText.maxStep()).as("the same map as text, read by the builder").isEqualTo(300);
		assertThat(fromText.defaultStep()).isEqualTo(10);
		assertThat(settings().build().configuration.maxStep()).as("not set").isNull();
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> settings().settings(Map.of("snowflake.segment.maxstep", "300")))
			.withMessageContaining("snowflake.segment.maxstep")
			.withMessageContaining("snowflake.segment.max-step");
	}

	@Test
	void maxStepOutOfRangeOrBelowTheDefaultStepIsRefusedNamingTheSettingAndTheRange() {
		assertThat(settings().maxStep(1).defaultStep(1).build()).isNotNull();
		assertThat(settings().maxStep(1_000_000).build()).isNotNull();
		assertThat(settings().maxStep(1_000).build()).as("equal to the default step").isNotNull();
		assertThat(settings().maxStep(null).build()).as("not set").isNotNull();
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> settings().maxStep(0).defaultStep(1).build())
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo("snowflake.segment.max-step"))
			.withMessage("Invalid snowflake.segment.max-step = 0: allowed 1..1000000");
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> settings().maxStep(1_000_001).build())
			.withMessage("Invalid snowflake.segment.max-step = 1000001: allowed 1..1000000");
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> settings().defaultStep(500).maxStep(499).build())
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo("snowflake.segment.max-step"))
			.withMessage("Invalid snowflake.segment.max-step = 499: allowed 500..1000000 (at least "
					+ "snowflake.segment.default-step = 500)");
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

	// --- settings, keys and steps

	@Test
	void statementsAreBoundedByTheMaxWaitButAtLeastOneSecond() {
		assertThat(settings().maxWait(Duration.ZERO).build().statementTimeout()).isEqualTo(Duration.ofSeconds(1));
		assertThat(settings().maxWait(Duration.ofMillis(300)).build().statementTimeout())
			.isEqualTo(Duration.ofSeconds(1));
		assertThat(settings().maxWait(Duration.ofSeconds(5)).build().statementTimeout())
			.isEqualTo(Duration.ofSeconds(5));
		assertThat(settings().maxWait(Duration.ofSeconds(5)).build().closeTimeout()).isEqualTo(Duration.ofSeconds(10));
	}

	@Test
	void theEdgesOfEveryAllowedRangeAreAccepted() {
		assertThat(settings().defaultStep(1).build()).isNotNull();
		assertThat(settings().defaultStep(1_000_000).build()).isNotNull();
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> settings().defaultStep(1_000_001).build());
		assertThat(settings().dynamicStepTarget(Duration.ofMillis(1)).build()).isNotNull();
		assertThat(settings().dynamicStepTarget(Duration.ofDays(1)).build()).isNotNull();
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> settings().dynamicStepTarget(Duration.ofDays(1).plusMillis(1)).build());
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> settings().dynamicStepTarget(Duration.ofNanos(999_999)).build());
		assertThat(settings().prefetchThreshold(0.9).build()).isNotNull();
		assertThat(settings().prefetchThreshold(0).build()).isNotNull();
		assertThat(settings().maxWait(Duration.ofMinutes(1)).build()).isNotNull();
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> settings().maxWait(Duration.ofMinutes(1).plusMillis(1)).build());
	}

	@Test
	void keysAndStepsOfGeneratorsAreChecked() {
		SegmentIdGenerators generators = instance(settings().defaultStep(40));
		String longest = "k".repeat(128);
		assertThat(generators.generator(longest, 1, 5).key()).isEqualTo(longest);
		assertThatExceptionOfType(IllegalArgumentException.class)
			.isThrownBy(() -> generators.generator("k".repeat(129), 1, 5));
		assertThatExceptionOfType(IllegalArgumentException.class).isThrownBy(() -> generators.generator(" ", 1, 5));
		assertThat(generators.generator("default-step", 1, 0).currentStep()).as("step 0: the default step")
			.isEqualTo(40);
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> generators.generator("huge", 1, 1_000_001))
			.satisfies((tooBig) -> assertThat(tooBig.getSetting()).isEqualTo("@SegmentId(step) of key 'huge'"));
	}

	// --- the dynamic step, exactly as documented

	/** The step chosen for the third fetch when the second segment's fetch started {@code lasted} after the first's. */
	private int stepAfterASegmentThatLasted(String key, Duration lasted) {
		AtomicLong nanos = new AtomicLong(1_000_000_000_000L);
		SegmentIdGenerator ids = instance(settings().prefetchThreshold(0).dynamicStep(true)
			.dynamicStepTarget(Duration.ofSeconds(1)).nanoClock(nanos::get)).generator(key, 1, 10);
		// The first fetch and, at once, the prefetch of the next: used up in no time, so the step doubles to 20.
		assertThat(ids.nextId()).isEqualTo(1);
		assertThat(ids.currentStep()).isEqualTo(20);
		for (int i = 2; i <= 10; i++) {
			ids.nextId();
		}
		nanos.addAndGet(lasted.toNanos());
		assertThat(ids.nextId()).isEqualTo(11); // starts the next prefetch, which sets the step
		return ids.currentStep();
	}

	@Test
	void theStepDoublesOnlyBelowTheTargetAndHalvesOnlyBeyondTwiceIt() {
		assertThat(stepAfterASegmentThatLasted("faster", Duration.ofMillis(999))).isEqualTo(40);
		assertThat(stepAfterASegmentThatLasted("on-target", Duration.ofSeconds(1))).isEqualTo(20);
		assertThat(stepAfterASegmentThatLasted("slower", Duration.ofMillis(1_500))).isEqualTo(20);
		assertThat(stepAfterASegmentThatLasted("twice", Duration.ofSeconds(2))).isEqualTo(20);
		assertThat(stepAfterASegmentThatLasted("beyond-twice", Duration.ofSeconds(2).plusNanos(1))).isEqualTo(10);
	}

	// --- fetches that fail, callers interrupted, the fetch threads

	@Test
	void anInterruptedCallerGetsAClearErrorAndKeepsItsInterrupt() {
		ConnectionSource slow = FaultyConnections.on(this.database).delayConnections(Duration.ofMillis(200));
		SegmentIdGenerator ids = instance(SegmentSettings.builder(slow).createTable(true).maxWait(Duration.ofSeconds(2)))
			.generator("interrupted", 1, 10);
		Thread.currentThread().interrupt();
		try {
			assertThatExceptionOfType(SegmentUnavailableException.class).isThrownBy(ids::nextId)
				.withMessageContaining("Interrupted while waiting for a segment for 'interrupted'");
			assertThat(Thread.currentThread().isInterrupted()).isTrue();
		}
		finally {
			Thread.interrupted();
		}
		assertThat(ids.nextId()).isEqualTo(1);
	}

	@Test
	void aFailedInsertOfANewKeyIsReportedNotTakenForALostRace() {
		AtomicBoolean failOnce = new AtomicBoolean(true);
		ConnectionSource failing = FaultyConnections.on(this.database).beforeStatements((sql) -> {
			if (sql.startsWith("INSERT INTO snowflake_segment ") && failOnce.getAndSet(false)) {
				throw new SQLException("connection reset (simulated)", "08006");
			}
		});
		SegmentIdGenerator ids = instance(SegmentSettings.builder(failing).maxWait(Duration.ofSeconds(2)))
			.generator("insert-fails", 1, 10);
		assertThatExceptionOfType(SegmentUnavailableException.class).isThrownBy(ids::nextId)
			.withMessageContaining("connection reset");
		assertThat(ids.nextId()).isEqualTo(1);
	}

	@Test
	void aFailedFetchNamesTheKeyAndTheTable() {
		SegmentIdGenerators generators = instance(settings().tableName("named_segments"));
		SegmentIdGenerator ids = generators.generator("named", 1, 10);
		this.connections.refuseConnections(true);
		assertThatExceptionOfType(SegmentUnavailableException.class).isThrownBy(ids::nextId)
			.withMessageContaining("Cannot fetch a segment for key 'named' from named_segments");
		this.connections.refuseConnections(false);
		assertThat(ids.nextId()).as("a failed fetch is not reused: the next caller fetches again").isEqualTo(1);
	}

	@Test
	void fetchThreadsNeverKeepTheJvmAliveAndStopOnClose() throws Exception {
		List<Thread> fetchThreads = new CopyOnWriteArrayList<>();
		ConnectionSource recording = FaultyConnections.on(this.database)
			.beforeStatements((sql) -> fetchThreads.add(Thread.currentThread()));
		SegmentIdGenerators generators = instance(SegmentSettings.builder(recording));
		generators.generator("threads", 1, 10).nextId();
		Thread fetcher = fetchThreads.stream()
			.filter((t) -> t.getName().equals("snowflake-segment-fetch"))
			.findFirst()
			.orElseThrow();
		assertThat(fetcher.isDaemon()).isTrue();
		generators.close();
		fetcher.join(3_000);
		assertThat(fetcher.isAlive()).as("closing stops the fetch threads (no leak on redeploy)").isFalse();
	}

	// --- the tables: created, refused, missing, and a new key raced by another instance

	@Test
	void tablesThatExistAreUsedEvenIfCreatingThemIsRefused() throws Exception {
		ConnectionSource noDdl = FaultyConnections.on(this.database).beforeStatements((sql) -> {
			if (sql.startsWith("CREATE")) {
				throw new SQLException("permission denied for schema public", "42501");
			}
		});
		assertThatExceptionOfType(SegmentUnavailableException.class)
			.isThrownBy(() -> instance(SegmentSettings.builder(noDdl)).generator("ddl", 1, 10))
			.withMessageContaining("Cannot create the segment tables snowflake_segment");
		for (String ddl : SegmentSettings.builder(this.connections).build().createTableStatements()) {
			sql(ddl);
		}
		assertThat(instance(SegmentSettings.builder(noDdl)).generator("ddl", 1, 10).nextId()).isEqualTo(1);
	}

	@Test
	void withTableCreationOffMissingTablesFailTheFirstGeneratorNamingTheSettingAndTheDdl() throws Exception {
		assertThatExceptionOfType(SegmentUnavailableException.class)
			.isThrownBy(() -> instance(settings().createTable(false)).generator("migrated", 1, 10))
			.withMessageContaining("Cannot read the segment tables snowflake_segment and snowflake_segment_free")
			.withMessageContaining("snowflake.segment.create-table=false: create them with CREATE TABLE IF NOT EXISTS "
					+ "snowflake_segment (");
		// Only the give-back table missing is caught too.
		sql(SegmentSettings.builder(this.connections).build().createTableStatements()[0]);
		assertThatExceptionOfType(SegmentUnavailableException.class)
			.isThrownBy(() -> instance(settings().createTable(false)).generator("migrated", 1, 10));
		sql(SegmentSettings.builder(this.connections).build().createTableStatements()[1]);
		assertThat(instance(settings().createTable(false)).generator("migrated", 1, 10).nextId()).isEqualTo(1);
	}

	@Test
	void aNewKeyCreatedByAnotherInstanceAtTheSameMomentContinuesAfterItsSegment() throws Exception {
		AtomicReference<String> raced = new AtomicReference<>();
		ConnectionSource racing = FaultyConnections.on(this.database).beforeStatements((sql) -> {
			if (sql.startsWith("INSERT INTO snowflake_segment ") && raced.compareAndSet(null, sql)) {
				// Another instance creates the row first and takes 1..10.
				DatabaseRacer.insert(this.database, "raced", 10, 10);
			}
		});
		SegmentIdGenerator ids = instance(SegmentSettings.builder(racing).maxWait(Duration.ofSeconds(2)))
			.generator("raced", 1, 10);
		assertThat(ids.nextId()).as("the segment after the other instance's, never the same one").isEqualTo(11);
		assertThat(raced.get()).isNotNull();
	}

	/** Another instance, on its own connection. */
	private static final class DatabaseRacer {

		static void insert(TestDatabase database, String key, long maxValue, int step) throws SQLException {
			database.execute("INSERT INTO snowflake_segment (segment_key, max_value, step) VALUES ('" + key + "', "
					+ maxValue + ", " + step + ")");
		}
	}
}
