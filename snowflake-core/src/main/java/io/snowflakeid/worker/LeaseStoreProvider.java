package io.snowflakeid.worker;

import java.util.Map;

/**
 * Makes the {@link LeaseStore} of a coordination service from plain settings, for bindings without a container
 * of their own (plain Hibernate): found with {@link java.util.ServiceLoader} in the modules
 * {@code snowflake-zookeeper} and {@code snowflake-redis}. Spring Boot builds the stores from the application's
 * beans instead.
 */
public interface LeaseStoreProvider {

	/** The assignment this provider serves ({@link WorkerAssignment#ZOOKEEPER}, {@link WorkerAssignment#REDIS}). */
	WorkerAssignment assignment();

	/**
	 * A store from the {@code snowflake.*} entries of {@code settings} (the provider's own keys, such as
	 * {@code snowflake.zookeeper.connect-string}). The store owns the client it opens: it implements
	 * {@link AutoCloseable}, and the binding closes it after the lease (or when the lease cannot be acquired).
	 * @throws io.snowflakeid.SnowflakeConfigurationException if a setting is missing or invalid
	 */
	LeaseStore create(Map<String, ?> settings);
}
