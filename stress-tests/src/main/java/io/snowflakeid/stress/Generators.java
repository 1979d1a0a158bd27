package io.snowflakeid.stress;

import java.time.Duration;

import io.snowflakeid.IssueGate;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.spi.IssuePermit;

/** Generators small enough that a handful of ids crosses a tick boundary. */
final class Generators {

	/** Two ids per tick: the second id of each tick exhausts the sequence. */
	static final SnowflakeLayout TWO_PER_TICK = SnowflakeLayout.builder().timestampBits(62).datacenterBits(0)
		.workerBits(0).sequenceBits(1).build();

	private Generators() {
	}

	static SnowflakeIdGenerator twoPerTick(SteppingClock clock, IssuePermit permit) {
		SnowflakeIdGenerator.Builder builder = SnowflakeIdGenerator.builder().layout(TWO_PER_TICK).timeSource(clock)
			.clockTolerance(Duration.ofSeconds(1));
		return IssueGate.generator(builder, permit, null);
	}

	/** Distinct values among the ids. */
	static int distinct(long... ids) {
		return (int) java.util.Arrays.stream(ids).distinct().count();
	}
}
