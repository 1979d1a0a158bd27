package io.snowflakeid.spring;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import io.snowflakeid.internal.keys.SnowflakeSettings;
import io.snowflakeid.spring.internal.SnowflakeProperties;

import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.orm.jpa.LocalContainerEntityManagerFactoryBean;

/**
 * What the starter adds to the JPA properties of each entity manager factory before it is built, where the
 * application's own JPA properties ({@code spring.jpa.properties.*}) say nothing:
 * <ul>
 * <li>{@code snowflake.schema-check}, which Hibernate's column check reads from its own settings;</li>
 * <li>with {@code snowflake.jpa.batching-defaults.enabled} (the default), {@code hibernate.jdbc.batch_size} and
 * {@code hibernate.order_inserts=true}, so ids computed before the INSERT are sent in JDBC batches.</li>
 * </ul>
 * Works on Spring's own {@link LocalContainerEntityManagerFactoryBean}, so it needs none of the Spring Boot JPA
 * classes that moved packages between Boot 3.5 and 4.
 */
final class HibernateJpaDefaults implements BeanPostProcessor {

	static final String BATCH_SIZE = "hibernate.jdbc.batch_size";

	static final String ORDER_INSERTS = "hibernate.order_inserts";

	private static final Log logger = LogFactory.getLog(HibernateJpaDefaults.class);

	private final Supplier<SnowflakeProperties> properties;

	HibernateJpaDefaults(Supplier<SnowflakeProperties> properties) {
		this.properties = properties;
	}

	@Override
	public Object postProcessBeforeInitialization(Object bean, String beanName) {
		if (bean instanceof LocalContainerEntityManagerFactoryBean factory) {
			apply(factory.getJpaPropertyMap(), beanName);
		}
		return bean;
	}

	void apply(Map<String, Object> jpaProperties, String beanName) {
		SnowflakeProperties properties = this.properties.get();
		jpaProperties.putIfAbsent(SnowflakeSettings.SCHEMA_CHECK, properties.getSchemaCheck().value());
		SnowflakeProperties.BatchingDefaults batching = properties.getJpa().getBatchingDefaults();
		if (!batching.isEnabled()) {
			return;
		}
		int size = batching.getBatchSize();
		if (size < 1) {
			throw new IllegalArgumentException("Invalid snowflake.jpa.batching-defaults.batch-size = " + size
					+ ": allowed 1.." + Integer.MAX_VALUE);
		}
		List<String> applied = new ArrayList<>();
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
