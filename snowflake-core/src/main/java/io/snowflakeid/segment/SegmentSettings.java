package io.snowflakeid.segment;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.LongSupplier;

import io.snowflakeid.SnowflakeSettings;
import io.snowflakeid.worker.ConnectionSource;

/** How segment-mode generators reach and use their table. Checked by {@link Builder#build()}. */
public final class SegmentSettings {

	final ConnectionSource connections;

	final SegmentConfiguration configuration;

	final SegmentTable table;

	/** Runs the table's statements, each operation in its own transactions. */
	final SegmentStore store;

	/** The clock the dynamic step measures how long a segment lasted with (nanoseconds, as System.nanoTime). */
	final LongSupplier nanoClock;

	private SegmentSettings(Builder builder, SegmentConfiguration configuration) {
		this.connections = builder.connections;
		this.configuration = configuration;
		this.nanoClock = builder.nanoClock;
		this.table = new SegmentTable(configuration.tableName());
		this.store = new SegmentStore(this);
	}

	public static Builder builder(ConnectionSource connections) {
		return new Builder(connections);
	}

	/**
	 * The bound on every statement of segment mode (fetch, allocate, take a handed-back range, give back, create the
	 * tables), passed to {@link ConnectionSource#run(boolean, Duration, ConnectionSource.SqlWork)}: the max-wait,
	 * but at least 1 s. The max-wait, because a segment that takes longer than that serves no waiting caller, and
	 * only one fetch per key runs at a time: the sooner a hanging one ends, the sooner the next one can succeed once
	 * the database is back. At least 1 s, because JDBC query timeouts are whole seconds (max-wait may be 0).
	 */
	Duration statementTimeout() {
		return ConnectionSource.statementBound(this.configuration.maxWait());
	}

	/**
	 * How long closing waits for a fetch in flight and the hand-back before it gives up (both then go on in the
	 * background): one statement timeout for each.
	 */
	Duration closeTimeout() {
		return statementTimeout().multipliedBy(2);
	}

	public String tableName() {
		return this.table.name();
	}

	/** The DDL of the segment table and of its table of handed-back ranges. */
	public String[] createTableStatements() {
		return this.table.createStatements();
	}

	/**
	 * Each setter sets one {@code snowflake.segment.*} value over the {@link #configuration(SegmentConfiguration)}
	 * (by default {@link SegmentConfiguration#DEFAULTS}); {@link #build()} checks them together.
	 */
	public static final class Builder {

		private final ConnectionSource connections;

		private SegmentConfiguration configuration = SegmentConfiguration.DEFAULTS;

		/** The values set since the configuration, by key ({@link SegmentConfiguration#with}). */
		private final Map<String, Object> values = new HashMap<>();

		private LongSupplier nanoClock = System::nanoTime;

		private Builder(ConnectionSource connections) {
			this.connections = Objects.requireNonNull(connections, "connections must not be null");
		}

		/** All of {@code snowflake.segment.*} at once: replaces what the setters below set before. */
		public Builder configuration(SegmentConfiguration configuration) {
			this.configuration = Objects.requireNonNull(configuration, "configuration must not be null");
			this.values.clear();
			return this;
		}

		/** Default {@code snowflake_segment}; handed-back ranges go to {@code <name>_free}. */
		public Builder tableName(String tableName) {
			return set(SnowflakeSettings.SEGMENT_TABLE_NAME, tableName);
		}

		/** See {@link SegmentConfiguration#defaultStep()}. */
		public Builder defaultStep(int defaultStep) {
			return set(SnowflakeSettings.SEGMENT_DEFAULT_STEP, defaultStep);
		}

		/** See {@link SegmentConfiguration#prefetchThreshold()}. */
		public Builder prefetchThreshold(double prefetchThreshold) {
			return set(SnowflakeSettings.SEGMENT_PREFETCH_THRESHOLD, prefetchThreshold);
		}

		/** See {@link SegmentConfiguration#maxWait()}. */
		public Builder maxWait(Duration maxWait) {
			return set(SnowflakeSettings.SEGMENT_MAX_WAIT, maxWait);
		}

		public Builder createTable(boolean createTable) {
			return set(SnowflakeSettings.SEGMENT_CREATE_TABLE, createTable);
		}

		/** See {@link SegmentConfiguration#dynamicStep()}. Off by default. */
		public Builder dynamicStep(boolean dynamicStep) {
			return set(SnowflakeSettings.SEGMENT_DYNAMIC_STEP, dynamicStep);
		}

		/** See {@link SegmentConfiguration#dynamicStepTarget()}. */
		public Builder dynamicStepTarget(Duration target) {
			return set(SnowflakeSettings.SEGMENT_DYNAMIC_STEP_TARGET, target);
		}

		/** See {@link SegmentConfiguration#maxStep()}; null (the default) for 100 times the configured step. */
		public Builder maxStep(Integer maxStep) {
			return set(SnowflakeSettings.SEGMENT_MAX_STEP, maxStep);
		}

		private Builder set(String key, Object value) {
			this.values.put(key, value);
			return this;
		}

		/** The clock of the dynamic step, in nanoseconds like {@link System#nanoTime()}; for tests. */
		Builder nanoClock(LongSupplier nanoClock) {
			this.nanoClock = Objects.requireNonNull(nanoClock);
			return this;
		}

		public SegmentSettings build() {
			return new SegmentSettings(this, this.configuration.with(this.values));
		}
	}

	static void checkStep(String setting, long step) {
		SegmentConfiguration.checkStep(setting, step);
	}
}
