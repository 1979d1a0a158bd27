package io.snowflakeid.segment;

import io.snowflakeid.internal.config.Settings;
import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import io.snowflakeid.segment.SegmentTable.Segment;

/**
 * Short, dense ids for one key, handed out from segments of a database row (Meituan Leaf's segment mode) with a
 * double buffer: once a configurable share of the current segment is used, the next one is fetched in the
 * background, so in steady state no caller waits for the database at a segment boundary. Ids are strictly
 * increasing per instance and unique across instances. Thread-safe.
 * <p>
 * Waiting: a caller that needs the next segment waits at most {@code snowflake.segment.max-wait} in total, counted
 * from the moment it found the current segment used up, whatever other callers do: nobody waits while holding the
 * monitor. At most one fetch per key is in flight; callers that come while it runs wait on that same fetch, each
 * with its own deadline. Every statement of a fetch is bounded by {@link SegmentSettings#statementTimeout()}, so a
 * fetch stuck on a hanging database ends and the next caller starts a new one; a failed fetch is never reused.
 */
public final class SegmentIdGenerator {

	private final SegmentSettings settings;

	private final String key;

	private final long initialValue;

	private final int step;

	private final Executor fetcher;

	/** The segment ids come from now: {@code cursor} is the next value, {@code last} the segment's last. */
	private volatile Current current;

	/**
	 * Guarded by this. The fetch of the segment after {@link #current}: in flight, done, or failed; null when none
	 * was asked for yet. Only one at a time: it is replaced only once it has failed or been installed (or taken by
	 * {@link #closeAsync()}).
	 */
	private CompletableFuture<Segment> next;

	private final AtomicLong segmentsFetched = new AtomicLong();

	private final AtomicLong callerWaits = new AtomicLong();

	/** Guarded by this. */
	private boolean closed;

	/** Guarded by this. The step each fetch asks for. */
	private final StepPolicy steps;

	SegmentIdGenerator(SegmentSettings settings, String key, long initialValue, int step, Executor fetcher) {
		this.settings = settings;
		this.key = key;
		this.initialValue = initialValue;
		this.step = step;
		this.fetcher = fetcher;
		this.current = new Current(new Segment(0, -1), 0);
		this.steps = new StepPolicy(step, settings.configuration, settings.nanoClock);
	}

	public String key() {
		return this.key;
	}

	/** The initial value this generator was created with. */
	long initialValue() {
		return this.initialValue;
	}

	/** The step this generator was created with (before any dynamic adjustment). */
	int baseStep() {
		return this.step;
	}

	/**
	 * The next id.
	 * @throws SegmentUnavailableException if a new segment is needed and none arrives within the configured wait
	 * (the database does not answer), or the fetch failed
	 * @throws IllegalStateException once closed
	 */
	public long nextId() {
		long deadline = 0;
		boolean waiting = false;
		for (;;) {
			Current segment = this.current;
			long value = segment.cursor.getAndIncrement();
			if (value <= segment.range.last()) {
				if (value == segment.prefetchAt) {
					prefetch(segment);
				}
				return value;
			}
			if (!waiting) {
				// One deadline for this call, however many segments other callers use up meanwhile.
				deadline = System.nanoTime() + this.settings.configuration.maxWait().toNanos();
				waiting = true;
			}
			advance(segment, deadline);
		}
	}

	/**
	 * Switches from {@code exhausted} to the next segment, starting its fetch if none is in flight or the last one
	 * failed. Waits for it without holding the monitor, until {@code deadline} (System.nanoTime) at the latest.
	 * Returns without switching when another caller switched meanwhile (the caller then simply tries again).
	 */
	private void advance(Current exhausted, long deadline) {
		CompletableFuture<Segment> fetch;
		synchronized (this) {
			if (this.current != exhausted) {
				return; // another thread already switched
			}
			checkOpen();
			boolean startedByCaller = false;
			if (this.next == null || this.next.isCompletedExceptionally()) {
				if (this.next != null) {
					this.steps.fetchFailed();
				}
				this.next = startFetch(exhausted.range.last());
				startedByCaller = true;
			}
			fetch = this.next;
			// A caller waits when it has to start the fetch itself or the prefetch has not finished yet.
			if (startedByCaller || !fetch.isDone()) {
				this.callerWaits.incrementAndGet();
			}
		}
		Segment segment = await(fetch, deadline);
		synchronized (this) {
			// Install only what nobody else installed (or close() took): this fetch is still the pending one.
			if (this.next == fetch && this.current == exhausted && !this.closed) {
				this.next = null;
				this.current = new Current(segment, prefetchPoint(segment));
			}
		}
	}

