package io.snowflakeid.spring;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Says how to choose the DataSource for snowflake ids when there are several and none is chosen. */
class AmbiguousDataSourceFailureAnalyzer extends AbstractFailureAnalyzer<AmbiguousDataSourceException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, AmbiguousDataSourceException cause) {
		String holds = cause.isLease() ? "the worker id leases (and @SegmentId segments)" : "the @SegmentId segments";
		StringBuilder action = new StringBuilder("Mark the DataSource bean that holds ").append(holds)
			.append(" with @").append(SnowflakeDataSource.class.getName())
			.append(" (as @FlywayDataSource does for Flyway), or mark one DataSource @Primary.");
		if (cause.isLease()) {
			action.append(" Or set static ids, snowflake.datacenter-id and snowflake.worker-id (a pair of its own for "
					+ "each instance) with snowflake.worker-assignment=static: they need no database.");
		}
		return new FailureAnalysis(cause.getMessage(), action.toString(), cause);
	}
}
