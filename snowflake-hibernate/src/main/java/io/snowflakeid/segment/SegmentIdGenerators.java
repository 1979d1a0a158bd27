package io.snowflakeid.segment;

import java.sql.SQLException;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * The segment-mode generators of one application, one per key, sharing the table and a background fetcher.
 * {@link #close()} hands the unused rest of every segment back (graceful shutdown leaves no holes).
 */
public final class SegmentIdGenerators implements AutoCloseable {

	private static final System.Logger logger = System.getLogger(SegmentIdGenerators.class.getName());

	private final SegmentSettings settings;

	private final Map<String, SegmentIdGenerator> generators = new ConcurrentHashMap<>();

	private final ExecutorService fetcher;

	private volatile boolean tableChecked;

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
		int effectiveStep = (step > 0) ? step : this.settings.defaultStep;
		SegmentSettings.checkStep("@SegmentId(step) of key '" + key + "'", effectiveStep);
		ensureTable();
		return this.generators.computeIfAbsent(key,
				(k) -> new SegmentIdGenerator(this.settings, k, initialValue, effectiveStep, this.fetcher));
	}

	private void ensureTable() {
		if (this.tableChecked || !this.settings.createTable) {
			return;
		}
		synchronized (this) {
			if (this.tableChecked) {
				return;
			}
			try {
				this.settings.connections.run(true, (connection) -> {
					this.settings.table.createIfMissing(connection);
					return null;
				});
			}
			catch (SQLException ex) {
				throw new SegmentUnavailableException("Cannot create the segment tables " + this.settings.tableName()
						+ ": " + ex.getMessage(), ex);
			}
			this.tableChecked = true;
		}
	}

	/** Hands back the unused rest of every segment; returns how many values were handed back. */
	@Override
	public void close() {
		long handedBack = 0;
		for (SegmentIdGenerator generator : this.generators.values()) {
			try {
				handedBack += generator.close();
			}
			catch (SQLException ex) {
				logger.log(System.Logger.Level.WARNING, "Could not hand back the rest of the segment of '"
						+ generator.key() + "': those values stay unused", ex);
			}
		}
		this.fetcher.shutdownNow();
		if (!this.generators.isEmpty()) {
			logger.log(System.Logger.Level.INFO, "Segment ids: handed back {0} unused values for the next start",
					handedBack);
		}
	}
}
