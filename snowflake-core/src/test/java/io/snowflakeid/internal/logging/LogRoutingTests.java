package io.snowflakeid.internal.logging;

import java.util.ArrayList;
import java.util.List;
import java.util.ListResourceBundle;
import java.util.ResourceBundle;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * How the library's log lines reach another logging API (the Spring Boot starter's route): only enabled levels
 * are written, {@code System.Logger}'s MessageFormat patterns are filled in (and left alone without parameters),
 * resource bundles are resolved, and the exception goes along.
 */
class LogRoutingTests {

	/** Records what it is asked to write; INFO and above are enabled. */
	private static final class Recording extends ForwardingSystemLogger {

		final List<String> written = new ArrayList<>();

		final List<Throwable> thrown = new ArrayList<>();

		Recording() {
			super("io.snowflakeid.test");
		}

		@Override
		public boolean isLoggable(Level level) {
			return level.getSeverity() >= Level.INFO.getSeverity();
		}

		@Override
		protected void write(Level level, String message, Throwable thrown) {
			this.written.add(level + " " + message);
			this.thrown.add(thrown);
		}
	}

	private static final ResourceBundle BUNDLE = new ListResourceBundle() {
		@Override
		protected Object[][] getContents() {
			return new Object[][] { { "leased", "Leased worker {0}" }, { "stopped", "Generator stopped" } };
		}
	};

	@Test
	void enabledLevelsAreWrittenWithTheirPatternsFilledIn() {
		Recording logger = new Recording();
		IllegalStateException failure = new IllegalStateException("test");
		logger.log(System.Logger.Level.DEBUG, "not written {0}", 1);
		logger.log(System.Logger.Level.DEBUG, "not written either", failure);
		logger.log(System.Logger.Level.INFO, "Leased worker {0} until {1}", 7, "12:00");
		logger.log(System.Logger.Level.WARNING, "Renewal failed", failure);
		logger.log(System.Logger.Level.WARNING, "it's {0}, kept as written without parameters");
		logger.log(System.Logger.Level.ERROR, (ResourceBundle) null, "it's kept", (Object[]) null);
		assertThat(logger.getName()).isEqualTo("io.snowflakeid.test");
		assertThat(logger.written).containsExactly("INFO Leased worker 7 until 12:00", "WARNING Renewal failed",
				"WARNING it's {0}, kept as written without parameters", "ERROR it's kept");
		assertThat(logger.thrown).containsExactly(null, failure, null, null);
	}

	@Test
	void messagesOfAResourceBundleAreLookedUpAndUnknownKeysWrittenAsTheyAre() {
		Recording logger = new Recording();
		logger.log(System.Logger.Level.INFO, BUNDLE, "leased", 3);
		logger.log(System.Logger.Level.INFO, BUNDLE, "stopped", (Throwable) null);
		logger.log(System.Logger.Level.INFO, BUNDLE, "not in the bundle", (Throwable) null);
		logger.log(System.Logger.Level.INFO, null, "no bundle", (Throwable) null);
		logger.log(System.Logger.Level.INFO, BUNDLE, null, (Throwable) null);
		assertThat(logger.written).containsExactly("INFO Leased worker 3", "INFO Generator stopped",
				"INFO not in the bundle", "INFO no bundle", "INFO null");
	}

	/**
	 * The library's loggers write through the route set last with replace, or the first set without it (the
	 * Hibernate binding yields to the starter's route); loggers created before the route follow it. Other loggers
	 * keep the JDK's route here, so that nothing else this JVM logs meanwhile is diverted.
	 */
	@Test
	void theLibrarysLoggersFollowTheRouteTheFirstBindingOrAReplacingOneSets() {
		String name = LogRoutingTests.class.getName();
		System.Logger logger = Logging.getLogger(LogRoutingTests.class);
		Recording starter = new Recording();
		Recording hibernate = new Recording();
		Recording replacing = new Recording();
		try {
			Logging.route((logger1) -> logger1.equals(name) ? starter : System.getLogger(logger1), false);
			Logging.route((logger1) -> logger1.equals(name) ? hibernate : System.getLogger(logger1), false);
			assertThat(logger.getName()).isEqualTo(name);
			assertThat(logger.isLoggable(System.Logger.Level.DEBUG)).isFalse();
			assertThat(logger.isLoggable(System.Logger.Level.INFO)).isTrue();
			IllegalStateException failure = new IllegalStateException("test");
			logger.log(System.Logger.Level.INFO, "Leased worker {0}", 5);
			logger.log(System.Logger.Level.WARNING, "Renewal failed", failure);
			logger.log(System.Logger.Level.INFO, () -> "supplied");
			logger.log(System.Logger.Level.ERROR, () -> "supplied with a failure", failure);
			assertThat(starter.written).containsExactly("INFO Leased worker 5", "WARNING Renewal failed",
					"INFO supplied", "ERROR supplied with a failure");
			assertThat(starter.thrown).containsExactly(null, failure, null, failure);
			assertThat(hibernate.written).as("a second route without replace is ignored").isEmpty();

			Logging.route((logger1) -> logger1.equals(name) ? replacing : System.getLogger(logger1), true);
			logger.log(System.Logger.Level.INFO, "after the replacement");
			assertThat(replacing.written).containsExactly("INFO after the replacement");
			assertThat(starter.written).hasSize(4);
		}
		finally {
			Logging.resetRoute();
		}
	}
}
