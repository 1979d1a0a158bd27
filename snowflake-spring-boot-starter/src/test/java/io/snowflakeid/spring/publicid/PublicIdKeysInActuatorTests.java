package io.snowflakeid.spring.publicid;

import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.autoconfigure.context.properties.ConfigurationPropertiesReportEndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.env.EnvironmentEndpointAutoConfiguration;
import org.springframework.boot.actuate.context.properties.ConfigurationPropertiesReportEndpoint;
import org.springframework.boot.actuate.env.EnvironmentEndpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Spring Boot masks every value of the {@code configprops} and {@code env} endpoints only while
 * {@code show-values} is {@code never} (its default); set to {@code always} or {@code when-authorized} to debug
 * other properties, the public id keys must stay hidden.
 */
class PublicIdKeysInActuatorTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class,
				ConfigurationPropertiesReportEndpointAutoConfiguration.class, EnvironmentEndpointAutoConfiguration.class))
		.withPropertyValues("snowflake.public-id.keys.1=" + SnowflakePublicIdAutoConfigurationTests.KEY_1,
				"management.endpoint.configprops.show-values=always", "management.endpoint.env.show-values=always",
				"management.endpoints.web.exposure.include=env,configprops");

	@Test
	void theKeysAreMaskedInTheEnvEndpointEvenWhenValuesAreShown() {
		this.contextRunner.run((context) -> {
			EnvironmentEndpoint env = context.getBean(EnvironmentEndpoint.class);
			Object shown = env.environmentEntry("snowflake.public-id.keys.1").getProperty().getValue();
			assertThat(shown).isEqualTo("******");
			assertThat(env.environmentEntry("management.endpoint.env.show-values").getProperty().getValue())
				.isEqualTo("always");
		});
		// The names the env endpoint shows for environment variables and bracketed versions too.
		assertThat(SnowflakePublicIdAutoConfiguration.KeysSanitizingConfiguration.isKey("SNOWFLAKE_PUBLICID_KEYS_1")).isTrue();
		assertThat(SnowflakePublicIdAutoConfiguration.KeysSanitizingConfiguration.isKey("snowflake.public-id.keys[A]")).isTrue();
		assertThat(SnowflakePublicIdAutoConfiguration.KeysSanitizingConfiguration.isKey("snowflake.public-id.alphabet")).isFalse();
	}

	@Test
	void theKeysAreMaskedInTheConfigpropsEndpointEvenWhenValuesAreShown() {
		this.contextRunner.run((context) -> {
			ConfigurationPropertiesReportEndpoint endpoint = context.getBean(ConfigurationPropertiesReportEndpoint.class);
			Map<String, Object> properties = endpoint.configurationPropertiesWithPrefix("snowflake.public-id")
				.getContexts()
				.values()
				.iterator()
				.next()
				.getBeans()
				.values()
				.iterator()
				.next()
				.getProperties();
			assertThat(properties.get("keys")).isEqualTo(Map.of("1", "******"));
			assertThat(properties.get("alphabet")).isEqualTo("BASE62");
		});
	}
}
