package io.snowflakeid.spring.zookeeper;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.spring.SnowflakeAutoConfiguration;
import io.snowflakeid.worker.WorkerLease;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.curator.test.TestingServer;
import org.apache.zookeeper.KeeperException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.autoconfigure.context.properties.ConfigurationPropertiesReportEndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.env.EnvironmentEndpointAutoConfiguration;
import org.springframework.boot.actuate.context.properties.ConfigurationPropertiesReportEndpoint;
import org.springframework.boot.actuate.env.EnvironmentEndpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@code snowflake.zookeeper.auth} on a real ZooKeeper server: the client the starter opens authenticates and
 * protects the lease nodes; the value is a secret, masked in the env and configprops endpoints even with
 * {@code show-values=always}, and never shown in the error for a bad value.
 */
class SnowflakeZooKeeperAuthTests {

	private static TestingServer server;

	private static int paths;

	@BeforeAll
	static void startServer() throws Exception {
		server = new TestingServer();
	}

	@AfterAll
	static void stopServer() throws Exception {
		server.close();
	}

	private ApplicationContextRunner runner(String auth) {
		return new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class,
					SnowflakeZooKeeperAutoConfiguration.class,
					ConfigurationPropertiesReportEndpointAutoConfiguration.class,
					EnvironmentEndpointAutoConfiguration.class))
			.withPropertyValues("snowflake.worker-assignment=zookeeper",
					"snowflake.zookeeper.path=/spring-auth-" + (++paths) + "/leases",
					"snowflake.zookeeper.connect-string=" + server.getConnectString(),
					"snowflake.zookeeper.auth=" + auth, "management.endpoint.configprops.show-values=always",
					"management.endpoint.env.show-values=always",
					"management.endpoints.web.exposure.include=env,configprops");
	}

	@Test
	void theClientTheStarterOpensProtectsTheLeaseNodesFromOtherClients() {
		runner("digest:spring:s3cret").run((context) -> {
			WorkerLease lease = context.getBean(ManagedGenerator.class).lease();
			String node = context.getEnvironment().getProperty("snowflake.zookeeper.path") + "/"
					+ lease.datacenterId() + "-" + lease.workerId();
			try (CuratorFramework stranger = CuratorFrameworkFactory.newClient(server.getConnectString(),
					new RetryOneTime(100))) {
				stranger.start();
				assertThat(stranger.blockUntilConnected(10, TimeUnit.SECONDS)).isTrue();
				assertThatExceptionOfType(KeeperException.NoAuthException.class)
					.isThrownBy(() -> stranger.delete().forPath(node + "/holder"));
				assertThatExceptionOfType(KeeperException.NoAuthException.class)
					.isThrownBy(() -> stranger.setData().forPath(node, new byte[0]));
			}
		});
	}

	@Test
	void theAuthIsMaskedInTheEnvAndConfigpropsEndpointsEvenWhenValuesAreShown() {
		runner("digest:spring:s3cret").run((context) -> {
			EnvironmentEndpoint env = context.getBean(EnvironmentEndpoint.class);
			assertThat(env.environmentEntry("snowflake.zookeeper.auth").getProperty().getValue()).isEqualTo("******");
			// snowflake.zookeeper.* is bound row by row, into no properties bean: configprops has none of it to show
			List<Map<String, Object>> reported = new ArrayList<>();
			context.getBean(ConfigurationPropertiesReportEndpoint.class)
				.configurationProperties()
				.getContexts()
				.values()
				.forEach((each) -> each.getBeans().values().forEach((bean) -> reported.add(bean.getProperties())));
			assertThat(reported).isNotEmpty().allSatisfy((properties) -> assertThat(properties.toString())
				.doesNotContain("s3cret").doesNotContain("/spring-auth-"));
		});
		assertThat(SnowflakeZooKeeperAutoConfiguration.AuthSanitizingConfiguration.isAuth("SNOWFLAKE_ZOOKEEPER_AUTH"))
			.isTrue();
		assertThat(SnowflakeZooKeeperAutoConfiguration.AuthSanitizingConfiguration.isAuth("snowflake.zookeeper.path"))
			.isFalse();
	}

	@Test
	void theAuthWithTheApplicationsOwnCuratorClientFailsTheStartRatherThanBeingIgnored() {
		CuratorFramework application = CuratorFrameworkFactory.newClient(server.getConnectString(),
				new RetryOneTime(100));
		try {
			runner("digest:spring:s3cret")
				.withBean("applicationCurator", CuratorFramework.class, () -> application,
						(definition) -> definition.setDestroyMethodName(""))
				.run((context) -> {
					assertThat(context).hasFailed();
					assertThat(context.getStartupFailure()).hasStackTraceContaining("snowflake.zookeeper.auth")
						.hasStackTraceContaining("aclProvider");
					assertThat(context.getStartupFailure()).rootCause().hasMessageNotContaining("s3cret");
				});
		}
		finally {
			application.close();
		}
	}

	@Test
	void aBadAuthFailsTheStartNamingThePropertyWithoutShowingIt() {
		runner("sasl:spring:s3cret").run((context) -> {
			assertThat(context).hasFailed();
			Throwable failure = context.getStartupFailure();
			while (failure.getCause() != null && !(failure instanceof SnowflakeConfigurationException)) {
				failure = failure.getCause();
			}
			assertThat(failure).isInstanceOf(SnowflakeConfigurationException.class)
				.hasMessageContaining("snowflake.zookeeper.auth")
				.hasMessageContaining("digest:<user>:<password>")
				.hasMessageNotContaining("s3cret");
			assertThat(context.getStartupFailure()).hasStackTraceContaining("snowflake.zookeeper.auth");
		});
	}
}
