package io.snowflakeid.spring;

import io.snowflakeid.SnowflakeConfigurationException;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Turns an invalid {@code snowflake.*} setting into Spring Boot's usual description and action. */
class SnowflakeConfigurationFailureAnalyzer extends AbstractFailureAnalyzer<SnowflakeConfigurationException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, SnowflakeConfigurationException cause) {
		String description = "Snowflake ids cannot be issued safely with this configuration:\n\n    "
				+ cause.getMessage();
		String action = "Set " + cause.getSetting() + " to " + cause.getAllowed()
				+ " (in application.properties, an environment variable such as "
				+ environmentVariable(cause.getSetting()) + ", or a command-line argument). Each running instance "
				+ "needs its own datacenter-id/worker-id pair.";
		return new FailureAnalysis(description, action, cause);
	}

	private static String environmentVariable(String property) {
		return property.replace('.', '_').replace("-", "").toUpperCase(java.util.Locale.ROOT);
	}
}
