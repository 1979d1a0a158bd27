package io.snowflakeid.worker;

import java.time.Duration;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.WorkerLeaseExpiredException;
import io.snowflakeid.spi.LeaseRecord;
import io.snowflakeid.spi.LeaseSignals;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.testing.LogCapture;
import io.snowflakeid.testing.ManualScheduler;
import io.snowflakeid.testing.SimulatedClock;
import io.snowflakeid.testing.TestDatabase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * What {@link WorkerLease} offers a store beyond its five operations (used by the ZooKeeper store): a bound on the
 * lease length, the attach/detach calls, suspension on a lost connection and an early renewal when it is back; and
 * what it offers the application's lifecycle: a pause that keeps the worker id without renewing it, and a resume.
 */
class LeaseStoreHooksTests {

	private static final SnowflakeLayout LAYOUT = SnowflakeLayout.builder().timestampBits(41).datacenterBits(5)
		.workerBits(2).sequenceBits(15).build();

	private static final AtomicInteger EPOCHS = new AtomicInteger(7_000);

	private final TestDatabase database = new TestDatabase("hooks");

	private final LeaseStore table = new JdbcLeaseStore(this.database.connections(),
			new LeaseTable("snowflake_worker_lease"), true);

	@Test
	void aStoreBoundsTheLeaseDurationAndALongerOneIsShortenedToIt() {
		HookedStore store = new HookedStore(this.table, Duration.ofSeconds(4));
		WorkerLeaseSettings settings = WorkerLeaseSettings.builder(store).layout(LAYOUT).datacenterId(0)
			.duration(Duration.ofSeconds(60)).build();
		assertThat(settings.duration()).isEqualTo(Duration.ofSeconds(4));
		WorkerLeaseSettings shorter = WorkerLeaseSettings.builder(store).layout(LAYOUT).datacenterId(0)
			.duration(Duration.ofSeconds(3)).build();
		assertThat(shorter.duration()).as("a shorter lease is kept").isEqualTo(Duration.ofSeconds(3));
		WorkerLeaseSettings overTheRange = WorkerLeaseSettings.builder(store).layout(LAYOUT).datacenterId(0)
			.duration(Duration.ofHours(2)).build();
		assertThat(overTheRange.duration()).as("bounded before the range (3 s to 1 h) is checked")
			.isEqualTo(Duration.ofSeconds(4));
	}

	@Test
	void theStoreIsToldOnceWhenTheLeaseIsHeldAndOnceWhenItIsClosed() {
		HookedStore store = new HookedStore(this.table, null);
		WorkerLease lease = WorkerLease.acquire(WorkerLeaseSettings.builder(store).layout(LAYOUT).datacenterId(0)
			.duration(Duration.ofSeconds(3)).build());
		assertThat(store.attached.get()).isEqualTo(1);
		assertThat(store.detached.get()).isZero();
		assertThat(lease.duration()).as("what the store is told each claim or renewal lasts")
			.isEqualTo(Duration.ofSeconds(3));
		assertThat(lease.storeDescription()).isEqualTo("table snowflake_worker_lease");
		lease.close();
		lease.close();
		assertThat(store.attached.get()).isEqualTo(1);
		assertThat(store.detached.get()).isEqualTo(1);
	}

	/** A store failing to detach does not fail the close: the lease is closed and the failure is a warning. */
	@Test
	void aStoreThatFailsToDetachIsAWarningAndTheLeaseIsClosed() {
		HookedStore store = new HookedStore(this.table, null) {
			@Override
			public void detached(LeaseSignals lease) {
				throw new IllegalStateException("session already gone (test)");
			}
		};
		WorkerLease lease = WorkerLease.acquire(WorkerLeaseSettings.builder(store).layout(LAYOUT).datacenterId(0)
			.duration(Duration.ofSeconds(3)).scheduler(new ManualScheduler()).build());
		List<java.util.logging.LogRecord> records = captured(() -> lease.close());
		assertThat(lease.isValid()).isFalse();
		assertThat(records).filteredOn((record) -> record.getLevel() == java.util.logging.Level.WARNING)
			.singleElement().satisfies((record) -> {
				assertThat(record.getMessage()).isEqualTo("Detaching snowflake worker (datacenter 0, worker "
						+ lease.workerId() + ") from table snowflake_worker_lease failed");
				assertThat(record.getThrown()).hasMessage("session already gone (test)");
			});
	}

