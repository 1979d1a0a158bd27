package io.snowflakeid.spring.jooq;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.config.SchemaCheck;
import io.snowflakeid.jooq.SnowflakeRecordListener;
import io.snowflakeid.spring.SnowflakeAutoConfiguration;
import io.snowflakeid.spring.SnowflakeProperties;
import org.jooq.Configuration;
import org.jooq.DSLContext;
import org.jooq.RecordListenerProvider;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;

/**
 * Snowflake ids for jOOQ records (module {@code snowflake-jooq}): a {@link SnowflakeRecordListener} for the columns
 * of {@code snowflake.jooq.columns}, drawing from the application's {@link SnowflakeIdGenerator} bean (the same
 * generator, and so the same worker lease, as JPA entities and Spring Data JDBC aggregates), appended to the record
 * listeners of the application's jOOQ {@link Configuration}.
 * <p>
 * Registered by a bean post-processor on the {@link Configuration} and {@link DSLContext} beans rather than by
 * Spring Boot's {@code DefaultConfigurationCustomizer}: that interface is in
 * {@code org.springframework.boot.jooq.autoconfigure} in Boot 4 and {@code org.springframework.boot.autoconfigure.jooq}
 * in 3.5 (this jar runs on both), and Boot's jOOQ auto-configuration collects {@code ExecuteListenerProvider} beans
 * but no {@code RecordListenerProvider} beans in either line. The post-processor covers Boot's configuration, an
 * application's own {@code Configuration} bean and a {@code DSLContext} bean built with {@code DSL.using(...)}.
 * With no columns configured and no listener bean of the application's, nothing is registered.
 * <p>
 * Define a {@link SnowflakeRecordListener} bean to replace the one made from the properties (code-configured
 * columns, {@code @SnowflakeId} POJOs):
 * {@code SnowflakeRecordListener.builder(generatorProvider::getObject).column(BOOK.ID).pojo(Review.class, REVIEW).build()}.
 */
@AutoConfiguration(after = SnowflakeAutoConfiguration.class)
@ConditionalOnClass({ DSLContext.class, SnowflakeRecordListener.class })
@EnableConfigurationProperties(SnowflakeJooqProperties.class)
public final class SnowflakeJooqAutoConfiguration {

	/** The generator is looked up on first use: a context whose jOOQ inserts nothing needs none. */
	@Bean
	@ConditionalOnMissingBean
	SnowflakeRecordListener snowflakeRecordListener(SnowflakeJooqProperties properties,
			ObjectProvider<SnowflakeIdGenerator> generator) {
		return SnowflakeRecordListener.builder(generator::getIfAvailable).columns(properties.getColumns()).build();
	}

	@Bean
	static BeanPostProcessor snowflakeJooqListenerRegistrar(ObjectProvider<SnowflakeRecordListener> listener) {
		return new ListenerRegistrar(listener);
	}

	/**
	 * The columns checked against the database once every singleton exists (so after Flyway, Liquibase and
	 * {@code spring.sql.init}), as {@code snowflake.schema-check} says: {@code fail} (default) stops the start
	 * naming the property entry (a table or column that is not there) or the column (too narrow, with the ALTER
	 * statement that fixes it), {@code warn} logs the same, {@code off} does not look.
	 */
	@Bean
	SmartInitializingSingleton snowflakeJooqColumnCheck(ObjectProvider<SnowflakeRecordListener> listener,
			ObjectProvider<DSLContext> dsl, ObjectProvider<SnowflakeProperties> properties) {
		return () -> {
			SnowflakeRecordListener ids = listener.getIfUnique();
			DSLContext context = dsl.getIfUnique();
			if (ids == null || context == null || ids.columns().isEmpty()) {
				return;
			}
			SnowflakeProperties snowflake = properties.getIfAvailable();
			ids.checkColumns(context, (snowflake != null) ? snowflake.getSchemaCheck() : SchemaCheck.FAIL);
		};
	}

	/** Appends the listener to each jOOQ configuration bean once (Boot's DSLContext shares its Configuration bean). */
	static final class ListenerRegistrar implements BeanPostProcessor {

		private final ObjectProvider<SnowflakeRecordListener> listener;

		ListenerRegistrar(ObjectProvider<SnowflakeRecordListener> listener) {
			this.listener = listener;
		}

		@Override
		public Object postProcessAfterInitialization(Object bean, String beanName) {
			if (bean instanceof Configuration configuration) {
				register(configuration);
			}
			else if (bean instanceof DSLContext dsl) {
				register(dsl.configuration());
			}
			return bean;
		}

		private void register(Configuration configuration) {
			SnowflakeRecordListener ids = this.listener.getIfUnique();
			if (ids == null || ids.columns().isEmpty()) {
				return;
			}
			for (RecordListenerProvider provider : configuration.recordListenerProviders()) {
				if (provider.provide() == ids) {
					return;
				}
			}
			configuration.setAppending(ids);
		}
	}
}
