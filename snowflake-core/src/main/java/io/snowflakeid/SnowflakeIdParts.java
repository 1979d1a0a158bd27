package io.snowflakeid;

import java.time.Instant;

/**
 * An id split into its fields by {@link SnowflakeLayout#decode(long)}.
 *
 * @param id the id itself
 * @param timestamp the start of the tick the id was issued in
 * @param tick the raw timestamp field: ticks since the layout's epoch
 * @param datacenterId the datacenter field
 * @param workerId the worker field
 * @param sequence the sequence field: position within the tick
 */
public record SnowflakeIdParts(long id, Instant timestamp, long tick, long datacenterId, long workerId,
		long sequence) {

	/** A one-line form for logs, e.g. {@code 7395433563435057152 (2026-11-22T04:49:22.123Z dc=1 worker=7 seq=0)}. */
	@Override
	public String toString() {
		return this.id + " (" + this.timestamp + " dc=" + this.datacenterId + " worker=" + this.workerId + " seq="
				+ this.sequence + ")";
	}
}