	@Test
	void aSuspendedLeaseIssuesNothingUntilTheNextRenewalSucceeds() {
		WorkerLease lease = WorkerLease.acquire(WorkerLeaseSettings.builder(this.table).layout(LAYOUT).datacenterId(0)
			.duration(Duration.ofSeconds(3)).scheduler(new ManualScheduler()).build());
		try {
			long before = lease.generator().nextId();
			List<java.util.logging.LogRecord> records = captured(
					() -> lease.suspend("connection to the store lost (test)"));
			assertThat(records).as("a warning operators see").singleElement().satisfies((record) -> {
				assertThat(record.getLevel()).isEqualTo(java.util.logging.Level.WARNING);
				assertThat(record.getMessage()).isEqualTo("Snowflake worker {0} suspended: {1}");
				assertThat(record.getParameters()).containsExactly("(datacenter 0, worker " + lease.workerId() + ")",
						"connection to the store lost (test)");
			});
			assertThat(lease.isValid()).isFalse();
			assertThat(lease.suspendedReason()).isEqualTo("connection to the store lost (test)");
			assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(lease.generator()::nextId)
				.withMessageContaining("suspended").withMessageContaining("connection to the store lost (test)");
			lease.renew();
			assertThat(lease.suspendedReason()).isNull();
			assertThat(lease.generator().nextId()).isGreaterThan(before);
		}
		finally {
			lease.close();
		}
	}

	/**
	 * A pause (Spring's {@code context.stop()}: an actuator pause, a CRaC checkpoint) stops the ids at once and stops
	 * renewing, whatever asks for a renewal meanwhile; resume renews at once, on the renewal thread, and the ids
	 * follow that renewal. Resuming a lease that is not paused changes nothing.
	 */
	@Test
	void aPausedLeaseNeitherIssuesNorRenewsUntilResumedThenRenewsAtOnce() throws Exception {
		ManualScheduler scheduler = new ManualScheduler();
		WorkerLease lease = WorkerLease.acquire(WorkerLeaseSettings.builder(this.table).layout(LAYOUT).datacenterId(0)
			.duration(Duration.ofSeconds(3)).scheduler(scheduler).build());
		try {
			long before = lease.generator().nextId();
			assertThat(lease.isPaused()).isFalse();
			assertThat(scheduler.pendingCount()).as("the first renewal").isEqualTo(1);
			lease.resume();
			assertThat(scheduler.nextDelay()).as("not paused: no early renewal").isPositive();

			lease.pause("context stopped (test)");
			assertThat(lease.isPaused()).isTrue();
			assertThat(lease.isValid()).isFalse();
			assertThat(lease.suspendedReason()).isEqualTo("context stopped (test)");
			assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(lease.generator()::nextId)
				.withMessageContaining("context stopped (test)");
			assertThat(scheduler.pendingCount()).as("the pending renewal is cancelled").isZero();
			lease.renewSoon();
			assertThat(scheduler.pendingCount()).as("no renewal while paused").isZero();
			lease.renew();
			assertThat(lease.renewals()).as("a renewal already under way does nothing while paused").isZero();

			lease.resume();
			assertThat(lease.isPaused()).isFalse();
			assertThat(scheduler.nextDelay()).as("renews at once").isLessThanOrEqualTo(Duration.ZERO);
			// On a thread of its own, as the renewal thread: the pause left no lock held.
			Thread renewal = new Thread(scheduler::runPending, "renewal");
			renewal.setDaemon(true);
			renewal.start();
			renewal.join(10_000);
			assertThat(lease.renewals()).isEqualTo(1);
			assertThat(lease.suspendedReason()).isNull();
			assertThat(lease.generator().nextId()).isGreaterThan(before);
		}
		finally {
			lease.close();
		}
	}

