package io.snowflakeid.benchmarks.startup;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * The starter's own share of one start, measured inside it: the time Spring spent creating and initialising the
 * starter's beans (the lease claim, the properties binding, the {@code @PublicId} search, the JPA defaults, each
 * with the loading of its classes, nested beans of others excluded, in wall and the thread's CPU time) and the
 * column check Hibernate runs once the session factory exists (it logs its time). Not attributed: the framework's
 * reading of the starter's auto-configuration classes and conditions (their classes are counted separately).
 */
final class StartupAttribution {

	private static final String SCHEMA_CHECK_LOGGER = "io.snowflakeid.hibernate.SnowflakeSchemaCheck";

	private final StepTimingApplicationStartup startup = new StepTimingApplicationStartup();

	private final Logger schemaCheckLogger = Logger.getLogger(SCHEMA_CHECK_LOGGER); // held: levels are per instance

	/** The column check's time on the starting thread (plain Hibernate), and on a thread of its own (the starter). */
	private volatile double columnCheckMillis;

	private volatile double columnCheckBesideMillis;

	private final long startingThread = Thread.currentThread().getId();

	private final Map<String, double[]> beans = new LinkedHashMap<>();

	private double configurationCpuMillis;

	StartupAttribution() {
		this.schemaCheckLogger.setLevel(Level.FINE);
		this.schemaCheckLogger.addHandler(new Handler() {
			@Override
			public void publish(LogRecord record) {
				if (record.getMessage() != null && record.getMessage().startsWith("Checked the columns")) {
					double millis = Double.parseDouble((String) record.getParameters()[1]);
					if (record.getLongThreadID() == StartupAttribution.this.startingThread) {
						StartupAttribution.this.columnCheckMillis += millis;
					}
					else { // beside the start: what the start waited for it is in the starter's beans' time
						StartupAttribution.this.columnCheckBesideMillis += millis;
					}
				}
			}

			@Override
			public void flush() {
			}

			@Override
			public void close() {
			}
		});
	}

	StepTimingApplicationStartup startup() {
		return this.startup;
	}

	/** The column check logs its time at debug level. */
	Map<String, Object> properties() {
		return Map.of("logging.level." + SCHEMA_CHECK_LOGGER, "DEBUG");
	}

	/** Sums the self time of the steps of the starter's beans, once the context has started. */
	void attribute(ConfigurableApplicationContext context) {
		ConfigurableListableBeanFactory beans = context.getBeanFactory();
		for (StepTimingApplicationStartup.Step step : this.startup.steps()) {
			if (step.name().equals("spring.context.config-classes.parse")
					|| step.name().equals("spring.context.beandef-registry.post-process")) {
				this.configurationCpuMillis += step.selfCpuNanos() / 1e6;
			}
			String bean = step.tag("beanName");
			if (bean != null && ours(beans, bean)) {
				this.beans.computeIfAbsent(bean, (b) -> new double[2]);
				this.beans.get(bean)[0] += step.selfWallNanos() / 1e6;
				this.beans.get(bean)[1] += step.selfCpuNanos() / 1e6;
			}
		}
	}

	/**
	 * Tab-separated: the wall and CPU milliseconds of the starter's beans (with their waits for work on other
	 * threads), the column check's milliseconds on the starting thread, the beans one by one
	 * ({@code name=wall/cpu;...}), the CPU milliseconds of reading every configuration class (the application's,
	 * Spring Boot's and the starter's: compared between starts with and without the starter), and the column check's
	 * milliseconds on a thread of its own, beside the start.
	 */
	String result() {
		double wall = 0;
		double cpu = 0;
		StringBuilder each = new StringBuilder();
		for (Map.Entry<String, double[]> bean : this.beans.entrySet()) {
			wall += bean.getValue()[0];
			cpu += bean.getValue()[1];
			each.append(String.format(Locale.ROOT, "%s=%.2f/%.2f;", bean.getKey(), bean.getValue()[0],
					bean.getValue()[1]));
		}
		return String.format(Locale.ROOT, "%.2f\t%.2f\t%.2f\t%s\t%.2f\t%.2f", wall, cpu, this.columnCheckMillis,
				(each.length() == 0) ? "-" : each.toString(), this.configurationCpuMillis, this.columnCheckBesideMillis);
	}

	/** A bean the starter declares: its class, or the class of the configuration that declares it, is the library's. */
	private static boolean ours(ConfigurableListableBeanFactory beans, String name) {
		String bean = name.startsWith("&") ? name.substring(1) : name;
		if (!beans.containsBeanDefinition(bean)) {
			return false;
		}
		BeanDefinition definition = beans.getBeanDefinition(bean);
		String factory = definition.getFactoryBeanName();
		String factoryClass = (factory != null && beans.containsBeanDefinition(factory))
				? beans.getBeanDefinition(factory).getBeanClassName() : null;
		return library(definition.getBeanClassName()) || library(factoryClass);
	}

	private static boolean library(String className) {
		return className != null && className.startsWith("io.snowflakeid.")
				&& !className.startsWith("io.snowflakeid.benchmarks.");
	}
}
