package io.snowflakeid.compat.hibernate;

import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

import org.hibernate.SessionFactory;
import org.hibernate.Version;
import org.hibernate.cfg.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Boots Hibernate the way a plain Hibernate application does (README, "Plain Hibernate (no Spring)"): the
 * {@code snowflake.*} keys among the Hibernate settings, on a private in-memory H2 database.
 */
public final class Line {

	public static final int BATCH_SIZE = 50;

	private Line() {
	}

	/** The Hibernate release the build asked for is the one on the class path: a wrong profile fails, not passes. */
	public static void checkRunningOnTheRequestedLine() {
		String requested = System.getProperty("hibernate.line.version");
		assertThat(requested).as("hibernate.line.version (set by the pom)").isNotBlank();
		assertThat(Version.getVersionString()).isEqualTo(requested);
	}

	public static CountingDataSource newDatabase() {
		return new CountingDataSource("jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
	}

	/** Static node ids, JDBC batching switched on: what the README asks a plain Hibernate application to set. */
	public static Map<String, String> staticIds(int datacenterId, int workerId) {
		Map<String, String> settings = new HashMap<>();
		settings.put("snowflake.datacenter-id", String.valueOf(datacenterId));
		settings.put("snowflake.worker-id", String.valueOf(workerId));
		return settings;
	}

	public static SessionFactory build(CountingDataSource database, Map<String, String> snowflakeSettings,
			Class<?>... entities) {
		Configuration configuration = new Configuration();
		configuration.setProperty("hibernate.hbm2ddl.auto", "update");
		configuration.setProperty("hibernate.jdbc.batch_size", String.valueOf(BATCH_SIZE));
		configuration.setProperty("hibernate.order_inserts", "true");
		configuration.setProperty("hibernate.generate_statistics", "true");
		// An object, not text: Configuration.setProperty takes strings only.
		configuration.getProperties().put("hibernate.connection.datasource", database.dataSource());
		snowflakeSettings.forEach(configuration::setProperty);
		for (Class<?> entity : entities) {
			configuration.addAnnotatedClass(entity);
		}
		return configuration.buildSessionFactory();
	}
}
