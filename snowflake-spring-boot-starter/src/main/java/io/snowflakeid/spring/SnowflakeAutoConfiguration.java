package io.snowflakeid.spring;

import java.util.function.Supplier;

import javax.sql.DataSource;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.internal.SnowflakeGenerators;
import io.snowflakeid.segment.SegmentIdGenerators;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.spring.internal.CommonsLoggingRoute;
import io.snowflakeid.spring.internal.PropertyBinding;
import io.snowflakeid.spring.internal.SnowflakeProperties;
import io.snowflakeid.worker.ConnectionSource;
import io.snowflakeid.internal.config.WorkerAssignment;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.sql.init.dependency.DependsOnDatabaseInitialization;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Conditional;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.ImportRuntimeHints;
import org.springframework.context.annotation.Lazy;
import org.springframework.core.env.Environment;
import org.springframework.orm.jpa.LocalContainerEntityManagerFactoryBean;

/**
 * Auto-configuration for snowflake ids: a {@link SnowflakeIdGenerator} bean (which {@code @SnowflakeId} entities
 * use through the bean container Spring installs in Hibernate) and JDBC batching defaults for JPA.
 */
@AutoConfiguration(afterName = { "org.springframework.boot.jdbc.autoconfigure.DataSourceAutoConfiguration",
		"org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration" })
@EnableConfigurationProperties(SnowflakeProperties.class)
@ImportRuntimeHints(SnowflakeRuntimeHints.class)
public final class SnowflakeAutoConfiguration {

	private static final Log logger = LogFactory.getLog(SnowflakeAutoConfiguration.class);

	// The names of the beans other parts of the starter find by name (the bean methods below declare them so).

	/** {@link WorkerClaim}: what the EntityManagerFactory waits for. */
	static final String WORKER_CLAIM = "snowflakeWorkerClaim";

	/** The {@link ManagedGenerator} the claim gives, unless the application has a generator of its own. */
	static final String MANAGED_GENERATOR = "snowflakeManagedGenerator";

	/** The {@link SnowflakeIdGenerator} of {@link #MANAGED_GENERATOR} (it logs the node at start). */
	static final String ID_GENERATOR = "snowflakeIdGenerator";

	/** {@link SegmentIdGenerators}, created after the database initialization like the claim. */
	static final String SEGMENT_GENERATORS = "segmentIdGenerators";

	SnowflakeAutoConfiguration() {
		// Before any generator or lease exists: their lifecycle lines then reach the application's logging, also
		// the release written after Spring Boot has removed its JUL bridge.
		CommonsLoggingRoute.install();
	}

	/**
	 * The claim of the generator's worker id, on a thread of its own while the context goes on ({@link WorkerClaim}):
	 * a lease (database, ZooKeeper, Redis) there, and with static ids the loading of the generator's classes. The lease
	 * is held in the DataSource marked {@link SnowflakeDataSource}, else the only or the {@code @Primary} one; with
	 * several and none chosen, static ids and the host-derived assignments start without a database, and a lease
	 * fails the start naming the fix. Created after Flyway and Liquibase have run
	 * ({@link DependsOnDatabaseInitialization}): the lease table may be theirs to create.
	 */
	@Bean(WORKER_CLAIM)
	@DependsOnDatabaseInitialization
	@ConditionalOnMissingBean({ ManagedGenerator.class, SnowflakeIdGenerator.class })
	@Conditional(OnWorkerIdSourceCondition.class)
	WorkerClaim snowflakeWorkerClaim(SnowflakeProperties properties,
			@SnowflakeDataSource ObjectProvider<DataSource> snowflakeDataSource, ObjectProvider<DataSource> dataSources,
			ObjectProvider<LeaseStore> coordination, ListableBeanFactory beanFactory, Environment environment) {
		SnowflakeDataSources databases = new SnowflakeDataSources(snowflakeDataSource, dataSources, beanFactory);
		DataSource database = databases.chosen();
		if (database == null && databases.isAmbiguous()) {
			if (SnowflakeDataSources.needsLease(properties)) {
				throw AmbiguousDataSourceException.forLease(properties, databases.candidates());
			}
			if (logger.isDebugEnabled()) {
				logger.debug("Snowflake ids: no database used (several DataSources " + databases.candidates()
						+ ", none marked @SnowflakeDataSource or @Primary, and none is needed)");
			}
		}
		// snowflake.worker-assignment=zookeeper|redis: the store their auto-configurations made from the client (no
		// other assignment uses one: not looked for, a search through every bean definition)
		WorkerAssignment assignment = properties.workerAssignmentAsSet(); // unset: auto
		LeaseStore store = (assignment != null && assignment.isCoordinationService()) ? coordination.getIfAvailable()
				: null;
		// The lease's and segment mode's properties are bound, and all are checked, on the claim's thread (with the
		// lookup of the property sources, a walk over the bean definitions): a bad value fails the generator bean,
		// naming it.
		Supplier<ManagedGenerator> claim = () -> SnowflakeGenerators.create(
				properties.toConfiguration(PropertyBinding.sources(beanFactory, environment)),
				(database != null) ? ConnectionSource.of(database) : null, store);
		return WorkerClaim.started(claim);
	}

