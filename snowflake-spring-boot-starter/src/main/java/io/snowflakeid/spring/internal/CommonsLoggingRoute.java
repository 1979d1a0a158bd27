package io.snowflakeid.spring.internal;

import io.snowflakeid.internal.logging.ForwardingSystemLogger;
import io.snowflakeid.internal.logging.Logging;
import org.apache.commons.logging.Log;
import org.apache.commons.logging.LogFactory;

/**
 * Routes the library's log lines to Spring's commons-logging, which writes to the application's logging system
 * (Logback, Log4j 2) directly. Through java.util.logging they would depend on Spring Boot's JUL bridge, which is
 * removed when the context closes: the "Released snowflake worker" line, written after that, was lost.
 */
public final class CommonsLoggingRoute {

	private CommonsLoggingRoute() {
	}

	/** Installs the route for the whole JVM (logging is JVM-wide; every context would install the same). */
	public static void install() {
		Logging.route((name) -> new CommonsLogger(name, LogFactory.getLog(name)), true);
	}

	private static final class CommonsLogger extends ForwardingSystemLogger {

		private final Log log;

		CommonsLogger(String name, Log log) {
			super(name);
			this.log = log;
		}

		@Override
		public boolean isLoggable(Level level) {
			return switch (level) {
				case ALL, TRACE -> this.log.isTraceEnabled();
				case DEBUG -> this.log.isDebugEnabled();
				case INFO -> this.log.isInfoEnabled();
				case WARNING -> this.log.isWarnEnabled();
				case ERROR -> this.log.isErrorEnabled();
				case OFF -> false;
			};
		}

		@Override
		protected void write(Level level, String message, Throwable thrown) {
			switch (level) {
				case ALL, TRACE -> this.log.trace(message, thrown);
				case DEBUG -> this.log.debug(message, thrown);
				case INFO -> this.log.info(message, thrown);
				case WARNING -> this.log.warn(message, thrown);
				case ERROR -> this.log.error(message, thrown);
				case OFF -> {
				}
			}
		}
	}
}