	private Segment await(CompletableFuture<Segment> fetch, long deadline) {
		try {
			return fetch.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
		}
		catch (TimeoutException ex) {
			// The fetch goes on (its statements are bounded): a later caller gets its segment, or starts a new one.
			throw new SegmentUnavailableException("No segment for key '" + this.key + "' within "
					+ this.settings.configuration.maxWait().toMillis() + " ms (" + Settings.SEGMENT_MAX_WAIT.key()
					+ "): the database did not answer", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new SegmentUnavailableException("Interrupted while waiting for a segment for '" + this.key + "'", ex);
		}
		catch (ExecutionException ex) {
			synchronized (this) {
				if (this.next == fetch) {
					this.next = null; // never reused: the next caller fetches again
					this.steps.fetchFailed();
				}
			}
			Throwable cause = ex.getCause();
			throw new SegmentUnavailableException("Cannot fetch a segment for key '" + this.key + "' from "
					+ this.settings.tableName() + ": " + cause.getMessage(), cause);
		}
	}

	private void checkOpen() {
		if (this.closed) {
			throw new IllegalStateException("Segment generator for '" + this.key + "' is closed");
		}
	}

	private long prefetchPoint(Segment segment) {
		return segment.first() + (long) Math.floor(segment.size() * this.settings.configuration.prefetchThreshold());
	}

	/**
	 * Starts fetching the segment after {@code segment}, unless one is pending already or {@code segment} is no
	 * longer current (a late caller: a fetch based on an old segment could hand back a range below the current one).
	 */
	private synchronized void prefetch(Current segment) {
		if (this.next == null && !this.closed && this.current == segment) {
			this.next = startFetch(segment.range.last());
		}
	}

	/** The step the next segment will be fetched with. */
	public synchronized int currentStep() {
		return this.steps.current();
	}

	/** Called with the monitor held: starts the fetch of the segment after {@code after} on the fetcher. */
	private CompletableFuture<Segment> startFetch(long after) {
		int fetchStep = this.steps.forNextFetch();
		CompletableFuture<Segment> fetch = new CompletableFuture<>();
		try {
			this.fetcher.execute(() -> {
				try {
					fetch.complete(fetch(after, fetchStep));
				}
				catch (Throwable ex) {
					fetch.completeExceptionally(ex);
				}
			});
		}
		catch (RejectedExecutionException ex) {
			fetch.completeExceptionally(ex); // shut down: the caller gets a clear exception, the next one retries
		}
		return fetch;
	}

	/** A handed-back range above {@code after} if there is one, else a new segment; in its own transaction. */
	private Segment fetch(long after, int fetchStep) throws SQLException {
		Segment segment = this.settings.store.fetch(this.key, this.initialValue, after, fetchStep);
		this.segmentsFetched.incrementAndGet();
		return segment;
	}

	/**
	 * Stops handing out ids at once and writes the unused values back on the fetcher, so that the next instance to
	 * start hands them out (planned restarts leave no holes): the rest of the current segment at once, the next
	 * segment once a fetch in flight has delivered it. A caller waiting for that fetch gets an
	 * {@link IllegalStateException} instead: only this hands its segment out (back to the table). Never blocks;
	 * {@link SegmentIdGenerators#close()} bounds the wait for the result.
	 * @return the number of values handed back, once done
	 */
	CompletableFuture<Long> closeAsync() {
		Segment rest;
		CompletableFuture<Segment> pending;
		synchronized (this) {
			if (this.closed) {
				return CompletableFuture.completedFuture(0L);
			}
			this.closed = true;
			Current segment = this.current;
			// Nobody can take values past the end any more: push the cursor beyond it and see where it stood.
			long unused = segment.cursor.getAndSet(segment.range.last() + 1);
			rest = (unused <= segment.range.last()) ? new Segment(unused, segment.range.last()) : null;
			pending = this.next;
			this.next = null;
		}
		if (rest == null && pending == null) {
			return CompletableFuture.completedFuture(0L);
		}
		CompletableFuture<Long> handedBack = new CompletableFuture<>();
		Runnable giveBack = () -> {
			try {
				// The rest first, in its own transaction: it must not wait for a fetch stuck on a hanging database.
				long values = 0;
				SQLException failure = null;
				try {
					values += giveBack(rest);
				}
				catch (SQLException ex) {
					failure = ex;
				}
				if (pending != null) {
					try {
						values += giveBack(fetched(pending));
					}
					catch (SQLException ex) {
						if (failure == null) {
							failure = ex;
						}
						else {
							failure.addSuppressed(ex);
						}
					}
				}
				if (failure != null) {
					throw failure;
				}
				handedBack.complete(values);
			}
			catch (Throwable ex) {
				handedBack.completeExceptionally(ex);
			}
		};
		try {
			this.fetcher.execute(giveBack);
		}
		catch (RejectedExecutionException ex) {
			handedBack.completeExceptionally(ex);
		}
		return handedBack;
	}

	/** The segment of a fetch in flight, once it ends (its statements are bounded); null if it failed. */
	private static Segment fetched(CompletableFuture<Segment> fetch) throws InterruptedException {
		try {
			return fetch.get();
		}
		catch (ExecutionException ex) {
			return null; // never fetched (database down): nothing to hand back
		}
	}

	/** Writes {@code range} (if any) back to the table of handed-back ranges; returns its size. */
	private long giveBack(Segment range) throws SQLException {
		return (range != null) ? this.settings.store.giveBack(this.key, range) : 0;
	}

	/** Segments fetched from the database so far. */
	public long segmentsFetched() {
		return this.segmentsFetched.get();
	}

	/** Times a caller had to wait for a segment (the first one, or when prefetching could not keep up). */
	public long callerWaits() {
		return this.callerWaits.get();
	}

	private static final class Current {

		final Segment range;

		final AtomicLong cursor;

		final long prefetchAt;

		Current(Segment range, long prefetchAt) {
			this.range = range;
			this.cursor = new AtomicLong(range.first());
			this.prefetchAt = prefetchAt;
		}
	}
}
