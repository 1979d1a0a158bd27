package io.snowflakeid.segment;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.function.LongSupplier;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.internal.config.SegmentConfiguration;
import io.snowflakeid.internal.config.Settings;
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
	 * Each setter, or {@link #settings(Map)}, sets {@code snowflake.segment.*} values over the defaults;
	 * {@link #build()} checks them together.
	 */
	public static final class Builder {

		private final ConnectionSource connections;

		/** The values set, by key, over the defaults ({@code SegmentConfiguration.with}). */
		private final Map<String, Object> values = new HashMap<>();

		private LongSupplier nanoClock = System::nanoTime;

		private Builder(ConnectionSource connections) {
			this.connections = Objects.requireNonNull(connections, "connections must not be null");
		}

		/**
		 * The {@code snowflake.segment.*} settings a settings map holds (Hibernate's, or a {@code Properties}),
		 * read as every binding reads them: text such as {@code "5s"}, or values of each setting's type. Other keys are
		 * ignored; a key that reads as one of the group's but is no setting's exact key ({@code snowflake.segments.x},
		 * {@code SNOWFLAKE_SEGMENT_MAX_STEP}) is refused; a null value is absent. Replaces
		 * what the setters below set before for the keys the map holds.
		 * @throws SnowflakeConfigurationException naming the setting and the value that cannot be read
		 */
		public Builder settings(Map<?, ?> settings) {
			this.values.putAll(Settings.group(settings, Settings.SEGMENT_GROUP));
			return this;
		}

		/** Default {@code snowflake_segment}; handed-back ranges go to {@code <name>_free}. */
		public Builder tableName(String tableName) {
			return set(Settings.SEGMENT_TABLE_NAME.key(), tableName);
		}

		/** Values per segment for keys whose {@code @SegmentId} sets no step; 1 to 1,000,000, default 1000. */
		public Builder defaultStep(int defaultStep) {
			return set(Settings.SEGMENT_DEFAULT_STEP.key(), defaultStep);
		}

		/**
		 * Share of the current segment used before the next one is fetched in the background (Leaf uses 10 %); 0.0 (at
		 * once) to 0.9, default 0.1.
		 */
		public Builder prefetchThreshold(double prefetchThreshold) {
			return set(Settings.SEGMENT_PREFETCH_THRESHOLD.key(), prefetchThreshold);
		}

		/**
		 * How long a caller waits for a segment while the database is unreachable before failing; 0 s to 1 min,
		 * default 5 s.
		 */
		public Builder maxWait(Duration maxWait) {
			return set(Settings.SEGMENT_MAX_WAIT.key(), maxWait);
		}

		public Builder createTable(boolean createTable) {
			return set(Settings.SEGMENT_CREATE_TABLE.key(), createTable);
		}

		/**
		 * Let the step follow the load, as Leaf does: a segment used up in less than the target time doubles the next
		 * step (up to the max-step), one that lasted more than twice the target halves it (down to the configured
		 * step). Off by default.
		 */
		public Builder dynamicStep(boolean dynamicStep) {
			return set(Settings.SEGMENT_DYNAMIC_STEP.key(), dynamicStep);
		}

		/** How long a segment should last when the step is dynamic; 1 ms to 1 day, default 15 min. */
		public Builder dynamicStepTarget(Duration target) {
			return set(Settings.SEGMENT_DYNAMIC_STEP_TARGET.key(), target);
		}

		/**
		 * The most a dynamic step grows to, for every key: it lowers the ceiling of 100 times the configured step (at
		 * most 1,000,000), never raises it; 1 to 1,000,000 and at least the default step. Null (the default) for that
		 * ceiling alone.
		 */
		public Builder maxStep(Integer maxStep) {
			return set(Settings.SEGMENT_MAX_STEP.key(), maxStep);
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
			return new SegmentSettings(this, SegmentConfiguration.DEFAULTS.with(this.values));
		}
	}

	static void checkStep(String setting, long step) {
		SegmentConfiguration.checkStep(setting, step);
	}
}
