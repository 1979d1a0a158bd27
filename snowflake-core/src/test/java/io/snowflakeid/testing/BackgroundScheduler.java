package io.snowflakeid.testing;

import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * A real scheduler (one daemon thread, like a lease's own) whose last scheduled task a test can also run at once, in
 * its own thread: {@link #runLastNow()}. For tests on real stores that keep renewals in the background (a
 * reconnect's early renewal) and want one renewal to have happened before they go on. The scheduled run stays
 * scheduled: a renewal then runs twice, which a lease allows. Shut it down after the test (a lease never does).
 */
public final class BackgroundScheduler extends ScheduledThreadPoolExecutor {

	private volatile Runnable last;

	public BackgroundScheduler(String threadName) {
		super(1, (task) -> {
			Thread thread = new Thread(task, threadName);
			thread.setDaemon(true);
			return thread;
		});
		setRemoveOnCancelPolicy(true);
	}

	@Override
	public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
		ScheduledFuture<?> future = super.schedule(command, delay, unit);
		this.last = command;
		return future;
	}

	/** Runs the task scheduled last, now, in the calling thread (a lease's renewal: renews now). */
	public void runLastNow() {
		Runnable task = this.last;
		if (task == null) {
			throw new IllegalStateException("nothing was scheduled");
		}
		task.run();
	}
}
