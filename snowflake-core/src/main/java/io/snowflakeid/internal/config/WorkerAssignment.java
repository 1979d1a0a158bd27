package io.snowflakeid.internal.config;

import java.util.Locale;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.internal.keys.SnowflakeSettings;

/**
 * How an instance gets its worker id ({@code snowflake.worker-assignment}). A static worker id goes with
 * {@link #STATIC} or {@link #AUTO} only: beside any other assignment it is refused at start, because one worker id in
 * a shared configuration would stand in for every replica's.
 */
public enum WorkerAssignment {

	/** Static ids if configured, else a database lease if a database is available, else a start-up error. */
	AUTO,

	/** {@code snowflake.datacenter-id} and {@code snowflake.worker-id}, set per instance. */
	STATIC,

	/** A lease in a table of the application's database: safe across instances, crashes and restarts. */
	DATABASE_LEASE,

	/** The ordinal at the end of the host name ({@code orders-7} is worker 7), as in a Kubernetes StatefulSet. */
	HOSTNAME_ORDINAL,

	/** The low bits of the host's private IPv4 address. Collides when two hosts share those bits: never a default. */
	IP_ADDRESS,

	/**
	 * A lease in ZooKeeper, unique across every service of a fleet that shares the ensemble: module
	 * {@code snowflake-zookeeper} (Apache Curator).
	 */
	ZOOKEEPER,

	/** A lease in Redis, unique across every service of a fleet that shares the server: module {@code snowflake-redis}. */
	REDIS;

	public static final String SETTING = SnowflakeSettings.PREFIX + "worker-assignment";

	/** The kebab-case property value, e.g. {@code database-lease}. */
	public String value() {
		return name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

	/** Whether this assignment keeps its lease in a coordination service, through a module of its own. */
	public boolean isCoordinationService() {
		return this == ZOOKEEPER || this == REDIS;
	}

	public static WorkerAssignment parse(Object value) {
		if (value == null) {
			return AUTO;
		}
		if (value instanceof WorkerAssignment assignment) {
			return assignment;
		}
		String text = value.toString().trim().toUpperCase(Locale.ROOT).replace('-', '_');
		for (WorkerAssignment assignment : values()) {
			if (assignment.name().equals(text)) {
				return assignment;
			}
		}
		throw new SnowflakeConfigurationException(SETTING, "'" + value + "'",
				"auto, static, database-lease, hostname-ordinal, ip-address, zookeeper or redis");
	}
}
