package io.snowflakeid.testing;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Formatter;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.logging.SimpleFormatter;

/**
 * The java.util.logging records of one logger while a test runs: what operators would see of the library's log
 * lines (it writes through {@code System.Logger}, which is java.util.logging unless a binding routes it elsewhere).
 * For tests that check a warning, an error or a figure in a log line. Use it in try-with-resources:
 * <pre>{@code
 * try (LogCapture log = LogCapture.of(WorkerLease.class)) {
 *     ...
 *     assertThat(log.has(Level.SEVERE, "Lost the lease")).isTrue();
 * }
 * }</pre>
 * It adds a handler to the logger and, if the logger would drop records below {@code level}, lowers the logger's
 * level to it (records below {@code level} are not captured either way). {@link #close()} removes the handler and
 * puts the logger's level and {@code useParentHandlers} back as they were: nothing it did outlives the test. The
 * records still reach the parent handlers (the console), as without it.
 * <p>
 * Thread-safe: leases and segment fetches log from their own threads; the records are kept in the order they were
 * published and can be read while more arrive.
 */
public final class LogCapture extends Handler implements AutoCloseable {

	/** Fills in a record's MessageFormat parameters the way java.util.logging's own formatters do. */
	private static final Formatter MESSAGES = new SimpleFormatter();

	private final Logger logger;

	private final Level previousLevel;

	private final boolean previousUseParentHandlers;

	private final List<LogRecord> records = new CopyOnWriteArrayList<>();

	private LogCapture(Logger logger, Level level) {
		this.logger = logger;
		this.previousLevel = logger.getLevel();
		this.previousUseParentHandlers = logger.getUseParentHandlers();
		setLevel(level);
		if (!logger.isLoggable(level)) {
			logger.setLevel(level);
		}
		logger.addHandler(this);
	}

	/** The records of {@code type}'s logger (the library names its loggers after their classes), INFO and above. */
	public static LogCapture of(Class<?> type) {
		return of(type.getName(), Level.INFO);
	}

	/** The records of {@code type}'s logger at {@code level} and above. */
	public static LogCapture of(Class<?> type, Level level) {
		return of(type.getName(), level);
	}

	/** The records of the logger named {@code loggerName} at {@code level} and above. */
	public static LogCapture of(String loggerName, Level level) {
		return new LogCapture(Logger.getLogger(loggerName), level);
	}

	/** Every record captured so far, in order (a snapshot). */
	public List<LogRecord> records() {
		return List.copyOf(this.records);
	}

	/** The records captured so far at exactly {@code level}, in order. */
	public List<LogRecord> records(Level level) {
		return this.records.stream().filter((record) -> record.getLevel() == level).toList();
	}

	/** The messages captured so far, parameters filled in, in order. */
	public List<String> messages() {
		return this.records.stream().map(LogCapture::message).toList();
	}

	/** The messages captured so far at exactly {@code level}, parameters filled in, in order. */
	public List<String> messages(Level level) {
		return records(level).stream().map(LogCapture::message).toList();
	}

	/** The first record at exactly {@code level} whose message (parameters filled in) contains {@code text}. */
	public Optional<LogRecord> find(Level level, String text) {
		return this.records.stream()
			.filter((record) -> record.getLevel() == level && message(record).contains(text))
			.findFirst();
	}

	/** Whether a record at exactly {@code level} has a message (parameters filled in) that contains {@code text}. */
	public boolean has(Level level, String text) {
		return find(level, text).isPresent();
	}

	/**
	 * {@code record}'s message as a log line shows it: its MessageFormat parameters filled in; a message without
	 * parameters as it is.
	 */
	public static String message(LogRecord record) {
		return String.valueOf(MESSAGES.formatMessage(record));
	}

	@Override
	public void publish(LogRecord record) {
		if (isLoggable(record)) {
			this.records.add(record);
		}
	}

	@Override
	public void flush() {
	}

	/** Stops capturing and puts the logger back as it was (the records captured stay readable). */
	@Override
	public void close() {
		this.logger.removeHandler(this);
		this.logger.setLevel(this.previousLevel);
		this.logger.setUseParentHandlers(this.previousUseParentHandlers);
	}
}
