package io.snowflakeid.spring;

import io.snowflakeid.internal.config.WorkerAssignment;
import io.snowflakeid.worker.WorkerLeaseException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns a worker id lease that failed at start into Spring Boot's "APPLICATION FAILED TO START" report, with advice
 * that fits the {@link WorkerLeaseException.Reason}. Finds the exception wherever it is in the cause chain, also
 * when Hibernate asked for the generator while building the EntityManagerFactory.
 */
class WorkerLeaseFailureAnalyzer extends AbstractFailureAnalyzer<WorkerLeaseException> {

	/** With the assignment they need: a worker id beside database-lease, zookeeper or redis is refused at start. */
	private static final String STATIC_IDS = "snowflake.datacenter-id and snowflake.worker-id, with "
			+ "snowflake.worker-assignment=static";

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, WorkerLeaseException cause) {
		return new FailureAnalysis(cause.getMessage(), action(cause.getReason(), cause.getAssignment()), cause);
	}

	static String action(WorkerLeaseException.Reason reason) {
		return action(reason, WorkerAssignment.DATABASE_LEASE.value());
	}

	/** Advice for the store that failed: a Redis or ZooKeeper failure must not send the reader to the DataSource. */
	static String action(WorkerLeaseException.Reason reason, String assignment) {
		if (WorkerAssignment.REDIS.value().equals(assignment) && reason != null) {
			String redis = redisAction(reason);
			if (redis != null) {
				return redis;
			}
		}
		if (WorkerAssignment.ZOOKEEPER.value().equals(assignment) && reason != null) {
			String zookeeper = zooKeeperAction(reason);
			if (zookeeper != null) {
				return zookeeper;
			}
		}
		if (reason == null) {
			return general();
		}
		return switch (reason) {
			case ALL_WORKERS_LEASED -> "Every worker id the layout allows is leased by a running instance, or by one "
					+ "that stopped without releasing it (its lease record stays taken until its lease end plus "
					+ "snowflake.lease.safety-margin). Either:\n"
					+ "    - stop instances you do not need, or wait for the leases of crashed instances to expire "
					+ "(at most snowflake.lease.duration plus snowflake.lease.safety-margin);\n"
					+ "    - widen snowflake.layout.worker-bits (taking bits from snowflake.layout.sequence-bits, the "
					+ "sum staying 63) for more workers;\n"
					+ "    - or give every instance static ids (" + STATIC_IDS + ", a pair of its own that no leasing "
					+ "instance can take: do not mix static ids and leases on one datacenter id).";
			case CLOCK_BEHIND -> "Free worker ids exist and were tried, but on each one a previous holder's high-water "
					+ "mark (the last time it issued ids for) is ahead of this host's clock, beyond "
					+ "snowflake.clock-tolerance: issuing ids now could repeat that holder's ids. Check NTP and the "
					+ "clock skew between hosts (for example with chronyc tracking or timedatectl): another host's "
					+ "clock may run ahead, or this host's clock was stepped back. The application starts once this "
					+ "host's clock passes the mark (the message says when), or with a larger "
					+ "snowflake.clock-tolerance if the skew is known and small.";
			case DATABASE_UNAVAILABLE -> "Check the database that holds the lease table: the DataSource settings "
					+ "(spring.datasource.url, username and password, or the DataSource marked @SnowflakeDataSource), "
					+ "that the database is reachable, and that the lease table (snowflake.lease.table-name) exists "
					+ "and the application's user may read and write it. With snowflake.lease.create-table=true (the "
					+ "default) the user also needs the right to create it; with snowflake.lease.create-table=false "
					+ "(Flyway or Liquibase owns the schema) create it with a migration: for the default table names, "
					+ "add classpath:io/snowflakeid/db/flyway/{vendor} to spring.flyway.locations or include "
					+ "classpath:io/snowflakeid/db/liquibase/snowflake-changelog.xml in your Liquibase changelog; "
					+ "otherwise use the statement in the message. Static ids (" + STATIC_IDS + ") need no database.";
			case UNSUPPORTED_CONFIGURATION -> "A database lease cannot serve this configuration (see the message). "
					+ "Configure a DataSource (spring.datasource.url) for snowflake.worker-assignment=database-lease, "
					+ "choose another snowflake.worker-assignment (static, hostname-ordinal), or set static ids ("
					+ STATIC_IDS + ").";
			case CONTENTION -> "Other instances starting at the same moment kept taking the same free worker ids. "
					+ "This resolves itself: start the application again, or stagger the start of many instances. "
					+ "If it persists, check that all instances use the same lease table (snowflake.lease.table-name) "
					+ "and a database isolation level that reports serialization failures.";
		};
	}

	private static String redisAction(WorkerLeaseException.Reason reason) {
		return switch (reason) {
			case DATABASE_UNAVAILABLE -> "Check the Redis server that holds the leases: snowflake.redis.uri (or the "
					+ "application's RedisConnectionFactory, spring.data.redis.*), that the server is reachable from "
					+ "this host, and that the user may run EVAL/EVALSHA on the key snowflake.redis.key. If the message "
					+ "names a Redis setting (persistence, eviction, replication), change it on the server as it says: "
					+ "a server that can lose an acknowledged write could give this instance's worker id to another. "
					+ "Static ids (" + STATIC_IDS + ") need no Redis.";
			case UNSUPPORTED_CONFIGURATION -> "A Redis lease cannot be held safely here (see the message). If it names "
					+ "a Redis setting (appendonly, appendfsync, maxmemory-policy, the role, replicas), change it on the "
					+ "server as it says (a server that can lose an acknowledged write could give this instance's "
					+ "worker id to another), or accept the data-loss risk explicitly with "
					+ "snowflake.redis.accept-data-loss-risk=true where the message allows it. Otherwise set "
					+ "snowflake.redis.uri or define a RedisConnectionFactory, add the module io.snowflakeid:"
					+ "snowflake-redis, or choose another snowflake.worker-assignment.";
			case CONTENTION -> "Other instances starting at the same moment kept taking the same free worker ids in "
					+ "Redis. Start the application again, or stagger the start of many instances; check that all "
					+ "instances use the same snowflake.redis.key.";
			default -> null;
		};
	}

	private static String zooKeeperAction(WorkerLeaseException.Reason reason) {
		return switch (reason) {
			case DATABASE_UNAVAILABLE -> "Check the ZooKeeper ensemble that holds the leases: "
					+ "snowflake.zookeeper.connect-string (or the application's CuratorFramework bean, which must be "
					+ "started), that a quorum of servers is up and reachable from this host, and that the client may "
					+ "create and change nodes under snowflake.zookeeper.path (its ACLs and authentication). Static "
					+ "ids (" + STATIC_IDS + ") need no ZooKeeper.";
			case UNSUPPORTED_CONFIGURATION -> "A ZooKeeper lease cannot serve this configuration (see the message): "
					+ "set snowflake.zookeeper.connect-string or define a CuratorFramework bean, add the module "
					+ "io.snowflakeid:snowflake-zookeeper, or choose another snowflake.worker-assignment.";
			case CONTENTION -> "Other instances starting at the same moment kept taking the same free worker ids in "
					+ "ZooKeeper. Start the application again, or stagger the start of many instances; check that "
					+ "all instances use the same snowflake.zookeeper.path.";
			default -> null;
		};
	}

	private static String general() {
		return "Check the lease table (snowflake.lease.table-name) and its database, or set static ids ("
				+ STATIC_IDS + ").";
	}
}
