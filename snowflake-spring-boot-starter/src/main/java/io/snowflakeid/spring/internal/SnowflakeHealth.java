package io.snowflakeid.spring.internal;

import java.util.LinkedHashMap;
import java.util.Map;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.worker.WorkerLease;

/**
 * The state the {@code snowflake} health indicator reports: UP with layout, datacenter, worker and lease; DOWN
 * when the worker lease is not held or the clock is behind the last issued id by more than the tolerance.
 *
 * @param up whether ids can be issued
 * @param details what the health endpoint shows
 */
record SnowflakeHealth(boolean up, Map<String, Object> details) {

	static SnowflakeHealth of(SnowflakeIdGenerator generator, ManagedGenerator managed) {
		Map<String, Object> details = new LinkedHashMap<>();
		details.put("layout", generator.layout().toString());
		details.put("datacenterId", generator.datacenterId());
		details.put("workerId", generator.workerId());
		details.put("timestampFieldEnds", generator.layout().exhaustedAt().toString());
		boolean up = true;
		if (managed != null) {
			details.put("workerAssignment", managed.assignment().value());
			WorkerLease lease = managed.lease();
			if (lease != null) {
				details.put("leaseStore", lease.storeDescription());
				details.put("leaseEnd", lease.leaseEnd().toString());
				details.put("leaseOwner", lease.owner());
				if (!lease.isValid()) {
					up = false;
					String suspended = lease.suspendedReason();
					details.put("error", lease.isLost() ? "worker lease lost to another instance"
							: (suspended != null) ? "worker lease suspended: " + suspended
									: "worker lease expired: renewal failing (" + lease.renewalFailures()
											+ " failures)");
				}
			}
		}
		long behind = generator.clockBehindMillis();
		if (behind > 0) {
			details.put("clockBehindMillis", behind);
		}
		if (behind > generator.clockTolerance().toMillis()) {
			up = false;
			details.put("error", "clock is " + behind + " ms behind the last issued id, more than the tolerated "
					+ generator.clockTolerance().toMillis() + " ms");
		}
		return new SnowflakeHealth(up, details);
	}
}
