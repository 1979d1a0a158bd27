package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.test.QuarkusUnitTest;

/** Shared set-up. */
final class TestApps {

	private TestApps() {
	}

	static QuarkusUnitTest h2(String db) {
		return new QuarkusUnitTest().withApplicationRoot((jar) -> jar.addClasses(Item.class, TestApps.class))
			.overrideConfigKey("quarkus.datasource.db-kind", "h2")
			.overrideConfigKey("quarkus.datasource.jdbc.url", "jdbc:h2:mem:" + db + ";DB_CLOSE_DELAY=-1")
			.overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "drop-and-create");
	}

	static String messages(Throwable failure) {
		StringBuilder messages = new StringBuilder();
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			messages.append(cause.getClass().getName()).append(": ").append(cause.getMessage()).append('\n');
		}
		return messages.toString();
	}
}
