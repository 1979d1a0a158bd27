package io.snowflakeid.spring;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.internal.keys.SnowflakeSettings;
import io.snowflakeid.publicid.PublicIdCodec;

import org.springframework.boot.diagnostics.AbstractFailureAnalyzer;
import org.springframework.boot.diagnostics.FailureAnalysis;

/** Turns an invalid {@code snowflake.*} setting into Spring Boot's usual description and action. */
class SnowflakeConfigurationFailureAnalyzer extends AbstractFailureAnalyzer<SnowflakeConfigurationException> {

	@Override
	protected FailureAnalysis analyze(Throwable rootFailure, SnowflakeConfigurationException cause) {
		if (cause.getSetting().startsWith(PublicIdCodec.PREFIX)) {
			return publicIds(cause);
		}
		String description = "Snowflake ids cannot be issued safely with this configuration:\n\n    "
				+ cause.getMessage();
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

	/** Public id keys: nothing to do with the datacenter/worker pair; the message never holds a key. */
	private static FailureAnalysis publicIds(SnowflakeConfigurationException cause) {
		String description = "Public ids cannot be encoded with this configuration:\n\n    " + cause.getMessage();
		if (isUnknownName(cause)) {
			return new FailureAnalysis(description, "Correct the name " + cause.getSetting() + " to "
					+ cause.getAllowed().substring(MISSPELT_NAME.length()) + ", or remove it.", cause);
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
