package io.snowflakeid.worker;

import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.snowflakeid.testing.ManualScheduler;
import io.snowflakeid.testing.SimulatedClock;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Where a lease's renewals run, on their own: one renewal pending at a time, nothing scheduled once closing began,
 * a scheduler given by the application left running, a refusal reported rather than lost.
 */
class RenewalScheduleTests {

	private final SimulatedClock clock = new SimulatedClock(Instant.parse("2026-01-01T00:00:00Z"));

	private final ManualScheduler scheduler = ManualScheduler.on(this.clock);

	private final AtomicInteger renewals = new AtomicInteger();

	@Test
	void anEarlierRenewalReplacesThePendingOne() {
		RenewalSchedule schedule = RenewalSchedule.on(this.scheduler, "unused");
		assertThat(schedule.schedule(this.renewals::incrementAndGet, 20_000)).isTrue();
		assertThat(schedule.schedule(this.renewals::incrementAndGet, 0)).isTrue(); // renewSoon()
		assertThat(this.scheduler.pendingCount()).isEqualTo(1);
		this.scheduler.advance(Duration.ofSeconds(30));
		assertThat(this.renewals).hasValue(1);
	}

	@Test
	void nothingIsScheduledOnceClosingBegan() {
		RenewalSchedule schedule = RenewalSchedule.on(this.scheduler, "unused");
		schedule.schedule(this.renewals::incrementAndGet, 1_000);
		schedule.stop();
		assertThat(this.scheduler.pendingCount()).as("the pending renewal is cancelled").isZero();
		assertThat(schedule.schedule(this.renewals::incrementAndGet, 0)).as("nothing to schedule is no refusal")
			.isTrue();
		assertThat(this.scheduler.pendingCount()).as("a store's signal racing the close schedules nothing").isZero();
		this.scheduler.advance(Duration.ofSeconds(10));
		assertThat(this.renewals).hasValue(0);
	}

	@Test
	void aSchedulerGivenIsNeverShutDown() {
		RenewalSchedule schedule = RenewalSchedule.on(this.scheduler, "unused");
		schedule.schedule(this.renewals::incrementAndGet, 1_000);
		schedule.stop();
		schedule.stopNow();
		assertThat(this.scheduler.isShutdown()).isFalse();
	}

	@Test
	void aRefusalIsReportedWithWhatTheSchedulerThrew() {
		this.scheduler.shutdown();
		RenewalSchedule schedule = RenewalSchedule.on(this.scheduler, "unused");
		assertThat(schedule.schedule(this.renewals::incrementAndGet, 0)).isFalse();
		assertThat(schedule.refusal()).hasMessage("shut down");
	}

	@Test
	void itsOwnThreadIsADaemonNamedForTheLeaseAndStopsOnClose() throws Exception {
		RenewalSchedule schedule = RenewalSchedule.on(null, "snowflake-worker-lease-1-2");
		CompletableFuture<Thread> ran = new CompletableFuture<>();
		schedule.schedule(() -> ran.complete(Thread.currentThread()), 0);
		Thread thread = ran.get(10, TimeUnit.SECONDS);
		assertThat(thread.getName()).isEqualTo("snowflake-worker-lease-1-2");
		assertThat(thread.isDaemon()).isTrue();
		schedule.stopNow();
		thread.join(10_000);
		assertThat(thread.isAlive()).as("the lease's own thread ends with it").isFalse();
	}

	@Test
	void onItsOwnThreadARenewalStillRunningIsInterruptedOnlyWhenClosingEnds() throws Exception {
		RenewalSchedule schedule = RenewalSchedule.on(null, "snowflake-worker-lease-0-0");
		CompletableFuture<Boolean> interrupted = new CompletableFuture<>();
		CountDownLatch running = runSlowRenewal(schedule, interrupted);
		assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
		schedule.stop(); // closing begins: the renewal in flight may finish (the lease waits for it, bounded)
		assertThat(interrupted).isNotDone();
		schedule.stopNow(); // closing ends: the lease's own thread is stopped
		assertThat(interrupted.get(10, TimeUnit.SECONDS)).isTrue();
	}

	@Test
	void onASchedulerGivenARenewalStillRunningFinishesAndTheSchedulerStays() throws Exception {
		ScheduledExecutorService given = Executors.newSingleThreadScheduledExecutor();
		try {
			RenewalSchedule schedule = RenewalSchedule.on(given, "unused");
			CompletableFuture<Boolean> interrupted = new CompletableFuture<>();
			CountDownLatch running = runSlowRenewal(schedule, interrupted);
			assertThat(running.await(10, TimeUnit.SECONDS)).isTrue();
			schedule.stop();
			schedule.stopNow();
			assertThat(interrupted.get(10, TimeUnit.SECONDS)).as("interrupted").isFalse();
			assertThat(given.isShutdown()).isFalse();
		}
		finally {
			given.shutdownNow();
		}
	}

	/** A renewal that takes a second; completes {@code interrupted} with whether it was interrupted. */
	private static CountDownLatch runSlowRenewal(RenewalSchedule schedule, CompletableFuture<Boolean> interrupted) {
		CountDownLatch running = new CountDownLatch(1);
		schedule.schedule(() -> {
			running.countDown();
			try {
				Thread.sleep(1_000);
				interrupted.complete(false);
			}
			catch (InterruptedException ex) {
				interrupted.complete(true);
			}
		}, 0);
		return running;
	}
}
