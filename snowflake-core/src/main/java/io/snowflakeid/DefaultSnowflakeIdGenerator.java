package io.snowflakeid;

import java.time.Instant;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import io.snowflakeid.internal.keys.SnowflakeSettings;

/**
 * The lock-free generator. Its whole state is one {@code long}, {@code (tick << sequenceBits) | sequence} of the
 * last issued id, advanced by compare-and-set, so ids are strictly increasing in the order they are handed out.
 */
final class DefaultSnowflakeIdGenerator implements SnowflakeIdGenerator {

	/** The state of a generator stopped by {@link #seal()}: no tick is ever this negative. */
	private static final long SEALED = Long.MIN_VALUE;

	/**
	 * The first sequence value of a tick is random below this bound (or below sequence capacity / 16 for small
	 * sequence fields), so that ids issued one per tick spread evenly over {@code id % 2, 4, 8, 16}: always
	 * starting at 0 would make every id at low traffic even and break {@code id % shards}.
	 */
	static final int MAX_SEQUENCE_START_SPREAD = 16;

	private final SnowflakeLayout layout;

	private final long datacenterId;

	private final long workerId;

	private final TimeSource timeSource;

	private final long toleranceMillis;

	private final long epochNanos;

	private final long tickNanos;

	private final int sequenceBits;

	private final long sequenceMask;

	private final int timestampShift;

	private final long maxTick;

	/** Datacenter and worker fields, already shifted into place. */
	private final long nodeBits;

	private final int sequenceStartSpread;

	/** {@code (tick << sequenceBits) | sequence} of the last issued id. */
	private final AtomicLong state;

	/** Null unless issuing depends on a worker lease. */
	private final IssueGate permit;

	private final LongAdder issued = new LongAdder();

	private final LongAdder exhaustedWaits = new LongAdder();

	private final LongAdder backwardsEvents = new LongAdder();

	private final AtomicLong maxBackwardsMillis = new AtomicLong();

	/** The last millisecond of the last tick used, once sealed. */
	private long sealedAtMillis = Long.MIN_VALUE;

	/** Whether the last look at the clock found it behind; a backward step counts once, not per id. */
	private volatile boolean clockBehind;

	DefaultSnowflakeIdGenerator(SnowflakeLayout layout, long datacenterId, long workerId, TimeSource timeSource,
			long toleranceMillis, IssueGate permit, Long issueAfterEpochMillis) {
		this.permit = permit;
		this.layout = layout;
		this.datacenterId = datacenterId;
		this.workerId = workerId;
		this.timeSource = timeSource;
		this.toleranceMillis = toleranceMillis;
		long epochMillis = layout.epoch().toEpochMilli();
		long now = timeSource.currentTimeNanos();
		// In milliseconds, before any arithmetic in nanoseconds: an epoch after 2262 overflows them, and would then
		// pass for the past.
		long nowMillis = Math.floorDiv(now, 1_000_000L);
		if (nowMillis < epochMillis) {
			throw new SnowflakeConfigurationException(SnowflakeSettings.EPOCH, layout.epoch(),
					"an instant not after the current time " + Instant.ofEpochMilli(nowMillis));
		}
		this.epochNanos = epochMillis * 1_000_000L;
		this.tickNanos = layout.tickMillis() * 1_000_000L;
		this.sequenceBits = layout.sequenceBits();
		this.sequenceMask = layout.maxSequence();
		this.timestampShift = layout.timestampShift();
		this.maxTick = layout.maxTimestamp();
		this.nodeBits = (datacenterId << layout.datacenterShift()) | (workerId << layout.workerShift());
		this.sequenceStartSpread = (int) Math.max(1,
				Math.min(MAX_SEQUENCE_START_SPREAD, (this.sequenceMask + 1) / MAX_SEQUENCE_START_SPREAD));
		long tick = tickAt(now);
		if (tick > this.maxTick) {
			throw new SnowflakeConfigurationException(SnowflakeSettings.TIMESTAMP_BITS, layout.timestampBits(),
					"enough bits to hold the current time: with " + layout.tickMillis() + " ms ticks since "
							+ layout.epoch() + " the field ran out at " + layout.exhaustedAt(),
					"Use a later " + SnowflakeSettings.EPOCH + ", more timestamp bits or a longer "
							+ SnowflakeSettings.TICK_LENGTH);
		}
		// As if the previous tick (or the high-water mark's tick) had been used up: the first id takes a later one.
		long lastUsedTick = tick - 1;
		if (issueAfterEpochMillis != null) {
			lastUsedTick = Math.max(lastUsedTick,
					Math.min(layout.tickOf(Instant.ofEpochMilli(issueAfterEpochMillis)), this.maxTick));
		}
		this.state = new AtomicLong((lastUsedTick << this.sequenceBits) | this.sequenceMask);
		if (permit != null) {
			permit.attach(this::seal);
		}
	}

