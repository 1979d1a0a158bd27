package io.snowflakeid.hibernate;

import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

import org.hibernate.SessionFactory;
import org.hibernate.cfg.Configuration;

/** Builds a SessionFactory the way a plain Hibernate application would, on a private in-memory H2 database. */
final class PlainHibernate {

	private PlainHibernate() {
	}

	static Map<String, String> h2Settings() {
		Map<String, String> settings = new HashMap<>();
		settings.put("hibernate.connection.url", "jdbc:h2:mem:" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
		settings.put("hibernate.connection.username", "sa");
		settings.put("hibernate.hbm2ddl.auto", "create-drop");
		settings.put("hibernate.generate_statistics", "true");
		settings.put("hibernate.jdbc.batch_size", "50");
		settings.put("hibernate.order_inserts", "true");
		settings.put("hibernate.show_sql", "false");
		return settings;
	}

	static SessionFactory build(Map<String, String> settings, Class<?>... entities) {
		Configuration configuration = new Configuration();
		settings.forEach(configuration::setProperty);
		for (Class<?> entity : entities) {
			configuration.addAnnotatedClass(entity);
		}
		return configuration.buildSessionFactory();
	}
}
