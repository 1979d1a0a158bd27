package io.snowflakeid.quarkus.runtime;

import java.util.Optional;

import io.quarkus.agroal.runtime.AgroalDataSourceUtil;
import io.quarkus.datasource.common.runtime.DataSourceUtil;
import io.snowflakeid.worker.ConnectionSource;

/**
 * The default JDBC datasource (Agroal), for the lease and the segment table. Apart from {@link SnowflakeRecorder}:
 * an application with Hibernate Reactive alone has no Agroal, and this class is loaded only where it has.
 */
final class JdbcDataSources {

	private JdbcDataSources() {
	}

	/** The default datasource, if it exists and is active, used outside the caller's transaction. */
	static Optional<ConnectionSource> defaultDataSource() {
		// no default datasource bean at all (none configured, or named ones only): dataSourceIfActive would throw
		// an UnsatisfiedResolutionException that names no setting
		return AgroalDataSourceUtil.dataSourceInstance(DataSourceUtil.DEFAULT_DATASOURCE_NAME).isResolvable()
				? AgroalDataSourceUtil.dataSourceIfActive(DataSourceUtil.DEFAULT_DATASOURCE_NAME)
					.map(OutsideTransactions::new)
				: Optional.empty();
	}
}
