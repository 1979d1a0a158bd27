package io.snowflakeid.quarkus.deployment.startup;

import java.nio.file.Path;

import io.quarkus.test.QuarkusUnitTest;

/** Shared set-up. */
final class TestApps {

	private TestApps() {
	}

	static QuarkusUnitTest h2(String db) {
		return app("jdbc:h2:mem:" + db + ";DB_CLOSE_DELAY=-1");
	}

	private static QuarkusUnitTest app(String url) {
		return app("h2", url);
	}

	/** An application on {@code url}, with the JDBC extension of {@code dbKind} (h2, postgresql or mariadb). */
	static QuarkusUnitTest app(String dbKind, String url) {
		return new QuarkusUnitTest().withApplicationRoot((jar) -> jar.addClasses(Item.class, TestApps.class))
			.overrideConfigKey("quarkus.datasource.db-kind", dbKind)
			.overrideConfigKey("quarkus.datasource.jdbc.url", url)
			.overrideConfigKey("quarkus.devservices.enabled", "false")
			.overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "drop-and-create");
	}

	/** Whether the real database of {@code dbKind} is to be used: {@code -Dsnowflake.test.databases} lists it. */
	static boolean databaseEnabled(String dbKind) {
		return java.util.Arrays.asList(System.getProperty("snowflake.test.databases", "h2").split(","))
			.contains(dbKind);
	}

	/**
	 * An application on an H2 database in a file under {@code target/}: it outlives the application, so a test can
	 * read what the application left in it after it stopped. One file per test JVM (its process id in the name):
	 * Quarkus loads the test class a second time, in the application's class loader, and a file deleted then would
	 * be the running application's.
	 */
	static QuarkusUnitTest h2File(String db) {
		return app(fileUrl(db));
	}

	static String fileUrl(String db) {
		return "jdbc:h2:file:" + Path.of("target", "h2", db + "-" + ProcessHandle.current().pid()).toAbsolutePath();
	}

	static String messages(Throwable failure) {
		StringBuilder messages = new StringBuilder();
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			messages.append(cause.getClass().getName()).append(": ").append(cause.getMessage()).append('\n');
		}
		return messages.toString();
	}
}
