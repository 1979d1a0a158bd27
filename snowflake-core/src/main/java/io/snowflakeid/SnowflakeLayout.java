package io.snowflakeid;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

import io.snowflakeid.internal.keys.SnowflakeSettings;

/**
 * How the 63 usable bits of an id are shared out, and what a timestamp tick means.
 *
 * <pre>
 *  63 62                                  22 21     17 16     12 11          0
 * +--+--------------------------------------+---------+---------+-------------+
 * | 0|  timestamp: ticks since the epoch    |datacenter|  worker |  sequence   |
 * +--+--------------------------------------+---------+---------+-------------+
 *     41 bits (default)                      5 bits    5 bits    12 bits
 * </pre>
 *
 * The default is the classic Twitter layout: 41 bits of milliseconds since 2020-01-01T00:00:00Z (good until
 * 2089-09-06), 5 datacenter bits, 5 worker bits and a 12-bit sequence (4096 ids per millisecond and worker).
 * Instances are immutable and thread-safe; build others with {@link #builder()}.
 */
public final class SnowflakeLayout {

	/** 2020-01-01T00:00:00Z. */
	public static final Instant DEFAULT_EPOCH = Instant.parse("2020-01-01T00:00:00Z");

	/** Longest tick accepted. A constant expression, so it is set before {@link #DEFAULT} is built. */
	static final long MAX_TICK_MILLIS = 3_600_000;

	/** The classic layout: 41/5/5/12 bits, 1 ms ticks, epoch 2020-01-01T00:00:00Z. */
	public static final SnowflakeLayout DEFAULT = builder().build();

	/**
	 * Ids below 2^53, exact as JavaScript numbers: 41 bits of milliseconds since 2020-01-01 (until 2089-09-06),
	 * no datacenter field, 5 worker bits (32 workers) and a 7-bit sequence: 128 ids per millisecond per worker
	 * (128,000 ids/s).
	 */
	public static final SnowflakeLayout JAVASCRIPT_SAFE = builder().totalBits(53).timestampBits(41).datacenterBits(0)
		.workerBits(5).sequenceBits(7).build();

	/** Largest integer a JavaScript number (IEEE double) holds exactly: 2^53 - 1. */
	public static final long MAX_SAFE_JAVASCRIPT_INTEGER = (1L << 53) - 1;

	/** Bits below the sign bit; the sign bit stays 0 so ids are positive {@code long}s. */
	public static final int USABLE_BITS = 63;

	private final int timestampBits;

	private final int datacenterBits;

	private final int workerBits;

	private final int sequenceBits;

	private final Instant epoch;

	private final long tickMillis;

	private final int totalBits;

	private SnowflakeLayout(Builder builder) {
		this.totalBits = builder.totalBits;
		this.timestampBits = builder.timestampBits;
		this.datacenterBits = builder.datacenterBits;
		this.workerBits = builder.workerBits;
		this.sequenceBits = builder.sequenceBits;
		this.epoch = builder.epoch;
		this.tickMillis = builder.tickMillis;
	}

	public static Builder builder() {
		return new Builder();
	}

	/** A builder that starts from this layout's values. */
	public Builder toBuilder() {
		return new Builder().totalBits(this.totalBits).timestampBits(this.timestampBits).datacenterBits(this.datacenterBits)
				.workerBits(this.workerBits).sequenceBits(this.sequenceBits).epoch(this.epoch)
				.tickLength(Duration.ofMillis(this.tickMillis));
	}

	public int timestampBits() {
		return this.timestampBits;
	}

	public int datacenterBits() {
		return this.datacenterBits;
	}

	public int workerBits() {
		return this.workerBits;
	}

	public int sequenceBits() {
		return this.sequenceBits;
	}

	/** Bits below the sign bit that ids use: 63, or fewer (53 for {@link #JAVASCRIPT_SAFE}). */
	public int totalBits() {
		return this.totalBits;
	}

	/** Time left until {@link #exhaustedAt()}, zero if already exhausted. */
	public Duration remainingLifetime(Instant now) {
		Duration left = Duration.between(now, exhaustedAt());
		return left.isNegative() ? Duration.ZERO : left;
	}

	public Instant epoch() {
		return this.epoch;
	}

	public Duration tickLength() {
		return Duration.ofMillis(this.tickMillis);
	}

	public long tickMillis() {
		return this.tickMillis;
	}

	public long maxTimestamp() {
		return mask(this.timestampBits);
	}

