package io.snowflakeid.spring;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.IntSupplier;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.orm.jpa.LocalContainerEntityManagerFactoryBean;

/**
 * Supplies {@code hibernate.jdbc.batch_size} and {@code hibernate.order_inserts} to entity manager factories
 * whose JPA properties do not set them, before the factory is built. Works on Spring's own
 * {@link LocalContainerEntityManagerFactoryBean}, so it needs none of the Spring Boot JPA classes that moved
 * packages between Boot 3.5 and 4.
 */
final class HibernateBatchingDefaults implements BeanPostProcessor {

	static final String BATCH_SIZE = "hibernate.jdbc.batch_size";

	static final String ORDER_INSERTS = "hibernate.order_inserts";

	private static final Log logger = LogFactory.getLog(HibernateBatchingDefaults.class);

	private final IntSupplier batchSize;

	HibernateBatchingDefaults(IntSupplier batchSize) {
		this.batchSize = batchSize;
	}

	@Override
	public Object postProcessBeforeInitialization(Object bean, String beanName) {
		if (bean instanceof LocalContainerEntityManagerFactoryBean factory) {
			apply(factory.getJpaPropertyMap(), beanName);
		}
		return bean;
	}

	void apply(Map<String, Object> jpaProperties, String beanName) {
		List<String> applied = new ArrayList<>();
		int size = this.batchSize.getAsInt();
		if (size < 1) {
			throw new IllegalArgumentException("Invalid snowflake.jpa.batching-defaults.batch-size = " + size
					+ ": allowed 1.." + Integer.MAX_VALUE);
		}
		if (!jpaProperties.containsKey(BATCH_SIZE)) {
			jpaProperties.put(BATCH_SIZE, String.valueOf(size));
			applied.add(BATCH_SIZE + "=" + size);
		}
		if (!jpaProperties.containsKey(ORDER_INSERTS)) {
			jpaProperties.put(ORDER_INSERTS, "true");
			applied.add(ORDER_INSERTS + "=true");
		}
		if (!applied.isEmpty() && logger.isInfoEnabled()) {
			logger.info("JDBC batching defaults for '" + beanName + "': " + String.join(", ", applied)
					+ " (set them in spring.jpa.properties to override, or snowflake.jpa.batching-defaults.enabled=false)");
		}
	}
}