	@Test
	void earlyRenewalsDoNotMultiplyTheBackgroundRenewals() throws Exception {
		CountingStore store = new CountingStore(this.table);
		WorkerLease lease = WorkerLease.acquire(WorkerLeaseSettings.builder(store).layout(LAYOUT).datacenterId(0)
			.duration(Duration.ofSeconds(3)).build());
		try {
			for (int i = 0; i < 5; i++) {
				lease.renewSoon();
				awaitRenewals(store, i + 1);
			}
			// Renewals are due every second. One chain renews at most twice in the next 1.5 s; had each early
			// renewal started a chain of its own, the six chains would renew about six times each second.
			Thread.sleep(1_500);
			assertThat(store.renewals.get()).isBetween(5, 7);
			assertThat(lease.isValid()).isTrue();
		}
		finally {
			lease.close();
		}
	}

	/** The records {@link WorkerLease} logs while {@code action} runs. */
	private static List<java.util.logging.LogRecord> captured(Runnable action) {
		try (LogCapture log = LogCapture.of(WorkerLease.class)) {
			action.run();
			return log.records();
		}
	}

	private static void awaitRenewals(CountingStore store, int count) throws InterruptedException {
		long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
		while (store.renewals.get() < count) {
			assertThat(System.nanoTime() - deadline).as("renewal " + count + " within 10 s").isNegative();
			Thread.sleep(5);
		}
	}

	/** Forwards to the table, counting hooks, with an optional bound on the lease. */
	static class HookedStore extends ForwardingStore {

		final Duration bound;

		final AtomicInteger attached = new AtomicInteger();

		final AtomicInteger detached = new AtomicInteger();

		HookedStore(LeaseStore target, Duration bound) {
			super(target);
			this.bound = bound;
		}

		@Override
		public Duration maxLeaseDuration() {
			return this.bound;
		}

		@Override
		public void attached(LeaseSignals lease) {
			this.attached.incrementAndGet();
		}

		@Override
		public void detached(LeaseSignals lease) {
			this.detached.incrementAndGet();
		}
	}

	/**
	 * A store that lost its records (a Redis key deleted) answers a fence: the claim waits until it has passed, and
	 * never longer than its own lease duration + safety margin, whoever wrote the fence; a fence long past costs
	 * nothing.
	 */
	@ParameterizedTest(name = "fence at now + {0} ms: waits {1} ms")
	@CsvSource({ "-1, 0", "-3600000, 0", "2500, 2500", "4000, 4000", "5000, 4000" })
	void aStoreThatForgotItsRecordsMakesTheClaimWaitOutTheHoldersItForgot(long fenceFromNow, long expectedWait) {
		SimulatedClock time = new SimulatedClock(java.time.Instant.parse("2026-11-25T12:00:00Z"));
		long start = time.now().toEpochMilli();
		java.util.concurrent.atomic.AtomicLong offered = new java.util.concurrent.atomic.AtomicLong();
		LeaseStore fenced = new ForwardingStore(this.table) {
			@Override
			public long forgottenHoldersFence(long fenceIfEmpty, Duration timeout) {
				offered.set(fenceIfEmpty);
				return start + fenceFromNow;
			}
		};
		// A layout of its own (epoch a millisecond apart): this JVM's other generators' last ids, on the machine's
		// clock, are far ahead of this test's clock and would stand in the way of the same layout's pairs.
		SnowflakeLayout layout = SnowflakeLayout.builder().timestampBits(41).datacenterBits(5).workerBits(2)
			.sequenceBits(15).epoch(java.time.Instant.parse("2020-01-01T00:00:00Z").plusMillis(EPOCHS.incrementAndGet()))
			.build();
		// A fence up to lease + margin + clock tolerance (1 s) ahead is waited out (for at most lease + margin).
		WorkerLease lease;
		java.util.List<java.util.logging.LogRecord> records;
		try (LogCapture log = LogCapture.of(LeaseClaim.class)) {
			lease = WorkerLease.acquire(WorkerLeaseSettings.builder(fenced).layout(layout).datacenterId(0)
				.duration(Duration.ofSeconds(3)).safetyMargin(Duration.ofSeconds(1)).clockTolerance(Duration.ofSeconds(1))
				.timeSource(time).clock(time).scheduler(new ManualScheduler()).build());
			records = log.records();
		}
		try {
			assertThat(offered.get()).as("the fence a store records when it finds itself empty: now + 3 s + 1 s")
				.isEqualTo(start + 4_000);
			long waited = time.now().toEpochMilli() - start;
			assertThat(waited).isEqualTo(expectedWait);
			assertThat(records.stream().filter((record) -> record.getMessage().contains("found deleted")))
				.as("the wait, logged with its length").hasSize((expectedWait > 0) ? 1 : 0)
				.allSatisfy((record) -> assertThat(record.getParameters()[1]).isEqualTo(expectedWait));
			long firstId = lease.generator().nextId();
			assertThat(lease.generator().decode(firstId).timestamp().toEpochMilli())
				.as("the first id is from after the fence").isGreaterThanOrEqualTo(start + expectedWait);
		}
		finally {
			lease.close();
		}
	}

