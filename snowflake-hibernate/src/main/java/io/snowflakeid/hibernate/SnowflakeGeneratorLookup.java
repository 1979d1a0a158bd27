package io.snowflakeid.hibernate;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.segment.SegmentIdGenerators;
import org.hibernate.MappingException;
import org.hibernate.resource.beans.container.spi.BeanContainer;
import org.hibernate.resource.beans.container.spi.ContainedBean;
import org.hibernate.resource.beans.spi.BeanInstanceProducer;
import org.hibernate.resource.beans.spi.ManagedBeanRegistry;
import org.hibernate.service.ServiceRegistry;

/**
 * Finds the application's {@link SnowflakeIdGenerator}: first a bean of the bean container Hibernate was given
 * (Spring installs its own as {@code hibernate.resource.beans.container}; the starter defines the bean), then the
 * {@code snowflake.*} Hibernate settings of a plain Hibernate application.
 */
final class SnowflakeGeneratorLookup {

	private SnowflakeGeneratorLookup() {
	}

	static SnowflakeIdGenerator find(ServiceRegistry registry, String attribute) {
		SnowflakeIdGenerator bean = fromBeanContainer(registry);
		if (bean != null) {
			return bean;
		}
		SnowflakeGeneratorService service = registry.getService(SnowflakeGeneratorService.class);
		if (service == null) {
			throw new MappingException("@SnowflakeId on " + attribute + ": the " + SnowflakeGeneratorService.class.getName()
					+ " is missing from Hibernate's service registry (is META-INF/services of snowflake-hibernate on the class path?)");
		}
		try {
			return service.generator();
		}
		catch (SnowflakeConfigurationException ex) {
			throw new MappingException("@SnowflakeId on " + attribute + " cannot get a generator. " + ex.getMessage()
					+ ". Set the snowflake.* Hibernate settings (persistence.xml or hibernate.properties) or use "
					+ "snowflake-spring-boot-starter", ex);
		}
	}

	/** The application's segment generators: the container's bean, else the registry's own. */
	static SegmentIdGenerators findSegments(ServiceRegistry registry, String attribute) {
		SegmentIdGenerators bean = fromBeanContainer(registry, SegmentIdGenerators.class);
		if (bean != null) {
			return bean;
		}
		SnowflakeGeneratorService service = registry.getService(SnowflakeGeneratorService.class);
		if (service == null) {
			throw new MappingException("@SegmentId on " + attribute + ": the " + SnowflakeGeneratorService.class.getName()
					+ " is missing from Hibernate's service registry");
		}
		return service.segments();
	}

	private static SnowflakeIdGenerator fromBeanContainer(ServiceRegistry registry) {
		return fromBeanContainer(registry, SnowflakeIdGenerator.class);
	}

	private static <T> T fromBeanContainer(ServiceRegistry registry, Class<T> type) {
		ManagedBeanRegistry beans = registry.getService(ManagedBeanRegistry.class);
		BeanContainer container = (beans != null) ? beans.getBeanContainer() : null;
		if (container == null) {
			return null;
		}
		try {
			ContainedBean<T> bean = container.getBean(type, SharedBean.OPTIONS, NoFallback.INSTANCE);
			return (bean != null) ? bean.getBeanInstance() : null;
		}
		catch (RuntimeException ex) {
			if (isNoBean(ex)) {
				return null;
			}
			// The container has the bean but could not create it (an invalid snowflake.* property, say): that
			// failure, not a fallback to Hibernate settings, is what the user needs to see.
			throw ex;
		}
	}

	private static boolean isNoBean(Throwable ex) {
		for (Throwable cause = ex; cause != null; cause = cause.getCause()) {
			if (cause instanceof NoBeanException) {
				return true;
			}
		}
		return false;
	}

	/** Thrown by {@link NoFallback}; Spring rethrows its own exception instead when bean creation failed. */
	private static final class NoBeanException extends RuntimeException {

		private static final long serialVersionUID = 1L;

		NoBeanException() {
			super("No such bean in the bean container", null, false, false);
		}
	}

	/** Ask for the container's shared singleton, never for a new instance. */
	private enum SharedBean implements BeanContainer.LifecycleOptions {

		OPTIONS;

		@Override
		public boolean canUseCachedReferences() {
			return true;
		}

		@Override
		public boolean useJpaCompliantCreation() {
			return false;
		}
	}

	/**
	 * When the container has no such bean, say so instead of instantiating one by reflection. It throws rather
	 * than returning null so that Spring's container, whose bean creation failed, rethrows that failure.
	 */
	private enum NoFallback implements BeanInstanceProducer {

		INSTANCE;

		@Override
		public <B> B produceBeanInstance(Class<B> beanType) {
			throw new NoBeanException();
		}

		@Override
		public <B> B produceBeanInstance(String name, Class<B> beanType) {
			throw new NoBeanException();
		}
	}
}
