package io.snowflakeid.quarkus.runtime;

import java.util.function.Supplier;

import io.quarkus.hibernate.orm.runtime.integration.HibernateOrmIntegrationRuntimeInitListener;
import io.quarkus.runtime.annotations.Recorder;
import io.quarkus.runtime.configuration.ConfigurationException;
import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.config.SnowflakeConfiguration;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.internal.SnowflakeGenerators;
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
			managed = SnowflakeGenerators.create(configuration, null);
		}
		catch (SnowflakeConfigurationException | IllegalStateException ex) {
			// a setting out of range, or one the host cannot serve (no private IPv4 address for ip-address)
			throw new ConfigurationException(QuarkusSettings.quarkusNames(ex.getMessage()), ex);
		}
		SnowflakeGenerators.logStart(managed, configuration.lifetimeWarningYears());
		return managed;
	}

	/**
	 * Worker ids leased from the database, ZooKeeper or Redis are a later step of this extension: asked for, they
	 * are refused (a worker id set beside them does not quietly stand in); without a worker id, {@code auto} is
	 * refused too rather than fall back to anything else.
	 */
	static void refuseWhatThisPreviewDoesNotDo(SnowflakeConfiguration configuration) {
		WorkerAssignment assignment = configuration.workerAssignment();
		if (assignment == WorkerAssignment.DATABASE_LEASE || assignment.isCoordinationService()) {
			throw new ConfigurationException(QuarkusSettings.PREFIX + "snowflake.worker-assignment="
					+ assignment.value() + " is not supported by this preview of snowflake-quarkus: use static "
					+ "worker ids (" + QuarkusSettings.PREFIX + "snowflake.worker-id, e.g. QUARKUS_SNOWFLAKE_WORKER_ID, "
					+ "different for every instance of a datacenter), hostname-ordinal or ip-address; leases come in a "
					+ "later version");
		}
		if (configuration.workerId() != null || assignment != WorkerAssignment.AUTO) {
			return;
		}
		throw new ConfigurationException(QuarkusSettings.PREFIX + "snowflake.worker-id is not set: this preview of "
				+ "snowflake-quarkus assigns worker ids statically (set " + QuarkusSettings.PREFIX
				+ "snowflake.worker-id, 0..31 with the default layout, different for every instance of a datacenter, "
				+ "e.g. QUARKUS_SNOWFLAKE_WORKER_ID) or from the host (worker-assignment=hostname-ordinal or "
				+ "ip-address); worker ids leased from the database, ZooKeeper or Redis come in a later version");
	}
}
