package io.snowflakeid.spring;

import java.util.List;

import io.snowflakeid.spring.internal.SnowflakeProperties;
import io.snowflakeid.internal.config.WorkerAssignment;

/**
 * Snowflake ids need a database (for a worker id lease or for {@code @SegmentId} segments), the application has
 * several DataSources, and none is marked {@link SnowflakeDataSource} or {@code @Primary}.
 */
class AmbiguousDataSourceException extends IllegalStateException {

	private static final long serialVersionUID = 1L;

	private final boolean lease;

	private final List<String> candidates;

	private AmbiguousDataSourceException(boolean lease, List<String> candidates, String message) {
		super(message);
		this.lease = lease;
		this.candidates = List.copyOf(candidates);
	}

	/** A worker id lease is needed (no static ids), and it is unclear in which database. */
	static AmbiguousDataSourceException forLease(SnowflakeProperties properties, List<String> candidates) {
		String why = (properties.getWorkerAssignment() == WorkerAssignment.DATABASE_LEASE)
				? "snowflake.worker-assignment=database-lease"
				: "snowflake.worker-assignment=auto and no snowflake.worker-id is set";
		return new AmbiguousDataSourceException(true, candidates, "Snowflake ids need a worker id lease (" + why
				+ "), but there are " + candidates.size() + " DataSource beans " + names(candidates)
				+ " and none is marked @" + SnowflakeDataSource.class.getName() + " or @Primary, so it is unclear "
				+ "which database holds the lease table. Mark the one to use with @SnowflakeDataSource (or @Primary), "
				+ "or set static ids: snowflake.datacenter-id and snowflake.worker-id, with "
				+ "snowflake.worker-assignment=static");
	}

	/** An {@code @SegmentId} entity asked for its segments, and it is unclear in which database. */
	static AmbiguousDataSourceException forSegments(List<String> candidates) {
		return new AmbiguousDataSourceException(false, candidates, "@SegmentId needs a database for its segment "
				+ "table, but there are " + candidates.size() + " DataSource beans " + names(candidates)
				+ " and none is marked @" + SnowflakeDataSource.class.getName() + " or @Primary. Mark the one that "
				+ "holds the segments with @SnowflakeDataSource (or @Primary)");
	}

	private static String names(List<String> candidates) {
		return "('" + String.join("', '", candidates) + "')";
	}

	/** Whether a worker id lease (rather than segments) needed the database. */
	boolean isLease() {
		return this.lease;
	}

	List<String> getCandidates() {
		return this.candidates;
	}
}
