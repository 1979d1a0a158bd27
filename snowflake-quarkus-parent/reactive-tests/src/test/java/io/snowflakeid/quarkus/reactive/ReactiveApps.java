package io.snowflakeid.quarkus.reactive;

import java.util.Arrays;
import java.util.function.Supplier;

import io.quarkus.test.QuarkusUnitTest;
import io.quarkus.vertx.VertxContextSupport;
import io.smallrye.mutiny.Uni;

/** Shared set-up: applications on the local PostgreSQL through the reactive client. */
final class ReactiveApps {

	static final String REACTIVE_URL = "postgresql://127.0.0.1:5432/test";

	private ReactiveApps() {
	}

	/**
	 * A reactive application on PostgreSQL, with {@code classes} (no JDBC driver, Agroal or JTA on this module's class
	 * path).
	 */
	static QuarkusUnitTest reactiveOnly(Class<?>... classes) {
		return new QuarkusUnitTest().withApplicationRoot((jar) -> jar.addClasses(ReactiveApps.class).addClasses(classes))
			.overrideConfigKey("quarkus.datasource.db-kind", "postgresql")
			.overrideConfigKey("quarkus.datasource.username", "postgres")
			.overrideConfigKey("quarkus.datasource.reactive.url", REACTIVE_URL)
			.overrideConfigKey("quarkus.devservices.enabled", "false")
			.overrideConfigKey("quarkus.hibernate-orm.schema-management.strategy", "drop-and-create");
	}

	/** Whether the local PostgreSQL is to be used: {@code -Dsnowflake.test.databases} lists it. */
	static boolean postgresql() {
		return Arrays.asList(System.getProperty("snowflake.test.databases", "h2").split(",")).contains("postgresql");
	}

	/** Runs {@code work} on a Vert.x duplicated context, as Hibernate Reactive wants, and waits for its result. */
	static <T> T await(Supplier<Uni<T>> work) {
		try {
			return VertxContextSupport.subscribeAndAwait(work);
		}
		catch (Throwable ex) {
			throw new AssertionError(ex);
		}
	}

	static String messages(Throwable failure) {
		StringBuilder messages = new StringBuilder();
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			messages.append(cause.getClass().getName()).append(": ").append(cause.getMessage()).append('\n');
		}
		return messages.toString();
	}
}
