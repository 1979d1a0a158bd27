package io.snowflakeid.spring;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.internal.GeneratorSource;
import io.snowflakeid.segment.SegmentIdGenerator;
import io.snowflakeid.segment.SegmentIdGenerators;
import io.snowflakeid.spring.internal.BackgroundTask;
import io.snowflakeid.spring.internal.PropertyBinding;
import io.snowflakeid.spring.internal.SnowflakeProperties;

import org.springframework.beans.factory.BeanInitializationException;
import org.springframework.beans.factory.BeanNameAware;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.SmartInitializingSingleton;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.config.NamedBeanHolder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

/**
 * What Hibernate's generators get from the application context: the {@link SnowflakeIdGenerator} and
 * {@link SegmentIdGenerators} beans, created in the context's own order rather than while Hibernate builds the
 * EntityManagerFactory. Those beans wait for the database initialization (Flyway, Liquibase, {@code schema.sql}),
 * which with {@code spring.jpa.defer-datasource-initialization=true} waits for the EntityManagerFactory: asking for
 * them inside its build was a circular reference that stopped such applications.
 * <p>
 * Nothing fails later than before: the starter's generator, and the one Hibernate asked for, are created before the
 * context is ready, and so are the segment generators Hibernate asked for (table checks, conflicting steps); no id
 * is issued before the column check has answered.
 * <p>
 * Closing goes the other way: every EntityManagerFactory closes before what its ids come from. Spring closes beans
 * in the reverse order of their creation, and these are created late: the generator beans it creates, and this bean,
 * are declared to outlive the factories (the worker id claim and the segment generators are ordered around the
 * factories by {@link EntityManagerFactoryAfterClaim}). Once the context is closed no generator bean is created
 * again: a first id then would claim a worker id that nothing releases.
 */
