package io.snowflakeid.segment;

import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.internal.logging.Logging;
import java.sql.SQLException;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The segment-mode generators of one application, one per key, sharing the table and a background fetcher.
 * {@link #close()} hands the unused rest of every segment back (graceful shutdown leaves no holes).
 * <p>
 * The fetcher is a cached thread pool, but its threads are bounded: each key has at most one fetch in flight (a
 * hung one is waited on by callers, never duplicated) and, once closed, one hand-back; every statement they run
 * ends within {@link SegmentSettings#statementTimeout()}.
 */
public final class SegmentIdGenerators implements AutoCloseable {

	private static final System.Logger logger = Logging.getLogger(SegmentIdGenerators.class);

	private final SegmentSettings settings;

	private final Map<String, SegmentIdGenerator> generators = new ConcurrentHashMap<>();

	private final ExecutorService fetcher;

	private volatile boolean tableChecked;

	private final AtomicBoolean closed = new AtomicBoolean();

	public SegmentIdGenerators(SegmentSettings settings) {
		this.settings = settings;
		this.fetcher = Executors.newCachedThreadPool((task) -> {
			Thread thread = new Thread(task, "snowflake-segment-fetch");
			thread.setDaemon(true);
			return thread;
		});
	}

	/** The generator of {@code key}, created on first use with the given initial value and step (0 = default). */
	public SegmentIdGenerator generator(String key, long initialValue, int step) {
		if (key == null || key.isBlank() || key.length() > 128) {
			throw new IllegalArgumentException("Segment key must be 1 to 128 characters: '" + key + "'");
		}
		int effectiveStep = (step > 0) ? step : this.settings.configuration.defaultStep();
		SegmentSettings.checkStep("@SegmentId(step) of key '" + key + "'", effectiveStep);
		ensureTable();
		SegmentIdGenerator generator = this.generators.computeIfAbsent(key,
				(k) -> new SegmentIdGenerator(this.settings, k, initialValue, effectiveStep, this.fetcher));
		// One key is one number range: a second user of the key with other settings would otherwise have them
		// silently ignored (whichever entity or aggregate came first would win), e.g. two Spring Data JDBC
		// aggregates with the same simple class name in two packages, whose default keys are equal.
		if (generator.initialValue() != initialValue || generator.baseStep() != effectiveStep) {
			throw new IllegalArgumentException("Segment key '" + key + "' is used with initialValue=" + initialValue
					+ ", step=" + effectiveStep + " and, first, with initialValue=" + generator.initialValue()
					+ ", step=" + generator.baseStep() + ": one key is one number range, so give every @SegmentId "
					+ "of the key the same initialValue and step, or give them different keys (@SegmentId(key))");
		}
		return generator;
	}

	/**
	 * Creates the tables if missing or, when a migration tool owns them ({@code create-table=false}), checks that
	 * they can be read: a missing table then fails at start, naming the setting and the DDL, instead of at the
	 * first insert after {@code max-wait}.
	 */
	private void ensureTable() {
		if (this.tableChecked) {
			return;
		}
		synchronized (this) {
			if (this.tableChecked) {
				return;
			}
			if (this.settings.configuration.createTable()) {
				try {
					this.settings.store.createTablesIfMissing();
				}
				catch (SQLException ex) {
					throw new SegmentUnavailableException("Cannot create the segment tables "
							+ this.settings.tableName() + ": " + ex.getMessage(), ex);
				}
			}
			else {
				try {
					this.settings.store.checkTablesReadable();
				}
				catch (SQLException ex) {
					throw new SegmentUnavailableException("Cannot read the segment tables " + this.settings.tableName()
							+ " and " + this.settings.tableName() + "_free: " + ex.getMessage() + " ("
							+ Settings.SEGMENT_CREATE_TABLE.key() + "=false: create them with "
							+ String.join("; ", this.settings.createTableStatements())
							+ ", or include the migrations shipped in snowflake-core)", ex);
				}
			}
			this.tableChecked = true;
		}
	}

	/**
	 * Hands back the unused rest of every segment. Closes all keys at once and waits at most
	 * {@link SegmentSettings#closeTimeout()} in all; a hand-back still running then goes on in the background. A
	 * second call does nothing (a binding may close on the stop and again when it destroys its beans).
	 */
	@Override
	public void close() {
		if (!this.closed.compareAndSet(false, true)) {
			return;
		}
		Map<SegmentIdGenerator, CompletableFuture<Long>> closing = new LinkedHashMap<>();
		for (SegmentIdGenerator generator : this.generators.values()) {
			closing.put(generator, generator.closeAsync());
		}
		long deadline = System.nanoTime() + this.settings.closeTimeout().toNanos();
		long handedBack = 0;
		for (Map.Entry<SegmentIdGenerator, CompletableFuture<Long>> entry : closing.entrySet()) {
			String key = entry.getKey().key();
			try {
				handedBack += entry.getValue().get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
			}
			catch (TimeoutException ex) {
				logger.log(System.Logger.Level.WARNING, "Handing back the rest of the segment of '" + key
						+ "' did not finish within " + this.settings.closeTimeout().toMillis()
						+ " ms: it goes on in the background, the values stay unused if it fails");
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
				logger.log(System.Logger.Level.WARNING, "Interrupted while handing back the rest of the segment of '"
						+ key + "': it goes on in the background", ex);
			}
			catch (ExecutionException ex) {
				logger.log(System.Logger.Level.WARNING, "Could not hand back the rest of the segment of '" + key
						+ "': those values stay unused", ex.getCause());
			}
		}
		// Not shutdownNow: a hand-back still running may finish (the threads are daemons and every statement is
		// bounded); no new fetch can start, the generators are closed.
		this.fetcher.shutdown();
		if (!this.generators.isEmpty()) {
			logger.log(System.Logger.Level.INFO, "Segment ids: handed back {0} unused values for the next start",
					handedBack);
		}
	}
}
