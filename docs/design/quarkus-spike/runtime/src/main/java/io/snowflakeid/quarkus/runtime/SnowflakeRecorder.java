package io.snowflakeid.quarkus.runtime;

import io.quarkus.hibernate.orm.runtime.integration.HibernateOrmIntegrationRuntimeInitListener;
import io.quarkus.runtime.annotations.Recorder;
import io.snowflakeid.SnowflakeIdGenerator;
import java.util.function.BiConsumer;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

@Recorder
public class SnowflakeRecorder {

	private static final Logger LOG = Logger.getLogger(SnowflakeRecorder.class);

	/** Counts bean creations (spike only: shows the supplier ran once, at runtime). */
	public static volatile int created;

	public Supplier<SnowflakeIdGenerator> generator(long datacenterId, long workerId) {
		return () -> {
			created++;
			LOG.infof("Creating SnowflakeIdGenerator bean (datacenter %d, worker %d) on thread %s", datacenterId,
					workerId, Thread.currentThread().getName());
			return SnowflakeIdGenerator.builder().datacenterId(datacenterId).workerId(workerId).build();
		};
	}

	public HibernateOrmIntegrationRuntimeInitListener integrationListener() {
		return new Listener();
	}

	static final class Listener implements HibernateOrmIntegrationRuntimeInitListener {

		@Override
		public void contributeRuntimeProperties(BiConsumer<String, Object> propertyCollector) {
			propertyCollector.accept("snowflake.spike.listener", "contributed");
			propertyCollector.accept("hibernate.order_inserts", "true");
		}
	}
}
