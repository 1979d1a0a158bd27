package io.snowflakeid.internal.logging;

import java.util.Objects;
import java.util.ResourceBundle;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Where the library's log lines go: {@link System.Logger} (java.util.logging unless the JVM has another
 * {@link System.LoggerFinder}) until an integration routes them to the application's logging. Lifecycle lines
 * (lease taken, released, lost) are written while the application stops, when java.util.logging may already be cut
 * off from it: Spring Boot removes its JUL bridge when the context closes, before the lease is released, and on
 * SIGTERM the JDK's own shutdown hook resets JUL's handlers. So the Spring Boot starter routes to Spring's
 * commons-logging and the Hibernate binding to JBoss Logging, both of which write to the application's backend
 * directly.
 * <p>
 * The core itself stays free of any logging library: a route is a function from a logger name to a
 * {@link System.Logger}, set by whoever has one.
 */
public final class Logging {

	private static final Function<String, System.Logger> DEFAULT = System::getLogger;

	private static volatile Function<String, System.Logger> backend = DEFAULT;

	private Logging() {
	}

	/** A logger that writes through whichever route is set when it logs (loggers are created before routes are). */
	public static System.Logger getLogger(Class<?> type) {
		return new Routed(type.getName());
	}

	/**
	 * Routes every logger of the library to {@code route}. With {@code replace} false, only if no route was set
	 * yet: the Hibernate binding yields to the Spring Boot starter's (both reach the same backend in a Spring Boot
	 * application; the starter's is the one Spring Boot configures).
	 */
	public static synchronized void route(Function<String, System.Logger> route, boolean replace) {
		Objects.requireNonNull(route, "route");
		if (replace || backend == DEFAULT) {
			backend = route;
		}
	}

	/** Back to {@link System#getLogger}; for tests. */
	public static synchronized void resetRoute() {
		backend = DEFAULT;
	}

	/** Resolves its delegate at each call, keeping the last one while the route is unchanged. */
	private static final class Routed implements System.Logger {

		private final String name;

		private volatile Delegate delegate;

		Routed(String name) {
			this.name = name;
		}

		private System.Logger current() {
			Function<String, System.Logger> route = backend;
			Delegate known = this.delegate;
			if (known == null || known.route != route) {
				known = new Delegate(route, route.apply(this.name));
				this.delegate = known;
			}
			return known.logger;
		}

		@Override
		public String getName() {
			return this.name;
		}

		@Override
		public boolean isLoggable(Level level) {
			return current().isLoggable(level);
		}

		@Override
		public void log(Level level, ResourceBundle bundle, String message, Throwable thrown) {
			current().log(level, bundle, message, thrown);
		}

		@Override
		public void log(Level level, ResourceBundle bundle, String format, Object... params) {
			current().log(level, bundle, format, params);
		}

		@Override
		public void log(Level level, Supplier<String> messageSupplier) {
			current().log(level, messageSupplier);
		}

		@Override
		public void log(Level level, Supplier<String> messageSupplier, Throwable thrown) {
			current().log(level, messageSupplier, thrown);
		}

		private record Delegate(Function<String, System.Logger> route, System.Logger logger) {
		}
	}
}