	@Override
	public long nextId() {
		for (;;) {
			long current = this.state.get();
			if (current == SEALED) {
				throw this.permit.refusal();
			}
			long lastTick = current >> this.sequenceBits;
			long nowNanos = this.timeSource.currentTimeNanos();
			if (this.permit != null) {
				this.permit.check(nowNanos);
			}
			long now = tickAt(nowNanos);
			long next;
			if (now > lastTick) {
				if (this.clockBehind) {
					this.clockBehind = false;
				}
				if (now > this.maxTick) {
					throw new TimestampExhaustedException(this.layout, Instant.ofEpochMilli(nowNanos / 1_000_000));
				}
				next = (now << this.sequenceBits) | firstSequence();
			}
			else {
				if (now < lastTick) {
					// How far the clock is behind the start of the last used tick, in milliseconds whatever the
					// tick length: with 1 h ticks, a 1 ms step back across a tick boundary is 1 ms behind.
					long behindMillis = (this.epochNanos + lastTick * this.tickNanos - nowNanos) / 1_000_000;
					recordClockBehind(behindMillis);
					if (behindMillis > this.toleranceMillis) {
						throw new ClockMovedBackwardsException(behindMillis, this.toleranceMillis);
					}
				}
				if ((current & this.sequenceMask) == this.sequenceMask) {
					this.exhaustedWaits.increment();
					awaitTickAfter(lastTick);
					continue;
				}
				// Same tick, or the clock is behind within tolerance: carry on from the last issued id.
				next = current + 1;
			}
			if (this.state.compareAndSet(current, next)) {
				this.issued.increment();
				return ((next >>> this.sequenceBits) << this.timestampShift) | this.nodeBits
						| (next & this.sequenceMask);
			}
		}
	}

	private void recordClockBehind(long behindMillis) {
		if (!this.clockBehind) {
			this.clockBehind = true;
			this.backwardsEvents.increment();
			this.maxBackwardsMillis.accumulateAndGet(behindMillis, Math::max);
		}
	}

	/**
	 * Stops the generator for good: the compare-and-set that issues an id can no longer succeed, so no id follows,
	 * not even from a thread that passed the permit check just before.
	 */
	synchronized long seal() {
		if (this.sealedAtMillis != Long.MIN_VALUE) {
			return this.sealedAtMillis; // sealed before (a lost lease, then close): the same answer
		}
		for (;;) {
			long current = this.state.get();
			if (this.state.compareAndSet(current, SEALED)) {
				long lastTick = current >> this.sequenceBits;
				this.sealedAtMillis = (this.epochNanos + (lastTick + 1) * this.tickNanos) / 1_000_000 - 1;
				return this.sealedAtMillis;
			}
		}
	}

	@Override
	public long clockBehindMillis() {
		long state = this.state.get();
		if (state == SEALED) {
			return 0;
		}
		long lastTick = state >> this.sequenceBits;
		long behind = this.epochNanos + lastTick * this.tickNanos - this.timeSource.currentTimeNanos();
		return (behind > 0) ? behind / 1_000_000 : 0;
	}

	@Override
	public java.time.Duration clockTolerance() {
		return java.time.Duration.ofMillis(this.toleranceMillis);
	}

	@Override
	public SnowflakeStatistics statistics() {
		return new SnowflakeStatistics(this.issued.sum(), this.exhaustedWaits.sum(), this.backwardsEvents.sum(),
				this.maxBackwardsMillis.get());
	}

	private long tickAt(long nanos) {
		return Math.floorDiv(nanos - this.epochNanos, this.tickNanos);
	}

	private long firstSequence() {
		return (this.sequenceStartSpread == 1) ? 0 : ThreadLocalRandom.current().nextInt(this.sequenceStartSpread);
	}

	/** Waits, without burning a core, until the time source has passed {@code tick}. */
	private void awaitTickAfter(long tick) {
		long target = this.epochNanos + (tick + 1) * this.tickNanos;
		long remaining;
		while ((remaining = target - this.timeSource.currentTimeNanos()) > 0) {
			this.timeSource.awaitNanos(remaining);
		}
	}

	@Override
	public SnowflakeLayout layout() {
		return this.layout;
	}

	@Override
	public long datacenterId() {
		return this.datacenterId;
	}

	@Override
	public long workerId() {
		return this.workerId;
	}

	@Override
	public String toString() {
		return "SnowflakeIdGenerator[layout " + this.layout + ", datacenter " + this.datacenterId + ", worker "
				+ this.workerId + ", timestamp field runs out at " + this.layout.exhaustedAt() + "]";
	}
}
