package io.snowflakeid.spring;

import java.time.Duration;
import java.time.Instant;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.config.SchemaCheck;
import io.snowflakeid.config.SnowflakeConfiguration;
import io.snowflakeid.worker.LeaseConfiguration;
import io.snowflakeid.worker.WorkerAssignment;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration of snowflake ids, under {@code snowflake.*}. Every value is checked when the generator is built;
 * a bad one stops the application with a message naming the property, the value and the allowed range.
 */
@ConfigurationProperties(prefix = "snowflake")
public class SnowflakeProperties {

	/**
	 * Datacenter id of this instance, 0..31 with the default layout (0..2^datacenter-bits - 1). No default:
	 * required unless the layout has no datacenter bits.
	 */
	private Long datacenterId;

	/**
	 * Worker id of this instance, 0..31 with the default layout (0..2^worker-bits - 1). Every running instance
	 * within a datacenter needs its own. No default: required unless the layout has no worker bits.
	 */
	private Long workerId;

	/**
	 * Instant of timestamp 0, as an ISO-8601 UTC instant. Must not be in the future; a later epoch gives a later
	 * end of the timestamp field. Never change it for existing data: ids could repeat.
	 */
	private Instant epoch = SnowflakeLayout.DEFAULT_EPOCH;

	/** Length of one timestamp tick: a whole number of milliseconds from 1 ms to 1 h. */
	private Duration tickLength = Duration.ofMillis(1);

	/**
	 * How far the clock may go back behind the last issued id before the generator refuses to issue ids. Within
	 * it, ids continue from the last issued timestamp. From 0 to 1 minute.
	 */
	private Duration clockTolerance = SnowflakeIdGenerator.Builder.DEFAULT_CLOCK_TOLERANCE;

	/**
	 * How this instance gets its worker id: auto (static ids if set, else a database lease when a DataSource
	 * exists), static, database-lease, hostname-ordinal (a StatefulSet pod orders-7 is worker 7), ip-address (low
	 * bits of the private IPv4 address; can collide), zookeeper or redis (a lease in a coordination service the whole
	 * fleet shares: modules snowflake-zookeeper and snowflake-redis). Static ids, when set, always win.
	 */
	private WorkerAssignment workerAssignment = WorkerAssignment.AUTO;

	/** Bit layout of the ids. */
	private final Layout layout = new Layout();

	/** Worker id leases in the application's database. */
	private final Lease lease = new Lease();

	/** JPA integration. */
	private final Jpa jpa = new Jpa();

	/** JSON (Jackson) integration. */
	private final Jackson jackson = new Jackson();

	/** Segment mode (@SegmentId): short, dense ids from database segments. */
	private final Segment segment = new Segment();

	/** Micrometer metrics. */
	private final Metrics metrics = new Metrics();

	/** Log a warning at start when fewer than this many years remain in the timestamp field. */
	private int lifetimeWarningYears = 10;

	/**
	 * At start, check that every @SnowflakeId/@SegmentId column can hold the ids (JDBC metadata, once per column,
	 * after Hibernate's schema management): fail (refuse to start on a 32-bit column, a VARCHAR too short for the
	 * text form or a GENERATED ALWAYS identity, naming the ALTER statement that fixes it), warn (log the same and
	 * start) or off. A leftover MariaDB/MySQL AUTO_INCREMENT is always only a warning.
	 */
	private SchemaCheck schemaCheck = SchemaCheck.FAIL;

	public Long getDatacenterId() {
		return this.datacenterId;
	}

	public void setDatacenterId(Long datacenterId) {
		this.datacenterId = datacenterId;
	}

	public Long getWorkerId() {
		return this.workerId;
	}

	public void setWorkerId(Long workerId) {
		this.workerId = workerId;
	}

	public Instant getEpoch() {
		return this.epoch;
	}

	public void setEpoch(Instant epoch) {
		this.epoch = epoch;
	}

	public Duration getTickLength() {
		return this.tickLength;
	}

	public void setTickLength(Duration tickLength) {
		this.tickLength = tickLength;
	}

	public Duration getClockTolerance() {
		return this.clockTolerance;
	}

	public void setClockTolerance(Duration clockTolerance) {
		this.clockTolerance = clockTolerance;
	}

	public WorkerAssignment getWorkerAssignment() {
		return this.workerAssignment;
	}

	public void setWorkerAssignment(WorkerAssignment workerAssignment) {
		this.workerAssignment = workerAssignment;
	}

	public Layout getLayout() {
		return this.layout;
	}

	public Lease getLease() {
		return this.lease;
	}

	public Jpa getJpa() {
		return this.jpa;
	}

	public Jackson getJackson() {
		return this.jackson;
	}

	public Segment getSegment() {
		return this.segment;
	}

	/** Segment mode (@SegmentId). */
	public static class Segment {

		/** Segment table; handed-back ranges go to <name>_free. A plain SQL identifier. */
		private String tableName = "snowflake_segment";

