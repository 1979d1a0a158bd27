package io.snowflakeid.worker;

import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Where one lease's renewals run: a thread of the lease's own, or a scheduler the application gave
 * ({@link WorkerLeaseSettings.Builder#scheduler}), which the lease only schedules on and cancels its tasks of, never
 * stops. One renewal is pending at a time: scheduling another replaces it (one chain of renewals, however often an
 * early one is asked for).
 * <p>
 * The lease decides whether to schedule (its closed and paused flags, under its own lock); this class only keeps
 * that nothing is scheduled after closing began, whichever thread asks.
 */
final class RenewalSchedule {

	private final ScheduledExecutorService scheduler;

	/** Whether {@link #scheduler} is the lease's own, stopped on close (a scheduler given is only left). */
	private final boolean owned;

	/** The renewal scheduled next, or null. */
	private ScheduledFuture<?> pending;

	/** Once the lease closes: nothing is scheduled any more, whoever asks (a store's signal racing the close). */
	private boolean stopped;

	/** What the scheduler threw when it last refused a renewal, or null. */
	private volatile RejectedExecutionException refusal;

	private RenewalSchedule(ScheduledExecutorService scheduler, boolean owned) {
		this.scheduler = scheduler;
		this.owned = owned;
	}

	/** On the scheduler given, or (null) on a daemon thread of its own named {@code threadName}. */
	static RenewalSchedule on(ScheduledExecutorService given, String threadName) {
		if (given != null) {
			return new RenewalSchedule(given, false);
		}
		return new RenewalSchedule(Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, threadName);
			thread.setDaemon(true);
			return thread;
		}), true);
	}

	/**
	 * Schedules {@code renewal} after {@code delayMillis}, replacing the one pending (a renewal running now is not
	 * interrupted); nothing once {@link #stop stopped}. False if the scheduler refused it: see {@link #refusal()}.
	 */
	synchronized boolean schedule(Runnable renewal, long delayMillis) {
		if (this.stopped) {
			return true;
		}
		if (this.pending != null) {
			this.pending.cancel(false);
		}
		try {
			this.pending = this.scheduler.schedule(renewal, delayMillis, TimeUnit.MILLISECONDS);
			return true;
		}
		catch (RejectedExecutionException ex) {
			this.refusal = ex;
			return false;
		}
	}

	/** Why the scheduler last refused a renewal, or null. */
	RejectedExecutionException refusal() {
		return this.refusal;
	}

	/** Cancels the pending renewal, if any (a renewal running now is interrupted only if asked). */
	synchronized void cancel(boolean interruptIfRunning) {
		if (this.pending != null) {
			this.pending.cancel(interruptIfRunning);
		}
	}

	/**
	 * Closing begins: no renewal starts from now on. The lease's own thread stops taking tasks (a renewal running
	 * finishes); on a scheduler given, the pending renewal is cancelled.
	 */
	synchronized void stop() {
		this.stopped = true;
		if (this.owned) {
			this.scheduler.shutdown();
		}
		else {
			cancel(false);
		}
	}

	/**
	 * Closing ends. The lease's own thread is stopped, a renewal still running on it interrupted. On a scheduler
	 * given, which stays the caller's, nothing more happens than in {@link #stop()}: the pending renewal was
	 * cancelled there, and one that was already running finishes (a cancelled task cannot be interrupted any more):
	 * the release waited for it, bounded, and offered its token too.
	 */
	synchronized void stopNow() {
		this.stopped = true;
		if (this.owned) {
			this.scheduler.shutdownNow();
		}
		else {
			cancel(true);
		}
	}
}
