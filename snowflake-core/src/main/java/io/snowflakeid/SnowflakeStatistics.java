package io.snowflakeid;

/**
 * Counters of a generator since it was built, for metrics.
 *
 * @param idsIssued ids handed out
 * @param sequenceExhaustedWaits times a caller waited for the next tick because a tick's sequence was used up
 * @param clockBackwardsEvents times the time source was found behind the last issued id (a backward step)
 * @param maxClockBackwardsMillis the largest such step, in milliseconds
 */
public record SnowflakeStatistics(long idsIssued, long sequenceExhaustedWaits, long clockBackwardsEvents,
		long maxClockBackwardsMillis) {

	/** For generators that keep no counters. */
	public static final SnowflakeStatistics NONE = new SnowflakeStatistics(0, 0, 0, 0);
}
