package io.snowflakeid.quarkus.runtime;

import java.util.Optional;
import java.util.function.Supplier;

import io.agroal.api.AgroalDataSource;
import io.quarkus.agroal.runtime.AgroalDataSourceUtil;
import io.quarkus.datasource.common.runtime.DataSourceUtil;
import io.quarkus.hibernate.orm.runtime.integration.HibernateOrmIntegrationRuntimeInitListener;
import io.quarkus.runtime.annotations.Recorder;
import io.quarkus.runtime.configuration.ConfigurationException;
import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.config.SnowflakeConfiguration;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.internal.SnowflakeGenerators;
import io.snowflakeid.segment.SegmentIdGenerators;
import io.snowflakeid.worker.ConnectionSource;
import io.snowflakeid.worker.WorkerAssignment;
import org.eclipse.microprofile.config.ConfigProvider;

/** Runs at runtime init: creates the generator from {@code quarkus.snowflake.*}, and sets Hibernate's defaults. */
@Recorder
public class SnowflakeRecorder {

	/** The generator with what holds its worker id, created once, at start (a bad setting stops the start). */
	public Supplier<ManagedGenerator> managedGenerator() {
		return SnowflakeRecorder::createManagedGenerator;
	}

	/** The application's generator: the one of the managed generator bean. */
	public Supplier<io.snowflakeid.SnowflakeIdGenerator> generator() {
		return () -> io.quarkus.arc.Arc.container().instance(ManagedGenerator.class).get().generator();
	}

	/**
	 * Hibernate's settings for one persistence unit: the column check's mode, and the batching defaults where the
	 * application set nothing.
	 * @param batchingDefaults whether the unit may get batching defaults (not a persistence.xml unit, whose XML has
	 * its own)
	 * @param batchSizeSet whether the application set the unit's {@code jdbc.statement-batch-size} (decided at build
	 * time, where that setting lives)
	 */
	public HibernateOrmIntegrationRuntimeInitListener hibernateSettings(String persistenceUnit,
			boolean batchingDefaults, boolean batchSizeSet) {
		return new HibernateSettings(persistenceUnit, batchingDefaults, batchSizeSet);
	}

	static ManagedGenerator createManagedGenerator() {
		SnowflakeConfiguration configuration = QuarkusSettings.configuration(ConfigProvider.getConfig());
		refuseWhatThisPreviewDoesNotDo(configuration);
		ManagedGenerator managed;
		try {
			managed = SnowflakeGenerators.create(configuration, leaseDatabase(configuration));
		}
		catch (SnowflakeConfigurationException | IllegalStateException ex) {
			// a setting out of range, or one the host cannot serve (no private IPv4 address for ip-address)
			throw new ConfigurationException(QuarkusSettings.quarkusNames(ex.getMessage()), ex);
		}
		SnowflakeGenerators.logStart(managed, configuration.lifetimeWarningYears());
		return managed;
	}

	/**
	 * The default datasource, where the worker id is to be leased from it: {@code database-lease}, or {@code auto}
	 * without a worker id (as in Spring). Null where no lease is asked for, and beside a worker id (which the core
	 * then refuses with {@code database-lease}, naming both settings, datasource or not). Without an active default
	 * datasource the start stops, saying what to configure: never a worker id made up in its place.
	 */
	static ConnectionSource leaseDatabase(SnowflakeConfiguration configuration) {
		WorkerAssignment assignment = configuration.workerAssignment();
		boolean lease = configuration.workerId() == null
				&& (assignment == WorkerAssignment.DATABASE_LEASE || assignment == WorkerAssignment.AUTO);
		if (!lease) {
			return null;
		}
		Optional<AgroalDataSource> dataSource = defaultDataSource();
		if (dataSource.isEmpty()) {
			// a worker id alone would be refused beside an explicit database-lease: say to switch the assignment too
			String staticIds = (assignment == WorkerAssignment.AUTO) ? "" : QuarkusSettings.PREFIX
					+ "snowflake.worker-assignment=static with ";
			throw new ConfigurationException(QuarkusSettings.PREFIX + "snowflake.worker-assignment="
					+ assignment.value() + " leases the worker id from the default datasource (not from a named "
					+ "one), and there is none active: configure quarkus.datasource.*, or set " + staticIds
					+ QuarkusSettings.PREFIX + "snowflake.worker-id (different for every instance of a datacenter, "
					+ "e.g. QUARKUS_SNOWFLAKE_WORKER_ID) or " + QuarkusSettings.PREFIX
					+ "snowflake.worker-assignment=hostname-ordinal");
		}
		return new OutsideTransactions(dataSource.get());
	}

	/** The segment generators of {@code @SegmentId}, on the default datasource: created at the first segment id. */
	public Supplier<SegmentIdGenerators> segmentGenerators() {
		return SnowflakeRecorder::createSegmentGenerators;
	}

	static SegmentIdGenerators createSegmentGenerators() {
		SnowflakeConfiguration configuration = QuarkusSettings.configuration(ConfigProvider.getConfig());
		AgroalDataSource dataSource = defaultDataSource().orElseThrow(() -> new ConfigurationException(
				"@SegmentId needs a database for its segment table (" + QuarkusSettings.PREFIX
						+ "snowflake.segment.table-name): the default datasource (not a named one), and there is none "
						+ "active: configure quarkus.datasource.*"));
		return SnowflakeGenerators.segments(configuration, new OutsideTransactions(dataSource));
	}

	/** The default datasource, if it exists and is active. */
	static Optional<AgroalDataSource> defaultDataSource() {
		// no default datasource bean at all (none configured, or named ones only): dataSourceIfActive would throw
		// an UnsatisfiedResolutionException that names no setting
		return AgroalDataSourceUtil.dataSourceInstance(DataSourceUtil.DEFAULT_DATASOURCE_NAME).isResolvable()
				? AgroalDataSourceUtil.dataSourceIfActive(DataSourceUtil.DEFAULT_DATASOURCE_NAME) : Optional.empty();
	}

	/**
	 * Worker ids leased from ZooKeeper or Redis are a later step of this extension: asked for, they are refused.
	 */
	static void refuseWhatThisPreviewDoesNotDo(SnowflakeConfiguration configuration) {
		WorkerAssignment assignment = configuration.workerAssignment();
		if (assignment.isCoordinationService()) {
			throw new ConfigurationException(QuarkusSettings.PREFIX + "snowflake.worker-assignment="
					+ assignment.value() + " is not supported by this preview of snowflake-quarkus: use a lease from "
					+ "the default datasource (database-lease, what auto does without a worker id), static worker ids ("
					+ QuarkusSettings.PREFIX + "snowflake.worker-id, e.g. QUARKUS_SNOWFLAKE_WORKER_ID, different for "
					+ "every instance of a datacenter), hostname-ordinal or ip-address; ZooKeeper and Redis leases "
					+ "come in a later version");
		}
	}
}
