package io.snowflakeid.hibernate.internal.registry;

import io.snowflakeid.internal.logging.ForwardingSystemLogger;
import io.snowflakeid.internal.logging.Logging;
import org.jboss.logging.Logger;

/**
 * Routes the library's log lines to JBoss Logging, Hibernate's own, which writes to the application's backend
 * (Log4j 2, Logback through SLF4J) directly: through java.util.logging the release written in a shutdown hook could
 * be lost, as the JDK resets JUL's handlers in a shutdown hook of its own. Yields to a route already set (the Spring
 * Boot starter's).
 */
final class JBossLoggingRoute {

	private JBossLoggingRoute() {
	}

	static void installUnlessRouted() {
		Logging.route((name) -> new JBossLogger(name, Logger.getLogger(name)), false);
	}

	private static final class JBossLogger extends ForwardingSystemLogger {

		private final Logger logger;

		JBossLogger(String name, Logger logger) {
			super(name);
			this.logger = logger;
		}

		@Override
		public boolean isLoggable(Level level) {
			return level != Level.OFF && this.logger.isEnabled(jboss(level));
		}

		@Override
		protected void write(Level level, String message, Throwable thrown) {
			this.logger.log(jboss(level), message, thrown);
		}

		private static Logger.Level jboss(Level level) {
			return switch (level) {
				case ALL, TRACE -> Logger.Level.TRACE;
				case DEBUG -> Logger.Level.DEBUG;
				case INFO -> Logger.Level.INFO;
				case WARNING -> Logger.Level.WARN;
				case ERROR, OFF -> Logger.Level.ERROR;
			};
		}
	}
}
