package io.snowflakeid.spring.jooq;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.config.SchemaCheck;
import io.snowflakeid.jooq.SnowflakeRecordListener;
import io.snowflakeid.spring.SnowflakeAutoConfiguration;
import io.snowflakeid.spring.internal.SnowflakeProperties;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;
import org.jooq.Configuration;
import org.jooq.DSLContext;
import org.jooq.RecordListenerProvider;
import org.jooq.impl.DSL;

import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.ListableBeanFactory;
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
 * With no columns configured and no listener bean of the application's, nothing is registered. Registered with
 * the listener: its {@link SnowflakeRecordListener#insertGuard() insert guard}, which refuses the inserts no record
 * listener sees ({@code executeInsert(record)}, the Loader API, DSL inserts) when they leave a configured column out.
 * <p>
 * Several {@link SnowflakeRecordListener} beans (one per database, say): each {@code Configuration} or
 * {@code DSLContext} bean must then have one of them registered by the application ({@code listener.appendTo(
 * configuration)} in its bean method); one that has none stops the start naming the listener beans, since which
 * one it should get cannot be told.
 * <p>
 * Define a {@link SnowflakeRecordListener} bean to replace the one made from the properties (code-configured
 * columns, {@code @SnowflakeId} POJOs):
 * {@code SnowflakeRecordListener.builder(generatorProvider::getObject).column(BOOK.ID).pojo(Review.class, REVIEW).build()}.
 */
@AutoConfiguration(after = SnowflakeAutoConfiguration.class)
@ConditionalOnClass({ DSLContext.class, SnowflakeRecordListener.class })
@EnableConfigurationProperties(SnowflakeJooqProperties.class)
public final class SnowflakeJooqAutoConfiguration {

	private static final Log logger = LogFactory.getLog(SnowflakeJooqAutoConfiguration.class);

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

	/** The {@link SnowflakeRecordListener}s registered on a jOOQ configuration, with columns. */
	static List<SnowflakeRecordListener> registered(Configuration configuration) {
		List<SnowflakeRecordListener> found = new ArrayList<>();
		for (RecordListenerProvider provider : configuration.recordListenerProviders()) {
			if (provider.provide() instanceof SnowflakeRecordListener ids && !ids.columns().isEmpty()
					&& !found.contains(ids)) {
				found.add(ids);
			}
		}
		return found;
	}

	/**
	 * The columns checked against the database once every singleton exists (so after Flyway, Liquibase and
	 * {@code spring.sql.init}), as {@code snowflake.schema-check} says: {@code fail} (default) stops the start
	 * naming the property entry (a table or column that is not there) or the column (too narrow, with the ALTER
	 * statement that fixes it), {@code warn} logs the same, {@code off} does not look. Every jOOQ
	 * {@code DSLContext} and {@code Configuration} bean is checked, each against the listeners registered on it
	 * (two {@code DSLContext} beans on two databases: each database is checked).
	 */
	@Bean
	SmartInitializingSingleton snowflakeJooqColumnCheck(ObjectProvider<DSLContext> dsl,
			ObjectProvider<Configuration> configurations, ObjectProvider<SnowflakeProperties> properties) {
		return () -> {
			SnowflakeProperties snowflake = properties.getIfAvailable();
			SchemaCheck mode = (snowflake != null) ? snowflake.getSchemaCheck() : SchemaCheck.FAIL;
			Set<Configuration> seen = Collections.newSetFromMap(new IdentityHashMap<>());
			Stream.concat(dsl.orderedStream().map(DSLContext::configuration), configurations.orderedStream())
				.filter(seen::add)
				.forEach((configuration) -> {
					for (SnowflakeRecordListener ids : registered(configuration)) {
						ids.checkColumns(DSL.using(configuration), mode);
					}
				});
		};
	}

	/**
	 * Appends the listener (and its insert guard) to each jOOQ configuration bean once (Boot's DSLContext shares its
	 * Configuration bean); a configuration the application registered a listener on itself keeps that one.
	 */
	static final class ListenerRegistrar implements BeanPostProcessor, BeanFactoryAware {

		private final ObjectProvider<SnowflakeRecordListener> listener;

		private BeanFactory beanFactory;

		ListenerRegistrar(ObjectProvider<SnowflakeRecordListener> listener) {
			this.listener = listener;
		}

		@Override
		public void setBeanFactory(BeanFactory beanFactory) {
			this.beanFactory = beanFactory;
		}

		@Override
		public Object postProcessAfterInitialization(Object bean, String beanName) {
			if (bean instanceof Configuration configuration) {
				register(configuration, beanName, false);
			}
			else if (bean instanceof DSLContext dsl) {
				register(dsl.configuration(), beanName, true);
			}
			return bean;
		}

		/**
		 * @param dsl a {@code DSLContext} bean: with several listener beans and none registered on it, the start
		 * fails; a {@code Configuration} bean only gets a warning (Boot's is made even when the application's own
		 * {@code DSLContext} beans do not use it; one that does is refused as a DSLContext)
		 */
		private void register(Configuration configuration, String beanName, boolean dsl) {
			List<SnowflakeRecordListener> own = registered(configuration);
			if (!own.isEmpty()) {
				own.forEach((ids) -> ids.appendTo(configuration)); // its insert guard, if not there yet
				return;
			}
			List<SnowflakeRecordListener> all = this.listener.orderedStream()
				.filter((ids) -> !ids.columns().isEmpty())
				.toList();
			if (all.size() > 1) {
				String problem = "jOOQ bean '" + beanName + "' has no SnowflakeRecordListener registered, and there "
						+ "are " + all.size() + " SnowflakeRecordListener beans with columns (" + names() + "): which "
						+ "one it gets cannot be told. Keep one SnowflakeRecordListener bean, or register one on each "
						+ "jOOQ DSLContext/Configuration bean yourself in the bean method that builds it "
						+ "(listener.appendTo(configuration))";
				if (dsl) {
					throw new IllegalStateException(problem);
				}
				logger.warn(problem + "; records inserted through it get no ids");
				return;
			}
			if (all.size() == 1) {
				all.get(0).appendTo(configuration);
			}
		}

		private String names() {
			if (this.beanFactory instanceof ListableBeanFactory beans) {
				return String.join(", ", Arrays.stream(beans.getBeanNamesForType(SnowflakeRecordListener.class))
					.filter((name) -> !beans.getBean(name, SnowflakeRecordListener.class).columns().isEmpty())
					.toList());
			}
			return "names unknown";
		}
	}
}
