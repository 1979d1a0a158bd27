package io.snowflakeid;

import io.snowflakeid.internal.keys.SnowflakeSettings;

/**
 * The time source went back further than the generator's clock tolerance. Issuing ids now could repeat ids
 * already issued, so the generator refuses until the clock has caught up again.
 */
public class ClockMovedBackwardsException extends SnowflakeException {

	private static final long serialVersionUID = 1L;

	private final long backwardsMillis;

	private final long toleranceMillis;

	public ClockMovedBackwardsException(long backwardsMillis, long toleranceMillis) {
		super("Clock moved backwards by " + backwardsMillis + " ms, more than the tolerated "
				+ toleranceMillis + " ms (" + SnowflakeSettings.CLOCK_TOLERANCE
				+ "); refusing to issue ids that could repeat earlier ones until the clock catches up");
		this.backwardsMillis = backwardsMillis;
		this.toleranceMillis = toleranceMillis;
	}

	/** How far behind the last issued timestamp the clock was. */
	public long getBackwardsMillis() {
		return this.backwardsMillis;
	}

	public long getToleranceMillis() {
		return this.toleranceMillis;
	}
}
