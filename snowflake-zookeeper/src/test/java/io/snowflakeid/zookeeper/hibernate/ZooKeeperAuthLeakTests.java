package io.snowflakeid.zookeeper.hibernate;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.List;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.snowflakeid.zookeeper.ZooKeeperLeaseStore;
import io.snowflakeid.zookeeper.ZooKeeperTesting;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code snowflake.zookeeper.auth} is documented as "a secret: never logged". These tests turn on the detailed logs an
 * operator turns on when diagnosing (Hibernate's factory settings, the ZooKeeper client) and look for the password in
 * every form (text, bytes, hex).
 */
class ZooKeeperAuthLeakTests {

	private static final String PASSWORD = "Pw-4f7Q9zXk";

	private static final String AUTH = "digest:leakcheck:" + PASSWORD;

	private static TestingServer server;

	@BeforeAll
	static void startServer() throws Exception {
		server = ZooKeeperTesting.server(-1);
	}

	@AfterAll
	static void stopServer() throws Exception {
		server.close();
	}

	/** The library's own client, with DEBUG on for ZooKeeper and Curator (connect, lease, close). */
	@Test
	void theZooKeeperAndCuratorDebugLogsDoNotShowThePassword() throws Exception {
		List<String> logged = capture(List.of("org.apache.zookeeper", "org.apache.curator", "io.snowflakeid"),
				Level.TRACE, () -> {
					try (ZooKeeperLeaseStore store = ZooKeeperLeaseStore.connect(server.getConnectString(),
							"/leak/client", java.time.Duration.ofSeconds(5), java.time.Duration.ofSeconds(5), AUTH)) {
						store.maxLeaseDuration();
						store.prepare(java.time.Duration.ofSeconds(5));
					}
					catch (Exception ex) {
						throw new IllegalStateException(ex);
					}
				});
		assertThat(logged).as("log events").isNotEmpty();
		assertNoSecret(logged);
	}

	private static void assertNoSecret(List<String> logged) {
		byte[] bytes = PASSWORD.getBytes(StandardCharsets.UTF_8);
		String bytesForm = Arrays.toString(bytes).replace("[", "").replace("]", "");
		String hex = HexFormat.of().formatHex(bytes);
		for (String line : logged) {
			assertThat(line).as("a log line").doesNotContain(PASSWORD).doesNotContain(bytesForm)
				.doesNotContainIgnoringCase(hex);
		}
	}

	private static List<String> capture(List<String> loggers, Level level, Runnable action) {
		LoggerContext context = (LoggerContext) LoggerFactory.getILoggerFactory();
		ListAppender<ILoggingEvent> appender = new ListAppender<>();
		appender.setContext(context);
		appender.start();
		Level[] previous = new Level[loggers.size()];
		for (int i = 0; i < loggers.size(); i++) {
			Logger logger = context.getLogger(loggers.get(i));
			previous[i] = logger.getLevel();
			logger.setLevel(level);
			logger.addAppender(appender);
		}
		try {
			action.run();
		}
		finally {
			for (int i = 0; i < loggers.size(); i++) {
				Logger logger = context.getLogger(loggers.get(i));
				logger.detachAppender(appender);
				logger.setLevel(previous[i]);
			}
		}
		return appender.list.stream().map((event) -> {
			StringBuilder text = new StringBuilder(event.getLoggerName()).append(": ").append(event.getFormattedMessage());
			for (var cause = event.getThrowableProxy(); cause != null; cause = cause.getCause()) {
				text.append(" / ").append(cause.getMessage());
			}
			return text.toString();
		}).toList();
	}
}
