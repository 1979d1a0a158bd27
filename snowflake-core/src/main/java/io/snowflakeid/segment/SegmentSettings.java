package io.snowflakeid.segment;

import java.time.Duration;
import java.util.Objects;
import java.util.function.LongSupplier;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeSettings;
import io.snowflakeid.worker.ConnectionSource;

/** How segment-mode generators reach and use their table. Checked by {@link Builder#build()}. */
public final class SegmentSettings {

	public static final String TABLE_NAME = SnowflakeSettings.PREFIX + "segment.table-name";

	public static final String DEFAULT_STEP = SnowflakeSettings.PREFIX + "segment.default-step";

	public static final String PREFETCH_THRESHOLD = SnowflakeSettings.PREFIX + "segment.prefetch-threshold";

	public static final String MAX_WAIT = SnowflakeSettings.PREFIX + "segment.max-wait";

	public static final String CREATE_TABLE = SnowflakeSettings.PREFIX + "segment.create-table";

	public static final String DYNAMIC_STEP = SnowflakeSettings.PREFIX + "segment.dynamic-step";

	public static final String DYNAMIC_STEP_TARGET = SnowflakeSettings.PREFIX + "segment.dynamic-step-target";

	/** The most a dynamic step grows to, as a multiple of the configured step (and never beyond 1,000,000). */
	static final int DYNAMIC_STEP_MAX_FACTOR = 100;

	private static final Duration MIN_STATEMENT_TIMEOUT = Duration.ofSeconds(1);

	final ConnectionSource connections;

	final SegmentTable table;

	final int defaultStep;

	final double prefetchThreshold;

	final Duration maxWait;

	final boolean createTable;

	final boolean dynamicStep;

	final Duration dynamicStepTarget;

	/** The clock the dynamic step measures how long a segment lasted with (nanoseconds, as System.nanoTime). */
	final LongSupplier nanoClock;

	private SegmentSettings(Builder builder) {
		this.nanoClock = builder.nanoClock;
		this.dynamicStep = builder.dynamicStep;
		this.dynamicStepTarget = builder.dynamicStepTarget;
		this.connections = builder.connections;
		this.table = new SegmentTable(builder.tableName);
		this.defaultStep = builder.defaultStep;
		this.prefetchThreshold = builder.prefetchThreshold;
		this.maxWait = builder.maxWait;
		this.createTable = builder.createTable;
	}

	public static Builder builder(ConnectionSource connections) {
		return new Builder(connections);
	}

	/**
	 * The bound on every statement of segment mode (fetch, allocate, take a handed-back range, give back, create the
	 * tables), passed to {@link ConnectionSource#run(boolean, Duration, ConnectionSource.SqlWork)}: the max-wait,
	 * but at least 1 s. The max-wait, because a segment that takes longer than that serves no waiting caller, and
	 * only one fetch per key runs at a time: the sooner a hanging one ends, the sooner the next one can succeed once
	 * the database is back. At least 1 s, because JDBC query timeouts are whole seconds and 0 would mean none
	 * (max-wait may be 0); anything below a second would be rounded up to it anyway.
	 */
	Duration statementTimeout() {
		return (this.maxWait.compareTo(MIN_STATEMENT_TIMEOUT) < 0) ? MIN_STATEMENT_TIMEOUT : this.maxWait;
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

	public static final class Builder {

		private final ConnectionSource connections;

		private String tableName = SegmentTable.DEFAULT_NAME;

		private int defaultStep = 1000;

		private double prefetchThreshold = 0.1;

		private Duration maxWait = Duration.ofSeconds(5);

		private boolean createTable = true;

		private boolean dynamicStep;

		private Duration dynamicStepTarget = Duration.ofMinutes(15);

		private LongSupplier nanoClock = System::nanoTime;

		private Builder(ConnectionSource connections) {
			this.connections = Objects.requireNonNull(connections, "connections must not be null");
		}

		/** Default {@code snowflake_segment}; handed-back ranges go to {@code <name>_free}. */
		public Builder tableName(String tableName) {
			this.tableName = tableName;
			return this;
		}

		/** Values per segment for keys whose {@code @SegmentId} sets no step; 1 to 1,000,000, default 1000. */
		public Builder defaultStep(int defaultStep) {
			this.defaultStep = defaultStep;
			return this;
		}

		/**
		 * Share of the current segment used before the next one is fetched in the background (Leaf uses 10 %);
		 * from 0 (at once) to 0.9.
		 */
		public Builder prefetchThreshold(double prefetchThreshold) {
			this.prefetchThreshold = prefetchThreshold;
			return this;
		}

		/** How long a caller waits for a segment while the database is unreachable before failing; 0 to 1 min. */
		public Builder maxWait(Duration maxWait) {
			this.maxWait = Objects.requireNonNull(maxWait);
			return this;
		}

		public Builder createTable(boolean createTable) {
			this.createTable = createTable;
			return this;
		}

		/**
		 * Let the step follow the load, as Leaf does: a segment used up in less than the target time doubles the
		 * next step (up to 100 times the configured step), one that lasted more than twice the target halves it (down
		 * to the configured step). Fewer database round trips under load, smaller losses on a crash when quiet.
		 * Off by default.
		 */
		public Builder dynamicStep(boolean dynamicStep) {
			this.dynamicStep = dynamicStep;
			return this;
		}

		/** How long a segment should last when the step is dynamic; 1 ms to 1 day, default 15 min. */
		public Builder dynamicStepTarget(Duration target) {
			this.dynamicStepTarget = Objects.requireNonNull(target);
			return this;
		}

		/** The clock of the dynamic step, in nanoseconds like {@link System#nanoTime()}; for tests. */
		Builder nanoClock(LongSupplier nanoClock) {
			this.nanoClock = Objects.requireNonNull(nanoClock);
			return this;
		}

		public SegmentSettings build() {
			if (this.dynamicStepTarget.compareTo(Duration.ofMillis(1)) < 0
					|| this.dynamicStepTarget.compareTo(Duration.ofDays(1)) > 0) {
				throw new SnowflakeConfigurationException(DYNAMIC_STEP_TARGET, this.dynamicStepTarget, "1 ms to 1 day");
			}
			checkStep(DEFAULT_STEP, this.defaultStep);
			if (!(this.prefetchThreshold >= 0 && this.prefetchThreshold <= 0.9)) {
				throw new SnowflakeConfigurationException(PREFETCH_THRESHOLD, this.prefetchThreshold, "0.0..0.9");
			}
			if (this.maxWait.isNegative() || this.maxWait.compareTo(Duration.ofMinutes(1)) > 0) {
				throw new SnowflakeConfigurationException(MAX_WAIT, this.maxWait, "0 s to 1 min");
			}
			return new SegmentSettings(this);
		}
	}

	static void checkStep(String setting, long step) {
		if (step < 1 || step > 1_000_000) {
			throw new SnowflakeConfigurationException(setting, step, "1..1000000");
		}
	}
}
