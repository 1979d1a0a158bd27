package io.snowflakeid.segment;

import io.snowflakeid.SnowflakeSettings;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.logging.Level;
import java.util.logging.LogRecord;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.testing.FaultyConnections;
import io.snowflakeid.testing.LogCapture;
import io.snowflakeid.testing.TestDatabase;
import io.snowflakeid.worker.ConnectionSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Behaviour of segment mode that PIT mutation testing (docs/mutation-testing.md) showed to be untested: the
 * settings map, the exact rules of the dynamic step, what a graceful shutdown hands back, and awkward moments of
 * table creation and allocation.
 */
class SegmentMutationTests {

	private final TestDatabase database = new TestDatabase("segment-mutation");

	private final List<Thread> fetchThreads = new CopyOnWriteArrayList<>();

	/** The generators' connections; the database down while they are refused. */
	private final FaultyConnections connections = FaultyConnections.on(this.database);

	private final List<SegmentIdGenerators> instances = new ArrayList<>();

	@AfterEach
	void close() {
		this.connections.refuseConnections(false);
		this.instances.forEach(SegmentIdGenerators::close);
	}

	private SegmentIdGenerators instance(SegmentSettings.Builder settings) {
		SegmentIdGenerators generators = new SegmentIdGenerators(settings.build());
		this.instances.add(generators);
		return generators;
	}

	private SegmentSettings.Builder settings() {
		return SegmentSettings.builder(this.connections).maxWait(Duration.ofMillis(500));
	}

	private void sql(String statement) throws SQLException {
		this.database.execute(statement);
	}

	private static void awaitFetched(SegmentIdGenerator ids, long segments) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
		while (ids.segmentsFetched() < segments && System.nanoTime() < deadline) {
			Thread.sleep(5);
		}
		assertThat(ids.segmentsFetched()).isEqualTo(segments);
	}

	// --- settings

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

	// --- closing

	@Test
	void closingHandsBackTheRestAndThePrefetchedSegmentAndSaysHowMany() throws Exception {
		try (LogCapture log = LogCapture.of(SegmentIdGenerators.class)) {
			SegmentIdGenerators first = instance(settings().prefetchThreshold(0));
			SegmentIdGenerator ids = first.generator("handed-back", 1, 10);
			for (long expected = 1; expected <= 3; expected++) {
				assertThat(ids.nextId()).isEqualTo(expected);
			}
			awaitFetched(ids, 2); // 4..10 unused, 11..20 prefetched
			first.close();
			LogRecord summary = log.find(Level.INFO, "handed back").orElse(null);
			assertThat(summary).as("the count is logged").isNotNull();
			assertThat(summary.getParameters()[0]).isEqualTo(17L);
			assertThatExceptionOfType(IllegalStateException.class).isThrownBy(ids::nextId)
				.withMessageContaining("'handed-back' is closed");
		}
		SegmentIdGenerator restarted = instance(settings()).generator("handed-back", 1, 10);
		for (long expected = 4; expected <= 30; expected++) {
			assertThat(restarted.nextId()).as("no hole after a graceful restart").isEqualTo(expected);
		}
	}

	@Test
	void aPrefetchedSegmentIsHandedBackEvenWhenTheCurrentOneIsUsedUp() throws Exception {
		SegmentIdGenerator ids = instance(settings().prefetchThreshold(0)).generator("used-up", 1, 10);
		for (long expected = 1; expected <= 10; expected++) {
			assertThat(ids.nextId()).isEqualTo(expected);
		}
		awaitFetched(ids, 2);
		assertThat(ids.closeAsync().get(5, TimeUnit.SECONDS)).isEqualTo(10L);
		assertThat(instance(settings()).generator("used-up", 1, 10).nextId()).isEqualTo(11);
	}

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
	void theLastValueOfASegmentIsHandedBackToo() throws Exception {
		SegmentIdGenerator ids = instance(settings().prefetchThreshold(0.9)).generator("last-one", 1, 10);
		for (long expected = 1; expected <= 9; expected++) {
			assertThat(ids.nextId()).isEqualTo(expected);
		}
		assertThat(ids.segmentsFetched()).as("the prefetch starts only at the 10th value").isEqualTo(1);
		assertThat(ids.closeAsync().get(5, TimeUnit.SECONDS)).isEqualTo(1L);
		assertThat(ids.closeAsync().get(5, TimeUnit.SECONDS)).as("closing twice hands back nothing more").isEqualTo(0L);
		assertThat(instance(settings()).generator("last-one", 1, 10).nextId()).isEqualTo(10);
	}

	@Test
	void aHandedBackRangeIsHandedOutOnlyOnce() {
		SegmentIdGenerators first = instance(settings());
		SegmentIdGenerator ids = first.generator("once", 1, 100);
		ids.nextId();
		first.close(); // hands back 2..100
		SegmentIdGenerator second = instance(settings()).generator("once", 1, 100);
		SegmentIdGenerator third = instance(settings()).generator("once", 1, 100);
		Set<Long> seen = new HashSet<>();
		for (int i = 0; i < 150; i++) {
			assertThat(seen.add(second.nextId())).as("duplicate").isTrue();
			assertThat(seen.add(third.nextId())).as("duplicate").isTrue();
		}
	}

	@Test
	void aHandBackThatCannotReachTheDatabaseIsLoggedWithEveryFailure() throws Exception {
		try (LogCapture log = LogCapture.of(SegmentIdGenerators.class)) {
			SegmentIdGenerators generators = instance(settings().prefetchThreshold(0));
			SegmentIdGenerator ids = generators.generator("unreachable", 1, 10);
			ids.nextId();
			awaitFetched(ids, 2);
			this.connections.refuseConnections(true);
			generators.close();
			LogRecord failed = log.find(Level.WARNING, "Could not hand back the rest of the segment of 'unreachable'")
				.orElse(null);
			assertThat(failed).isNotNull();
			assertThat(failed.getThrown()).isInstanceOf(SQLException.class);
			assertThat(failed.getThrown().getSuppressed()).as("the prefetched segment's failure too").hasSize(1);
		}
	}

	@Test
	void fetchThreadsNeverKeepTheJvmAliveAndStopOnClose() throws Exception {
		ConnectionSource recording = FaultyConnections.on(this.database).beforeStatements((sql) -> this.fetchThreads.add(Thread.currentThread()));
		SegmentIdGenerators generators = instance(SegmentSettings.builder(recording));
		generators.generator("threads", 1, 10).nextId();
		Thread fetcher = this.fetchThreads.stream()
			.filter((t) -> t.getName().equals("snowflake-segment-fetch"))
			.findFirst()
			.orElseThrow();
		assertThat(fetcher.isDaemon()).isTrue();
		generators.close();
		fetcher.join(3_000);
		assertThat(fetcher.isAlive()).as("closing stops the fetch threads (no leak on redeploy)").isFalse();
	}

	// --- tables

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
}
