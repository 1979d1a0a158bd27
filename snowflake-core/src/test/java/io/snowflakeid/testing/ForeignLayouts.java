package io.snowflakeid.testing;

import java.time.Instant;
import java.util.concurrent.atomic.AtomicLong;

import io.snowflakeid.SnowflakeLayout;

/**
 * Layouts for hand-built lease schedules, and a way to compare their ids. This JVM's registry of nodes in use
 * ({@code LocalNodes}) is shared by every test class and remembers the last (simulated, often future) millisecond of
 * every node it saw: a test that reuses another's node on a simulated clock of its own finds the node "used in the
 * future". A layout with an epoch of its own has nodes of its own: {@link #foreignLayout} gives each simulated
 * foreign process (or each test) one, a stranger to this JVM's registry as a separate process is.
 * <p>
 * {@link #FOUR_WORKERS} itself, the base of those layouts, is shared: a test class that leases it directly on
 * simulated clocks starts each test on a later day than the one before.
 */
public final class ForeignLayouts {

	/** Four worker ids in datacenter 0 (5 datacenter bits, 2 worker bits, 15 sequence bits), on an epoch of its own. */
	public static final SnowflakeLayout FOUR_WORKERS = SnowflakeLayout.builder().timestampBits(41).datacenterBits(5)
		.workerBits(2).sequenceBits(15).epoch(Instant.parse("2020-01-01T00:00:00Z").plusMillis(20_000_000)).build();

	/** The epochs handed out: a millisecond apart, after {@link #FOUR_WORKERS}'s. */
	private static final AtomicLong EPOCHS = new AtomicLong(20_000_000);

	private ForeignLayouts() {
	}

	/** {@code base} on an epoch no other layout of this JVM has: nodes no other test uses. */
	public static SnowflakeLayout foreignLayout(SnowflakeLayout base) {
		return base.toBuilder().epoch(base.epoch().plusMillis(EPOCHS.incrementAndGet())).build();
	}

	/** An id as (absolute millisecond, datacenter, worker, sequence): comparable across layouts' epochs. */
	public record Key(long millis, long datacenter, long worker, long sequence) {

		/** The parts of {@code id}, an id of {@code layout}. */
		public static Key of(SnowflakeLayout layout, long id) {
			var parts = layout.decode(id);
			return new Key(parts.timestamp().toEpochMilli(), parts.datacenterId(), parts.workerId(), parts.sequence());
		}
	}
}
