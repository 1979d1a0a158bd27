package io.snowflakeid.segment;

import java.time.Duration;
import java.util.Objects;
import java.util.function.LongSupplier;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeSettings;
import io.snowflakeid.worker.ConnectionSource;

/** How segment-mode generators reach and use their table. Checked by {@link Builder#build()}. */
public final class SegmentSettings {

	final ConnectionSource connections;

	final SegmentConfiguration configuration;

	final SegmentTable table;

	/** Runs the table's statements, each operation in its own transactions. */
	final SegmentStore store;

	final int defaultStep;

	final double prefetchThreshold;

	final Duration maxWait;

	final boolean createTable;

	final boolean dynamicStep;

	final Duration dynamicStepTarget;

	/** The most a dynamic step grows to, or null: 100 times the configured step. */
	final Integer maxStep;

	/** The clock the dynamic step measures how long a segment lasted with (nanoseconds, as System.nanoTime). */
	final LongSupplier nanoClock;

	private SegmentSettings(Builder builder, SegmentConfiguration configuration) {
		this.connections = builder.connections;
		this.configuration = configuration;
		this.nanoClock = builder.nanoClock;
		this.table = new SegmentTable(configuration.tableName());
		this.store = new SegmentStore(this);
		this.defaultStep = configuration.defaultStep();
		this.prefetchThreshold = configuration.prefetchThreshold();
		this.maxWait = configuration.maxWait();
		this.createTable = configuration.createTable();
		this.dynamicStep = configuration.dynamicStep();
		this.dynamicStepTarget = configuration.dynamicStepTarget();
		this.maxStep = configuration.maxStep();
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
		return ConnectionSource.statementBound(this.maxWait);
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

		private String tableName = SegmentConfiguration.DEFAULTS.tableName();

		private int defaultStep = SegmentConfiguration.DEFAULTS.defaultStep();

		private double prefetchThreshold = SegmentConfiguration.DEFAULTS.prefetchThreshold();

		private Duration maxWait = SegmentConfiguration.DEFAULTS.maxWait();

		private boolean createTable = SegmentConfiguration.DEFAULTS.createTable();

		private boolean dynamicStep = SegmentConfiguration.DEFAULTS.dynamicStep();

		private Duration dynamicStepTarget = SegmentConfiguration.DEFAULTS.dynamicStepTarget();

		private Integer maxStep = SegmentConfiguration.DEFAULTS.maxStep();

		private LongSupplier nanoClock = System::nanoTime;

		private Builder(ConnectionSource connections) {
			this.connections = Objects.requireNonNull(connections, "connections must not be null");
		}

		/** All of {@code snowflake.segment.*} at once. */
		public Builder configuration(SegmentConfiguration configuration) {
			this.tableName = configuration.tableName();
			this.defaultStep = configuration.defaultStep();
			this.prefetchThreshold = configuration.prefetchThreshold();
			this.maxWait = configuration.maxWait();
			this.createTable = configuration.createTable();
			this.dynamicStep = configuration.dynamicStep();
			this.dynamicStepTarget = configuration.dynamicStepTarget();
			this.maxStep = configuration.maxStep();
			return this;
		}

		/** Default {@code snowflake_segment}; handed-back ranges go to {@code <name>_free}. */
		public Builder tableName(String tableName) {
			this.tableName = tableName;
			return this;
		}

		/** See {@link SegmentConfiguration#defaultStep()}. */
		public Builder defaultStep(int defaultStep) {
			this.defaultStep = defaultStep;
			return this;
		}

		/** See {@link SegmentConfiguration#prefetchThreshold()}. */
		public Builder prefetchThreshold(double prefetchThreshold) {
			this.prefetchThreshold = prefetchThreshold;
			return this;
		}

		/** See {@link SegmentConfiguration#maxWait()}. */
		public Builder maxWait(Duration maxWait) {
			this.maxWait = maxWait;
			return this;
		}

		public Builder createTable(boolean createTable) {
			this.createTable = createTable;
			return this;
		}

		/** See {@link SegmentConfiguration#dynamicStep()}. Off by default. */
		public Builder dynamicStep(boolean dynamicStep) {
			this.dynamicStep = dynamicStep;
			return this;
		}

		/** See {@link SegmentConfiguration#dynamicStepTarget()}. */
		public Builder dynamicStepTarget(Duration target) {
			this.dynamicStepTarget = target;
			return this;
		}

		/** See {@link SegmentConfiguration#maxStep()}; null (the default) for 100 times the configured step. */
		public Builder maxStep(Integer maxStep) {
			this.maxStep = maxStep;
			return this;
		}

		/** The clock of the dynamic step, in nanoseconds like {@link System#nanoTime()}; for tests. */
		Builder nanoClock(LongSupplier nanoClock) {
			this.nanoClock = Objects.requireNonNull(nanoClock);
			return this;
		}

		public SegmentSettings build() {
			return new SegmentSettings(this, new SegmentConfiguration(this.tableName, this.defaultStep,
					this.prefetchThreshold, this.maxWait, this.createTable, this.dynamicStep, this.dynamicStepTarget,
					this.maxStep));
		}
	}

	static void checkStep(String setting, long step) {
		SegmentConfiguration.checkStep(setting, step);
	}
}
