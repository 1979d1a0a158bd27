package io.snowflakeid.spring;

import java.util.function.Supplier;

import io.snowflakeid.SnowflakeSettings;
import io.snowflakeid.config.SchemaCheck;

import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.orm.jpa.LocalContainerEntityManagerFactoryBean;

/**
 * Hands {@code snowflake.schema-check} to Hibernate, whose column check reads it from its own settings, before
 * each entity manager factory is built. A value already in the JPA properties
 * ({@code spring.jpa.properties.snowflake.schema-check}) is left alone.
 */
final class HibernateSchemaCheckSetting implements BeanPostProcessor {

	private final Supplier<SchemaCheck> schemaCheck;

	HibernateSchemaCheckSetting(Supplier<SchemaCheck> schemaCheck) {
		this.schemaCheck = schemaCheck;
	}

	@Override
	public Object postProcessBeforeInitialization(Object bean, String beanName) {
		if (bean instanceof LocalContainerEntityManagerFactoryBean factory) {
			factory.getJpaPropertyMap().putIfAbsent(SnowflakeSettings.SCHEMA_CHECK, this.schemaCheck.get().value());
		}
		return bean;
	}
}