	public long maxDatacenterId() {
		return mask(this.datacenterBits);
	}

	public long maxWorkerId() {
		return mask(this.workerBits);
	}

	public long maxSequence() {
		return mask(this.sequenceBits);
	}

	int workerShift() {
		return this.sequenceBits;
	}

	int datacenterShift() {
		return this.sequenceBits + this.workerBits;
	}

	int timestampShift() {
		return this.sequenceBits + this.workerBits + this.datacenterBits;
	}

	/** The first instant whose tick no longer fits in the timestamp field. */
	public Instant exhaustedAt() {
		return instantOf(maxTimestamp()).plusMillis(this.tickMillis);
	}

	/** Ids per second one worker can issue at most: {@code 2^sequenceBits} per tick. */
	public long maxIdsPerSecond() {
		return (maxSequence() + 1) * 1000 / this.tickMillis;
	}

	/** The tick (timestamp field value) that contains {@code instant}; negative before the epoch. */
	public long tickOf(Instant instant) {
		return Math.floorDiv(instant.toEpochMilli() - this.epoch.toEpochMilli(), this.tickMillis);
	}

	/** The instant a tick starts at. */
	public Instant instantOf(long tick) {
		// Never overflows for a tick of the field: the builder refuses layouts whose last tick it could not count.
		return this.epoch.plusMillis(Math.multiplyExact(tick, this.tickMillis));
	}

	/**
	 * Builds an id from its parts.
	 * @throws IllegalArgumentException naming the part that does not fit its field
	 */
	public long compose(long tick, long datacenterId, long workerId, long sequence) {
		if (tick < 0 || tick > maxTimestamp()) {
			throw new IllegalArgumentException("tick " + tick + " does not fit its field: allowed 0.." + maxTimestamp()
					+ " (" + this.timestampBits + " bits; tick 0 starts at the epoch " + this.epoch
					+ ", the last one ends at " + exhaustedAt() + ")");
		}
		checkPart("datacenterId", datacenterId, maxDatacenterId(), this.datacenterBits);
		checkPart("workerId", workerId, maxWorkerId(), this.workerBits);
		checkPart("sequence", sequence, maxSequence(), this.sequenceBits);
		return (tick << timestampShift()) | (datacenterId << datacenterShift()) | (workerId << workerShift())
				| sequence;
	}

	/**
	 * Builds an id for the tick that contains {@code instant}.
	 * @throws IllegalArgumentException if {@code instant} is before the epoch or at or after {@link #exhaustedAt()}
	 * (naming both ends), or a part does not fit its field
	 */
	public long compose(Instant instant, long datacenterId, long workerId, long sequence) {
		if (instant.isBefore(this.epoch) || !instant.isBefore(exhaustedAt())) {
			throw new IllegalArgumentException("instant " + instant + " is outside the layout's lifetime: allowed "
					+ this.epoch + " (the epoch) up to " + exhaustedAt() + " (exclusive: the " + this.timestampBits
					+ "-bit timestamp field is exhausted)");
		}
		return compose(tickOf(instant), datacenterId, workerId, sequence);
	}

	/**
	 * The ids issued in the window {@code [from, to)}, at tick granularity: every id of every tick the window
	 * overlaps (with the default 1 ms tick, exactly the ids issued from {@code from} until before {@code to}).
	 * Clamped to the layout's lifetime: a window that starts before the epoch starts at id 0, one that ends after
	 * {@link #exhaustedAt()} ends at the largest id, and one wholly outside is {@link SnowflakeIdRange#EMPTY}. Use it
	 * as {@code WHERE id BETWEEN first AND last} to find rows by creation time through the primary key.
	 * @throws IllegalArgumentException if {@code from} is not before {@code to}
	 */
	public SnowflakeIdRange idRange(Instant from, Instant to) {
		Objects.requireNonNull(from, "from");
		Objects.requireNonNull(to, "to");
		if (!from.isBefore(to)) {
			throw new IllegalArgumentException("Not a time window: from " + from + " is not before to " + to);
		}
		Instant end = exhaustedAt();
		if (!to.isAfter(this.epoch) || !from.isBefore(end)) {
			return SnowflakeIdRange.EMPTY;
		}
		long firstTick = from.isAfter(this.epoch) ? tickOf(from) : 0;
		long lastTick = to.isAfter(end) ? maxTimestamp() : tickOf(lastMilliBefore(to));
		int shift = timestampShift();
		return new SnowflakeIdRange(firstTick << shift, (lastTick << shift) | mask(shift));
	}