	/**
	 * The generator and what holds its worker id, taken from the claim. Lazy, so that the claim runs beside the rest
	 * of the start; {@link SpringGeneratorSource} creates it once the singletons exist, before the context is ready
	 * (a failed claim fails the start). The claim bean releases the lease when the context closes.
	 */
	@Bean(name = MANAGED_GENERATOR, destroyMethod = "")
	@Lazy
	@ConditionalOnBean(WorkerClaim.class)
	ManagedGenerator snowflakeManagedGenerator(WorkerClaim claim) {
		return claim.join();
	}

	/** Lazy like the managed generator it comes from; created before the context is ready. */
	@Bean(ID_GENERATOR)
	@Lazy
	@ConditionalOnMissingBean
	@ConditionalOnBean(ManagedGenerator.class)
	SnowflakeIdGenerator snowflakeIdGenerator(ManagedGenerator managed, SnowflakeProperties properties) {
		SnowflakeGenerators.logStart(managed, properties.getLifetimeWarningYears());
		return managed.generator();
	}

	/** The starter's properties bound once beside the start, so that their binding on its thread finds them warm. */
	@Bean
	static PropertiesWarmUp snowflakePropertiesWarmUp() {
		return new PropertiesWarmUp();
	}

	/**
	 * How Hibernate's {@code @SnowflakeId} and {@code @SegmentId} generators reach the two beans: through the context
	 * in its own order, not while the EntityManagerFactory is built ({@link SpringGeneratorSource}).
	 */
	@Bean
	static SpringGeneratorSource snowflakeGeneratorSource(ConfigurableListableBeanFactory beanFactory) {
		return new SpringGeneratorSource(beanFactory);
	}

	/**
	 * Segment mode ({@code @SegmentId}) on the DataSource marked {@link SnowflakeDataSource}, else the only or the
	 * {@code @Primary} one. Lazy: it is created, and needs a DataSource, only when an {@code @SegmentId} entity asks
	 * for it. Nothing touches the database until then; closing the context hands the unused rest of every segment
	 * back. Like the lease, created after Flyway and Liquibase have run.
	 */
	@Bean(SEGMENT_GENERATORS)
	@Lazy
	@DependsOnDatabaseInitialization
	@ConditionalOnMissingBean
	SegmentIdGenerators segmentIdGenerators(SnowflakeProperties properties,
			@SnowflakeDataSource ObjectProvider<DataSource> snowflakeDataSource, ObjectProvider<DataSource> dataSources,
			ListableBeanFactory beanFactory, Environment environment) {
		SnowflakeDataSources databases = new SnowflakeDataSources(snowflakeDataSource, dataSources, beanFactory);
		DataSource database = databases.chosen();
		if (database == null) {
			if (databases.isAmbiguous()) {
				throw AmbiguousDataSourceException.forSegments(databases.candidates());
			}
			throw new IllegalStateException("@SegmentId needs a database for its segment table, but the application "
					+ "context has no DataSource bean (configure spring.datasource.url)");
		}
		return SnowflakeGenerators.segments(properties.toConfiguration(PropertyBinding.sources(beanFactory, environment)),
				ConnectionSource.of(database));
	}

	/**
	 * In a web application (Spring MVC or WebFlux), an id refused as assigned (a client's, from a request body) is a
	 * 400 with a problem detail, not a 500: {@link AssignedIdExceptionHandler}.
	 */
	@Configuration(proxyBeanMethods = false)
	@ConditionalOnWebApplication
	@ConditionalOnClass(name = { "org.springframework.http.ProblemDetail",
			"org.springframework.web.bind.annotation.RestControllerAdvice" })
	static class AssignedIdWebConfiguration {

		@Bean
		AssignedIdExceptionHandler snowflakeAssignedIdExceptionHandler() {
			return new AssignedIdExceptionHandler();
		}
	}

	@Configuration(proxyBeanMethods = false)
	@ConditionalOnClass(value = LocalContainerEntityManagerFactoryBean.class,
			name = "jakarta.persistence.EntityManagerFactory")
	static class JpaDefaultsConfiguration {

		@Bean
		static EntityManagerFactoryAfterClaim snowflakeEntityManagerFactoryAfterClaim() {
			return new EntityManagerFactoryAfterClaim(WORKER_CLAIM, WORKER_CLAIM, SEGMENT_GENERATORS);
		}

		@Bean
		static HibernateJpaDefaults snowflakeHibernateJpaDefaults(ObjectProvider<SnowflakeProperties> properties) {
			return new HibernateJpaDefaults(properties::getObject);
		}
	}
}
