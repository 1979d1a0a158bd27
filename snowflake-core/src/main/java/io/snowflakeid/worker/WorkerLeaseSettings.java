package io.snowflakeid.worker;

import java.time.Duration;
import java.util.Objects;
import java.util.function.LongSupplier;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.SnowflakeSettings;
import io.snowflakeid.TimeSource;

/**
 * How a {@link DatabaseWorkerLease} claims and keeps a worker id. Built with {@link #builder(ConnectionSource)};
 * every value is checked by {@link Builder#build()}.
 */
public final class WorkerLeaseSettings {

	public static final String TABLE_NAME = SnowflakeSettings.PREFIX + "lease.table-name";

	public static final String DURATION = SnowflakeSettings.PREFIX + "lease.duration";

	public static final String SAFETY_MARGIN = SnowflakeSettings.PREFIX + "lease.safety-margin";

	public static final String CREATE_TABLE = SnowflakeSettings.PREFIX + "lease.create-table";

	/** The lease table's INT columns hold ids of at most 31 bits. */
	static final int MAX_NODE_BITS = 31;

	public static final Duration DEFAULT_DURATION = Duration.ofSeconds(60);

	public static final Duration DEFAULT_SAFETY_MARGIN = Duration.ofSeconds(10);

	final ConnectionSource connections;

	final LeaseTable table;

	final SnowflakeLayout layout;

	final Integer datacenterId;

	final Duration duration;

	final Duration safetyMargin;

	final boolean createTable;

	final Duration clockTolerance;

	final TimeSource timeSource;

	/** The wall clock lease ends are written and compared in (epoch milliseconds). */
	final LongSupplier wallMillis;

	/** The elapsed-time clock a lease's permit is measured on (nanoseconds, arbitrary origin). */
	final LongSupplier elapsedNanos;

	/** Whether a background thread renews the lease (else the caller does: simulations). */
	final boolean renewInBackground;

	private WorkerLeaseSettings(Builder builder) {
		this.connections = builder.connections;
		this.table = new LeaseTable(builder.tableName);
		this.layout = builder.layout;
		this.datacenterId = builder.datacenterId;
		this.duration = builder.duration;
		this.safetyMargin = builder.safetyMargin;
		this.createTable = builder.createTable;
		this.clockTolerance = builder.clockTolerance;
		this.timeSource = (builder.timeSource != null) ? builder.timeSource : TimeSource.monotonic();
		this.wallMillis = builder.wallMillis;
		this.elapsedNanos = builder.elapsedNanos;
		this.renewInBackground = builder.renewInBackground;
	}

	/**
	 * The bound on every statement of the lease (query and network timeout): a sixth of the lease, at least 1 s,
	 * so that a hung renewal is abandoned and retried well before the permit runs out.
	 */
	Duration statementTimeout() {
		Duration sixth = this.duration.dividedBy(6);
		return (sixth.compareTo(Duration.ofSeconds(1)) < 0) ? Duration.ofSeconds(1) : sixth;
	}

	public static Builder builder(ConnectionSource connections) {
		return new Builder(connections);
	}

	public String tableName() {
		return this.table.name();
	}

	/** The DDL the lease table is created with (portable across PostgreSQL, MySQL/MariaDB and H2). */
	public String createTableStatement() {
		return this.table.createStatement();
	}

	public static final class Builder {

		private final ConnectionSource connections;

		private String tableName = LeaseTable.DEFAULT_NAME;

		private SnowflakeLayout layout = SnowflakeLayout.DEFAULT;

		private Integer datacenterId;

		private Duration duration = DEFAULT_DURATION;

		private Duration safetyMargin = DEFAULT_SAFETY_MARGIN;

		private boolean createTable = true;

		private Duration clockTolerance = SnowflakeIdGenerator.Builder.DEFAULT_CLOCK_TOLERANCE;

		private TimeSource timeSource;

		private LongSupplier wallMillis = System::currentTimeMillis;

		private LongSupplier elapsedNanos = System::nanoTime;

		private boolean renewInBackground = true;

		private Builder(ConnectionSource connections) {
			this.connections = Objects.requireNonNull(connections, "connections must not be null");
		}

		/** Default {@code snowflake_worker_lease}; a plain SQL identifier, optionally schema-qualified. */
		public Builder tableName(String tableName) {
			this.tableName = tableName;
			return this;
		}

		public Builder layout(SnowflakeLayout layout) {
			this.layout = Objects.requireNonNull(layout, "layout must not be null");
			return this;
		}