	/**
	 * A fence beyond this host's now + lease + margin + tolerance was written by a host whose clock runs ahead by more
	 * than the margin: waiting would repeat at every start until that fence, under a false reason. Refused, naming
	 * the fence and the clocks.
	 */
	@Test
	void aFenceBeyondWhatAnyHostWithAnAgreeingClockWritesIsRefusedAsAClockAhead() {
		SimulatedClock time = new SimulatedClock(java.time.Instant.parse("2026-11-25T12:00:00Z"));
		long start = time.now().toEpochMilli();
		LeaseStore fenced = new ForwardingStore(this.table) {
			@Override
			public long forgottenHoldersFence(long fenceIfEmpty, Duration timeout) {
				return start + 86_400_000;
			}
		};
		assertThatExceptionOfType(WorkerLeaseException.class)
			.isThrownBy(() -> WorkerLease.acquire(WorkerLeaseSettings.builder(fenced).layout(LAYOUT).datacenterId(0)
				.duration(Duration.ofSeconds(3)).safetyMargin(Duration.ofSeconds(1)).timeSource(time)
				.clock(time).scheduler(new ManualScheduler()).build()))
			.satisfies((ex) -> assertThat(ex.getReason()).isEqualTo(WorkerLeaseException.Reason.CLOCK_BEHIND))
			.withMessageContaining("fenced until 2026-11-26T12:00:00Z")
			.withMessageContaining("has a clock ahead of this one by 86396000 ms or more"); // 1 day - (3 s + 1 s)
		assertThat(time.now().toEpochMilli()).as("no wait").isEqualTo(start);
	}

