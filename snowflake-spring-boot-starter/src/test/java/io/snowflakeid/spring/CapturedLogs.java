package io.snowflakeid.spring;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The records the library logs through {@link System.Logger} (which reaches {@code java.util.logging} in tests, and
 * the application's logging system through Spring Boot's JUL bridge in applications), captured at the source:
 * output capture cannot see them once JUL's console handler holds the original {@code System.err}.
 */
final class CapturedLogs implements AutoCloseable {

	private final Logger logger = Logger.getLogger("io.snowflakeid");

	private final Level level = this.logger.getLevel();

	private final List<String> messages = new ArrayList<>();

	private final Handler handler = new Handler() {

		@Override
		public void publish(LogRecord record) {
			synchronized (CapturedLogs.this.messages) {
				CapturedLogs.this.messages.add(record.getLevel() + " " + record.getMessage());
			}
		}

		@Override
		public void flush() {
		}

		@Override
		public void close() {
		}
	};

	private CapturedLogs() {
		this.logger.setLevel(Level.ALL);
		this.logger.addHandler(this.handler);
	}

	static CapturedLogs start() {
		return new CapturedLogs();
	}

	/** Every message so far, one per line, each after its level. */
	String text() {
		synchronized (this.messages) {
			return String.join("\n", this.messages);
		}
	}

	@Override
	public void close() {
		this.logger.removeHandler(this.handler);
		this.logger.setLevel(this.level);
	}
}
