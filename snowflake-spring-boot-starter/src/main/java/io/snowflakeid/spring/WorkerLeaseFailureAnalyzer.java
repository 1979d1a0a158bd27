package io.snowflakeid.spring;

import io.snowflakeid.worker.WorkerLeaseException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/**
 * Turns a worker id lease that failed at start into Spring Boot's "APPLICATION FAILED TO START" report, with advice
 * that fits the {@link WorkerLeaseException.Reason}. Finds the exception wherever it is in the cause chain, also
 * when Hibernate asked for the generator while building the EntityManagerFactory.
 */
class WorkerLeaseFailureAnalyzer extends AbstractFailureAnalyzer<WorkerLeaseException> {

	private static final String STATIC_IDS = "snowflake.datacenter-id and snowflake.worker-id";

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, WorkerLeaseException cause) {
		return new FailureAnalysis(cause.getMessage(), action(cause.getReason()), cause);
	}

	static String action(WorkerLeaseException.Reason reason) {
		if (reason == null) {
			return general();
		}
		return switch (reason) {
			case ALL_WORKERS_LEASED -> "Every worker id the layout allows is leased by a running instance, or by one "
					+ "that stopped without releasing it (its row stays taken until its lease end plus "
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

	private static String general() {
		return "Check the lease table (snowflake.lease.table-name) and its database, or set static ids ("
				+ STATIC_IDS + ").";
	}
}
