package io.snowflakeid.internal;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.worker.WorkerLease;

/**
 * What a health check reports of a generator, for every framework's health API (Spring Boot's {@code snowflake}
 * indicator, Quarkus' SmallRye Health checks): UP with layout, datacenter, worker and lease; DOWN when the worker
 * lease is not held or the clock is behind the last issued id by more than the tolerance.
 *
 * @param up whether ids can be issued
 * @param leaseLost whether the worker lease was lost to another instance: ids are refused until a restart, which
 * claims a worker id afresh (a lease suspended or expired may come back by itself)
 * @param details what the health endpoint shows
 */
public record GeneratorHealth(boolean up, boolean leaseLost, Map<String, Object> details) {

	public GeneratorHealth {
		details = Collections.unmodifiableMap(new LinkedHashMap<>(details));
	}

	/** The health of {@code generator} now; {@code managed} is what holds its worker id, null if nothing does. */
	public static GeneratorHealth of(SnowflakeIdGenerator generator, ManagedGenerator managed) {
		Map<String, Object> details = new LinkedHashMap<>();
		details.put("layout", generator.layout().toString());
		details.put("datacenterId", generator.datacenterId());
		details.put("workerId", generator.workerId());
		details.put("timestampFieldEnds", generator.layout().exhaustedAt().toString());
		boolean up = true;
		boolean lost = false;
		if (managed != null) {
			details.put("workerAssignment", managed.assignment().value());
			WorkerLease lease = managed.lease();
			if (lease != null) {
				details.put("leaseStore", lease.storeDescription());
				details.put("leaseEnd", lease.leaseEnd().toString());
				details.put("leaseOwner", lease.owner());
				if (!lease.isValid()) {
					up = false;
					lost = lease.isLost();
					String suspended = lease.suspendedReason();
					details.put("error", lost ? "worker lease lost to another instance"
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
		return new GeneratorHealth(up, lost, details);
	}
}