		/** Values per segment for @SegmentId without a step (1..1000000). */
		private int defaultStep = 1000;

		/** Share of a segment used before the next is fetched in the background (0.0..0.9). */
		private double prefetchThreshold = 0.1;

		/** How long a caller waits for a segment while the database is unreachable before failing (0 s..1 min). */
		private Duration maxWait = Duration.ofSeconds(5);

		/** Whether to create the segment tables if they are missing. */
		private boolean createTable = true;

		/**
		 * Whether the step follows the load: doubled when a segment lasts less than dynamic-step-target (up to 100x
		 * the configured step), halved when it lasts more than twice that (down to the configured step).
		 */
		private boolean dynamicStep = false;

		/** How long a segment should last when the step is dynamic (1 ms..1 day). */
		private Duration dynamicStepTarget = Duration.ofMinutes(15);

		public boolean isDynamicStep() {
			return this.dynamicStep;
		}

		public void setDynamicStep(boolean dynamicStep) {
			this.dynamicStep = dynamicStep;
		}

		public Duration getDynamicStepTarget() {
			return this.dynamicStepTarget;
		}

		public void setDynamicStepTarget(Duration dynamicStepTarget) {
			this.dynamicStepTarget = dynamicStepTarget;
		}

		public String getTableName() {
			return this.tableName;
		}

		public void setTableName(String tableName) {
			this.tableName = tableName;
		}

		public int getDefaultStep() {
			return this.defaultStep;
		}

		public void setDefaultStep(int defaultStep) {
			this.defaultStep = defaultStep;
		}

		public double getPrefetchThreshold() {
			return this.prefetchThreshold;
		}

		public void setPrefetchThreshold(double prefetchThreshold) {
			this.prefetchThreshold = prefetchThreshold;
		}

		public Duration getMaxWait() {
			return this.maxWait;
		}

		public void setMaxWait(Duration maxWait) {
			this.maxWait = maxWait;
		}

		public boolean isCreateTable() {
			return this.createTable;
		}

		public void setCreateTable(boolean createTable) {
			this.createTable = createTable;
		}
	}

	public Metrics getMetrics() {
		return this.metrics;
	}

	public SchemaCheck getSchemaCheck() {
		return this.schemaCheck;
	}

	public void setSchemaCheck(SchemaCheck schemaCheck) {
		this.schemaCheck = schemaCheck;
	}

	public int getLifetimeWarningYears() {
		return this.lifetimeWarningYears;
	}

	public void setLifetimeWarningYears(int lifetimeWarningYears) {
		this.lifetimeWarningYears = lifetimeWarningYears;
	}

	/** JSON (Jackson) integration. */
	public static class Jackson {

		/**
		 * Whether JSON writes @SnowflakeId Long properties as strings (JavaScript numbers lose precision above
		 * 2^53, and snowflake ids are above it) and reads them from strings or numbers. With springdoc-openapi, the
		 * OpenAPI document then describes them as strings too.
		 */
		private boolean idsAsStrings = true;

		public boolean isIdsAsStrings() {
			return this.idsAsStrings;
		}

		public void setIdsAsStrings(boolean idsAsStrings) {
			this.idsAsStrings = idsAsStrings;
		}
	}

	/** Micrometer metrics. */
	public static class Metrics {

