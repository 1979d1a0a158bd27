package io.snowflakeid.spi;

import java.util.Map;

/**
 * Makes the {@link LeaseStore} of a coordination service from plain settings, for bindings without a container
 * of their own (plain Hibernate): found with {@link java.util.ServiceLoader} in the modules
 * {@code snowflake-zookeeper} and {@code snowflake-redis}. Spring Boot builds the stores from the application's
 * beans instead.
 */
public interface LeaseStoreProvider {

	/**
	 * The {@code snowflake.worker-assignment} value this provider serves, as written in settings: {@code zookeeper},
	 * {@code redis} ({@link io.snowflakeid.internal.config.WorkerAssignment#value()}).
	 */
	String assignment();

	/**
	 * A store from the {@code snowflake.*} entries of {@code settings} (the provider's own keys, such as
	 * {@code snowflake.zookeeper.connect-string}). The store owns the client it opens: it implements
	 * {@link AutoCloseable}, and the binding closes it after the lease (or when the lease cannot be acquired).
	 * @throws io.snowflakeid.SnowflakeConfigurationException if a setting is missing or invalid
	 */
	LeaseStore create(Map<String, ?> settings);
}
