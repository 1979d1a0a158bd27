package io.snowflakeid.internal.keys;

/**
 * The names of the generator's settings and its worker assignment, which the root package's messages name: they are
 * the Spring Boot properties and, unchanged, the Hibernate settings (persistence.xml, hibernate.properties) of plain
 * Hibernate applications. The lease and segment keys are their rows' in the settings table
 * ({@code io.snowflakeid.internal.config.Settings}), which their messages name. Both bindings read them into one typed
 * {@code io.snowflakeid.internal.config.SnowflakeConfiguration}, where each is parsed and checked once.
 * <p>
 * Internal (not an API): applications write the keys as text, as the documentation shows them. Constants only, in a
 * package of its own that depends on nothing, so that every package of the library can name a key in its messages.
 */
public final class SnowflakeSettings {

	public static final String PREFIX = "snowflake.";

	public static final String DATACENTER_ID = PREFIX + "datacenter-id";

	public static final String WORKER_ID = PREFIX + "worker-id";

	/** How the worker id is assigned: auto, static, database-lease, hostname-ordinal or ip-address. */
	public static final String WORKER_ASSIGNMENT = PREFIX + "worker-assignment";

	public static final String EPOCH = PREFIX + "epoch";

	public static final String TICK_LENGTH = PREFIX + "tick-length";

	/** {@code classic} (41/5/5/12 in 63 bits, the default) or {@code javascript-safe} (41/0/5/7 in 53 bits). */
	public static final String LAYOUT_PRESET = PREFIX + "layout.preset";

	public static final String TIMESTAMP_BITS = PREFIX + "layout.timestamp-bits";

	public static final String DATACENTER_BITS = PREFIX + "layout.datacenter-bits";

	public static final String WORKER_BITS = PREFIX + "layout.worker-bits";

	public static final String SEQUENCE_BITS = PREFIX + "layout.sequence-bits";

	public static final String CLOCK_TOLERANCE = PREFIX + "clock-tolerance";

	/** Log a warning at start when less than this many years remain in the timestamp field (default 10). */
	public static final String LIFETIME_WARNING_YEARS = PREFIX + "lifetime-warning-years";

	/**
	 * At start, check that every {@code @SnowflakeId}/{@code @SegmentId} column can hold the ids: {@code fail}
	 * (default), {@code warn} or {@code off}.
	 */
	public static final String SCHEMA_CHECK = PREFIX + "schema-check";

	private SnowflakeSettings() {
	}
}
