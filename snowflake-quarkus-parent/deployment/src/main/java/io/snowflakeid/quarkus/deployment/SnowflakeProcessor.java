package io.snowflakeid.quarkus.deployment;

import java.util.List;
import java.util.OptionalInt;

import io.quarkus.arc.BeanDestroyer;
import io.quarkus.arc.deployment.AdditionalBeanBuildItem;
import io.quarkus.arc.deployment.SyntheticBeanBuildItem;
import io.quarkus.deployment.annotations.BuildProducer;
import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.deployment.annotations.ExecutionTime;
import io.quarkus.deployment.annotations.Record;
import io.quarkus.deployment.builditem.FeatureBuildItem;
import io.quarkus.hibernate.orm.deployment.HibernateOrmConfig;
import io.quarkus.hibernate.orm.deployment.HibernateOrmConfigPersistenceUnit;
import io.quarkus.hibernate.orm.deployment.PersistenceUnitDescriptorBuildItem;
import io.quarkus.hibernate.orm.deployment.integration.HibernateOrmIntegrationRuntimeConfiguredBuildItem;
import io.quarkus.hibernate.orm.runtime.PersistenceUnitUtil;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.segment.SegmentIdGenerators;
import io.snowflakeid.quarkus.runtime.ArcGeneratorSource;
import io.snowflakeid.quarkus.runtime.LeaseRelease;
import io.snowflakeid.quarkus.runtime.SnowflakeRecorder;
import jakarta.inject.Singleton;

/**
 * The extension's build: Hibernate's generators find the application's generator through Arc
 * ({@link ArcGeneratorSource}, available at static init, when Quarkus builds the metadata), the generator is a
 * singleton created at start from {@code quarkus.snowflake.*}, and each persistence unit gets the column check's
 * mode and the batching defaults.
 */
class SnowflakeProcessor {

	static final String FEATURE = "snowflake";

	@BuildStep
	FeatureBuildItem feature() {
		return new FeatureBuildItem(FEATURE);
	}

	/** Unremovable: only Hibernate looks it up, through its bean container, which Arc does not see as a use. */
	@BuildStep
	AdditionalBeanBuildItem generatorSource() {
		return AdditionalBeanBuildItem.unremovableOf(ArcGeneratorSource.class);
	}

	/** Unremovable: an observer of the shutdown that nothing injects. */
	@BuildStep
	AdditionalBeanBuildItem leaseRelease() {
		return AdditionalBeanBuildItem.unremovableOf(LeaseRelease.class);
	}

	/**
	 * The generator: created at start ({@code startup()}, so a bad setting stops the start, not the first insert),
	 * closed with the application (a later lease is released then); unremovable, as entities alone use it.
	 */
	@BuildStep
	@Record(ExecutionTime.RUNTIME_INIT)
	void generatorBeans(SnowflakeRecorder recorder, BuildProducer<SyntheticBeanBuildItem> beans) {
		beans.produce(SyntheticBeanBuildItem.configure(ManagedGenerator.class)
			.scope(Singleton.class)
			.unremovable()
			.startup()
			.setRuntimeInit()
			.supplier(recorder.managedGenerator())
			.destroyer(BeanDestroyer.AutoCloseableDestroyer.class)
			.done());
		// @SegmentId: created at the first segment id, closed with the application (the unused rest handed back)
		beans.produce(SyntheticBeanBuildItem.configure(SegmentIdGenerators.class)
			.scope(Singleton.class)
			.unremovable()
			.setRuntimeInit()
			.supplier(recorder.segmentGenerators())
			.destroyer(BeanDestroyer.AutoCloseableDestroyer.class)
			.done());
		beans.produce(SyntheticBeanBuildItem.configure(SnowflakeIdGenerator.class)
			.scope(Singleton.class)
			.unremovable()
			.setRuntimeInit()
			.supplier(recorder.generator())
			.done());
	}

	@BuildStep
	@Record(ExecutionTime.RUNTIME_INIT)
	void hibernateSettings(SnowflakeRecorder recorder, HibernateOrmConfig orm,
			List<PersistenceUnitDescriptorBuildItem> units,
			BuildProducer<HibernateOrmIntegrationRuntimeConfiguredBuildItem> integrations) {
		for (PersistenceUnitDescriptorBuildItem unit : units) {
			String name = unit.getPersistenceUnitName();
			// a persistence.xml unit has its batching settings in the XML, which a runtime default would override
			boolean batchingDefaults = !unit.isFromPersistenceXml();
			integrations.produce(new HibernateOrmIntegrationRuntimeConfiguredBuildItem(FEATURE, name)
				.setInitListener(recorder.hibernateSettings(name, batchingDefaults,
						statementBatchSize(orm, name).isPresent())));
		}
	}

	/**
	 * The unit's {@code jdbc.statement-batch-size}, as Quarkus read it (every spelling of a named unit's key): a
	 * build-time setting, which becomes {@code hibernate.jdbc.batch_size} in the unit's build-time settings and which
	 * a runtime default would override.
	 */
	static OptionalInt statementBatchSize(HibernateOrmConfig orm, String persistenceUnit) {
		HibernateOrmConfigPersistenceUnit unit = PersistenceUnitUtil.isDefaultPersistenceUnit(persistenceUnit)
				? orm.defaultPersistenceUnit() : orm.namedPersistenceUnits().get(persistenceUnit);
		return (unit != null) ? unit.jdbc().statementBatchSize() : OptionalInt.empty();
	}
}
