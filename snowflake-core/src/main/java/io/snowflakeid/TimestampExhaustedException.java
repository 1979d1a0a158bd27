package io.snowflakeid;

import java.time.Instant;

import io.snowflakeid.internal.keys.SnowflakeSettings;

/**
 * The current time no longer fits in the layout's timestamp field. Ids would wrap around or turn negative, so
 * none are issued: choose a later epoch, more timestamp bits or longer ticks.
 */
public class TimestampExhaustedException extends SnowflakeException {

	private static final long serialVersionUID = 1L;

	public TimestampExhaustedException(SnowflakeLayout layout, Instant now) {
		super("The timestamp field is exhausted: " + now + " is at or after " + layout.exhaustedAt()
				+ ", the last instant " + layout.timestampBits() + " timestamp bits of " + layout.tickMillis()
				+ " ms ticks since " + layout.epoch() + " can hold. Configure a later " + SnowflakeSettings.EPOCH
				+ ", more " + SnowflakeSettings.TIMESTAMP_BITS + " or a longer " + SnowflakeSettings.TICK_LENGTH);
	}
}
