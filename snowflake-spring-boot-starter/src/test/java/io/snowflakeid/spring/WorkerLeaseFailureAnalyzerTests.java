package io.snowflakeid.spring;

import java.io.InputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import java.util.Enumeration;
import java.util.UUID;

import javax.sql.DataSource;

import io.snowflakeid.worker.WorkerLeaseException;
import io.snowflakeid.worker.WorkerLeaseException.Reason;
import org.h2.jdbcx.JdbcDataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.springframework.beans.factory.BeanCreationException;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

class WorkerLeaseFailureAnalyzerTests {

	/** Two workers in all: datacenter-bits 0, worker-bits 1. */
	private final ApplicationContextRunner twoWorkers = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class))
		.withPropertyValues("snowflake.layout.timestamp-bits=41", "snowflake.layout.datacenter-bits=0",
				"snowflake.layout.worker-bits=1", "snowflake.layout.sequence-bits=21", "snowflake.lease.duration=5s");

	@Test
	void allWorkersLeasedAtStartIsReportedWithTheMessageAndAdviceForThatCause() {
		JdbcDataSource dataSource = h2();
		ApplicationContextRunner runner = this.twoWorkers.withBean(DataSource.class, () -> dataSource);
		runner.run((first) -> runner.run((second) -> {
			assertThat(first).hasNotFailed();
			assertThat(second).hasNotFailed();
			runner.run((third) -> {
				assertThat(third).hasFailed();
				FailureAnalysis analysis = new WorkerLeaseFailureAnalyzer().analyze(third.getStartupFailure());
				assertThat(analysis).as("the analyzer finds the lease failure in the cause chain").isNotNull();
				WorkerLeaseException cause = (WorkerLeaseException) analysis.getCause();
				assertThat(cause.getReason()).isEqualTo(Reason.ALL_WORKERS_LEASED);
				assertThat(analysis.getDescription()).isEqualTo(cause.getMessage()).contains("snowflake_worker_lease");
				assertThat(analysis.getAction()).contains("stop instances", "expire", "snowflake.layout.worker-bits",
						"snowflake.datacenter-id and snowflake.worker-id");
			});
		}));
	}

	@Test
	void anUnreachableZooKeeperEnsembleIsReportedWithZooKeeperAdviceNotTheDataSources() throws Exception {
		int closedPort;
		try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
			closedPort = socket.getLocalPort();
		}
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class,
					io.snowflakeid.spring.zookeeper.SnowflakeZooKeeperAutoConfiguration.class))
			.withPropertyValues("snowflake.worker-assignment=zookeeper",
					"snowflake.zookeeper.connect-string=127.0.0.1:" + closedPort,
					"snowflake.zookeeper.connection-timeout=1s")
			.run((context) -> {
				assertThat(context).hasFailed();
				FailureAnalysis analysis = new WorkerLeaseFailureAnalyzer().analyze(context.getStartupFailure());
				assertThat(analysis).isNotNull();
				assertThat(((WorkerLeaseException) analysis.getCause()).getAssignment()).isEqualTo("zookeeper");
				assertThat(analysis.getAction()).contains("ZooKeeper ensemble", "snowflake.zookeeper.connect-string")
					.doesNotContain("spring.datasource", "lease table");
			});
	}

	@ParameterizedTest
	@EnumSource(Reason.class)
	void aCoordinationServiceFailureGetsAdviceForThatServiceNeverForTheDataSource(Reason reason) {
		for (String assignment : new String[] { "redis", "zookeeper" }) {
			WorkerLeaseException failure = new WorkerLeaseException(reason, assignment, "failed", null);
			String action = new WorkerLeaseFailureAnalyzer().analyze(new IllegalStateException(failure)).getAction();
			assertThat(action).as(assignment + " " + reason).doesNotContain("spring.datasource", "Flyway",
					"lease table", "snowflake.lease.table-name");
			if (reason == Reason.DATABASE_UNAVAILABLE || reason == Reason.UNSUPPORTED_CONFIGURATION) {
				assertThat(action).contains(assignment.equals("redis") ? "snowflake.redis.uri"
						: "snowflake.zookeeper.connect-string");
			}
		}
	}

	@Test
	void unreachableLeaseDatabaseIsReportedWithDatabaseAdvice() {
		DataSource down = (DataSource) Proxy.newProxyInstance(getClass().getClassLoader(),
				new Class<?>[] { DataSource.class }, (proxy, method, args) -> {
					return switch (method.getName()) {
						case "getConnection" -> throw new SQLException("Connection refused (simulated)");
						case "toString" -> "unreachable database";
						case "hashCode" -> System.identityHashCode(proxy);
						case "equals" -> proxy == args[0];
						default -> throw new UnsupportedOperationException(method.getName());
					};
				});
		this.twoWorkers.withBean(DataSource.class, () -> down).run((context) -> {
			FailureAnalysis analysis = new WorkerLeaseFailureAnalyzer().analyze(context.getStartupFailure());
			assertThat(analysis).isNotNull();
			assertThat(((WorkerLeaseException) analysis.getCause()).getReason())
				.isEqualTo(Reason.DATABASE_UNAVAILABLE);
			assertThat(analysis.getDescription()).contains("Connection refused (simulated)");
			assertThat(analysis.getAction()).contains("spring.datasource.url", "snowflake.lease.table-name",
					"snowflake.lease.create-table");
		});
	}

	/**
	 * Advice that offers static ids says they go with worker-assignment=static (or auto): the failing lease was often
	 * asked for by name (database-lease, redis, zookeeper), and a worker id beside it alone is refused at start.
	 */
	@ParameterizedTest
	@EnumSource(Reason.class)
	void staticIdsAreOfferedWithTheAssignmentTheyNeed(Reason reason) {
		for (String assignment : new String[] { null, "redis", "zookeeper" }) {
			WorkerLeaseException cause = (assignment != null) ? new WorkerLeaseException(reason, assignment, "failed", null)
					: new WorkerLeaseException(reason, "failed");
			String action = new WorkerLeaseFailureAnalyzer().analyze(new IllegalStateException(cause)).getAction();
			if (action != null && action.contains("snowflake.worker-id")) {
				assertThat(action).as(assignment + " " + reason).contains("snowflake.worker-assignment=static");
			}
		}
	}

	@ParameterizedTest
	@EnumSource(Reason.class)
	void everyReasonGetsAdviceOfItsOwn(Reason reason) {
		WorkerLeaseException cause = new WorkerLeaseException(reason, "the message of " + reason);
		FailureAnalysis analysis = new WorkerLeaseFailureAnalyzer()
			.analyze(new BeanCreationException("snowflakeManagedGenerator", "failed", cause));
		assertThat(analysis.getDescription()).isEqualTo("the message of " + reason);
		assertThat(analysis.getCause()).isSameAs(cause);
		for (Reason other : Reason.values()) {
			if (other != reason) {
				assertThat(analysis.getAction()).as("%s advice differs from %s advice", reason, other)
					.isNotEqualTo(WorkerLeaseFailureAnalyzer.action(other));
			}
		}
		String expected = switch (reason) {
			case ALL_WORKERS_LEASED -> "snowflake.layout.worker-bits";
			case CLOCK_BEHIND -> "NTP";
			case DATABASE_UNAVAILABLE -> "snowflake.lease.create-table";
			case UNSUPPORTED_CONFIGURATION -> "snowflake.worker-assignment";
			case CONTENTION -> "start the application again";
		};
		assertThat(analysis.getAction()).contains(expected);
	}

	@Test
	void clockBehindAdviceExplainsTheHighWaterMarkAndThatFreeWorkersWereTried() {
		assertThat(WorkerLeaseFailureAnalyzer.action(Reason.CLOCK_BEHIND)).contains("high-water mark",
				"ahead of this host's clock", "were tried", "clock skew between hosts");
	}

	@Test
	void isRegisteredForSpringBoot() throws Exception {
		assertThat(springFactories()).contains(WorkerLeaseFailureAnalyzer.class.getName(),
				AmbiguousDataSourceFailureAnalyzer.class.getName());
	}

	static String springFactories() throws Exception {
		Enumeration<java.net.URL> factories = WorkerLeaseFailureAnalyzerTests.class.getClassLoader()
			.getResources("META-INF/spring.factories");
		StringBuilder all = new StringBuilder();
		while (factories.hasMoreElements()) {
			try (InputStream in = factories.nextElement().openStream()) {
				all.append(new String(in.readAllBytes(), StandardCharsets.UTF_8));
			}
		}
		return all.toString();
	}

	private static JdbcDataSource h2() {
		JdbcDataSource dataSource = new JdbcDataSource();
		dataSource.setURL("jdbc:h2:mem:lease-failure-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1");
		return dataSource;
	}
}
