package io.snowflakeid;

import java.time.Duration;
import java.util.Objects;

import io.snowflakeid.internal.keys.SnowflakeSettings;

/**
 * Issues unique, time-ordered 64-bit ids. Implementations are thread-safe; ids from one generator are strictly
 * increasing in the order {@link #nextId()} returns them, across all threads. Use one generator per
 * (datacenter, worker) in a process: two generators with the same worker id would issue the same ids.
 */
public interface SnowflakeIdGenerator {

	/**
	 * The next id.
	 * @throws ClockMovedBackwardsException if the clock is behind the last issued id by more than the tolerance
	 * @throws TimestampExhaustedException if the current time no longer fits in the timestamp field
	 */
	long nextId();

	/**
	 * The next id as fixed-width decimal text ({@link SnowflakeLayout#toDecimalString(long)}), for String id
	 * attributes: zero-padded to the layout's width, so that text order (a VARCHAR primary key's ORDER BY, keyset
	 * paging) stays numeric order for the layout's whole life.
	 */
	default String nextIdAsString() {
		return layout().toDecimalString(nextId());
	}

	SnowflakeLayout layout();

	long datacenterId();

	long workerId();

	/** Counters since the generator was built (ids issued, waits, clock steps), for metrics. */
	default SnowflakeStatistics statistics() {
		return SnowflakeStatistics.NONE;
	}

	/**
	 * How far the time source is behind the timestamp of the last issued id, in milliseconds (0 when it is not):
	 * beyond the clock tolerance, {@link #nextId()} fails until the clock catches up.
	 */
	default long clockBehindMillis() {
		return 0;
	}

	/** How far the clock may fall behind the last issued id before ids are refused. */
	default Duration clockTolerance() {
		return Builder.DEFAULT_CLOCK_TOLERANCE;
	}

	/** Splits an id of this generator's layout into its fields. */
	default SnowflakeIdParts decode(long id) {
		return layout().decode(id);
	}

	static Builder builder() {
		return new Builder();
	}

	/**
	 * Builds the default lock-free generator. Datacenter and worker ids have no default: a silent 0 on every
	 * instance is how duplicates happen. Everything is checked in {@link #build()}.
	 */
	final class Builder {

		/** Default clock tolerance: absorbs a leap second or an NTP step; see {@link #clockTolerance(Duration)}. */
		public static final Duration DEFAULT_CLOCK_TOLERANCE = Duration.ofSeconds(1);

		static final Duration MAX_CLOCK_TOLERANCE = Duration.ofMinutes(1);

		SnowflakeLayout layout = SnowflakeLayout.DEFAULT;

		Long datacenterId;

		Long workerId;

		TimeSource timeSource;

		Duration clockTolerance = DEFAULT_CLOCK_TOLERANCE;

		private Builder() {
		}

		public Builder layout(SnowflakeLayout layout) {
			this.layout = Objects.requireNonNull(layout, "layout must not be null");
			return this;
		}

		/** Required unless the layout has no datacenter bits. */
		public Builder datacenterId(long datacenterId) {
			this.datacenterId = datacenterId;
			return this;
		}

		/** Required unless the layout has no worker bits. */
		public Builder workerId(long workerId) {
			this.workerId = workerId;
			return this;
		}

		/** Defaults to {@link TimeSource#monotonic()}. */
		public Builder timeSource(TimeSource timeSource) {
			this.timeSource = Objects.requireNonNull(timeSource, "timeSource must not be null");
			return this;
		}

		/**
		 * How far the time source may go back behind the last issued id before the generator refuses to issue
		 * ids. Within it, ids continue from the last issued timestamp (and wait for the clock once that tick's
		 * sequence is used up), so they stay unique and ordered. From 0 to 1 minute; default 1 s.
		 */
		public Builder clockTolerance(Duration clockTolerance) {
			this.clockTolerance = Objects.requireNonNull(clockTolerance,
					SnowflakeSettings.CLOCK_TOLERANCE + " must not be null");
			return this;
		}

		/** The layout this builder will use. */
		public SnowflakeLayout configuredLayout() {
			return this.layout;
		}

		/** The time source set on this builder, or null for the default ({@link TimeSource#monotonic()}). */
		public TimeSource configuredTimeSource() {
			return this.timeSource;
		}

		/** The clock tolerance this builder will use. */
		public Duration configuredClockTolerance() {
			return this.clockTolerance;
		}

		public SnowflakeIdGenerator build() {
			return build(null, null);
		}

		/** {@link #build()}, issuing only while {@code gate} lets it and after {@code issueAfterMillis} if set. */
		SnowflakeIdGenerator build(IssueGate gate, Long issueAfterMillis) {
			long datacenter = checkNodeId(SnowflakeSettings.DATACENTER_ID, "datacenter", this.datacenterId,
					this.layout.datacenterBits(), this.layout.maxDatacenterId());
			long worker = checkNodeId(SnowflakeSettings.WORKER_ID, "worker", this.workerId,
					this.layout.workerBits(), this.layout.maxWorkerId());
			checkClockTolerance(this.clockTolerance);
			TimeSource source = (this.timeSource != null) ? this.timeSource : TimeSource.monotonic();
			return new DefaultSnowflakeIdGenerator(this.layout, datacenter, worker, source,
					this.clockTolerance.toMillis(), gate, issueAfterMillis);
		}

		/** @throws SnowflakeConfigurationException unless a whole number of milliseconds from 0 to 1 minute */
		public static void checkClockTolerance(Duration clockTolerance) {
			if (clockTolerance.isNegative() || clockTolerance.compareTo(MAX_CLOCK_TOLERANCE) > 0
					|| clockTolerance.toNanos() % 1_000_000 != 0) {
				throw new SnowflakeConfigurationException(SnowflakeSettings.CLOCK_TOLERANCE, clockTolerance,
						"a whole number of milliseconds from 0 ms to " + MAX_CLOCK_TOLERANCE.toMillis() + " ms");
			}
		}

		/** An independent builder with the same settings: what a worker lease builds its generator from. */
		public Builder copy() {
			Builder copy = new Builder();
			copy.layout = this.layout;
			copy.datacenterId = this.datacenterId;
			copy.workerId = this.workerId;
			copy.timeSource = this.timeSource;
			copy.clockTolerance = this.clockTolerance;
			return copy;
		}

		private static long checkNodeId(String setting, String field, Long value, int bits, long max) {
			String allowed = "0.." + max + " (" + bits + " " + field + " bits)";
			if (value == null) {
				if (bits == 0) {
					return 0;
				}
				throw new SnowflakeConfigurationException(setting, "<not set>", allowed,
						"Each running instance needs its own (datacenter id, worker id) pair, so both are set"
								+ " (instances may share a datacenter id); there is no default because the same pair"
								+ " on two instances means duplicate ids"
								+ " (or let it be assigned: snowflake.worker-assignment=database-lease, hostname-ordinal"
								+ " or ip-address)");
			}
			if (value < 0 || value > max) {
				throw new SnowflakeConfigurationException(setting, value, allowed);
			}
			return value;
		}
	}
}
