package io.snowflakeid.hibernate.internal.registry;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.internal.keys.SnowflakeSettings;
import io.snowflakeid.hibernate.internal.registry.SnowflakeGeneratorService;
import io.snowflakeid.internal.GeneratorSource;
import io.snowflakeid.segment.SegmentIdGenerator;
import io.snowflakeid.segment.SegmentIdGenerators;
import io.snowflakeid.internal.config.WorkerAssignment;
import java.util.function.Supplier;

import org.hibernate.MappingException;
import org.hibernate.engine.config.spi.ConfigurationService;
import org.hibernate.resource.beans.container.spi.BeanContainer;
import org.hibernate.resource.beans.container.spi.ContainedBean;
import org.hibernate.resource.beans.spi.BeanInstanceProducer;
import org.hibernate.resource.beans.spi.ManagedBeanRegistry;
import org.hibernate.service.ServiceRegistry;

/**
 * Finds the application's {@link SnowflakeIdGenerator}: first a bean of the bean container Hibernate was given
 * (Spring installs its own as {@code hibernate.resource.beans.container}; the starter defines the bean), then the
 * {@code snowflake.*} Hibernate settings of a plain Hibernate application. Inside Spring a missing bean is an error
 * rather than a reason to fall back to Hibernate's settings, and so inside Quarkus (see {@link #isSpring},
 * {@link #isQuarkus}).
 */
public final class SnowflakeGeneratorLookup {

	/** Spring's {@code AbstractAotProcessor.AOT_PROCESSING}, set while Spring AOT processes an application. */
	public static final String SPRING_AOT_PROCESSING = "spring.aot.processing";

	private SnowflakeGeneratorLookup() {
	}

	/**
	 * Whether Hibernate is being booted by Spring AOT at build time ({@code spring-boot:process-aot}): Spring Data
	 * JPA's ahead-of-time repositories (Spring Boot 4) build an EntityManagerFactory from the mapping alone, without
	 * the application's beans or DataSource, to generate query code. No id is issued then, so the generators are
	 * not looked up: a worker lease or segment fetch at build time would fail (no JDBC connections) or, worse,
	 * reach a database from the build.
	 */
	public static boolean isSpringAotProcessing() {
		return Boolean.getBoolean(SPRING_AOT_PROCESSING);
	}

	/** What a generator that was initialized during Spring AOT processing says if it is ever asked for an id. */
	public static IllegalStateException notDuringAotProcessing(String annotation) {
		return new IllegalStateException(annotation + " issues no ids while Spring AOT processes the application at "
				+ "build time (" + SPRING_AOT_PROCESSING + "=true); run the processed application to insert rows");
	}

	/**
	 * The application's generator, or where it will come from: a container's {@link GeneratorSource} is asked at
	 * start only whether it will have one (a mapping it cannot serve is refused now, as a missing bean is); the
	 * generator itself is taken at the first id.
	 */
	public static Supplier<SnowflakeIdGenerator> find(ServiceRegistry registry, String attribute) {
		BeanContainer container = beanContainer(registry);
		GeneratorSource source = fromBeanContainer(container, GeneratorSource.class);
		if (source != null && source.definesSnowflake()) {
			return source::snowflake;
		}
		SnowflakeIdGenerator generator = findNow(registry, container, attribute);
		return () -> generator;
	}

	/** The container's {@link GeneratorSource}, or null (plain Hibernate, or a container without one). */
	public static GeneratorSource source(ServiceRegistry registry) {
		return fromBeanContainer(beanContainer(registry), GeneratorSource.class);
	}

	/** The layout of the application's generator, without creating it where a {@link GeneratorSource} knows it. */
	public static SnowflakeLayout layout(ServiceRegistry registry, String attribute) {
		GeneratorSource source = fromBeanContainer(beanContainer(registry), GeneratorSource.class);
		if (source != null && source.definesSnowflake()) {
			return source.snowflakeLayout();
		}
		return find(registry, attribute).get().layout();
	}

