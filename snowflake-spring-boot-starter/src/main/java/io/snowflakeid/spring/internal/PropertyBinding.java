package io.snowflakeid.spring.internal;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.internal.config.Setting;
import io.snowflakeid.internal.config.Settings;

import org.springframework.beans.factory.ListableBeanFactory;
import org.springframework.boot.context.properties.bind.Bindable;
import org.springframework.boot.context.properties.bind.Binder;
import org.springframework.boot.context.properties.bind.PropertySourcesPlaceholdersResolver;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.context.support.PropertySourcesPlaceholderConfigurer;
import org.springframework.core.env.ConfigurableEnvironment;
import org.springframework.core.env.Environment;
import org.springframework.core.env.PropertySources;

/**
 * The {@code snowflake.*} settings that are bound row by row from the settings table rather than into fields: where
 * Spring Boot binds {@code @ConfigurationProperties} from, and a module's rows (ZooKeeper, Redis) as the settings map
 * its store is made from. A new row of a module is then read where plain Hibernate and Quarkus read it, the module's
 * own provider: nothing to add in the starter.
 */
public final class PropertyBinding {

	/** Rows whose value is a secret: never shown, not even in part. */
	private static final Set<String> SECRETS = Set.of(Settings.ZOOKEEPER_AUTH.key(), Settings.REDIS_URI.key());

	private PropertyBinding() {
	}

	/**
	 * The property sources Spring Boot binds the properties beans from: those the single
	 * {@link PropertySourcesPlaceholderConfigurer} applied, its own properties among them; else the environment's.
	 */
	public static PropertySources sources(ListableBeanFactory beanFactory, Environment environment) {
		String[] configurers = beanFactory.getBeanNamesForType(PropertySourcesPlaceholderConfigurer.class, false,
				false);
		if (configurers.length == 1) {
			try {
				return beanFactory.getBean(configurers[0], PropertySourcesPlaceholderConfigurer.class)
					.getAppliedPropertySources();
			}
			catch (IllegalStateException ex) {
				// not applied (yet): the environment's, below
			}
		}
		if (environment instanceof ConfigurableEnvironment configurable) {
			return configurable.getPropertySources();
		}
		throw new IllegalStateException("Snowflake ids: the snowflake.* properties cannot be bound: neither a single "
				+ "PropertySourcesPlaceholderConfigurer nor a ConfigurableEnvironment");
	}

	/**
	 * The module's rows ({@link Settings#MODULES} under {@code prefix}, e.g. {@code snowflake.redis.}) that are set,
	 * by key, as text (Spring's relaxed names and placeholders resolved, the value as written): the settings map the
	 * module's provider reads with each row's parser and default, as in plain Hibernate and Quarkus.
	 */
	public static Map<String, Object> moduleSettings(ListableBeanFactory beanFactory, Environment environment,
			String prefix) {
		PropertySources sources = sources(beanFactory, environment);
		Binder binder = new Binder(ConfigurationPropertySources.from(sources),
				new PropertySourcesPlaceholdersResolver(sources));
		Map<String, Object> settings = new LinkedHashMap<>();
		for (Setting<?> row : Settings.MODULES) {
			if (row.key().startsWith(prefix)) {
				String text = binder.bind(row.key(), Bindable.of(String.class)).orElse(null);
				if (text != null) {
					settings.put(row.key(), resolved(row, text));
				}
			}
		}
		return settings;
	}

	/**
	 * A value in which Spring left a placeholder it could not resolve ({@code digest:orders:${ZK_PASSWORD}} where the
	 * variable is not set) is refused: taken as text it would be a password anyone can read in the documentation, or
	 * another Redis key or ZooKeeper path than the other instances use, whose worker ids then overlap. The message
	 * names the placeholder, but for a secret, where the text after {@code ${} could be part of the secret.
	 */
	private static String resolved(Setting<?> row, String text) {
		int start = text.indexOf("${");
		if (start < 0) {
			return text;
		}
		if (SECRETS.contains(row.key())) {
			throw new SnowflakeConfigurationException(row.key(), "(a secret, not shown)",
					"a value with every placeholder resolved",
					"Set the variable its ${...} placeholder names where the application runs");
		}
		int end = text.indexOf('}', start);
		String name = text.substring(start + 2, (end > start) ? end : text.length());
		int fallback = name.indexOf(':');
		name = (fallback >= 0) ? name.substring(0, fallback) : name;
		throw new SnowflakeConfigurationException(row.key(), "'" + text + "'", "a value with every placeholder resolved",
				"Set " + name + " where the application runs, or remove the placeholder");
	}
}