		/** Whether to publish snowflake.* meters (ids generated, waits, clock steps, lease renewals, lifetime). */
		private boolean enabled = true;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}
	}

	/**
	 * The typed configuration these properties describe: every value checked once, with the same messages as the
	 * Hibernate settings binding ({@link SnowflakeConfiguration#fromSettings}).
	 */
	public SnowflakeConfiguration toConfiguration() {
		return SnowflakeConfiguration.builder()
			.datacenterId(this.datacenterId)
			.workerId(this.workerId)
			.epoch(this.epoch)
			.tickLength(this.tickLength)
			.clockTolerance(this.clockTolerance)
			.workerAssignment(this.workerAssignment)
			.lifetimeWarningYears(this.lifetimeWarningYears)
			.schemaCheck(this.schemaCheck)
			.layoutPreset(this.layout.preset)
			.timestampBits(this.layout.timestampBits)
			.datacenterBits(this.layout.datacenterBits)
			.workerBits(this.layout.workerBits)
			.sequenceBits(this.layout.sequenceBits)
			.leaseTableName(this.lease.tableName)
			.leaseDuration(this.lease.duration)
			.leaseSafetyMargin(this.lease.safetyMargin)
			.leaseCreateTable(this.lease.createTable)
			.leaseAcceptDataLossRisk(this.lease.acceptDataLossRisk)
			.segmentTableName(this.segment.tableName)
			.segmentDefaultStep(this.segment.defaultStep)
			.segmentPrefetchThreshold(this.segment.prefetchThreshold)
			.segmentMaxWait(this.segment.maxWait)
			.segmentCreateTable(this.segment.createTable)
			.segmentDynamicStep(this.segment.dynamicStep)
			.segmentDynamicStepTarget(this.segment.dynamicStepTarget)
			.build();
	}

	public static class Lease {

		/** Lease table: a plain SQL identifier, optionally schema-qualified. */
		private String tableName = "snowflake_worker_lease";

		/** How long a lease lasts without renewal; renewed every third of it. 3 s to 1 h. */
		private Duration duration = LeaseConfiguration.DEFAULT_DURATION;

		/**
		 * How long after its lease end a worker id of a crashed instance stays out of the pool: must exceed the
		 * clock difference between instances. 0 s to 1 h.
		 */
		private Duration safetyMargin = LeaseConfiguration.DEFAULT_SAFETY_MARGIN;

		/** Whether to create the lease table if it is missing (switch off when Flyway or Liquibase owns it). */
		private boolean createTable = true;

		/**
		 * Whether to lease from a database whose settings let it lose committed writes (PostgreSQL fsync or
		 * synchronous_commit off, MariaDB/MySQL innodb_flush_log_at_trx_commit other than 1), refused otherwise: a
		 * lost renewal can give this instance's worker id to another while it still issues ids.
		 */
		private boolean acceptDataLossRisk = false;

		public boolean isAcceptDataLossRisk() {
			return this.acceptDataLossRisk;
		}

		public void setAcceptDataLossRisk(boolean acceptDataLossRisk) {
			this.acceptDataLossRisk = acceptDataLossRisk;
		}

		public String getTableName() {
			return this.tableName;
		}

		public void setTableName(String tableName) {
			this.tableName = tableName;
		}

		public Duration getDuration() {
			return this.duration;
		}

		public void setDuration(Duration duration) {
			this.duration = duration;
		}

		public Duration getSafetyMargin() {
			return this.safetyMargin;
		}

		public void setSafetyMargin(Duration safetyMargin) {
			this.safetyMargin = safetyMargin;
		}

		public boolean isCreateTable() {
			return this.createTable;
		}

		public void setCreateTable(boolean createTable) {
			this.createTable = createTable;
		}
	}

	/** Bit widths of the fields below the sign bit; they must add up to 63. */
	public static class Layout {

		/**
		 * Starting point for the bit widths: classic (41/5/5/12 in 63 bits) or javascript-safe (41/0/5/7 in 53
		 * bits: every id is an exact JavaScript number; 32 workers, 128,000 ids/s each). The widths below override
		 * it.
		 */
		private String preset = "classic";

		/** Bits of the timestamp field (ticks since the epoch). Default 41. */
		private Integer timestampBits;

		/** Bits of the datacenter field. Default 5 (0 with the javascript-safe preset). */
		private Integer datacenterBits;

		/** Bits of the worker field. Default 5. */
		private Integer workerBits;

		/** Bits of the sequence field: 2^sequence-bits ids per tick and worker. Default 12 (7 javascript-safe). */
		private Integer sequenceBits;

		public String getPreset() {
			return this.preset;
		}

		public void setPreset(String preset) {
			this.preset = preset;
		}

		public Integer getTimestampBits() {
			return this.timestampBits;
		}

		public void setTimestampBits(Integer timestampBits) {
			this.timestampBits = timestampBits;
		}

		public Integer getDatacenterBits() {
			return this.datacenterBits;
		}

		public void setDatacenterBits(Integer datacenterBits) {
			this.datacenterBits = datacenterBits;
		}

		public Integer getWorkerBits() {
			return this.workerBits;
		}

		public void setWorkerBits(Integer workerBits) {
			this.workerBits = workerBits;
		}

		public Integer getSequenceBits() {
			return this.sequenceBits;
		}

		public void setSequenceBits(Integer sequenceBits) {
			this.sequenceBits = sequenceBits;
		}
	}

	/** JPA integration. */
	public static class Jpa {

		/** Defaults for Hibernate's JDBC batching, used only where the application sets none. */
		private final BatchingDefaults batchingDefaults = new BatchingDefaults();

		public BatchingDefaults getBatchingDefaults() {
			return this.batchingDefaults;
		}
	}

	/**
	 * Snowflake ids exist before the INSERT, so Hibernate can batch inserts; these defaults switch that on.
	 * {@code spring.jpa.properties.hibernate.jdbc.batch_size} and {@code hibernate.order_inserts} set by the
	 * application always win.
	 */
	public static class BatchingDefaults {

		/**
		 * Whether to supply hibernate.jdbc.batch_size and hibernate.order_inserts=true when the application has
		 * not set them.
		 */
		private boolean enabled = true;

		/** The hibernate.jdbc.batch_size to supply. */
		private int batchSize = 50;

		public boolean isEnabled() {
			return this.enabled;
		}

		public void setEnabled(boolean enabled) {
			this.enabled = enabled;
		}

		public int getBatchSize() {
			return this.batchSize;
		}

		public void setBatchSize(int batchSize) {
			this.batchSize = batchSize;
		}
	}
}
