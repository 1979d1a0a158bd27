package io.snowflakeid.quarkus.runtime;

import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

import io.quarkus.arc.Arc;
import io.quarkus.hibernate.orm.runtime.integration.HibernateOrmIntegrationRuntimeInitListener;
import io.quarkus.runtime.annotations.Recorder;
import io.quarkus.runtime.configuration.ConfigurationException;
import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.internal.config.SnowflakeConfiguration;
import io.snowflakeid.internal.CoordinationStores;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.internal.SnowflakeGenerators;
import io.snowflakeid.segment.SegmentIdGenerators;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.worker.ConnectionSource;
import io.snowflakeid.internal.config.WorkerAssignment;
import io.snowflakeid.worker.WorkerLeaseException;
import org.eclipse.microprofile.config.ConfigProvider;
import org.jboss.logging.Logger;

/** Runs at runtime init: creates the generator from {@code quarkus.snowflake.*}, and sets Hibernate's defaults. */
@Recorder
public class SnowflakeRecorder {

	private static final Logger LOG = Logger.getLogger(SnowflakeRecorder.class);

	/** A tick longer than this makes a wait on the event loop worth a warning. */
	private static final Duration EVENT_LOOP_WAIT = Duration.ofMillis(100);

	/**
	 * The generator with what holds its worker id, created once, at start (a bad setting stops the start).
	 * @param hibernateReactive whether the application has Hibernate Reactive (a lease's error then says how to add
	 * the JDBC connection it needs)
	 * @param jdbc whether it has JDBC datasources (Agroal), which a Hibernate Reactive application may not have
	 */
	public Supplier<ManagedGenerator> managedGenerator(boolean hibernateReactive, boolean jdbc) {
		return () -> createManagedGenerator(hibernateReactive, jdbc);
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
	 * @param reactive whether it is a Hibernate Reactive unit (no JDBC connection for the column check)
	 */
	public HibernateOrmIntegrationRuntimeInitListener hibernateSettings(String persistenceUnit,
			boolean batchingDefaults, boolean batchSizeSet, boolean reactive) {
		return new HibernateSettings(persistenceUnit, batchingDefaults, batchSizeSet, reactive);
	}

	static ManagedGenerator createManagedGenerator(boolean hibernateReactive, boolean jdbc) {
		SnowflakeConfiguration configuration = QuarkusSettings.configuration(ConfigProvider.getConfig());
		LeaseStore coordination = coordinationStore(configuration);
		ManagedGenerator managed = null;
		try {
			managed = SnowflakeGenerators.create(configuration, leaseDatabase(configuration, hibernateReactive, jdbc),
					coordination);
		}
		catch (WorkerLeaseException ex) {
			// no lease to be had (a server away, every worker id held): not a setting's fault, so not a
			// ConfigurationException; the same failure in Quarkus' names
			throw named(ex);
		}
		catch (SnowflakeConfigurationException | IllegalStateException ex) {
			// a setting out of range, or one the host cannot serve (no private IPv4 address for ip-address)
			throw QuarkusSettings.configurationError(ex);
		}
		finally {
			if (managed == null) {
				CoordinationClient.closeQuietly(coordination); // no lease: the client would only keep a session open
			}
		}
		if (coordination != null) {
			Arc.container().instance(CoordinationClient.class).get().hold(coordination);
		}
		SnowflakeGenerators.logStart(managed, configuration.lifetimeWarningYears());
		Duration tick = configuration.layout().tickLength();
		if (hibernateReactive && tick.compareTo(EVENT_LOOP_WAIT) > 0) {
			LOG.warnf("%ssnowflake.tick-length=%s: Hibernate Reactive asks for ids on the event loop, and a persist that"
					+ " finds a tick's sequence used up waits there for the next tick (up to %s)", QuarkusSettings.PREFIX,
					tick, tick);
		}
		return managed;
	}

	/**
	 * The default datasource, where the worker id is to be leased from it: {@code database-lease}, or {@code auto}
	 * without a worker id (as in Spring). Null where no lease is asked for, and beside a worker id (which the core
	 * then refuses with {@code database-lease}, naming both settings, datasource or not). Without an active default
	 * datasource the start stops, saying what to configure: never a worker id made up in its place. The lease is
	 * taken over JDBC at start and renewed on the lease's own thread, never on an event loop: an application with
	 * Hibernate Reactive alone is told to give the datasource a JDBC URL too.
	 */
	static ConnectionSource leaseDatabase(SnowflakeConfiguration configuration, boolean hibernateReactive,
			boolean jdbc) {
		WorkerAssignment assignment = configuration.workerAssignment();
		boolean lease = configuration.workerId() == null
				&& (assignment == WorkerAssignment.DATABASE_LEASE || assignment == WorkerAssignment.AUTO);
		if (!lease) {
			return null;
		}
		Optional<ConnectionSource> dataSource = jdbc ? JdbcDataSources.defaultDataSource() : Optional.empty();
		if (dataSource.isEmpty()) {
			// a worker id alone would be refused beside an explicit database-lease: say to switch the assignment too
			String staticIds = (assignment == WorkerAssignment.AUTO) ? "" : QuarkusSettings.PREFIX
					+ "snowflake.worker-assignment=static with ";
			String configure = hibernateReactive ? "with Hibernate Reactive, give the default datasource a JDBC URL "
					+ "beside its reactive one (a JDBC driver extension, e.g. quarkus-jdbc-postgresql, and"
					+ " quarkus.datasource.jdbc.url: the lease is taken at start and renewed on its own thread, never on"
					+ " the event loop)" : "configure quarkus.datasource.*";
			throw new ConfigurationException(QuarkusSettings.PREFIX + "snowflake.worker-assignment="
					+ assignment.value() + ((assignment == WorkerAssignment.AUTO) ? " (the default)" : "")
					+ " leases the worker id over JDBC from the default datasource (not from a named one), and there is"
					+ " none active: " + configure + ", or set " + staticIds + QuarkusSettings.PREFIX
					+ "snowflake.worker-id (different for every instance of a datacenter, e.g."
					+ " QUARKUS_SNOWFLAKE_WORKER_ID)" + unexpandedWorkerId() + ", or " + QuarkusSettings.PREFIX
					+ "snowflake.worker-assignment=zookeeper or redis (with io.snowflakeid:snowflake-zookeeper or"
					+ " snowflake-redis) or hostname-ordinal");
		}
		return dataSource.get();
	}

	/**
	 * The segment generators of {@code @SegmentId}, on the default datasource: created at the first segment id.
	 * @param jdbc whether the application has JDBC datasources (Agroal)
	 */
	public Supplier<SegmentIdGenerators> segmentGenerators(boolean jdbc) {
		return () -> createSegmentGenerators(jdbc);
	}

	static SegmentIdGenerators createSegmentGenerators(boolean jdbc) {
		SnowflakeConfiguration configuration = QuarkusSettings.configuration(ConfigProvider.getConfig());
		ConnectionSource dataSource = (jdbc ? JdbcDataSources.defaultDataSource() : Optional.<ConnectionSource>empty())
			.orElseThrow(() -> new ConfigurationException("@SegmentId needs a database for its segment table ("
					+ QuarkusSettings.PREFIX + "snowflake.segment.table-name): the default JDBC datasource (not a named"
					+ " one), and there is none active: configure quarkus.datasource.*"));
		return SnowflakeGenerators.segments(configuration, dataSource);
	}

	/**
	 * A coordination service's server set beside another assignment is refused: ignored, a forgotten
	 * worker-assignment would lease from another pool of worker ids than the services whose ids meet in that one.
	 */
	private static void refuseUnused(WorkerAssignment assignment, WorkerAssignment service, String key,
			Map<String, Object> settings) {
		if (assignment != service && settings.containsKey(key)) {
			throw new ConfigurationException(QuarkusSettings.PREFIX + key + " is set, but " + QuarkusSettings.PREFIX
					+ "snowflake.worker-assignment=" + assignment.value() + " does not lease from it: set "
					+ QuarkusSettings.PREFIX + "snowflake.worker-assignment=" + service.value() + ", or remove the "
					+ QuarkusSettings.PREFIX + "snowflake." + service.value() + ".* settings");
		}
	}

	/**
	 * A worker id written as an expression whose variable has no value ({@code ${WORKER_ID}} without WORKER_ID) counts
	 * as unset: said, as the reason the setting seems to be ignored.
	 */
	private static String unexpandedWorkerId() {
		String raw = ConfigProvider.getConfig().getConfigValue(QuarkusSettings.PREFIX + "snowflake.worker-id")
			.getRawValue();
		return (raw != null && raw.contains("${")) ? " (it is written as " + raw + ", whose value is missing here)" : "";
	}

	/**
	 * The lease store of {@code worker-assignment=zookeeper} or {@code redis} without a worker id (beside one the core
	 * refuses the assignment, naming both), from the module on the class path and {@code quarkus.snowflake.zookeeper.*}
	 * or {@code .redis.*}; null for every other assignment.
	 */
	static LeaseStore coordinationStore(SnowflakeConfiguration configuration) {
		WorkerAssignment assignment = configuration.workerAssignment();
		Map<String, Object> settings = QuarkusSettings.coordinationSettings(ConfigProvider.getConfig());
		refuseUnused(assignment, WorkerAssignment.ZOOKEEPER, Settings.ZOOKEEPER_CONNECT_STRING.key(), settings);
		refuseUnused(assignment, WorkerAssignment.REDIS, Settings.REDIS_URI.key(), settings);
		if (!assignment.isCoordinationService() || configuration.workerId() != null) {
			return null;
		}
		try {
			return CoordinationStores.fromSettings(assignment, settings);
		}
		catch (SnowflakeConfigurationException ex) {
			throw QuarkusSettings.configurationError(ex);
		}
		catch (WorkerLeaseException ex) {
			// the module missing (an unreachable or unsafe server fails later, in the claim, and is renamed where the
			// generator is created): the same failure, in Quarkus' names
			throw named(ex);
		}
	}

	/** The lease failure with the settings in Quarkus' names, its reason and assignment kept. */
	private static WorkerLeaseException named(WorkerLeaseException ex) {
		return new WorkerLeaseException(ex.getReason(), ex.getAssignment(), QuarkusSettings.quarkusNames(ex.getMessage()),
				ex);
	}
}
