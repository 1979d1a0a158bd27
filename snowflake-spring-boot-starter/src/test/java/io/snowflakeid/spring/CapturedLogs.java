package io.snowflakeid.spring;

import java.util.ArrayList;
import java.util.List;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.AppenderBase;
import org.slf4j.LoggerFactory;

/**
 * The records the library logs, captured where an application's own logging receives them: the starter routes the
 * library's lines to commons-logging, which Spring Boot sends to Logback (the test class path's backend). Start it
 * after a {@code SpringApplication} has started (its logging system reconfigures Logback, dropping the appender);
 * {@code ApplicationContextRunner} does not reconfigure logging.
 */
public final class CapturedLogs implements AutoCloseable {

	private final Logger logger = (Logger) LoggerFactory.getLogger("io.snowflakeid");

	private final Level level = this.logger.getLevel();

	private final List<String> messages = new ArrayList<>();

	private final AppenderBase<ILoggingEvent> appender = new AppenderBase<>() {

		@Override
		protected void append(ILoggingEvent event) {
			synchronized (CapturedLogs.this.messages) {
				CapturedLogs.this.messages.add(julLevel(event.getLevel()) + " " + event.getFormattedMessage());
			}
		}
	};

	private CapturedLogs() {
		this.logger.setLevel(Level.ALL);
		this.appender.setContext(this.logger.getLoggerContext());
		this.appender.start();
		this.logger.addAppender(this.appender);
	}

	public static CapturedLogs start() {
		return new CapturedLogs();
	}

	/** Every message so far, one per line, each after its level (java.util.logging's names, as the tests expect). */
	public String text() {
		synchronized (this.messages) {
			return String.join("\n", this.messages);
		}
	}

	private static String julLevel(Level level) {
		return switch (level.toInt()) {
			case Level.ERROR_INT -> "SEVERE";
			case Level.WARN_INT -> "WARNING";
			case Level.INFO_INT -> "INFO";
			case Level.DEBUG_INT -> "FINE";
			default -> "FINER";
		};
	}

	@Override
	public void close() {
		this.logger.detachAppender(this.appender);
		this.appender.stop();
		this.logger.setLevel(this.level);
	}
}
