package io.snowflakeid;

/**
 * The ids of a time window, inclusive at both ends, for {@code WHERE id BETWEEN first AND last}: a primary-key
 * range scan instead of a separate, indexed creation-time column. Made by {@link SnowflakeLayout#idRange}. An empty
 * window (before the epoch, or after the layout's end) is {@code first = 0, last = -1}, which
 * {@code BETWEEN} matches nothing with.
 *
 * @param first the smallest id of the window's first tick
 * @param last the largest id of the window's last tick
 */
public record SnowflakeIdRange(long first, long last) {

	/** The range no id lies in. */
	public static final SnowflakeIdRange EMPTY = new SnowflakeIdRange(0, -1);

	public SnowflakeIdRange {
		if (first < 0 || last < first - 1) {
			throw new IllegalArgumentException("Not an id range: first " + first + ", last " + last
					+ " (allowed 0 <= first <= last + 1)");
		}
	}

	/** Whether no id lies in this range. */
	public boolean isEmpty() {
		return this.last < this.first;
	}

	/** Whether {@code id} lies in this range. */
	public boolean contains(long id) {
		return id >= this.first && id <= this.last;
	}
}
