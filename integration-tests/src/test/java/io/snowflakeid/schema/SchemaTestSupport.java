package io.snowflakeid.schema;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import io.snowflakeid.it.TestDatabase;
import org.hibernate.SessionFactory;
import org.hibernate.cfg.Configuration;

import org.springframework.jdbc.datasource.DriverManagerDataSource;

/** One database of a test: a fixed URL (H2 is in memory), plain JDBC for the schema, Hibernate on top. */
final class SchemaTestSupport {

	final TestDatabase database;

	final String url;

	SchemaTestSupport(TestDatabase database) {
		this.database = database;
		this.url = database.url();
	}

	void sql(String... statements) throws SQLException {
		try (Connection connection = this.database.connect(this.url); Statement statement = connection.createStatement()) {
			for (String sql : statements) {
				statement.execute(sql);
			}
		}
	}

	/** Drops tables if they exist (children first), ignoring those that do not. */
	void drop(String... tables) throws SQLException {
		for (String table : tables) {
			sql("DROP TABLE IF EXISTS " + table);
		}
	}

	long queryLong(String sql) throws SQLException {
		try (Connection connection = this.database.connect(this.url); Statement statement = connection.createStatement();
				var rows = statement.executeQuery(sql)) {
			rows.next();
			return rows.getLong(1);
		}
	}

	List<Long> queryLongs(String sql) throws SQLException {
		List<Long> values = new ArrayList<>();
		try (Connection connection = this.database.connect(this.url); Statement statement = connection.createStatement();
				var rows = statement.executeQuery(sql)) {
			while (rows.next()) {
				values.add(rows.getLong(1));
			}
		}
		return values;
	}

	/** Hibernate over the existing schema ({@code hbm2ddl none}), static snowflake ids, the given settings. */
	SessionFactory hibernate(Map<String, String> settings, Class<?>... entities) {
		Configuration configuration = new Configuration();
		for (Class<?> entity : entities) {
			configuration.addAnnotatedClass(entity);
		}
		configuration.getProperties()
			.put("hibernate.connection.datasource",
					new DriverManagerDataSource(this.url, this.database.username(), this.database.password()));
		configuration.setProperty("hibernate.hbm2ddl.auto", "none")
			.setProperty("snowflake.datacenter-id", "3")
			.setProperty("snowflake.worker-id", "9")
			.setProperty("snowflake.segment.table-name", "it_check_segments");
		settings.forEach(configuration::setProperty);
		return configuration.buildSessionFactory();
	}

	/** Collects what the schema check logs while it is open. */
	static final class CheckLog extends Handler implements AutoCloseable {

		private final Logger logger = Logger.getLogger("io.snowflakeid.hibernate.SnowflakeSchemaCheck");

		final List<String> messages = new ArrayList<>();

		CheckLog() {
			this.logger.addHandler(this);
		}

		@Override
		public synchronized void publish(LogRecord record) {
			this.messages.add(record.getMessage());
		}

		@Override
		public void flush() {
		}

		@Override
		public void close() {
			this.logger.removeHandler(this);
		}
	}
}
