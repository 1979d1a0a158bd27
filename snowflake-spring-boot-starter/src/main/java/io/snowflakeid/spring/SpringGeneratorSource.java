package io.snowflakeid.spring;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.internal.GeneratorSource;
import io.snowflakeid.segment.SegmentIdGenerator;
import io.snowflakeid.segment.SegmentIdGenerators;
import io.snowflakeid.spring.internal.BackgroundTask;

import org.springframework.beans.factory.BeanInitializationException;
import org.springframework.beans.factory.DisposableBean;
import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.beans.factory.SmartInitializingSingleton;

/**
 * What Hibernate's generators get from the application context: the {@link SnowflakeIdGenerator} and
 * {@link SegmentIdGenerators} beans, created in the context's own order rather than while Hibernate builds the
 * EntityManagerFactory. Those beans wait for the database initialization (Flyway, Liquibase, {@code schema.sql}),
 * which with {@code spring.jpa.defer-datasource-initialization=true} waits for the EntityManagerFactory: asking for
 * them inside its build was a circular reference that stopped such applications.
 * <p>
 * Nothing fails later than before: the generator is a singleton the context creates before it is ready, and the
 * segment generators Hibernate asked for are created (table checks, conflicting steps) once all singletons exist.
 */
final class SpringGeneratorSource implements GeneratorSource, SmartInitializingSingleton, DisposableBean {

	/** The bean {@link SnowflakeAutoConfiguration} defines unless the application has a generator of its own. */
	static final String STARTERS_GENERATOR = "snowflakeManagedGenerator";

	private final ListableBeanFactory beans;

	private final List<Segment> segments = new ArrayList<>();

	/** Start-up checks running beside the start, not taken yet. */
	private final List<BackgroundTask<Void>> checks = new ArrayList<>();

	/** Whether the start is over: checks then run on their caller's thread. Guarded by {@link #checks}. */
	private boolean started;

	SpringGeneratorSource(ListableBeanFactory beans) {
		this.beans = beans;
	}

	@Override
	public boolean definesSnowflake() {
		return defines(SnowflakeIdGenerator.class);
	}

	/**
	 * The starter's generator has the layout of the {@code snowflake.*} properties; a generator the application
	 * defined itself is asked.
	 */
	@Override
	public SnowflakeLayout snowflakeLayout() {
		if (this.beans.containsBeanDefinition(STARTERS_GENERATOR)) {
			return this.beans.getBean(SnowflakeProperties.class).toConfiguration().layout();
		}
		return snowflake().layout();
	}

	@Override
	public SnowflakeIdGenerator snowflake() {
		return this.beans.getBean(SnowflakeIdGenerator.class);
	}

	/** Null when the context has no segment generators: Hibernate then says what is missing, as without this. */
	@Override
	public Supplier<SegmentIdGenerator> segment(String key, long initialValue, int step) {
		if (!defines(SegmentIdGenerators.class)) {
			return null;
		}
		Segment segment = new Segment(key, initialValue, step);
		synchronized (this.segments) {
			this.segments.add(segment);
		}
		return segment;
	}

	/**
	 * Runs {@code check} on a thread of its own while the context starts: the column check reads the database's
	 * catalog while the context goes on, and its failure fails the start ({@link #afterSingletonsInstantiated}).
	 * Once the context has started (an EntityManagerFactory created later, {@code spring.main.lazy-initialization})
	 * nothing would take its result: it runs at once, on the caller's thread.
	 */
	@Override
	public void startupCheck(Runnable check) {
		synchronized (this.checks) {
			if (!this.started) {
				this.checks.add(BackgroundTask.start("snowflake-column-check", check));
				return;
			}
		}
		check.run();
	}

	/**
	 * Before the context is ready: the generator (the lease claim ends here if still running), the segment
	 * generators Hibernate asked for, and the start-up checks; any of them failing fails the start.
	 */
	@Override
	public void afterSingletonsInstantiated() {
		if (definesSnowflake()) {
			snowflake();
		}
		List<Segment> requested;
		synchronized (this.segments) {
			requested = List.copyOf(this.segments);
		}
		for (Segment segment : requested) {
			segment.get();
		}
		for (List<BackgroundTask<Void>> pending = takeChecks(); !pending.isEmpty(); pending = takeChecks()) {
			for (BackgroundTask<Void> check : pending) {
				try {
					check.join();
				}
				catch (RuntimeException ex) {
					// Wrapped as when the check ran inside the EntityManagerFactory's creation: the root cause is
					// the check's own exception, which the failure analyzers report.
					throw new BeanInitializationException("A start-up check of the snowflake ids failed", ex);
				}
			}
		}
	}

	/** The checks not taken yet; none left means the start is over (later checks run on their caller's thread). */
	private List<BackgroundTask<Void>> takeChecks() {
		synchronized (this.checks) {
			List<BackgroundTask<Void>> pending = List.copyOf(this.checks);
			this.checks.clear();
			this.started = pending.isEmpty();
			return pending;
		}
	}

	/** A check still running when the context closes (its start failed elsewhere) is waited for, quietly. */
	@Override
	public void destroy() {
		for (BackgroundTask<Void> check : checks()) {
			check.awaitQuietly();
		}
	}

	private List<BackgroundTask<Void>> checks() {
		synchronized (this.checks) {
			return List.copyOf(this.checks);
		}
	}

	/** Whether the context defines such a bean, answered from the definitions (nothing is created). */
	private boolean defines(Class<?> type) {
		return this.beans.getBeanNamesForType(type, true, false).length > 0;
	}

	/** One {@code @SegmentId} attribute's generator, created at its first use. */
	private final class Segment implements Supplier<SegmentIdGenerator> {

		private final String key;

		private final long initialValue;

		private final int step;

		private SegmentIdGenerator generator;

		Segment(String key, long initialValue, int step) {
			this.key = key;
			this.initialValue = initialValue;
			this.step = step;
		}

		@Override
		public synchronized SegmentIdGenerator get() {
			if (this.generator == null) {
				this.generator = SpringGeneratorSource.this.beans.getBean(SegmentIdGenerators.class)
					.generator(this.key, this.initialValue, this.step);
			}
			return this.generator;
		}
	}
}
