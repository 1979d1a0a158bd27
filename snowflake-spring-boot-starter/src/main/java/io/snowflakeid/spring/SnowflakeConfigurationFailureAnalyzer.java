package io.snowflakeid.spring;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.internal.keys.SnowflakeSettings;
import io.snowflakeid.publicid.PublicIdCodec;

import org.springframework.boot.context.properties.source.ConfigurationProperty;
import org.springframework.boot.context.properties.source.ConfigurationPropertyName;
import org.springframework.boot.context.properties.source.ConfigurationPropertySource;
import org.springframework.boot.context.properties.source.ConfigurationPropertySources;
import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.origin.Origin;
import org.springframework.core.env.Environment;

/**
 * Turns an invalid {@code snowflake.*} setting into Spring Boot's usual description and action, saying where the
 * value was set (the file and line, the environment variable) when the environment knows it.
 */
class SnowflakeConfigurationFailureAnalyzer extends AbstractFailureAnalyzer<SnowflakeConfigurationException> {

	private final Environment environment;

	/** @param environment the failed application's (Spring Boot passes it), or null when there is none */
	SnowflakeConfigurationFailureAnalyzer(Environment environment) {
		this.environment = environment;
	}

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, SnowflakeConfigurationException cause) {
		if (cause.getSetting().startsWith(PublicIdCodec.PREFIX)) {
			return publicIds(cause, origin(cause));
		}
		String description = "Snowflake ids cannot be issued safely with this configuration:\n\n    "
				+ cause.getMessage() + origin(cause);
		if (isWorkerIdBesideAnAutomaticAssignment(cause)) {
			return new FailureAnalysis(description, "Remove " + cause.getSetting() + " where "
					+ SnowflakeSettings.WORKER_ASSIGNMENT + " is set to an automatic assignment (also from the "
					+ "environment: " + environmentVariable(cause.getSetting()) + " or SNOWFLAKE_WORKER_ID; an empty "
					+ cause.getSetting() + "= in the profile that sets the assignment unsets a shared one), or set "
					+ SnowflakeSettings.WORKER_ASSIGNMENT + "=static to keep static ids, one per running instance.",
					cause);
		}
		if (isUnknownName(cause)) {
			return new FailureAnalysis(description, "Correct the name " + cause.getSetting() + " to "
					+ cause.getAllowed().substring(MISSPELT_NAME.length()) + ", or remove it.", cause);
		}
		if (Settings.SET_TWICE.equals(cause.getAllowed())) {
			return new FailureAnalysis(description, "Remove one of the two properties named above (or give both the "
					+ "same value), in every service that shares this configuration.", cause);
		}
		String action = "Set " + cause.getSetting() + " to " + cause.getAllowed()
				+ " (in application.properties, an environment variable such as "
				+ environmentVariable(cause.getSetting()) + ", or a command-line argument)."
				+ (isNodeId(cause) ? " Each running instance needs its own datacenter-id/worker-id pair." : "");
		return new FailureAnalysis(description, action, cause);
	}

	/** What the refusal of a misspelt name allows ({@code Settings.misspeltName}): the key it misspells. */
	private static final String MISSPELT_NAME = "the key ";

	/** A name that misspells a lease or segment setting's: it is to be corrected, not set. */
	private static boolean isUnknownName(SnowflakeConfigurationException cause) {
		return cause.getAllowed() != null && cause.getAllowed().startsWith(MISSPELT_NAME);
	}

	/** The datacenter or worker id: only there is the reminder that each instance needs its own pair in place. */
	private static boolean isNodeId(SnowflakeConfigurationException cause) {
		return cause.getSetting().equals(SnowflakeSettings.DATACENTER_ID)
				|| cause.getSetting().equals(SnowflakeSettings.WORKER_ID);
	}

	/** The refusal of a worker id beside database-lease, zookeeper, redis, hostname-ordinal or ip-address. */
	private static boolean isWorkerIdBesideAnAutomaticAssignment(SnowflakeConfigurationException cause) {
		return cause.getSetting().equals(SnowflakeSettings.WORKER_ID)
				&& cause.getAllowed().startsWith("only with " + SnowflakeSettings.WORKER_ASSIGNMENT + "=");
	}

	/**
	 * Where the refused setting's value came from, as the first property source holding it says (the one Spring binds
	 * it from): a file and line, an environment variable, a command-line argument. Empty where no source holds the
	 * setting under its key (a value given in code, a misspelt name, whose refusal says where it is) or none says.
	 */
	private String origin(SnowflakeConfigurationException cause) {
		ConfigurationPropertyName name = ConfigurationPropertyName.ofIfValid(cause.getSetting());
		if (this.environment == null || name == null || isUnknownName(cause)
				|| Settings.SET_TWICE.equals(cause.getAllowed())) {
			return "";
		}
		try {
			for (ConfigurationPropertySource source : ConfigurationPropertySources.get(this.environment)) {
				ConfigurationProperty property = source.getConfigurationProperty(name);
				if (property != null) {
					Origin origin = property.getOrigin();
					return (origin != null) ? "\n\n    Set in " + origin : "";
				}
			}
		}
		catch (RuntimeException ex) {
			// a property source that fails when asked (a remote one): the report stays, without where
		}
		return "";
	}

	/** Public id keys: nothing to do with the datacenter/worker pair; the message never holds a key. */
	private static FailureAnalysis publicIds(SnowflakeConfigurationException cause, String origin) {
		String description = "Public ids cannot be encoded with this configuration:\n\n    " + cause.getMessage()
				+ origin;
		if (isUnknownName(cause)) {
			return new FailureAnalysis(description, "Correct the name " + cause.getSetting() + " to "
					+ cause.getAllowed().substring(MISSPELT_NAME.length()) + ", or remove it.", cause);
		}
		if (Settings.SET_TWICE.equals(cause.getAllowed())) {
			return new FailureAnalysis(description, "Remove one of the two properties named above (or give both the "
					+ "same value), in every service that shares this configuration.", cause);
		}
		String action = "Set " + cause.getSetting() + " to " + cause.getAllowed() + " (an environment variable such as "
				+ environmentVariable(cause.getSetting()) + ", or a secret store: never in the repository). A new key: "
				+ "openssl rand -base64 32. If the property reads ${SOME_VARIABLE}, that variable must be set where the "
				+ "application runs.";
		return new FailureAnalysis(description, action, cause);
	}

	private static String environmentVariable(String property) {
		return property.replace('.', '_').replace("-", "").toUpperCase(java.util.Locale.ROOT);
	}
}
