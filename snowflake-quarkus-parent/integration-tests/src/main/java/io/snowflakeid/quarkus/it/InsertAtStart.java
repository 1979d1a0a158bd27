package io.snowflakeid.quarkus.it;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.runtime.StartupEvent;
import io.snowflakeid.SnowflakeIdGenerator;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Singleton;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Inserts {@code it.orders} orders at start, tagged with {@code it.instance}, then says so in the log with the
 * worker id: what the process tests wait for and compare.
 */
@Singleton
public class InsertAtStart {

	private static final Logger logger = Logger.getLogger(InsertAtStart.class);

	void onStart(@Observes StartupEvent event, SnowflakeIdGenerator generator,
			@ConfigProperty(name = "it.instance") String instance, @ConfigProperty(name = "it.orders") int orders) {
		QuarkusTransaction.requiringNew().run(() -> {
			for (int i = 0; i < orders; i++) {
				Order order = new Order();
				order.instance = instance;
				order.persist();
			}
		});
		logger.infof("IT-READY instance=%s datacenter=%d worker=%d", instance, generator.datacenterId(),
				generator.workerId());
	}
}