	/** The last whole millisecond before {@code to}: ids carry milliseconds, so one at {@code to}'s own is later. */
	private static Instant lastMilliBefore(Instant to) {
		Instant millisecond = Instant.ofEpochMilli(to.toEpochMilli());
		return millisecond.equals(to) ? millisecond.minusMillis(1) : millisecond;
	}

	/**
	 * Digits of the largest id of this layout: 19 for the classic 63 bits, 16 for the 53-bit javascript-safe
	 * preset. {@link #toDecimalString(long)} pads every id to this width.
	 */
	public int decimalWidth() {
		long max = (this.totalBits >= 63) ? Long.MAX_VALUE : (1L << this.totalBits) - 1;
		return Long.toString(max).length();
	}

	/**
	 * The id as decimal text zero-padded to {@link #decimalWidth()}, so that text order is numeric order for the
	 * layout's whole life: unpadded, the classic layout's ids grow from 18 to 19 digits at
	 * 2027-07-22T11:22:59.102Z and "1..." would sort before "9...". {@link Long#parseLong} reads it back.
	 */
	public String toDecimalString(long id) {
		String digits = Long.toString(id);
		int width = decimalWidth();
		if (digits.length() >= width) {
			return digits;
		}
		return "0".repeat(width - digits.length()) + digits;
	}

	/**
	 * Splits an id into its parts.
	 * @throws IllegalArgumentException if the id is negative (the sign bit of a snowflake id is always 0)
	 */
	public SnowflakeIdParts decode(long id) {
		if (id < 0) {
			throw new IllegalArgumentException(
					"Not a snowflake id: " + id + " is negative (the sign bit of a snowflake id is always 0)");
		}
		if (this.totalBits < USABLE_BITS && (id >>> this.totalBits) != 0) {
			throw new IllegalArgumentException("Not an id of this layout: " + id + " has bits above the layout's "
					+ this.totalBits + " (allowed 0.." + mask(this.totalBits) + ")");
		}
		long tick = id >>> timestampShift();
		return new SnowflakeIdParts(id, instantOf(tick), tick, (id >>> datacenterShift()) & maxDatacenterId(),
				(id >>> workerShift()) & maxWorkerId(), id & maxSequence());
	}

	private static void checkPart(String part, long value, long max, int bits) {
		if (value < 0 || value > max) {
			throw new IllegalArgumentException(
					part + " " + value + " does not fit its field: allowed 0.." + max + " (" + bits + " bits)");
		}
	}

	static long mask(int bits) {
		return bits == 0 ? 0 : (-1L >>> (64 - bits));
	}

	@Override
	public boolean equals(Object other) {
		return other instanceof SnowflakeLayout that && this.totalBits == that.totalBits
				&& this.timestampBits == that.timestampBits
				&& this.datacenterBits == that.datacenterBits && this.workerBits == that.workerBits
				&& this.sequenceBits == that.sequenceBits && this.tickMillis == that.tickMillis
				&& this.epoch.equals(that.epoch);
	}

	@Override
	public int hashCode() {
		return Objects.hash(this.totalBits, this.timestampBits, this.datacenterBits, this.workerBits, this.sequenceBits,
				this.tickMillis, this.epoch);
	}

	@Override
	public String toString() {
		return ((this.totalBits < USABLE_BITS) ? (USABLE_BITS - this.totalBits + 1) + " unused high bits + " : "1/")
				+ this.timestampBits + "/" + this.datacenterBits + "/" + this.workerBits + "/"
				+ this.sequenceBits + " bits (sign/timestamp/datacenter/worker/sequence), " + this.tickMillis
				+ " ms ticks since " + this.epoch;
	}

	/**
	 * Builds a {@link SnowflakeLayout}. Every value is checked in {@link #build()}, which names the offending
	 * setting, its value and the allowed range.
	 */
	public static final class Builder {

		private int timestampBits = 41;

		private int datacenterBits = 5;

		private int workerBits = 5;

		private int sequenceBits = 12;

		private Instant epoch = DEFAULT_EPOCH;

		private long tickMillis = 1;

		private Duration tickLength = Duration.ofMillis(1);

		private int totalBits = USABLE_BITS;

		private Builder() {
		}

		/**
		 * How many bits below the sign bit ids use: 63 (the default) or fewer, leaving the top bits 0, e.g. 53 so
		 * that every id is an exact JavaScript number. From 32 to 63.
		 */
		public Builder totalBits(int bits) {
			this.totalBits = bits;
			return this;
		}

