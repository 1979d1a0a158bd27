package io.snowflakeid.spring.publicid;

import java.util.Map;

import org.junit.jupiter.api.Test;

import org.springframework.boot.actuate.autoconfigure.context.properties.ConfigurationPropertiesReportEndpointAutoConfiguration;
import org.springframework.boot.actuate.autoconfigure.env.EnvironmentEndpointAutoConfiguration;
import org.springframework.boot.actuate.context.properties.ConfigurationPropertiesReportEndpoint;
import org.springframework.boot.actuate.env.EnvironmentEndpoint;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.env.StandardEnvironment;
import org.springframework.core.env.SystemEnvironmentPropertySource;

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

	/**
	 * The README's pattern, {@code keys.1=${PUBLIC_ID_KEY_1}}: the env endpoint lists the environment variable under
	 * its own name, and any copy of the key under any name; the sanitizer masks them by value.
	 */
	@Test
	void theKeyIsMaskedByValueUnderAnyNameAlsoInTheSystemEnvironment() {
		String key = SnowflakePublicIdAutoConfigurationTests.KEY_1;
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class,
					EnvironmentEndpointAutoConfiguration.class))
			.withInitializer((context) -> context.getEnvironment()
				.getPropertySources()
				.replace(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
						new SystemEnvironmentPropertySource(StandardEnvironment.SYSTEM_ENVIRONMENT_PROPERTY_SOURCE_NAME,
								Map.of("PUBLIC_ID_KEY_1", key, "HOME", "/home/app"))))
			.withPropertyValues("snowflake.public-id.keys.1=${PUBLIC_ID_KEY_1}", "backup.copy=" + key,
					"management.endpoint.env.show-values=always", "management.endpoints.web.exposure.include=env")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				EnvironmentEndpoint env = context.getBean(EnvironmentEndpoint.class);
				assertThat(env.environmentEntry("PUBLIC_ID_KEY_1").getProperty().getValue()).isEqualTo("******");
				assertThat(env.environmentEntry("backup.copy").getProperty().getValue()).isEqualTo("******");
				assertThat(env.environmentEntry("HOME").getProperty().getValue()).isEqualTo("/home/app");
				env.environment(null).getPropertySources().forEach((source) -> source.getProperties()
					.forEach((name, value) -> assertThat(String.valueOf(value.getValue())).as(name).doesNotContain(key)));
			});
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
			// the other snowflake.public-id.* settings are bound by their rows' keys, into no properties bean
			assertThat(properties).containsOnlyKeys("keys");
			assertThat(properties.get("keys")).isEqualTo(Map.of("1", "******"));
		});
	}
}