final class SpringGeneratorSource
		implements GeneratorSource, SmartInitializingSingleton, DisposableBean, BeanNameAware {

	private static final String ENTITY_MANAGER_FACTORY = "jakarta.persistence.EntityManagerFactory";

	private final ConfigurableListableBeanFactory beans;

	private String name;

	/** Guards the requests made during the start: {@link #segments}, {@link #checks}, {@link #started}. */
	private final Object lock = new Object();

	private final List<Segment> segments = new ArrayList<>();

	/** Start-up checks running beside the start, not taken yet. */
	private final List<BackgroundTask<Void>> checks = new ArrayList<>();

	/** Whether the start is over: checks and segment generators then run and are made on their caller's thread. */
	private boolean started;

	/** Whether the context has closed: no generator bean is created any more. */
	private boolean closed;

	/**
	 * Checks that need an application's own generator bean (its layout): run once the context's beans exist, as
	 * the bean may need beans still being created when the check is handed over (the EntityManagerFactory itself).
	 */
	private final List<Runnable> checksAfterBeans = new ArrayList<>();

	/** The starter's properties, taken where the check is handed over (see {@link #snowflakeLayout}). */
	private volatile SnowflakeProperties properties;

	/** Whether Hibernate maps a {@code @SnowflakeId}: its generator is then created before the context is ready. */
	private volatile boolean snowflakeAskedFor;

	/**
	 * The generator, taken once: every attribute and thread draws from the same instance, whatever the scope of the
	 * bean (a prototype would otherwise give each its own sequence on the same node: duplicates).
	 */
	private volatile SnowflakeIdGenerator generator;

	/**
	 * Types the context defines a bean of, remembered once its bean definitions are frozen: Hibernate asks for every
	 * mapped attribute, and Spring does not cache a lookup that must not create beans (one walk over every bean
	 * definition each time: 15 ms of a cold start at 20 entities). Only a yes is remembered: a singleton the
	 * application registers after the freeze is still seen (a no remembered would hide it, and its generator would
	 * then be taken without this source's ordering and checks).
	 */
	private final Set<Class<?>> defined = ConcurrentHashMap.newKeySet();

	SpringGeneratorSource(ConfigurableListableBeanFactory beans) {
		this.beans = beans;
	}

	@Override
	public void setBeanName(String name) {
		this.name = name;
	}

	/** Asked by Hibernate for each {@code @SnowflakeId} attribute; remembered (see {@link #afterSingletonsInstantiated}). */
	@Override
	public boolean definesSnowflake() {
		boolean defined = defines(SnowflakeIdGenerator.class);
		if (defined) {
			this.snowflakeAskedFor = true;
		}
		return defined;
	}

	/**
	 * The starter's generator has the layout of the {@code snowflake.*} properties; a generator the application
	 * defined itself is asked.
	 */
	@Override
	public SnowflakeLayout snowflakeLayout() {
		if (defines(WorkerClaim.class)) { // a type of the starter's own: no application's bean is taken for it
			SnowflakeProperties properties = this.properties;
			return ((properties != null) ? properties : this.beans.getBean(SnowflakeProperties.class)).toLayout();
		}
		return generator().layout();
	}

	/** For ids: waits first for the start-up checks still running, so that no id goes to a column found too narrow. */
	@Override
	public SnowflakeIdGenerator snowflake() {
		awaitChecks();
		return generator();
	}

	private SnowflakeIdGenerator generator() {
		SnowflakeIdGenerator generator = this.generator;
		if (generator == null) {
			synchronized (this.beans) {
				generator = this.generator;
				if (generator == null) {
					generator = bean(SnowflakeIdGenerator.class);
					this.generator = generator;
				}
			}
		}
		return generator;
	}

	/**
	 * Null when the context has no segment generators: Hibernate then says what is missing, as without this. During
	 * the start the generator is created before the context is ready; after it (an EntityManagerFactory built later),
	 * at once, failing the caller as before.
	 */
	@Override
	public Supplier<SegmentIdGenerator> segment(String key, long initialValue, int step) {
		if (!defines(SegmentIdGenerators.class)) {
			return null;
		}
		Segment segment = new Segment(key, initialValue, step);
		synchronized (this.lock) {
			if (!this.started) {
				this.segments.add(segment);
				return segment;
			}
		}
		if (!buildingAnEntityManagerFactory()) {
			segment.create();
		}
		// else created at the first id: the segment generators may wait for the factory being built (lazy and
		// deferred initialization), which cannot be created inside its own creation
		return segment;
	}

	/**
	 * Runs {@code check} on a thread of its own while the context starts: the column check reads the database's
	 * catalog while the context goes on, and its failure fails the start ({@link #afterSingletonsInstantiated}) or
	 * the first id, whichever comes first. Once the context has started (an EntityManagerFactory created later,
	 * {@code spring.main.lazy-initialization}) it runs at once, on the caller's thread.
	 */
	@Override
	public void startupCheck(Runnable check) {
		boolean startersGenerator = defines(WorkerClaim.class);
		if (startersGenerator && this.snowflakeAskedFor && this.properties == null) {
			// taken here, where beans are created; the check reads the layout from them on its own thread
			this.properties = this.beans.getBean(SnowflakeProperties.class);
		}
		synchronized (this.lock) {
			if (!this.started) {
				if (startersGenerator || !this.snowflakeAskedFor) {
					this.checks.add(BackgroundTask.start("snowflake-column-check", check));
				}
				else {
					this.checksAfterBeans.add(check);
				}
				return;
			}
			if (!startersGenerator && this.snowflakeAskedFor && buildingAnEntityManagerFactory()) {
				// after the start (lazy initialization): an application's generator may need the factory being
				// built; the check runs at the first id instead
				this.checksAfterBeans.add(check);
				return;
			}
		}
		check.run();
	}

	/** Whether an EntityManagerFactory is being created (it asks for generators and checks while it is built). */
	private boolean buildingAnEntityManagerFactory() {
		for (String factory : entityManagerFactories()) {
			if (this.beans.isCurrentlyInCreation(factory)) {
				return true;
			}
		}
		return false;
	}

	/** The EntityManagerFactory beans of this context; none without JPA on the class path. */
	private String[] entityManagerFactories() {
		ClassLoader loader = this.beans.getBeanClassLoader();
		if (!ClassUtils.isPresent(ENTITY_MANAGER_FACTORY, loader)) {
			return new String[0];
		}
		return this.beans.getBeanNamesForType(ClassUtils.resolveClassName(ENTITY_MANAGER_FACTORY, loader), true,
				false);
	}

	/**
	 * Before the context is ready: the start-up checks, the starter's generator (its worker id claim ends here if
	 * still running) and the one Hibernate asked for, and the segment generators Hibernate asked for; any of them
	 * failing fails the start. An application's own generator bean is otherwise left to the context, as any of its
	 * beans.
	 */
	@Override
	public void afterSingletonsInstantiated() {
		runChecksAfterBeans();
		while (true) {
			List<BackgroundTask<Void>> pendingChecks;
			List<Segment> pendingSegments;
			synchronized (this.lock) {
				pendingChecks = List.copyOf(this.checks);
				pendingSegments = List.copyOf(this.segments);
				this.checks.clear();
				this.segments.clear();
				if (pendingChecks.isEmpty() && pendingSegments.isEmpty()) {
					this.started = true;
					break;
				}
			}
			for (BackgroundTask<Void> check : pendingChecks) {
				try {
					check.join();
				}
				catch (RuntimeException ex) {
					// Wrapped as when the check ran inside the EntityManagerFactory's creation: the root cause is
					// the check's own exception, which the failure analyzers report.
					throw new BeanInitializationException("A start-up check of the snowflake ids failed", ex);
				}
			}
			for (Segment segment : pendingSegments) {
				segment.create();
			}
		}
		if (this.name != null) {
			closeAfterEntityManagerFactories(this.name);
		}
		if (this.beans.containsBeanDefinition(SnowflakeAutoConfiguration.MANAGED_GENERATOR)) {
			this.beans.getBean(SnowflakeAutoConfiguration.MANAGED_GENERATOR);
		}
		if (this.beans.containsBeanDefinition(SnowflakeAutoConfiguration.ID_GENERATOR)) {
			// also from an application's own ManagedGenerator: the bean logs the node and the lifetime warning
			this.beans.getBean(SnowflakeAutoConfiguration.ID_GENERATOR);
		}
		if (this.snowflakeAskedFor) {
			generator();
		}
		if (!this.beans.containsBeanDefinition(SnowflakeAutoConfiguration.WORKER_CLAIM)
				&& this.beans.containsBeanDefinition(SnowflakeAutoConfiguration.SEGMENT_GENERATORS)
				&& !this.beans.containsSingleton(SnowflakeAutoConfiguration.SEGMENT_GENERATORS)) {
			checkSegmentSettings();
		}
	}

	/**
	 * With an application's own generator there is no claim, which reads the lease's and segment mode's settings:
	 * they are read here, so that a value the segment generators would refuse fails the start, not the first insert
	 * of a Spring Data JDBC repository (which asks for them only then). A claim reads them beside the start.
	 */
	private void checkSegmentSettings() {
		SnowflakeProperties properties = this.beans.getBean(SnowflakeProperties.class);
		properties.toConfiguration(PropertyBinding.sources(this.beans,
				this.beans.getBean(ConfigurableApplicationContext.ENVIRONMENT_BEAN_NAME, Environment.class)));
	}

	/** The checks waiting for the context's beans, on this thread, once; their failure fails the start. */
	private void runChecksAfterBeans() {
		List<Runnable> pending;
		synchronized (this.lock) {
			pending = List.copyOf(this.checksAfterBeans);
			this.checksAfterBeans.clear();
		}
		for (Runnable check : pending) {
			try {
				check.run();
			}
			catch (RuntimeException ex) {
				throw new BeanInitializationException("A start-up check of the snowflake ids failed", ex);
			}
		}
	}

	/** For a first id during the start: the checks started so far, taken (a failure is the id's failure). */
	private void awaitChecks() {
		runChecksAfterBeans();
		List<BackgroundTask<Void>> pending;
		synchronized (this.lock) {
			pending = List.copyOf(this.checks);
		}
		for (BackgroundTask<Void> check : pending) {
			check.join();
		}
	}

	/**
	 * The bean of that type, created if need be, which every EntityManagerFactory outlives when the context closes;
	 * refused once the context has closed.
	 */
	private <T> T bean(Class<T> type) {
		synchronized (this.lock) {
			if (this.closed) {
				throw new IllegalStateException("The application context is closed: no " + type.getSimpleName()
						+ " is created for snowflake ids any more");
			}
		}
		NamedBeanHolder<T> holder = this.beans.resolveNamedBean(type);
		closeAfterEntityManagerFactories(holder.getBeanName());
		return holder.getBeanInstance();
	}

	/**
	 * Spring closes a bean's dependents before the bean: the factories are declared dependent on it, unless the bean
	 * itself depends on one (an application's generator built from a repository): that would be a cycle, in which
	 * Spring's order depends on where its walk comes in.
	 */
	private void closeAfterEntityManagerFactories(String bean) {
		Set<String> dependencies = dependencies(bean);
		for (String factory : entityManagerFactories()) {
			if (!dependencies.contains(factory)) {
				this.beans.registerDependentBean(bean, factory);
			}
		}
	}

	/** Every bean {@code bean} depends on, transitively, as Spring has recorded it so far. */
	private Set<String> dependencies(String bean) {
		Set<String> seen = new HashSet<>();
		Deque<String> next = new ArrayDeque<>(List.of(bean));
		while (!next.isEmpty()) {
			for (String dependency : this.beans.getDependenciesForBean(next.poll())) {
				if (seen.add(dependency)) {
					next.add(dependency);
				}
			}
		}
		return seen;
	}

	/** A check still running when the context closes (its start failed elsewhere) is waited for, quietly. */
	@Override
	public void destroy() {
		List<BackgroundTask<Void>> pending;
		synchronized (this.lock) {
			this.closed = true;
			pending = List.copyOf(this.checks);
		}
		for (BackgroundTask<Void> check : pending) {
			check.awaitQuietly();
		}
	}

	/** Whether the context defines such a bean, answered from the definitions (nothing is created). */
	private boolean defines(Class<?> type) {
		if (this.defined.contains(type)) {
			return true;
		}
		boolean frozen = this.beans.isConfigurationFrozen(); // before the lookup: its answer must be a frozen one
		boolean defines = this.beans.getBeanNamesForType(type, true, false).length > 0;
		if (defines && frozen) {
			this.defined.add(type);
		}
		return defines;
	}

	/** One {@code @SegmentId} attribute's generator. */
	private final class Segment implements Supplier<SegmentIdGenerator> {

		private final String key;

		private final long initialValue;

		private final int step;

		private volatile SegmentIdGenerator generator;

		Segment(String key, long initialValue, int step) {
			this.key = key;
			this.initialValue = initialValue;
			this.step = step;
		}

		/** For ids: after the start-up checks still running, like the snowflake generator. */
		@Override
		public SegmentIdGenerator get() {
			SegmentIdGenerator generator = this.generator;
			if (generator != null) {
				return generator;
			}
			awaitChecks();
			return create();
		}

		synchronized SegmentIdGenerator create() {
			if (this.generator == null) {
				this.generator = bean(SegmentIdGenerators.class).generator(this.key, this.initialValue, this.step);
			}
			return this.generator;
		}
	}
}
