package io.snowflakeid.internal;

import java.net.InetAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.internal.keys.SnowflakeSettings;
import io.snowflakeid.internal.config.SnowflakeConfiguration;
import io.snowflakeid.internal.logging.Logging;
import io.snowflakeid.segment.SegmentIdGenerators;
import io.snowflakeid.segment.SegmentSettings;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.spi.LocalNodes;
import io.snowflakeid.worker.ConnectionSource;
import io.snowflakeid.internal.config.WorkerAssignment;
import io.snowflakeid.worker.WorkerLease;
import io.snowflakeid.worker.WorkerLeaseException;
import io.snowflakeid.worker.WorkerLeaseSettings;

/**
 * Builds what a {@link SnowflakeConfiguration} describes: the generator, with its worker id assigned as
 * {@code snowflake.worker-assignment} says, and the segment-mode generators. The one place both bindings (Spring
 * Boot and plain Hibernate) go through, so they behave, and log, the same.
 */
public final class SnowflakeGenerators {

	private static final System.Logger logger = Logging.getLogger(SnowflakeGenerators.class);

	private SnowflakeGenerators() {
	}

	/**
	 * The generator of {@code configuration}, its worker id assigned.
	 * @param connections the application's database, or null if it has none
	 */
	public static ManagedGenerator create(SnowflakeConfiguration configuration, ConnectionSource connections) {
		return assign(configuration, connections, null);
	}

	/**
	 * The generator of {@code configuration}, its worker id assigned; with
	 * {@code snowflake.worker-assignment=zookeeper} or {@code redis}, leased in {@code coordination}.
	 * @param connections the application's database, or null if it has none
	 * @param coordination the coordination service's lease store, or null if none is configured
	 */
	public static ManagedGenerator create(SnowflakeConfiguration configuration, ConnectionSource connections,
			LeaseStore coordination) {
		return assign(configuration, connections, coordination);
	}

	/**
	 * Logs, once per binding that puts a generator to use (a Spring context, a Hibernate service registry), its
	 * layout and node, and a warning when its timestamp field runs out within {@code lifetimeWarningYears}: the
	 * same lines whichever binding, and whoever built the generator.
	 */
	public static void logStart(ManagedGenerator managed, int lifetimeWarningYears) {
		logStart(managed, lifetimeWarningYears, Instant.now());
	}

	/** The segment-mode generators of {@code configuration} on {@code connections}. */
	public static SegmentIdGenerators segments(SnowflakeConfiguration configuration, ConnectionSource connections) {
		return new SegmentIdGenerators(
				SegmentSettings.builder(connections).settings(configuration.segment().values()).build());
	}

	private static ManagedGenerator assign(SnowflakeConfiguration configuration, ConnectionSource connections,
			LeaseStore coordination) {
		SnowflakeIdGenerator.Builder builder = configuration.generatorBuilder();
		WorkerAssignment assignment = resolve(configuration.workerAssignment(), configuration.workerId(),
				connections != null);
		SnowflakeLayout layout = configuration.layout();
		switch (assignment) {
			case DATABASE_LEASE -> {
				if (connections == null) {
					throw new WorkerLeaseException(WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION,
							SnowflakeSettings.WORKER_ASSIGNMENT
									+ "=database-lease needs a database: none is configured (no DataSource)");
				}
				WorkerLeaseSettings.Builder lease = WorkerLeaseSettings.builder(connections).generator(builder)
					.settings(configuration.lease().values());
				if (configuration.datacenterId() != null) {
					lease.datacenterId(configuration.datacenterId().intValue());
				}
				WorkerLease leased = WorkerLease.acquire(lease.build());
				return new ManagedGenerator(leased.generator(), assignment, leased);
			}
			case ZOOKEEPER, REDIS -> {
				if (coordination == null) {
					throw CoordinationStores.missingModule(assignment);
				}
				WorkerLeaseSettings.Builder lease = WorkerLeaseSettings.builder(coordination).generator(builder)
					.settings(configuration.lease().values());
				if (configuration.datacenterId() != null) {
					lease.datacenterId(configuration.datacenterId().intValue());
				}
				WorkerLease leased = WorkerLease.acquire(lease.build());
				return new ManagedGenerator(leased.generator(), assignment, leased);
			}
			case HOSTNAME_ORDINAL -> {
				String hostname = HostWorkerIds.localHostname();
				builder.workerId(HostWorkerIds.fromHostnameOrdinal(hostname, layout));
				return new ManagedGenerator(LocalNodes.shared(builder), assignment, null);
			}
			case IP_ADDRESS -> {
				InetAddress address = HostWorkerIds.privateIpv4();
				boolean fixedDatacenter = configuration.datacenterId() != null;
				int bits = layout.workerBits() + (fixedDatacenter ? 0 : layout.datacenterBits());
				long node = HostWorkerIds.fromIpv4(address, bits);
				builder.workerId(node & layout.maxWorkerId());
				if (!fixedDatacenter) {
					builder.datacenterId(node >>> layout.workerBits());
				}
				logger.log(System.Logger.Level.WARNING, "Snowflake node id derived from the low " + bits
						+ " bits of " + address.getHostAddress() + ": two hosts whose addresses share those bits "
						+ "issue the same ids. Prefer " + SnowflakeSettings.WORKER_ASSIGNMENT + "=database-lease");
				return new ManagedGenerator(LocalNodes.shared(builder), assignment, null);
			}
			case STATIC -> {
				return new ManagedGenerator(LocalNodes.shared(builder), WorkerAssignment.STATIC, null);
			}
			default -> {
				// resolve() never returns AUTO; an assignment added without its case here fails closed, never
				// falls back to static ids (docs/design/open-store-spi-plan.md)
				throw new IllegalStateException("No worker id assignment for " + assignment.value());
			}
		}
	}

