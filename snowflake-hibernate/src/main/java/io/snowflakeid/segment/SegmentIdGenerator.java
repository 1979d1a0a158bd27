package io.snowflakeid.segment;

import java.sql.SQLException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;

import io.snowflakeid.segment.SegmentTable.Segment;

/**
 * Short, dense ids for one key, handed out from segments of a database row (Meituan Leaf's segment mode) with a
 * double buffer: once a configurable share of the current segment is used, the next one is fetched in the
 * background, so in steady state no caller waits for the database at a segment boundary. Ids are strictly
 * increasing per instance and unique across instances. Thread-safe.
 */
public final class SegmentIdGenerator {

	private final SegmentSettings settings;

	private final String key;

	private final long initialValue;

	private final int step;

	private final Executor fetcher;

	/** The segment ids come from now: {@code cursor} is the next value, {@code last} the segment's last. */
	private volatile Current current;

	/** The next segment, fetched or being fetched in the background; null when none was asked for yet. */
	private CompletableFuture<Segment> next;

	private final AtomicLong segmentsFetched = new AtomicLong();

	private final AtomicLong callerWaits = new AtomicLong();

	private volatile boolean closed;

	/** The step of the next fetch: the configured one, or with a dynamic step what the load asks for. */
	private int nextStep;

	private long lastFetchNanos;

	SegmentIdGenerator(SegmentSettings settings, String key, long initialValue, int step, Executor fetcher) {
		this.settings = settings;
		this.key = key;
		this.initialValue = initialValue;
		this.step = step;
		this.fetcher = fetcher;
		this.current = new Current(new Segment(0, -1), 0);
		this.nextStep = step;
	}

	public String key() {
		return this.key;
	}

	/**
	 * The next id.
	 * @throws SegmentUnavailableException if a new segment is needed and the database does not answer within the
	 * configured wait
	 */
	public long nextId() {
		for (;;) {
			Current segment = this.current;
			long value = segment.cursor.getAndIncrement();
			if (value <= segment.range.last()) {
				if (value == segment.prefetchAt) {
					prefetch(segment.range.last());
				}
				return value;
			}
			advance(segment);
		}
	}

	/** Switches to the next segment (fetching it now if the background fetch has not been asked or has failed). */
	private synchronized void advance(Current exhausted) {
		if (this.current != exhausted) {
			return; // another thread already switched
		}
		if (this.closed) {
			throw new IllegalStateException("Segment generator for '" + this.key + "' is closed");
		}
		boolean fetchedByCaller = false;
		if (this.next == null || this.next.isCompletedExceptionally()) {
			this.next = fetchAsync(exhausted.range.last());
			fetchedByCaller = true;
		}
		Segment segment;
		try {
			// A caller waits when it has to start the fetch itself or the prefetch has not finished yet.
			if (fetchedByCaller || !this.next.isDone()) {
				this.callerWaits.incrementAndGet();
			}
			segment = this.next.get(this.settings.maxWait.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (TimeoutException ex) {
			throw new SegmentUnavailableException("No segment for key '" + this.key + "' within "
					+ this.settings.maxWait.toMillis() + " ms (" + SegmentSettings.MAX_WAIT
					+ "): the database did not answer", ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new SegmentUnavailableException("Interrupted while waiting for a segment for '" + this.key + "'", ex);
		}
		catch (java.util.concurrent.ExecutionException ex) {
			this.next = null;
			throw new SegmentUnavailableException("Cannot fetch a segment for key '" + this.key + "' from "
					+ this.settings.tableName() + ": " + ex.getCause().getMessage(), ex.getCause());
		}
		this.next = null;
		this.current = new Current(segment, prefetchPoint(segment));
	}

	private long prefetchPoint(Segment segment) {
		return segment.first() + (long) Math.floor(segment.size() * this.settings.prefetchThreshold);
	}

	private synchronized void prefetch(long after) {
		if (this.next == null && !this.closed) {
			this.next = fetchAsync(after);
		}
	}

	/** Called with the monitor held, once per fetch: adapts the step to how long the last segment lasted. */
	private int stepForNextFetch() {
		if (this.settings.dynamicStep) {
			long now = System.nanoTime();
			if (this.lastFetchNanos != 0) {
				long lasted = now - this.lastFetchNanos;
				long target = this.settings.dynamicStepTarget.toNanos();
				int max = (int) Math.min(1_000_000L, (long) this.step * SegmentSettings.DYNAMIC_STEP_MAX_FACTOR);
				if (lasted < target) {
					this.nextStep = (int) Math.min(max, this.nextStep * 2L);
				}
				else if (lasted > 2 * target) {
					this.nextStep = Math.max(this.step, this.nextStep / 2);
				}
			}
			this.lastFetchNanos = now;
		}
		return this.nextStep;
	}

	/** The step the next segment will be fetched with. */
	public synchronized int currentStep() {
		return this.nextStep;
	}

	private CompletableFuture<Segment> fetchAsync(long after) {
		int fetchStep = stepForNextFetch();
		return CompletableFuture.supplyAsync(() -> {
			try {
				return fetch(after, fetchStep);
			}
			catch (SQLException ex) {
				throw new java.util.concurrent.CompletionException(ex);
			}
		}, this.fetcher);
	}

	/** A handed-back range above {@code after} if there is one, else a new segment; in its own transaction. */
	private Segment fetch(long after, int fetchStep) throws SQLException {
		Segment segment = this.settings.connections.run(false, (connection) -> {
			Segment free = this.settings.table.takeFreeRange(connection, this.key, after);
			connection.commit();
			return (free != null) ? free
					: this.settings.table.allocate(connection, this.key, this.initialValue, fetchStep);
		});
		this.segmentsFetched.incrementAndGet();
		return segment;
	}

	/**
	 * Stops handing out ids and writes the unused rest of the current segment (and a prefetched next one) back, so
	 * that the next instance to start hands them out: planned restarts leave no holes.
	 * @return how many values were handed back
	 */
	synchronized long close() throws SQLException {
		if (this.closed) {
			return 0;
		}
		this.closed = true;
		Current segment = this.current;
		// Nobody can take values past the end any more: push the cursor beyond it and see where it stood.
		long unused = segment.cursor.getAndSet(segment.range.last() + 1);
		Segment prefetched = null;
		if (this.next != null) {
			try {
				prefetched = this.next.get(this.settings.maxWait.toMillis(), TimeUnit.MILLISECONDS);
			}
			catch (Exception ex) {
				// never fetched (database down): nothing to hand back
			}
		}
		Segment prefetchedRange = prefetched;
		return this.settings.connections.run(false, (connection) -> {
			long handedBack = 0;
			if (unused <= segment.range.last()) {
				this.settings.table.giveBack(connection, this.key, new Segment(unused, segment.range.last()));
				handedBack += segment.range.last() - unused + 1;
			}
			if (prefetchedRange != null) {
				this.settings.table.giveBack(connection, this.key, prefetchedRange);
				handedBack += prefetchedRange.size();
			}
			connection.commit();
			return handedBack;
		});
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
