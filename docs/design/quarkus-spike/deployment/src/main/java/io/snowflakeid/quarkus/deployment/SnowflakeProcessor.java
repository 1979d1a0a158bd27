package io.snowflakeid.quarkus.deployment;

import io.quarkus.arc.deployment.AdditionalBeanBuildItem;
import io.quarkus.arc.deployment.SyntheticBeanBuildItem;
import io.quarkus.deployment.annotations.BuildProducer;
import io.quarkus.deployment.annotations.BuildStep;
import io.quarkus.deployment.annotations.ExecutionTime;
import io.quarkus.deployment.annotations.Record;
import io.quarkus.deployment.builditem.AdditionalIndexedClassesBuildItem;
import io.quarkus.deployment.builditem.CombinedIndexBuildItem;
import org.jboss.jandex.DotName;
import org.jboss.logging.Logger;
import io.quarkus.deployment.builditem.FeatureBuildItem;
import io.quarkus.hibernate.orm.deployment.PersistenceUnitDescriptorBuildItem;
import io.quarkus.hibernate.orm.deployment.integration.HibernateOrmIntegrationRuntimeConfiguredBuildItem;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.hibernate.SegmentId;
import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.quarkus.runtime.ArcGeneratorSource;
import io.snowflakeid.quarkus.runtime.SnowflakeBuildTimeConfig;
import io.snowflakeid.quarkus.runtime.SnowflakeRecorder;
import jakarta.inject.Singleton;
import java.util.List;

class SnowflakeProcessor {

	private static final String FEATURE = "snowflake";

	@BuildStep
	FeatureBuildItem feature(CombinedIndexBuildItem index) {
		DotName name = DotName.createSimple(SnowflakeId.class.getName());
		Logger.getLogger(SnowflakeProcessor.class).infof("Combined index: @SnowflakeId class indexed=%s, usages=%d",
				index.getIndex().getClassByName(name) != null, index.getIndex().getAnnotations(name).size());
		return new FeatureBuildItem(FEATURE);
	}

	@BuildStep
	void indexAnnotations(SnowflakeBuildTimeConfig config, BuildProducer<AdditionalIndexedClassesBuildItem> indexed) {
		if (config.indexAnnotations()) {
			indexed.produce(new AdditionalIndexedClassesBuildItem(SnowflakeId.class.getName(), SegmentId.class.getName()));
		}
	}

	@BuildStep
	void generatorSource(SnowflakeBuildTimeConfig config, BuildProducer<AdditionalBeanBuildItem> beans) {
		if (config.generatorSource()) {
			beans.produce(AdditionalBeanBuildItem.unremovableOf(ArcGeneratorSource.class));
		}
	}

	@BuildStep
	@Record(ExecutionTime.RUNTIME_INIT)
	SyntheticBeanBuildItem generatorBean(SnowflakeRecorder recorder) {
		return SyntheticBeanBuildItem.configure(SnowflakeIdGenerator.class)
			.scope(Singleton.class)
			.unremovable()
			.startup()
			.setRuntimeInit()
			.supplier(recorder.generator(3, 17))
			.done();
	}

	@BuildStep
	@Record(ExecutionTime.RUNTIME_INIT)
	void integration(SnowflakeRecorder recorder, List<PersistenceUnitDescriptorBuildItem> units,
			BuildProducer<HibernateOrmIntegrationRuntimeConfiguredBuildItem> integrations) {
		for (PersistenceUnitDescriptorBuildItem unit : units) {
			integrations.produce(new HibernateOrmIntegrationRuntimeConfiguredBuildItem(FEATURE,
					unit.getPersistenceUnitName()).setInitListener(recorder.integrationListener()));
		}
	}
}
