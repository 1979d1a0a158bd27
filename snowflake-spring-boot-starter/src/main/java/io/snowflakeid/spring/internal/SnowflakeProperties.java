package io.snowflakeid.spring.internal;

import java.time.Duration;
import java.time.Instant;

import io.snowflakeid.config.SchemaCheck;
import io.snowflakeid.internal.config.Setting;
import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.internal.config.SnowflakeConfiguration;
import io.snowflakeid.internal.config.WorkerAssignment;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Configuration of snowflake ids, under {@code snowflake.*}. Every value is checked when the generator is built;
 * a bad one stops the application with a message naming the property, the value and the allowed range.
 * <p>
 * The settings of {@link SnowflakeConfiguration} are declared once, in the settings table
 * ({@link Settings}: key, parser, default, description). Here they are nullable fields that only bind: null means
 * not set, {@link #toConfiguration()} hands them to the configuration builder, which applies the table's defaults,
 * and the getters show the table's default while a property is not set. Their descriptions and defaults in the
 * configuration metadata come from {@code additional-spring-configuration-metadata.json}, which a test keeps equal to
 * the table.
 */
@ConfigurationProperties(prefix = "snowflake")
public class SnowflakeProperties {

	private Long datacenterId;

	private Long workerId;

	private Instant epoch;

	private Duration tickLength;

	private Duration clockTolerance;

	private WorkerAssignment workerAssignment;

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

	private Integer lifetimeWarningYears;

	private SchemaCheck schemaCheck;

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
		return orDefault(this.epoch, Settings.EPOCH);
	}

	public void setEpoch(Instant epoch) {
		this.epoch = epoch;
	}

	public Duration getTickLength() {
		return orDefault(this.tickLength, Settings.TICK_LENGTH);
	}

	public void setTickLength(Duration tickLength) {
		this.tickLength = tickLength;
	}

	public Duration getClockTolerance() {
		return orDefault(this.clockTolerance, Settings.CLOCK_TOLERANCE);
	}

	public void setClockTolerance(Duration clockTolerance) {
		this.clockTolerance = clockTolerance;
	}

	public WorkerAssignment getWorkerAssignment() {
		return orDefault(this.workerAssignment, Settings.WORKER_ASSIGNMENT);
	}

	/** The assignment as set, null when unset (auto), without reading the settings table. */
	public WorkerAssignment workerAssignmentAsSet() {
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

		private String tableName;

		private Integer defaultStep;

		private Double prefetchThreshold;

		private Duration maxWait;

		private Boolean createTable;

		private Boolean dynamicStep;

		private Duration dynamicStepTarget;

		private Integer maxStep;

		public boolean isDynamicStep() {
			return orDefault(this.dynamicStep, Settings.SEGMENT_DYNAMIC_STEP);
		}

		public void setDynamicStep(boolean dynamicStep) {
			this.dynamicStep = dynamicStep;
		}

		public Duration getDynamicStepTarget() {
			return orDefault(this.dynamicStepTarget, Settings.SEGMENT_DYNAMIC_STEP_TARGET);
		}

		public void setDynamicStepTarget(Duration dynamicStepTarget) {
			this.dynamicStepTarget = dynamicStepTarget;
		}

		/** Null when not set: a dynamic step then grows to 100 times the configured step. */
		public Integer getMaxStep() {
			return orDefault(this.maxStep, Settings.SEGMENT_MAX_STEP);
		}

		public void setMaxStep(Integer maxStep) {
			this.maxStep = maxStep;
		}

		public String getTableName() {
			return orDefault(this.tableName, Settings.SEGMENT_TABLE_NAME);
		}

		public void setTableName(String tableName) {
			this.tableName = tableName;
		}

		public int getDefaultStep() {
			return orDefault(this.defaultStep, Settings.SEGMENT_DEFAULT_STEP);
		}

		public void setDefaultStep(int defaultStep) {
			this.defaultStep = defaultStep;
		}

		public double getPrefetchThreshold() {
			return orDefault(this.prefetchThreshold, Settings.SEGMENT_PREFETCH_THRESHOLD);
		}

		public void setPrefetchThreshold(double prefetchThreshold) {
			this.prefetchThreshold = prefetchThreshold;
		}

		public Duration getMaxWait() {
			return orDefault(this.maxWait, Settings.SEGMENT_MAX_WAIT);
		}

		public void setMaxWait(Duration maxWait) {
			this.maxWait = maxWait;
		}

		public boolean isCreateTable() {
			return orDefault(this.createTable, Settings.SEGMENT_CREATE_TABLE);
		}

		public void setCreateTable(boolean createTable) {
			this.createTable = createTable;
		}
	}

	/** The value set, or the setting's default from the table. */
	static <T> T orDefault(T value, Setting<T> setting) {
		return (value != null) ? value : setting.defaultValue();
	}

	public Metrics getMetrics() {
		return this.metrics;
	}

	public SchemaCheck getSchemaCheck() {
		return orDefault(this.schemaCheck, Settings.SCHEMA_CHECK);
	}

	public void setSchemaCheck(SchemaCheck schemaCheck) {
		this.schemaCheck = schemaCheck;
	}

	public int getLifetimeWarningYears() {
		return orDefault(this.lifetimeWarningYears, Settings.LIFETIME_WARNING_YEARS);
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
			.segmentMaxStep(this.segment.maxStep)
			.build();
	}

	public static class Lease {

		private String tableName;

		private Duration duration;

		private Duration safetyMargin;

		private Boolean createTable;

		private Boolean acceptDataLossRisk;

		public boolean isAcceptDataLossRisk() {
			return orDefault(this.acceptDataLossRisk, Settings.LEASE_ACCEPT_DATA_LOSS_RISK);
		}

		public void setAcceptDataLossRisk(boolean acceptDataLossRisk) {
			this.acceptDataLossRisk = acceptDataLossRisk;
		}

		public String getTableName() {
			return orDefault(this.tableName, Settings.LEASE_TABLE_NAME);
		}

		public void setTableName(String tableName) {
			this.tableName = tableName;
		}

		public Duration getDuration() {
			return orDefault(this.duration, Settings.LEASE_DURATION);
		}

		public void setDuration(Duration duration) {
			this.duration = duration;
		}

		public Duration getSafetyMargin() {
			return orDefault(this.safetyMargin, Settings.LEASE_SAFETY_MARGIN);
		}

		public void setSafetyMargin(Duration safetyMargin) {
			this.safetyMargin = safetyMargin;
		}

		public boolean isCreateTable() {
			return orDefault(this.createTable, Settings.LEASE_CREATE_TABLE);
		}

		public void setCreateTable(boolean createTable) {
			this.createTable = createTable;
		}
	}

	/** Bit widths of the fields below the sign bit; they must add up to 63. */
	public static class Layout {

		private String preset;

		private Integer timestampBits;

		private Integer datacenterBits;

		private Integer workerBits;

		private Integer sequenceBits;

		public String getPreset() {
			return orDefault(this.preset, Settings.LAYOUT_PRESET);
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