		public Builder timestampBits(int bits) {
			this.timestampBits = bits;
			return this;
		}

		public Builder datacenterBits(int bits) {
			this.datacenterBits = bits;
			return this;
		}

		public Builder workerBits(int bits) {
			this.workerBits = bits;
			return this;
		}

		public Builder sequenceBits(int bits) {
			this.sequenceBits = bits;
			return this;
		}

		/** The instant of tick 0; it must not be in the future (checked when a generator is built). */
		public Builder epoch(Instant epoch) {
			this.epoch = Objects.requireNonNull(epoch, SnowflakeSettings.EPOCH + " must not be null");
			return this;
		}

		/** The length of one timestamp tick: a whole number of milliseconds, 1 ms to 1 h. */
		public Builder tickLength(Duration tickLength) {
			this.tickLength = Objects.requireNonNull(tickLength, SnowflakeSettings.TICK_LENGTH + " must not be null");
			return this;
		}

		public SnowflakeLayout build() {
			if (this.totalBits < 32 || this.totalBits > USABLE_BITS) {
				throw new SnowflakeConfigurationException(SnowflakeSettings.PREFIX + "layout.total-bits", this.totalBits,
						"32.." + USABLE_BITS);
			}
			checkBits(SnowflakeSettings.TIMESTAMP_BITS, this.timestampBits, 1);
			checkBits(SnowflakeSettings.DATACENTER_BITS, this.datacenterBits, 0);
			checkBits(SnowflakeSettings.WORKER_BITS, this.workerBits, 0);
			checkBits(SnowflakeSettings.SEQUENCE_BITS, this.sequenceBits, 0);
			int sum = this.timestampBits + this.datacenterBits + this.workerBits + this.sequenceBits;
			if (sum != this.totalBits) {
				throw new SnowflakeConfigurationException("snowflake.layout",
						"timestamp " + this.timestampBits + " + datacenter " + this.datacenterBits + " + worker "
								+ this.workerBits + " + sequence " + this.sequenceBits + " = " + sum + " bits",
						"fields that sum to exactly " + this.totalBits + " bits"
								+ ((this.totalBits == USABLE_BITS) ? " (64 minus the sign bit)" : " (the layout's total bits)"));
			}
			if (this.tickLength.isNegative() || this.tickLength.isZero()
					|| this.tickLength.compareTo(Duration.ofMillis(MAX_TICK_MILLIS)) > 0
					|| this.tickLength.toNanos() % 1_000_000 != 0) {
				throw new SnowflakeConfigurationException(SnowflakeSettings.TICK_LENGTH, this.tickLength,
						"a whole number of milliseconds from 1 ms to " + MAX_TICK_MILLIS + " ms (1 h)");
			}
			if (this.epoch.isBefore(Instant.EPOCH)) {
				throw new SnowflakeConfigurationException(SnowflakeSettings.EPOCH, this.epoch,
						"an instant from 1970-01-01T00:00:00Z up to now");
			}
			// Ticks count whole milliseconds from the epoch's millisecond; a fraction would put tick 0's start, the
			// exhaustion instant and idRange's bounds a fraction apart (idRange to exhaustedAt() ran one tick past the
			// field, into the sign bit).
			if (this.epoch.getNano() % 1_000_000 != 0) {
				throw new SnowflakeConfigurationException(SnowflakeSettings.EPOCH, this.epoch,
						"a whole millisecond (no micro- or nanoseconds) from 1970-01-01T00:00:00Z up to now");
			}
			long tick = this.tickLength.toMillis();
			long lastTick = mask(this.timestampBits);
			if (lastTick > (Long.MAX_VALUE - this.epoch.toEpochMilli()) / tick) {
				throw new SnowflakeConfigurationException(SnowflakeSettings.TIMESTAMP_BITS, this.timestampBits,
						"at most " + (63 - Long.numberOfLeadingZeros((Long.MAX_VALUE - this.epoch.toEpochMilli()) / tick + 1))
								+ " bits with " + tick + " ms ticks (more would last beyond the year 292,000,000, "
								+ "past what epoch milliseconds count)");
			}
			this.tickMillis = tick;
			return new SnowflakeLayout(this);
		}

		private static void checkBits(String setting, int bits, int min) {
			if (bits < min || bits > USABLE_BITS) {
				throw new SnowflakeConfigurationException(setting, bits, min + ".." + USABLE_BITS);
			}
		}
	}
}
