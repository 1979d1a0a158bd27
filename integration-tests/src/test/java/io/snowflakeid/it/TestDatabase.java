package io.snowflakeid.it;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.UUID;

/**
 * The databases the integration tests run on. H2 (embedded) always; PostgreSQL and MariaDB when listed in the
 * system property {@code snowflake.test.databases} (the {@code databases} Maven profile lists all three). A listed
 * database that cannot be reached fails the tests: it is never skipped.
 */
public enum TestDatabase {

	H2 {
		@Override
		public String url() {
			return "jdbc:h2:mem:it-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";
		}
	},

	POSTGRESQL {
		@Override
		public String url() {
			return System.getProperty("snowflake.test.postgresql.url", "jdbc:postgresql://127.0.0.1:5432/test");
		}

		@Override
		public String username() {
			return System.getProperty("snowflake.test.postgresql.username", "postgres");
		}
	},

	MARIADB {
		@Override
		public String url() {
			return System.getProperty("snowflake.test.mariadb.url", "jdbc:mariadb://127.0.0.1:3306/test");
		}

		@Override
		public String username() {
			return System.getProperty("snowflake.test.mariadb.username", "root");
		}
	};

	public abstract String url();

	public String username() {
		return "sa";
	}

	public String password() {
		return "";
	}

	public Connection connect(String url) throws SQLException {
		return DriverManager.getConnection(url, username(), password());
	}

	/** The databases selected for this run, in a stable order. */
	public static List<TestDatabase> enabled() {
		String selection = System.getProperty("snowflake.test.databases", "h2");
		List<String> names = Arrays.stream(selection.split(","))
			.map((name) -> name.trim().toUpperCase(Locale.ROOT))
			.filter((name) -> !name.isEmpty())
			.toList();
		for (String name : names) {
			try {
				valueOf(name);
			}
			catch (IllegalArgumentException ex) {
				throw new IllegalArgumentException("Unknown database '" + name
						+ "' in snowflake.test.databases: allowed h2, postgresql, mariadb", ex);
			}
		}
		return Arrays.stream(values()).filter((db) -> names.contains(db.name())).toList();
	}
}
