package io.snowflakeid.spring;

import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.spring.internal.BackgroundTask;
import io.snowflakeid.spring.internal.SnowflakeProperties;

import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.context.EnvironmentAware;
import org.springframework.core.env.Environment;
import org.springframework.util.ClassUtils;

/**
 * Binds the starter's properties once, into throwaway objects, on a thread of its own while the context reads its
 * bean definitions. The binding the context does later, on its own thread, then finds their classes loaded and the
 * binder's reflection done: in a cold start the first binding of these types costs 15-20 ms, which the start otherwise
 * waits for. The settings table is initialised too (7 ms cold): the properties' getters show its defaults, and the
 * starting thread reads some of them. Purely a warm-up: nothing it binds is used, and its failures are ignored (the
 * context's own binding reports a bad value, naming it).
 * <p>
 * Only where a processor is left for it: the warm-up spends about twice the CPU time it saves the starting thread
 * (40-55 ms against 15-20 ms, cold), which pays only while other cores are idle. On one or two processors (a container
 * limited to them, this project's CI machine) the starting thread and the JIT's compiler threads already take them,
 * and the warm-up would only add its own time to the start.
 */
final class PropertiesWarmUp implements BeanFactoryPostProcessor, EnvironmentAware {

	private static final String PUBLIC_ID_PROPERTIES = "io.snowflakeid.spring.publicid.SnowflakePublicIdProperties";

	/** The fewest processors the warm-up runs with. */
	static final int MIN_PROCESSORS = 3;

	private final int processors;

	private Environment environment;

	PropertiesWarmUp() {
		this(Runtime.getRuntime().availableProcessors());
	}

	/** With {@code processors} as the JVM's available processors. */
	PropertiesWarmUp(int processors) {
		this.processors = processors;
	}

	@Override
	public void setEnvironment(Environment environment) {
		this.environment = environment;
	}

	@Override
	public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
		warmUp(beanFactory);
	}

	/** The warm-up started, or null where it is not worth it (or no thread could be had). */
	BackgroundTask<Void> warmUp(ConfigurableListableBeanFactory beanFactory) {
		Environment environment = this.environment;
		if (environment == null || this.processors < MIN_PROCESSORS) {
			return null;
		}
		ClassLoader loader = beanFactory.getBeanClassLoader();
		try {
			return start(environment, loader);
		}
		catch (RuntimeException | OutOfMemoryError ex) {
			// no thread to be had (a container's thread limit): the start goes on without the warm-up
			return null;
		}
	}

	private static BackgroundTask<Void> start(Environment environment, ClassLoader loader) {
		return BackgroundTask.start("snowflake-warm-up", () -> {
			try {
				Binder binder = Binder.get(environment);
				binder.bindOrCreate("snowflake", SnowflakeProperties.class);
				if (ClassUtils.isPresent(PUBLIC_ID_PROPERTIES, loader)) {
					binder.bindOrCreate("snowflake.public-id", ClassUtils.forName(PUBLIC_ID_PROPERTIES, loader));
				}
				// then the settings table (its rows, and the defaults' classes: the layout, the segment and lease
				// configurations), which the properties' getters read on the starting thread
				Settings.ALL.size();
			}
			catch (Exception | LinkageError ex) {
				// ignored: see the class comment
			}
		});
	}
}
