package io.snowflakeid.spring.zookeeper;

import java.util.ArrayList;
import java.util.List;

import io.snowflakeid.spring.SnowflakeAutoConfiguration;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.springframework.boot.actuate.autoconfigure.env.EnvironmentEndpointAutoConfiguration;
import org.springframework.boot.actuate.env.EnvironmentEndpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * README: {@code snowflake.zookeeper.auth} is "masked in the env and configprops endpoints whatever show-values
 * says". Spring's documented ways to pass properties include {@code SPRING_APPLICATION_JSON} /
 * {@code spring.application.json} (Kubernetes, Cloud Foundry): the env endpoint then shows that JSON, secret and all,
 * under its own name, which the sanitizer does not look into.
 */
class SnowflakeZooKeeperAuthEnvLeakTests {

	private static TestingServer server;

	@BeforeAll
	static void startServer() throws Exception {
		server = new TestingServer();
	}

	@AfterAll
	static void stopServer() throws Exception {
		server.close();
	}

	@Test
	void theAuthGivenInSpringApplicationJsonIsNotShownByTheEnvEndpoint() {
		String json = "{\"snowflake\":{\"zookeeper\":{\"auth\":\"digest:spring:J50n-s3cret\"}}}";
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class,
					SnowflakeZooKeeperAutoConfiguration.class, EnvironmentEndpointAutoConfiguration.class))
			.withSystemProperties("spring.application.json=" + json)
			.withPropertyValues("snowflake.worker-assignment=zookeeper", "snowflake.zookeeper.path=/spring-json/leases",
					"snowflake.zookeeper.connect-string=" + server.getConnectString(),
					"snowflake.zookeeper.auth=digest:spring:J50n-s3cret",
					"management.endpoint.env.show-values=always", "management.endpoints.web.exposure.include=env")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				List<String> shown = new ArrayList<>();
				context.getBean(EnvironmentEndpoint.class).environment(null).getPropertySources()
					.forEach((source) -> source.getProperties().forEach((name, value) ->
							shown.add(source.getName() + " " + name + "=" + value.getValue())));
				assertThat(shown).isNotEmpty().noneMatch((line) -> line.contains("J50n-s3cret"));
			});
	}
}
