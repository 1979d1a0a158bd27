package io.snowflakeid.spring.publicid;

import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.core.io.support.SpringFactoriesLoader;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The README's key pattern with the variable missing where the application runs: the start fails saying which
 * variable is not set, with the public id action (not the datacenter/worker one), through Spring Boot's real
 * binding and failure analyzers.
 */
class PublicIdKeyPlaceholderTests {

	/**
	 * The starter's analyzer (package-private in io.snowflakeid.spring) as spring.factories registers it: the
	 * instance Spring's loader makes, as Spring Boot does at a failed start.
	 */
	private static FailureAnalyzer registeredAnalyzer() {
		String name = "io.snowflakeid.spring.SnowflakeConfigurationFailureAnalyzer";
		return SpringFactoriesLoader.forDefaultResourceLocation(PublicIdKeyPlaceholderTests.class.getClassLoader())
			.load(FailureAnalyzer.class, SpringFactoriesLoader.ArgumentResolver.none(),
					SpringFactoriesLoader.FailureHandler.logging(org.apache.commons.logging.LogFactory.getLog(
							PublicIdKeyPlaceholderTests.class)))
			.stream()
			.filter((analyzer) -> analyzer.getClass().getName().equals(name))
			.findFirst()
			.orElseThrow(() -> new AssertionError(name + " is not registered in spring.factories"));
	}

	@Test
	void anUnsetKeyVariableIsNamedAtStart() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class))
			.withPropertyValues("snowflake.public-id.keys.1=${SNOWFLAKE_TEST_UNSET_PUBLIC_ID_KEY}")
			.run((context) -> {
				assertThat(context).hasFailed();
				Throwable failure = context.getStartupFailure();
				assertThat(failure).rootCause()
					.hasMessageContaining("${SNOWFLAKE_TEST_UNSET_PUBLIC_ID_KEY} (unresolved)")
					.hasMessageContaining("SNOWFLAKE_TEST_UNSET_PUBLIC_ID_KEY is not set")
					.hasMessageNotContaining("not base64");
				FailureAnalysis analysis = registeredAnalyzer().analyze(failure);
				assertThat(analysis.getAction()).contains("openssl rand -base64 32").doesNotContain("worker-id");
			});
	}
}
