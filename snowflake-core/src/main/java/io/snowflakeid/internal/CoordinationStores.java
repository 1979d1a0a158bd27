package io.snowflakeid.internal;

import java.util.Map;
import java.util.ServiceLoader;

import io.snowflakeid.internal.keys.SnowflakeSettings;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.spi.LeaseStoreProvider;
import io.snowflakeid.internal.config.WorkerAssignment;
import io.snowflakeid.worker.WorkerLeaseException;

/** The lease store of a coordination service, found through {@link LeaseStoreProvider}s on the class path. */
public final class CoordinationStores {

	private CoordinationStores() {
	}

	/**
	 * The store {@code assignment} names, made from {@code settings}.
	 * @throws WorkerLeaseException naming the module to add if no provider for it is on the class path
	 */
	public static LeaseStore fromSettings(WorkerAssignment assignment, Map<String, ?> settings) {
		for (LeaseStoreProvider provider : ServiceLoader.load(LeaseStoreProvider.class,
				CoordinationStores.class.getClassLoader())) {
			if (assignment.value().equals(provider.assignment())) {
				return provider.create(settings);
			}
		}
		throw missingModule(assignment);
	}

	/** The failure when {@code assignment} is configured and its module is not on the class path. */
	public static WorkerLeaseException missingModule(WorkerAssignment assignment) {
		String module = "snowflake-" + assignment.value();
		return new WorkerLeaseException(WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION, assignment.value(),
				SnowflakeSettings.WORKER_ASSIGNMENT + "=" + assignment.value() + " needs the module io.snowflakeid:"
						+ module + " on the class path (with its client library); it is not there. Add the "
						+ "dependency, or choose another " + SnowflakeSettings.WORKER_ASSIGNMENT, null);
	}
}
