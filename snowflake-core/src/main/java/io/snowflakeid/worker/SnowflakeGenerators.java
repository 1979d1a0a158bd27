package io.snowflakeid.worker;

import java.net.InetAddress;
import java.util.Map;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.SnowflakeSettings;

/**
 * Builds the generator described by {@code snowflake.*} settings, assigning the worker id as
 * {@code snowflake.worker-assignment} says. The one place both bindings (Spring Boot and plain Hibernate) go
 * through, so they behave the same.
 */
public final class SnowflakeGenerators {

	private static final System.Logger logger = System.getLogger(SnowflakeGenerators.class.getName());

	private SnowflakeGenerators() {
	}

	/**
	 * @param settings {@code snowflake.*} settings (values as text, numbers, {@code Duration}s or {@code Instant}s)
	 * @param connections the application's database, or null if it has none
	 */
	public static ManagedGenerator create(Map<String, ?> settings, ConnectionSource connections) {
		WorkerAssignment requested = WorkerAssignment.parse(settings.get(WorkerAssignment.SETTING));
		SnowflakeIdGenerator.Builder builder = SnowflakeSettings.builderFrom(settings);
		WorkerAssignment assignment = resolve(requested, settings.get(SnowflakeSettings.WORKER_ID) != null,
				connections != null);
		SnowflakeLayout layout = builder.configuredLayout();
		switch (assignment) {
			case DATABASE_LEASE -> {
				if (connections == null) {
					throw new WorkerLeaseException(WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION, WorkerAssignment.SETTING
							+ "=database-lease needs a database: none is configured (no DataSource)");
				}
				DatabaseWorkerLease lease = DatabaseWorkerLease.acquire(leaseSettings(settings, connections, layout));
				return new ManagedGenerator(lease.generator(), assignment, lease);
			}
			case HOSTNAME_ORDINAL -> {
				String hostname = HostWorkerIds.localHostname();
				builder.workerId(HostWorkerIds.fromHostnameOrdinal(hostname, layout));
				return new ManagedGenerator(builder.buildShared(), assignment, null);
			}
			case IP_ADDRESS -> {
				InetAddress address = HostWorkerIds.privateIpv4();
				boolean fixedDatacenter = settings.get(SnowflakeSettings.DATACENTER_ID) != null;
				int bits = layout.workerBits() + (fixedDatacenter ? 0 : layout.datacenterBits());
				long node = HostWorkerIds.fromIpv4(address, bits);
				builder.workerId(node & layout.maxWorkerId());
				if (!fixedDatacenter) {
					builder.datacenterId(node >>> layout.workerBits());
				}
				logger.log(System.Logger.Level.WARNING, "Snowflake node id derived from the low " + bits
						+ " bits of " + address.getHostAddress() + ": two hosts whose addresses share those bits "
						+ "issue the same ids. Prefer " + WorkerAssignment.SETTING + "=database-lease");
				return new ManagedGenerator(builder.buildShared(), assignment, null);
			}
			default -> {
				return new ManagedGenerator(builder.buildShared(), WorkerAssignment.STATIC, null);
			}
		}
	}

	static WorkerAssignment resolve(WorkerAssignment requested, boolean staticWorkerId, boolean hasDatabase) {
		if (staticWorkerId) {
			return WorkerAssignment.STATIC;
		}
		if (requested == WorkerAssignment.AUTO) {
			return hasDatabase ? WorkerAssignment.DATABASE_LEASE : WorkerAssignment.STATIC;
		}
		return requested;
	}

	private static WorkerLeaseSettings leaseSettings(Map<String, ?> settings, ConnectionSource connections,
			SnowflakeLayout layout) {
		WorkerLeaseSettings.Builder lease = WorkerLeaseSettings.builder(connections).layout(layout);
		Object datacenter = settings.get(SnowflakeSettings.DATACENTER_ID);
		if (datacenter != null) {
			lease.datacenterId((int) SnowflakeSettings.toLong(SnowflakeSettings.DATACENTER_ID, datacenter));
		}
		Object table = settings.get(WorkerLeaseSettings.TABLE_NAME);
		if (table != null) {
			lease.tableName(table.toString().trim());
		}
		Object duration = settings.get(WorkerLeaseSettings.DURATION);
		if (duration != null) {
			lease.duration(SnowflakeSettings.toDuration(WorkerLeaseSettings.DURATION, duration));
		}
		Object margin = settings.get(WorkerLeaseSettings.SAFETY_MARGIN);
		if (margin != null) {
			lease.safetyMargin(SnowflakeSettings.toDuration(WorkerLeaseSettings.SAFETY_MARGIN, margin));
		}
		Object create = settings.get(WorkerLeaseSettings.CREATE_TABLE);
		if (create != null) {
			String text = create.toString().trim();
			if (!text.equalsIgnoreCase("true") && !text.equalsIgnoreCase("false")) {
				throw new io.snowflakeid.SnowflakeConfigurationException(WorkerLeaseSettings.CREATE_TABLE,
						"'" + create + "'", "true or false");
			}
			lease.createTable(Boolean.parseBoolean(text));
		}
		Object tolerance = settings.get(SnowflakeSettings.CLOCK_TOLERANCE);
		if (tolerance != null) {
			lease.clockTolerance(SnowflakeSettings.toDuration(SnowflakeSettings.CLOCK_TOLERANCE, tolerance));
		}
		return lease.build();
	}
}
