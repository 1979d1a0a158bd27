package io.snowflakeid.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.AbstractExecutorService;
import java.util.concurrent.Callable;
import java.util.concurrent.Delayed;
import java.util.concurrent.Executors;
import java.util.concurrent.FutureTask;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

/**
 * A {@link ScheduledExecutorService} with no thread: what is scheduled on it runs only when the test says so, in the
 * test's thread. Pass it to {@code WorkerLeaseSettings.Builder#scheduler} and the lease renews only when the test
 * runs its renewal: {@link #runPending()} runs it at once (as an early renewal would), {@link #runDue()} and
 * {@link #advance} when it is due on the clock the scheduler reads.
 * <p>
 * Delays are measured on a nanosecond clock: {@link SimulatedClock#elapsedNanos()} ({@link #on(SimulatedClock)}) or
 * {@link System#nanoTime()} ({@link #ManualScheduler()}). Only one-shot {@code schedule} and {@code execute} (which
 * queues at once) are supported. Thread-safe: tasks run outside its lock, in the calling thread.
 */
public final class ManualScheduler extends AbstractExecutorService implements ScheduledExecutorService {

	private final LongSupplier nanoTime;

	private final SimulatedClock clock;

	private final List<Task<?>> queue = new ArrayList<>();

	private long sequence;

	private boolean shutdown;

	/** Delays on {@link System#nanoTime()}: for tests on the machine's clocks, which run tasks with {@link #runPending()}. */
	public ManualScheduler() {
		this(System::nanoTime, null);
	}

	private ManualScheduler(LongSupplier nanoTime, SimulatedClock clock) {
		this.nanoTime = nanoTime;
		this.clock = clock;
	}

	/** Delays on the clock's elapsed time; {@link #advance} moves the clock and runs what fell due. */
	public static ManualScheduler on(SimulatedClock clock) {
		return new ManualScheduler(clock::elapsedNanos, clock);
	}

	/**
	 * Runs every task queued now, due or not, in the order they are due (not those they schedule in turn): what
	 * {@code WorkerLease#renewSoon()} would do. Returns how many ran.
	 */
	public int runPending() {
		List<Task<?>> tasks;
		synchronized (this) {
			tasks = new ArrayList<>(this.queue);
			this.queue.clear();
		}
		Collections.sort(tasks);
		int ran = 0;
		for (Task<?> task : tasks) {
			if (!task.isCancelled()) {
				task.run();
				ran++;
			}
		}
		return ran;
	}

	/** Runs the tasks due by now on the scheduler's clock, and those they schedule that are due too. Returns how many ran. */
	public int runDue() {
		int ran = 0;
		for (Task<?> task; (task = nextDue()) != null;) {
			task.run();
			ran++;
		}
		return ran;
	}

	/** Moves the {@link SimulatedClock} on by {@code duration}, then {@link #runDue()}. */
	public int advance(Duration duration) {
		if (this.clock == null) {
			throw new IllegalStateException("a scheduler on the machine's clock cannot move it: use runPending()");
		}
		this.clock.advance(duration);
		return runDue();
	}

	/** How many tasks are queued (not cancelled). */
	public synchronized int pendingCount() {
		this.queue.removeIf(FutureTask::isCancelled);
		return this.queue.size();
	}

	/** How long until the next queued task is due (negative if overdue); null if none is queued. */
	public synchronized Duration nextDelay() {
		this.queue.removeIf(FutureTask::isCancelled);
		return this.queue.stream().min(Task::compareTo)
			.map((task) -> Duration.ofNanos(task.dueNanos - this.nanoTime.getAsLong())).orElse(null);
	}

	private synchronized Task<?> nextDue() {
		this.queue.removeIf(FutureTask::isCancelled);
		long now = this.nanoTime.getAsLong();
		Task<?> next = this.queue.stream().min(Task::compareTo).orElse(null);
		if (next == null || next.dueNanos - now > 0) {
			return null;
		}
		this.queue.remove(next);
		return next;
	}

	private synchronized <V> Task<V> enqueue(Task<V> task) {
		if (this.shutdown) {
			throw new RejectedExecutionException("shut down");
		}
		this.queue.add(task);
		return task;
	}

	@Override
	public ScheduledFuture<?> schedule(Runnable command, long delay, TimeUnit unit) {
		return enqueue(new Task<>(Executors.callable(command, null), this.nanoTime.getAsLong() + unit.toNanos(delay)));
	}

	@Override
	public <V> ScheduledFuture<V> schedule(Callable<V> callable, long delay, TimeUnit unit) {
		return enqueue(new Task<>(callable, this.nanoTime.getAsLong() + unit.toNanos(delay)));
	}

	@Override
	public ScheduledFuture<?> scheduleAtFixedRate(Runnable command, long initialDelay, long period, TimeUnit unit) {
		throw new UnsupportedOperationException("one-shot tasks only");
	}

	@Override
	public ScheduledFuture<?> scheduleWithFixedDelay(Runnable command, long initialDelay, long delay, TimeUnit unit) {
		throw new UnsupportedOperationException("one-shot tasks only");
	}

	@Override
	public void execute(Runnable command) {
		schedule(command, 0, TimeUnit.NANOSECONDS);
	}

	@Override
	public synchronized void shutdown() {
		this.shutdown = true;
	}

	@Override
	public synchronized List<Runnable> shutdownNow() {
		this.shutdown = true;
		List<Runnable> left = new ArrayList<>(this.queue);
		this.queue.clear();
		return left;
	}

	@Override
	public synchronized boolean isShutdown() {
		return this.shutdown;
	}

	@Override
	public synchronized boolean isTerminated() {
		return this.shutdown;
	}

	@Override
	public boolean awaitTermination(long timeout, TimeUnit unit) {
		return isTerminated();
	}

	private final class Task<V> extends FutureTask<V> implements ScheduledFuture<V> {

		final long dueNanos;

		final long order;

		Task(Callable<V> callable, long dueNanos) {
			super(callable);
			this.dueNanos = dueNanos;
			synchronized (ManualScheduler.this) {
				this.order = ManualScheduler.this.sequence++;
			}
		}

		@Override
		public long getDelay(TimeUnit unit) {
			return unit.convert(this.dueNanos - ManualScheduler.this.nanoTime.getAsLong(), TimeUnit.NANOSECONDS);
		}

		@Override
		public int compareTo(Delayed other) {
			if (other instanceof Task<?> task) {
				int byDue = Long.compare(this.dueNanos - task.dueNanos, 0);
				return (byDue != 0) ? byDue : Long.compare(this.order, task.order);
			}
			return Long.compare(getDelay(TimeUnit.NANOSECONDS), other.getDelay(TimeUnit.NANOSECONDS));
		}
	}
}
