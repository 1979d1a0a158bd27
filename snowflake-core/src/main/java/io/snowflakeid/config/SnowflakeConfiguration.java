package io.snowflakeid.config;

import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.SnowflakeSettings;
import io.snowflakeid.segment.SegmentConfiguration;
import io.snowflakeid.worker.LeaseConfiguration;
import io.snowflakeid.worker.WorkerAssignment;

/**
 * Everything the {@code snowflake.*} settings say, typed and checked. Both bindings produce it: Spring Boot binds
 * its properties and calls the {@link Builder}; plain Hibernate (and anyone with a settings map) calls
 * {@link #fromSettings(Map)}. Each value is checked once, here or in the type it belongs to ({@link SnowflakeLayout},
 * {@link LeaseConfiguration}, {@link SegmentConfiguration}), with one set of messages that name the setting, the
 * value and what is allowed. Each setting's key, parser, default and documentation are a row of the settings table
 * ({@link Settings}); the settings-map binding is a loop over it.
 *
 * @param layout the id layout (preset, bit widths, epoch, tick length)
 * @param datacenterId the static datacenter id, or null
 * @param workerId the static worker id, or null (then the worker id is assigned)
 * @param clockTolerance how far the clock may step back before the generator refuses to issue ids
 * @param workerAssignment how the worker id is assigned
 * @param lifetimeWarningYears warn at start when fewer years remain in the timestamp field
 * @param schemaCheck what to do at start when an id column cannot hold the ids
 * @param lease the database lease ({@code snowflake.lease.*})
 * @param segment segment mode ({@code snowflake.segment.*})
 */
