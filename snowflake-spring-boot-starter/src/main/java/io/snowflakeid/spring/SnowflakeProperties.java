package io.snowflakeid.spring;

import java.time.Duration;
import java.time.Instant;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
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

	/** Bit layout of the ids. */
	private final Layout layout = new Layout();

	/** JPA integration. */
	private final Jpa jpa = new Jpa();

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

	public Layout getLayout() {
		return this.layout;
	}

	public Jpa getJpa() {
		return this.jpa;
	}

	/** The layout these properties describe; throws if it is invalid. */
	public SnowflakeLayout toLayout() {
		return SnowflakeLayout.builder().timestampBits(this.layout.timestampBits)
				.datacenterBits(this.layout.datacenterBits).workerBits(this.layout.workerBits)
				.sequenceBits(this.layout.sequenceBits).epoch(this.epoch).tickLength(this.tickLength).build();
	}

	/** A generator builder configured from these properties (not yet validated: {@code build()} does that). */
	public SnowflakeIdGenerator.Builder toGeneratorBuilder() {
		SnowflakeIdGenerator.Builder builder = SnowflakeIdGenerator.builder().layout(toLayout())
				.clockTolerance(this.clockTolerance);
		if (this.datacenterId != null) {
			builder.datacenterId(this.datacenterId);
		}
		if (this.workerId != null) {
			builder.workerId(this.workerId);
		}
		return builder;
	}

	/** Bit widths of the fields below the sign bit; they must add up to 63. */
	public static class Layout {

		/** Bits of the timestamp field (ticks since the epoch). */
		private int timestampBits = 41;

		/** Bits of the datacenter field. */
		private int datacenterBits = 5;

		/** Bits of the worker field. */
		private int workerBits = 5;

		/** Bits of the sequence field: 2^sequence-bits ids per tick and worker. */
		private int sequenceBits = 12;

		public int getTimestampBits() {
			return this.timestampBits;
		}

		public void setTimestampBits(int timestampBits) {
			this.timestampBits = timestampBits;
		}

		public int getDatacenterBits() {
			return this.datacenterBits;
		}

		public void setDatacenterBits(int datacenterBits) {
			this.datacenterBits = datacenterBits;
		}

		public int getWorkerBits() {
			return this.workerBits;
		}

		public void setWorkerBits(int workerBits) {
			this.workerBits = workerBits;
		}

		public int getSequenceBits() {
			return this.sequenceBits;
		}

		public void setSequenceBits(int sequenceBits) {
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
