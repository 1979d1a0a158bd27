package io.snowflakeid.segment;

import java.sql.SQLException;
import java.util.HashSet;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.LogRecord;

import io.snowflakeid.testing.LogCapture;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * What a graceful shutdown hands back of an instance's segments (the rest of the current one and the prefetched
 * one, to the give-back table), that the next start hands those values out again exactly once and leaves no hole,
 * and what operators read in the log about it, a hand-back that cannot reach the database included.
 */
class SegmentHandBackTests extends SegmentTestSupport {

	SegmentHandBackTests() {
		super("segment-hand-back");
	}

	private static void awaitFetched(SegmentIdGenerator ids, long segments) throws InterruptedException {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
		while (ids.segmentsFetched() < segments && System.nanoTime() < deadline) {
			Thread.sleep(5);
		}
		assertThat(ids.segmentsFetched()).isEqualTo(segments);
	}

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

	/** A binding may close on the stop and again when it destroys its beans: one hand-back, one log line. */
	@Test
	void closingTwiceHandsBackOnce() throws Exception {
		try (LogCapture log = LogCapture.of(SegmentIdGenerators.class)) {
			SegmentIdGenerators generators = instance(settings());
			SegmentIdGenerator ids = generators.generator("closed-twice", 1, 10);
			assertThat(ids.nextId()).isEqualTo(1);
			generators.close();
			generators.close();
			assertThat(log.records()).filteredOn((record) -> record.getMessage().contains("handed back")).hasSize(1);
		}
		SegmentIdGenerator restarted = instance(settings()).generator("closed-twice", 1, 10);
		assertThat(restarted.nextId()).as("the rest handed back once, not lost").isEqualTo(2);
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
}