public record SnowflakeConfiguration(SnowflakeLayout layout, Long datacenterId, Long workerId,
		Duration clockTolerance, WorkerAssignment workerAssignment, int lifetimeWarningYears, SchemaCheck schemaCheck,
		LeaseConfiguration lease, SegmentConfiguration segment) {

	/** The default of {@code snowflake.lifetime-warning-years} (a constant of the API; the settings table agrees). */
	public static final int DEFAULT_LIFETIME_WARNING_YEARS = 10;

	public SnowflakeConfiguration {
		Objects.requireNonNull(layout, "layout must not be null");
		Objects.requireNonNull(workerAssignment, SnowflakeSettings.WORKER_ASSIGNMENT + " must not be null");
		Objects.requireNonNull(schemaCheck, SnowflakeSettings.SCHEMA_CHECK + " must not be null");
		Objects.requireNonNull(lease, "lease must not be null");
		Objects.requireNonNull(segment, "segment must not be null");
		Objects.requireNonNull(clockTolerance, SnowflakeSettings.CLOCK_TOLERANCE + " must not be null");
		SnowflakeIdGenerator.Builder.checkClockTolerance(clockTolerance);
		checkNode(SnowflakeSettings.DATACENTER_ID, "datacenter", datacenterId, layout.datacenterBits(),
				layout.maxDatacenterId());
		checkNode(SnowflakeSettings.WORKER_ID, "worker", workerId, layout.workerBits(), layout.maxWorkerId());
		if (lifetimeWarningYears < 0 || lifetimeWarningYears > 1000) {
			throw new SnowflakeConfigurationException(SnowflakeSettings.LIFETIME_WARNING_YEARS, lifetimeWarningYears,
					"0..1000");
		}
	}

	/** Reads {@code snowflake.*} entries of a settings map (Hibernate's, or any): see {@link SettingsMapReader}. */
	public static SnowflakeConfiguration fromSettings(Map<String, ?> settings) {
		return SettingsMapReader.read(settings);
	}

	public static Builder builder() {
		return new Builder();
	}

	/**
	 * A generator builder with this configuration's layout, clock tolerance and static ids (if any): the one
	 * description of the generator, whether its worker id is static, derived or leased.
	 */
	public SnowflakeIdGenerator.Builder generatorBuilder() {
		SnowflakeIdGenerator.Builder builder = SnowflakeIdGenerator.builder().layout(this.layout)
			.clockTolerance(this.clockTolerance);
		if (this.datacenterId != null) {
			builder.datacenterId(this.datacenterId);
		}
		if (this.workerId != null) {
			builder.workerId(this.workerId);
		}
		return builder;
	}

	private static void checkNode(String setting, String field, Long value, int bits, long max) {
		if (value != null && (value < 0 || value > max)) {
			throw new SnowflakeConfigurationException(setting, value, "0.." + max + " (" + bits + " " + field + " bits)");
		}
	}

	/**
	 * Collects settings as the bindings find them; {@link #build()} turns them into a checked configuration. Null
	 * means "not set": the default applies.
	 */
	public static final class Builder {

		private String preset;

		private Integer timestampBits;

		private Integer datacenterBits;

		private Integer workerBits;

		private Integer sequenceBits;

		private Instant epoch;

		private Duration tickLength;

		private Long datacenterId;

		private Long workerId;

		private Duration clockTolerance;

		private WorkerAssignment workerAssignment;

		private Integer lifetimeWarningYears;

		private SchemaCheck schemaCheck;

		private String leaseTableName;

		private Duration leaseDuration;

		private Duration leaseSafetyMargin;

		private Boolean leaseCreateTable;

		private Boolean leaseAcceptDataLossRisk;

		private String segmentTableName;

		private Integer segmentDefaultStep;

		private Double segmentPrefetchThreshold;

		private Duration segmentMaxWait;

		private Boolean segmentCreateTable;

		private Boolean segmentDynamicStep;

		private Duration segmentDynamicStepTarget;

		private Integer segmentMaxStep;

		private Builder() {
		}

		/** {@code classic} (default) or {@code javascript-safe}; the bit widths set below override its widths. */
		public Builder layoutPreset(String preset) {
			this.preset = preset;
			return this;
		}

		public Builder timestampBits(Integer bits) {
			this.timestampBits = bits;
			return this;
		}

		public Builder datacenterBits(Integer bits) {
			this.datacenterBits = bits;
			return this;
		}

		public Builder workerBits(Integer bits) {
			this.workerBits = bits;
			return this;
		}

		public Builder sequenceBits(Integer bits) {
			this.sequenceBits = bits;
			return this;
		}

		public Builder epoch(Instant epoch) {
			this.epoch = epoch;
			return this;
		}

		public Builder tickLength(Duration tickLength) {
			this.tickLength = tickLength;
			return this;
		}

		public Builder datacenterId(Long datacenterId) {
			this.datacenterId = datacenterId;
			return this;
		}

		public Builder workerId(Long workerId) {
			this.workerId = workerId;
			return this;
		}

		public Builder clockTolerance(Duration clockTolerance) {
			this.clockTolerance = clockTolerance;
			return this;
		}

		public Builder workerAssignment(WorkerAssignment workerAssignment) {
			this.workerAssignment = workerAssignment;
			return this;
		}

		public Builder lifetimeWarningYears(Integer years) {
			this.lifetimeWarningYears = years;
			return this;
		}

		public Builder schemaCheck(SchemaCheck schemaCheck) {
			this.schemaCheck = schemaCheck;
			return this;
		}

		public Builder leaseTableName(String tableName) {
			this.leaseTableName = tableName;
			return this;
		}

		public Builder leaseDuration(Duration duration) {
			this.leaseDuration = duration;
			return this;
		}

		public Builder leaseSafetyMargin(Duration safetyMargin) {
			this.leaseSafetyMargin = safetyMargin;
			return this;
		}

		public Builder leaseCreateTable(Boolean createTable) {
			this.leaseCreateTable = createTable;
			return this;
		}

		public Builder segmentTableName(String tableName) {
			this.segmentTableName = tableName;
			return this;
		}

		public Builder segmentDefaultStep(Integer step) {
			this.segmentDefaultStep = step;
			return this;
		}

		public Builder segmentPrefetchThreshold(Double threshold) {
			this.segmentPrefetchThreshold = threshold;
			return this;
		}

		public Builder segmentMaxWait(Duration maxWait) {
			this.segmentMaxWait = maxWait;
			return this;
		}

		/** {@code snowflake.lease.accept-data-loss-risk}; null for the default (false: such databases are refused). */
		public Builder leaseAcceptDataLossRisk(Boolean accept) {
			this.leaseAcceptDataLossRisk = accept;
			return this;
		}

		public Builder segmentCreateTable(Boolean createTable) {
			this.segmentCreateTable = createTable;
			return this;
		}

		public Builder segmentDynamicStep(Boolean dynamicStep) {
			this.segmentDynamicStep = dynamicStep;
			return this;
		}

		public Builder segmentDynamicStepTarget(Duration target) {
			this.segmentDynamicStepTarget = target;
			return this;
		}

		/** {@code snowflake.segment.max-step}; null for none (a dynamic step grows to 100 times the step). */
		public Builder segmentMaxStep(Integer maxStep) {
			this.segmentMaxStep = maxStep;
			return this;
		}

		/**
		 * Where the value of each row of the settings table goes (the settings-map binding). A switch on the key, not
		 * a method reference per row: see {@link Settings}. A row without a case here fails every binding's test.
		 */
		void set(Setting<?> setting, Object value) {
			switch (setting.key()) {
				case SnowflakeSettings.LAYOUT_PRESET -> layoutPreset((String) value);
				case SnowflakeSettings.TIMESTAMP_BITS -> timestampBits((Integer) value);
				case SnowflakeSettings.DATACENTER_BITS -> datacenterBits((Integer) value);
				case SnowflakeSettings.WORKER_BITS -> workerBits((Integer) value);
				case SnowflakeSettings.SEQUENCE_BITS -> sequenceBits((Integer) value);
				case SnowflakeSettings.EPOCH -> epoch((Instant) value);
				case SnowflakeSettings.TICK_LENGTH -> tickLength((Duration) value);
				case SnowflakeSettings.DATACENTER_ID -> datacenterId((Long) value);
				case SnowflakeSettings.WORKER_ID -> workerId((Long) value);
				case SnowflakeSettings.CLOCK_TOLERANCE -> clockTolerance((Duration) value);
				case SnowflakeSettings.WORKER_ASSIGNMENT -> workerAssignment((WorkerAssignment) value);
				case SnowflakeSettings.LIFETIME_WARNING_YEARS -> lifetimeWarningYears((Integer) value);
				case SnowflakeSettings.SCHEMA_CHECK -> schemaCheck((SchemaCheck) value);
				case SnowflakeSettings.LEASE_TABLE_NAME -> leaseTableName((String) value);
				case SnowflakeSettings.LEASE_DURATION -> leaseDuration((Duration) value);
				case SnowflakeSettings.LEASE_SAFETY_MARGIN -> leaseSafetyMargin((Duration) value);
				case SnowflakeSettings.LEASE_CREATE_TABLE -> leaseCreateTable((Boolean) value);
				case SnowflakeSettings.LEASE_ACCEPT_DATA_LOSS_RISK -> leaseAcceptDataLossRisk((Boolean) value);
				case SnowflakeSettings.SEGMENT_TABLE_NAME -> segmentTableName((String) value);
				case SnowflakeSettings.SEGMENT_DEFAULT_STEP -> segmentDefaultStep((Integer) value);
				case SnowflakeSettings.SEGMENT_PREFETCH_THRESHOLD -> segmentPrefetchThreshold((Double) value);
				case SnowflakeSettings.SEGMENT_MAX_WAIT -> segmentMaxWait((Duration) value);
				case SnowflakeSettings.SEGMENT_CREATE_TABLE -> segmentCreateTable((Boolean) value);
				case SnowflakeSettings.SEGMENT_DYNAMIC_STEP -> segmentDynamicStep((Boolean) value);
				case SnowflakeSettings.SEGMENT_DYNAMIC_STEP_TARGET -> segmentDynamicStepTarget((Duration) value);
				case SnowflakeSettings.SEGMENT_MAX_STEP -> segmentMaxStep((Integer) value);
				default -> throw new IllegalArgumentException(setting.key() + " is not a setting of the configuration");
			}
		}

		/** @throws SnowflakeConfigurationException naming the first setting that is out of range */
		public SnowflakeConfiguration build() {
			SnowflakeLayout.Builder layout = preset(this.preset).toBuilder();
			if (this.timestampBits != null) {
				layout.timestampBits(this.timestampBits);
			}
			if (this.datacenterBits != null) {
				layout.datacenterBits(this.datacenterBits);
			}
			if (this.workerBits != null) {
				layout.workerBits(this.workerBits);
			}
			if (this.sequenceBits != null) {
				layout.sequenceBits(this.sequenceBits);
			}
			if (this.epoch != null) {
				layout.epoch(this.epoch);
			}
			if (this.tickLength != null) {
				layout.tickLength(this.tickLength);
			}
			LeaseConfiguration lease = new LeaseConfiguration(or(this.leaseTableName, Settings.LEASE_TABLE_NAME),
					or(this.leaseDuration, Settings.LEASE_DURATION),
					or(this.leaseSafetyMargin, Settings.LEASE_SAFETY_MARGIN),
					or(this.leaseCreateTable, Settings.LEASE_CREATE_TABLE),
					or(this.leaseAcceptDataLossRisk, Settings.LEASE_ACCEPT_DATA_LOSS_RISK));
			SegmentConfiguration segment = new SegmentConfiguration(
					or(this.segmentTableName, Settings.SEGMENT_TABLE_NAME),
					or(this.segmentDefaultStep, Settings.SEGMENT_DEFAULT_STEP),
					or(this.segmentPrefetchThreshold, Settings.SEGMENT_PREFETCH_THRESHOLD),
					or(this.segmentMaxWait, Settings.SEGMENT_MAX_WAIT),
					or(this.segmentCreateTable, Settings.SEGMENT_CREATE_TABLE),
					or(this.segmentDynamicStep, Settings.SEGMENT_DYNAMIC_STEP),
					or(this.segmentDynamicStepTarget, Settings.SEGMENT_DYNAMIC_STEP_TARGET),
					or(this.segmentMaxStep, Settings.SEGMENT_MAX_STEP));
			return new SnowflakeConfiguration(layout.build(), this.datacenterId, this.workerId,
					or(this.clockTolerance, Settings.CLOCK_TOLERANCE),
					or(this.workerAssignment, Settings.WORKER_ASSIGNMENT),
					or(this.lifetimeWarningYears, Settings.LIFETIME_WARNING_YEARS),
					or(this.schemaCheck, Settings.SCHEMA_CHECK), lease, segment);
		}

		/** The value set, or the setting's default from the table. */
		private static <T> T or(T value, Setting<T> setting) {
			return (value != null) ? value : setting.defaultValue();
		}
	}

	/** The layout a preset name stands for: {@code classic} (also when not set) or {@code javascript-safe}. */
	static SnowflakeLayout preset(String name) {
		String text = (name == null) ? Settings.LAYOUT_PRESET.defaultValue()
				: name.trim().toLowerCase(Locale.ROOT).replace('_', '-');
		return switch (text) {
			case "classic", "" -> SnowflakeLayout.DEFAULT;
			case "javascript-safe" -> SnowflakeLayout.JAVASCRIPT_SAFE;
			default -> throw new SnowflakeConfigurationException(SnowflakeSettings.LAYOUT_PRESET, "'" + name + "'",
					"classic or javascript-safe");
		};
	}
}