		/** Lease only worker ids of this datacenter; by default any (datacenter, worker) pair is leased. */
		public Builder datacenterId(Integer datacenterId) {
			this.datacenterId = datacenterId;
			return this;
		}

		/** How long a lease lasts without renewal; renewed every third of it. 3 s to 1 h, default 60 s. */
		public Builder duration(Duration duration) {
			this.duration = Objects.requireNonNull(duration, DURATION + " must not be null");
			return this;
		}

		/**
		 * How long after its lease end an unrenewed worker id stays out of the pool: covers clock differences
		 * between instances. 0 to 1 h, default 10 s.
		 */
		public Builder safetyMargin(Duration safetyMargin) {
			this.safetyMargin = Objects.requireNonNull(safetyMargin, SAFETY_MARGIN + " must not be null");
			return this;
		}

		/** Create the table if it is missing (default); switch off when Flyway or Liquibase owns the schema. */
		public Builder createTable(boolean createTable) {
			this.createTable = createTable;
			return this;
		}

		public Builder clockTolerance(Duration clockTolerance) {
			this.clockTolerance = Objects.requireNonNull(clockTolerance);
			return this;
		}

		public Builder timeSource(TimeSource timeSource) {
			this.timeSource = timeSource;
			return this;
		}

		/** For simulations: the wall clock lease ends are written in (default the system clock). */
		public Builder wallClock(LongSupplier wallMillis) {
			this.wallMillis = Objects.requireNonNull(wallMillis);
			return this;
		}

		/**
		 * For simulations: with {@code false} no background thread renews the lease; the simulation calls
		 * {@link DatabaseWorkerLease#renew()} on its own schedule. Default true.
		 */
		public Builder renewInBackground(boolean renewInBackground) {
			this.renewInBackground = renewInBackground;
			return this;
		}

		/** For simulations: the elapsed-time clock permits are measured on (default {@code System.nanoTime}). */
		public Builder elapsedClock(LongSupplier elapsedNanos) {
			this.elapsedNanos = Objects.requireNonNull(elapsedNanos);
			return this;
		}

		public WorkerLeaseSettings build() {
			if (this.duration.compareTo(Duration.ofSeconds(3)) < 0 || this.duration.compareTo(Duration.ofHours(1)) > 0) {
				throw new SnowflakeConfigurationException(DURATION, this.duration, "3 s to 1 h");
			}
			if (this.safetyMargin.isNegative() || this.safetyMargin.compareTo(Duration.ofHours(1)) > 0) {
				throw new SnowflakeConfigurationException(SAFETY_MARGIN, this.safetyMargin, "0 s to 1 h");
			}
			if (this.datacenterId != null && (this.datacenterId < 0 || this.datacenterId > this.layout.maxDatacenterId())) {
				throw new SnowflakeConfigurationException(SnowflakeSettings.DATACENTER_ID, this.datacenterId,
						"0.." + this.layout.maxDatacenterId() + " (" + this.layout.datacenterBits() + " datacenter bits)");
			}
			SnowflakeIdGenerator.Builder.checkClockTolerance(this.clockTolerance);
			if (this.clockTolerance.compareTo(this.duration.dividedBy(3)) > 0) {
				// A start may wait up to the tolerance for a previous holder's mark: longer than a third of the
				// lease, and the lease written at claim could end (and be taken over) before the first renewal.
				throw new SnowflakeConfigurationException(SnowflakeSettings.CLOCK_TOLERANCE,
						this.clockTolerance.toMillis() + " ms",
						"at most a third of " + DURATION + " (" + this.duration.dividedBy(3).toMillis() + " ms) with "
								+ WorkerAssignment.SETTING + "=database-lease",
						"Raise " + DURATION + " or lower " + SnowflakeSettings.CLOCK_TOLERANCE);
			}
			if (this.layout.datacenterBits() > MAX_NODE_BITS || this.layout.workerBits() > MAX_NODE_BITS) {
				throw new SnowflakeConfigurationException(
						(this.layout.workerBits() > MAX_NODE_BITS) ? SnowflakeSettings.WORKER_BITS
								: SnowflakeSettings.DATACENTER_BITS,
						Math.max(this.layout.workerBits(), this.layout.datacenterBits()),
						"at most " + MAX_NODE_BITS + " datacenter and " + MAX_NODE_BITS + " worker bits with "
								+ WorkerAssignment.SETTING + "=database-lease (the lease table stores them in INT columns)",
						"Use fewer bits, or static ids (snowflake.datacenter-id / snowflake.worker-id)");
			}
			return new WorkerLeaseSettings(this);
		}
	}
}