	/**
	 * The assignment to carry out. A worker id beside an automatic assignment is refused, not preferred: it usually
	 * sits in the application's shared configuration while the assignment is set per deployment, and preferring it
	 * would give every replica that one worker id, silently.
	 */
	static WorkerAssignment resolve(WorkerAssignment requested, Long workerId, boolean hasDatabase) {
		if (workerId != null) {
			if (requested != WorkerAssignment.AUTO && requested != WorkerAssignment.STATIC) {
				throw new SnowflakeConfigurationException(SnowflakeSettings.WORKER_ID, workerId,
						"only with " + SnowflakeSettings.WORKER_ASSIGNMENT + "=static or auto, not with "
								+ requested.value(),
						"A worker id beside an automatic assignment would give every instance that one worker id: "
								+ "remove " + SnowflakeSettings.WORKER_ID + " where " + SnowflakeSettings.WORKER_ASSIGNMENT
								+ "=" + requested.value() + " is set, or set "
								+ SnowflakeSettings.WORKER_ASSIGNMENT + "=static");
			}
			return WorkerAssignment.STATIC;
		}
		if (requested == WorkerAssignment.AUTO) {
			return hasDatabase ? WorkerAssignment.DATABASE_LEASE : WorkerAssignment.STATIC;
		}
		return requested;
	}

	private static void logStart(ManagedGenerator managed, int lifetimeWarningYears, Instant now) {
		SnowflakeIdGenerator generator = managed.generator();
		String warning = lifetimeWarning(generator.layout(), now, lifetimeWarningYears);
		if (warning != null) {
			logger.log(System.Logger.Level.WARNING, warning);
		}
		logger.log(System.Logger.Level.INFO, () -> "Snowflake ids: layout " + generator.layout() + ", datacenter "
				+ generator.datacenterId() + ", worker " + generator.workerId() + " (" + managed.assignment().value()
				+ ((managed.lease() != null) ? ", " + managed.lease() : "") + "); the timestamp field runs out at "
				+ generator.layout().exhaustedAt());
	}

	/**
	 * A warning if less than {@code years} remain in the layout's timestamp field at {@code now}, else null. A
	 * field already exhausted makes generators refuse to start; this is the early notice.
	 */
	static String lifetimeWarning(SnowflakeLayout layout, Instant now, long years) {
		Duration left = layout.remainingLifetime(now);
		if (left.compareTo(Duration.ofDays(365 * years + years / 4)) >= 0) {
			return null;
		}
		return String.format(Locale.ROOT,
				"Only %.1f years remain in the snowflake timestamp field (it runs out at %s, less than %d years from now"
						+ " (%s)). Plan a new layout before then: a later %s or more %s for new tables",
				left.toDays() / 365.25, layout.exhaustedAt(), years, SnowflakeSettings.LIFETIME_WARNING_YEARS,
				SnowflakeSettings.EPOCH, SnowflakeSettings.TIMESTAMP_BITS);
	}
}