	private static SnowflakeIdGenerator findNow(ServiceRegistry registry, BeanContainer container,
			String attribute) {
		SnowflakeIdGenerator bean = fromBeanContainer(container, SnowflakeIdGenerator.class);
		if (bean != null) {
			return bean;
		}
		refuseSilentFallback(registry, container, "@SnowflakeId", attribute, SnowflakeIdGenerator.class);
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

	/**
	 * The segment generator of {@code key}: from a container's {@link GeneratorSource} (created before the
	 * container reports ready), else from the container's bean or the registry's own generators, now.
	 */
	public static Supplier<SegmentIdGenerator> findSegment(ServiceRegistry registry, String attribute, String key,
			long initialValue, int step) {
		BeanContainer container = beanContainer(registry);
		GeneratorSource source = fromBeanContainer(container, GeneratorSource.class);
		Supplier<SegmentIdGenerator> fromSource = (source != null) ? source.segment(key, initialValue, step) : null;
		if (fromSource != null) {
			return fromSource;
		}
		SegmentIdGenerator generator = findSegments(registry, container, attribute).generator(key, initialValue,
				step);
		return () -> generator;
	}

	/** The application's segment generators: the container's bean, else the registry's own. */
	private static SegmentIdGenerators findSegments(ServiceRegistry registry, BeanContainer container,
			String attribute) {
		SegmentIdGenerators bean = fromBeanContainer(container, SegmentIdGenerators.class);
		if (bean != null) {
			return bean;
		}
		refuseSilentFallback(registry, container, "@SegmentId", attribute, SegmentIdGenerators.class);
		SnowflakeGeneratorService service = registry.getService(SnowflakeGeneratorService.class);
		if (service == null) {
			throw new MappingException("@SegmentId on " + attribute + ": the " + SnowflakeGeneratorService.class.getName()
					+ " is missing from Hibernate's service registry");
		}
		return service.segments();
	}

	/**
	 * Inside a Spring or Quarkus application the generator comes from the application's beans, configured from its
	 * {@code snowflake.*} (or {@code quarkus.snowflake.*}) properties. Hibernate's own settings know nothing of
	 * those: building a generator from them would silently ignore the application's datacenter id, worker id and
	 * layout (and lease a worker id of its own). So when the container has no such bean, fail naming the cause,
	 * unless the application deliberately configured snowflake ids in Hibernate's settings
	 * ({@code spring.jpa.properties.snowflake.*}, see {@link #hasSnowflakeSettings}).
	 */
	private static void refuseSilentFallback(ServiceRegistry registry, BeanContainer container,
			String annotation, String attribute, Class<?> beanType) {
		if (hasSnowflakeSettings(registry, beanType == SegmentIdGenerators.class)) {
			return;
		}
		if (isSpring(container)) {
			throw new MappingException(annotation + " on " + attribute + ": Hibernate runs in a Spring application "
					+ "(its bean container is " + container.getClass().getName() + "), but the application context has "
					+ "no " + beanType.getName() + " bean. The auto-configuration of snowflake-spring-boot-starter "
					+ "(io.snowflakeid.spring.SnowflakeAutoConfiguration) is missing or excluded: is the starter on the "
					+ "class path, is it excluded (spring.autoconfigure.exclude, @SpringBootApplication(exclude = ...)), "
					+ "or does a test slice leave it out? Hibernate's own settings are not used instead: they would "
					+ "ignore the application's snowflake.* properties. Fix: let the auto-configuration run (remove the "
					+ "exclusion; in a test slice add @ImportAutoConfiguration(SnowflakeAutoConfiguration.class)), or "
					+ "define a " + beanType.getSimpleName() + " bean");
		}
		if (isQuarkus(container)) {
			throw new MappingException(annotation + " on " + attribute + ": Hibernate runs in a Quarkus application "
					+ "(its bean container is " + container.getClass().getName() + "), which has no "
					+ beanType.getName() + " bean: the extension io.snowflakeid:snowflake-quarkus is missing (only "
					+ "snowflake-hibernate is on the class path). Hibernate's own settings are not used instead: "
					+ "Quarkus does not pass quarkus.snowflake.* (or snowflake.*) to Hibernate, so the application's "
					+ "worker id and layout would be ignored. Fix: depend on io.snowflakeid:snowflake-quarkus instead "
					+ "of snowflake-hibernate");
		}
	}

	/** Spring's container ({@code SpringBeanContainer}, in spring-orm), detected without a dependency on Spring. */
	public static boolean isSpring(BeanContainer container) {
		return isIn(container, "org.springframework.");
	}

	/** Quarkus' container ({@code QuarkusArcBeanContainer}), detected without a dependency on Quarkus. */
	public static boolean isQuarkus(BeanContainer container) {
		return isIn(container, "io.quarkus.");
	}

	private static boolean isIn(BeanContainer container, String packagePrefix) {
		for (Class<?> type = (container != null) ? container.getClass() : null; type != null; type = type
			.getSuperclass()) {
			if (type.getName().startsWith(packagePrefix)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Whether Hibernate's own settings say how to assign the node ({@code snowflake.datacenter-id},
	 * {@code snowflake.worker-id} or {@code snowflake.worker-assignment}) or, for segments, configure segment mode
	 * ({@code snowflake.segment.*}). Other {@code snowflake.*} keys (Hibernate also reads system properties) do not
	 * count as a deliberate choice.
	 */
	private static boolean hasSnowflakeSettings(ServiceRegistry registry, boolean segments) {
		ConfigurationService configuration = registry.getService(ConfigurationService.class);
		if (configuration == null) {
			return false;
		}
		for (Object key : configuration.getSettings().keySet()) {
			if (key instanceof String name && (name.equals(SnowflakeSettings.DATACENTER_ID)
					|| name.equals(SnowflakeSettings.WORKER_ID) || name.equals(SnowflakeSettings.WORKER_ASSIGNMENT)
					|| (segments && name.startsWith(SnowflakeSettings.PREFIX + "segment.")))) {
				return true;
			}
		}
		return false;
	}

	private static BeanContainer beanContainer(ServiceRegistry registry) {
		ManagedBeanRegistry beans = registry.getService(ManagedBeanRegistry.class);
		return (beans != null) ? beans.getBeanContainer() : null;
	}

	private static <T> T fromBeanContainer(BeanContainer container, Class<T> type) {
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