	/**
	 * A lost lease is reported lost only once the permit is sealed with the store's reason: a caller who saw
	 * {@code isLost()} gets the refusal that says why (a ZooKeeper test saw the earlier suspension's message while the
	 * store's reason was still being read).
	 */
	@Test
	void aLeaseIsReportedLostOnlyOnceItsRefusalSaysWhy() throws Exception {
		java.util.concurrent.CountDownLatch reading = new java.util.concurrent.CountDownLatch(1);
		java.util.concurrent.CountDownLatch answer = new java.util.concurrent.CountDownLatch(1);
		LeaseStore refusing = new ForwardingStore(this.table) {
			@Override
			public boolean renew(int datacenterId, int workerId, Collection<String> tokens, String newToken,
					long leaseEnd, long mark, Duration timeout) {
				return false; // taken over
			}

			@Override
			public String lostReason(int datacenterId, int workerId) {
				reading.countDown();
				try {
					answer.await();
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				return "was taken over (the store's reason, test)";
			}
		};
		SnowflakeLayout layout = SnowflakeLayout.builder().timestampBits(41).datacenterBits(5).workerBits(2)
			.sequenceBits(15).epoch(java.time.Instant.parse("2020-01-01T00:00:00Z").plusMillis(EPOCHS.incrementAndGet()))
			.build();
		WorkerLease lease = WorkerLease.acquire(WorkerLeaseSettings.builder(refusing).layout(layout).datacenterId(0)
			.duration(Duration.ofSeconds(3)).scheduler(new ManualScheduler()).build());
		try {
			Thread renewal = new Thread(lease::renew, "renewal (test)");
			renewal.start();
			assertThat(reading.await(10, java.util.concurrent.TimeUnit.SECONDS)).isTrue();
			assertThat(lease.isLost()).as("not yet: the refusal does not say why yet").isFalse();
			answer.countDown();
			renewal.join(10_000);
			assertThat(lease.isLost()).isTrue();
			assertThatExceptionOfType(io.snowflakeid.WorkerLeaseExpiredException.class)
				.isThrownBy(lease.generator()::nextId)
				.withMessageContaining("the store's reason, test");
		}
		finally {
			answer.countDown();
			lease.close();
		}
	}

	/** Forwards to the table, counting renewals. */
	static class CountingStore extends ForwardingStore {

		final AtomicInteger renewals = new AtomicInteger();

		CountingStore(LeaseStore target) {
			super(target);
		}

		@Override
		public boolean renew(int datacenterId, int workerId, Collection<String> tokens, String newToken,
				long leaseEnd, long mark, Duration timeout) throws Exception {
			boolean renewed = super.renew(datacenterId, workerId, tokens, newToken, leaseEnd, mark, timeout);
			this.renewals.incrementAndGet();
			return renewed;
		}
	}

	/** Every operation forwarded to another store. */
	static class ForwardingStore implements LeaseStore {

		private final LeaseStore target;

		ForwardingStore(LeaseStore target) {
			this.target = target;
		}

		@Override
		public String description() {
			return this.target.description();
		}

		@Override
		public void prepare(Duration timeout) throws Exception {
			this.target.prepare(timeout);
		}

		@Override
		public long forgottenHoldersFence(long fenceIfEmpty, Duration timeout) throws Exception {
			return this.target.forgottenHoldersFence(fenceIfEmpty, timeout);
		}

		@Override
		public List<LeaseRecord> records(Integer datacenterId, Duration timeout) throws Exception {
			return this.target.records(datacenterId, timeout);
		}

		@Override
		public boolean takeFree(LeaseRecord record, String owner, String token, long leaseEnd, long mark,
				long expiredBefore, Duration timeout) throws Exception {
			return this.target.takeFree(record, owner, token, leaseEnd, mark, expiredBefore, timeout);
		}

		@Override
		public boolean insertNew(int datacenterId, int workerId, String owner, String token, long leaseEnd,
				long mark, Duration timeout) throws Exception {
			return this.target.insertNew(datacenterId, workerId, owner, token, leaseEnd, mark, timeout);
		}

		@Override
		public boolean renew(int datacenterId, int workerId, Collection<String> tokens, String newToken,
				long leaseEnd, long mark, Duration timeout) throws Exception {
			return this.target.renew(datacenterId, workerId, tokens, newToken, leaseEnd, mark, timeout);
		}

		@Override
		public boolean release(int datacenterId, int workerId, Collection<String> tokens, long exactMark,
				Duration timeout) throws Exception {
			return this.target.release(datacenterId, workerId, tokens, exactMark, timeout);
		}

		@Override
		public boolean isLostRace(Exception failure) {
			return this.target.isLostRace(failure);
		}
	}
}
