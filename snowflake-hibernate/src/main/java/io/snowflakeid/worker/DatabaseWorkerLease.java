package io.snowflakeid.worker;

import java.lang.management.ManagementFactory;
import java.net.InetAddress;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import io.snowflakeid.IssuePermit;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.SnowflakeSettings;
import io.snowflakeid.TimeSource;

/**
 * A worker id leased from a table in the application's database, and the generator that issues ids with it.
 * <p>
 * Claiming takes a free or expired row with one conditional UPDATE, or creates the row of an unused worker id
 * with an INSERT guarded by the primary key, each in its own transaction: two instances can never hold the same
 * worker id. The lease is renewed in the background every third of its length; each renewal also stores a
 * high-water mark, the latest timestamp this instance may issue ids for until its next renewal. If the lease is not
 * renewed in time the generator stops issuing ids until it is. {@link #close()} releases the worker id at once,
 * storing the exact high-water mark; after a crash the id returns to the pool after its lease end plus the safety
 * margin. A new holder never issues an id at or before the previous holder's high-water mark.
 */
public final class DatabaseWorkerLease implements AutoCloseable {

	private static final System.Logger logger = System.getLogger(DatabaseWorkerLease.class.getName());

	private final WorkerLeaseSettings settings;

	private final String instanceId;

	private final String owner;

	private final int datacenterId;

	private final int workerId;

	private final IssuePermit permit;

	private final SnowflakeIdGenerator generator;

	private final ScheduledExecutorService renewals;

	private final AtomicLong renewalFailures = new AtomicLong();

	private final AtomicLong renewalsDone = new AtomicLong();

	private volatile long leaseEndMillis;

	private volatile boolean lost;

	private volatile boolean closed;

	private DatabaseWorkerLease(WorkerLeaseSettings settings, String instanceId, String owner, int datacenterId,
			int workerId, long leaseEndMillis, long highWaterMark, IssuePermit permit) {
		this.settings = settings;
		this.instanceId = instanceId;
		this.owner = owner;
		this.datacenterId = datacenterId;
		this.workerId = workerId;
		this.leaseEndMillis = leaseEndMillis;
		this.permit = permit;
		this.generator = SnowflakeIdGenerator.builder().layout(settings.layout).datacenterId(datacenterId)
				.workerId(workerId).timeSource(settings.timeSource).clockTolerance(settings.clockTolerance)
				.issuePermit(permit).issueAfter(highWaterMark).build();
		this.renewals = Executors.newSingleThreadScheduledExecutor((task) -> {
			Thread thread = new Thread(task, "snowflake-worker-lease-" + datacenterId + "-" + workerId);
			thread.setDaemon(true);
			return thread;
		});
		scheduleRenewal(renewInterval());
	}

	/**
	 * Claims a worker id, waits if the clock is slightly behind the previous holder's high-water mark, and starts
	 * renewing.
	 * @throws WorkerLeaseException if no worker id is free, the clock is behind the high-water mark by more than
	 * the clock tolerance, or the database cannot be reached
	 */
	public static DatabaseWorkerLease acquire(WorkerLeaseSettings settings) {
		String instanceId = UUID.randomUUID().toString();
		String owner = ownerDescription();
		TimeSource time = settings.timeSource;
		long durationMillis = settings.duration.toMillis();
		Claim claim;
		long claimedAtNanos = time.currentTimeNanos();
		try {
			claim = withConnection(settings, (connection) -> {
				if (settings.createTable) {
					settings.table.createIfMissing(connection);
				}
				return claim(settings, connection, owner, instanceId,
						System.currentTimeMillis() + durationMillis);
			});
		}
		catch (SQLException ex) {
			throw new WorkerLeaseException("Cannot lease a worker id from table " + settings.tableName() + ": "
					+ ex.getMessage() + (settings.createTable ? ""
							: " (" + WorkerLeaseSettings.CREATE_TABLE + "=false: create it with " + settings.createTableStatement() + ")"),
					ex);
		}
		IssuePermit permit = new IssuePermit("the lease of worker " + claim.describe() + " ended without renewal");
		permit.grantUntil(claimedAtNanos + settings.duration.toNanos());
		DatabaseWorkerLease lease = new DatabaseWorkerLease(settings, instanceId, owner, claim.datacenterId,
				claim.workerId, claim.leaseEnd, claim.highWaterMark, permit);
		try {
			lease.awaitHighWaterMark(claim.highWaterMark);
		}
		catch (RuntimeException ex) {
			lease.close();
			throw ex;
		}
		logger.log(System.Logger.Level.INFO, "Leased snowflake worker {0} from {1} until {2} (owner {3})",
				claim.describe(), settings.tableName(), Instant.ofEpochMilli(claim.leaseEnd), owner);
		return lease;
	}

	private static Claim claim(WorkerLeaseSettings settings, Connection connection, String owner, String instanceId,
			long leaseEnd) throws SQLException {
		SnowflakeLayout layout = settings.layout;
		long expiredBefore = System.currentTimeMillis() - settings.safetyMargin.toMillis();
		Map<Long, Long> existing = settings.table.leaseEnds(connection, settings.datacenterId);
		int firstDc = (settings.datacenterId != null) ? settings.datacenterId : 0;
		int lastDc = (settings.datacenterId != null) ? settings.datacenterId : (int) layout.maxDatacenterId();
		int maxWorker = (int) layout.maxWorkerId();
		// First reuse rows that are free or expired, then create rows for worker ids never used.
		for (int dc = firstDc; dc <= lastDc; dc++) {
			for (int worker = 0; worker <= maxWorker; worker++) {
				Long end = existing.get(LeaseTable.key(dc, worker));
				if (end != null && end < expiredBefore
						&& settings.table.takeExpired(connection, dc, worker, owner, instanceId, leaseEnd, expiredBefore)) {
					return new Claim(dc, worker, leaseEnd, settings.table.highWaterMark(connection, dc, worker));
				}
			}
		}
		for (int dc = firstDc; dc <= lastDc; dc++) {
			for (int worker = 0; worker <= maxWorker; worker++) {
				if (!existing.containsKey(LeaseTable.key(dc, worker))
						&& settings.table.insertNew(connection, dc, worker, owner, instanceId, leaseEnd)) {
					return new Claim(dc, worker, leaseEnd, 0);
				}
			}
		}
		long capacity = (long) (lastDc - firstDc + 1) * (maxWorker + 1);
		String scope = (settings.datacenterId != null) ? "worker ids of datacenter " + settings.datacenterId
				: "(datacenter, worker) pairs";
		throw new WorkerLeaseException("All " + capacity + " " + scope + " are leased in table " + settings.tableName()
				+ " (capacity " + capacity + " = " + describeCapacity(layout, settings.datacenterId != null)
				+ "). Stop instances you do not need, wait for crashed instances' leases to expire (lease end + "
				+ settings.safetyMargin.toSeconds() + " s), or widen " + SnowflakeSettings.WORKER_BITS
				+ " (taking bits from " + SnowflakeSettings.SEQUENCE_BITS + " or " + SnowflakeSettings.TIMESTAMP_BITS
				+ ", keeping the sum at 63) for new data");
	}

	private static String describeCapacity(SnowflakeLayout layout, boolean fixedDatacenter) {
		return fixedDatacenter ? "2^" + layout.workerBits() + " worker bits"
				: "2^" + layout.datacenterBits() + " datacenter bits x 2^" + layout.workerBits() + " worker bits";
	}

	/** If the clock is behind the previous holder's high-water mark: wait within the tolerance, else refuse. */
	private void awaitHighWaterMark(long highWaterMark) {
		TimeSource time = this.settings.timeSource;
		long targetNanos = (highWaterMark + 1) * 1_000_000L;
		long behindNanos = targetNanos - time.currentTimeNanos();
		if (behindNanos <= 0) {
			return;
		}
		long behindMillis = (behindNanos + 999_999) / 1_000_000;
		if (behindMillis > this.settings.clockTolerance.toMillis()) {
			throw new WorkerLeaseException("The clock is " + behindMillis + " ms behind the high-water mark "
					+ Instant.ofEpochMilli(highWaterMark) + " left by the previous holder of worker "
					+ describe() + ", more than the tolerated " + this.settings.clockTolerance.toMillis() + " ms ("
					+ SnowflakeSettings.CLOCK_TOLERANCE + "). Refusing to start: ids could repeat. Fix the clock "
					+ "(NTP) of this host");
		}
		logger.log(System.Logger.Level.WARNING, "Clock is {0} ms behind the high-water mark of worker {1}: waiting",
				behindMillis, describe());
		long remaining;
		while ((remaining = targetNanos - time.currentTimeNanos()) > 0) {
			time.awaitNanos(remaining);
		}
	}

	private long renewInterval() {
		return this.settings.duration.toMillis() / 3;
	}

	private void scheduleRenewal(long delayMillis) {
		if (!this.closed) {
			this.renewals.schedule(this::renew, delayMillis, TimeUnit.MILLISECONDS);
		}
	}

	/** One renewal; reschedules itself: every third of the lease, or every second while failing. */
	void renew() {
		if (this.closed) {
			return;
		}
		TimeSource time = this.settings.timeSource;
		long durationMillis = this.settings.duration.toMillis();
		long startNanos = time.currentTimeNanos();
		long leaseEnd = System.currentTimeMillis() + durationMillis;
		// The latest timestamp this instance can issue ids for before the permit granted below runs out.
		long highWaterMark = startNanos / 1_000_000 + durationMillis;
		try {
			boolean held = withConnection(this.settings, (connection) -> this.settings.table.update(connection,
					this.datacenterId, this.workerId, this.instanceId, leaseEnd, highWaterMark, false));
			if (held) {
				this.permit.grantUntil(startNanos + this.settings.duration.toNanos());
				this.leaseEndMillis = leaseEnd;
				this.lost = false;
				this.renewalsDone.incrementAndGet();
				scheduleRenewal(renewInterval());
			}
			else {
				this.lost = true;
				this.permit.revoke("worker " + describe() + " was taken over by another instance after this "
						+ "instance's lease expired; restart this instance to lease another worker id");
				logger.log(System.Logger.Level.ERROR, "Lost the lease of snowflake worker {0}", describe());
			}
		}
		catch (SQLException | RuntimeException ex) {
			this.renewalFailures.incrementAndGet();
			this.permit.reasonIfExpired("renewing the lease of worker " + describe() + " failed: " + ex.getMessage());
			logger.log(System.Logger.Level.WARNING, "Renewing the lease of snowflake worker " + describe()
					+ " failed (ids stop when it ends at " + Instant.ofEpochMilli(this.leaseEndMillis) + ")", ex);
			scheduleRenewal(Math.min(1_000, renewInterval()));
		}
	}

	/** Stops issuing ids and hands the worker id back at once, storing the exact high-water mark. */
	@Override
	public void close() {
		if (this.closed) {
			return;
		}
		this.closed = true;
		this.renewals.shutdownNow();
		this.permit.revoke("the lease of worker " + describe() + " was released (shutdown)");
		long highWaterMark = this.settings.timeSource.currentTimeNanos() / 1_000_000 + 1;
		try {
			withConnection(this.settings, (connection) -> this.settings.table.update(connection, this.datacenterId,
					this.workerId, this.instanceId, 0, highWaterMark, true));
			logger.log(System.Logger.Level.INFO, "Released snowflake worker {0}", describe());
		}
		catch (SQLException ex) {
			logger.log(System.Logger.Level.WARNING, "Could not release snowflake worker " + describe()
					+ "; it returns to the pool when its lease expires", ex);
		}
	}

	public SnowflakeIdGenerator generator() {
		return this.generator;
	}

	public int datacenterId() {
		return this.datacenterId;
	}

	public int workerId() {
		return this.workerId;
	}

	/** The lease end last written to the table (epoch milliseconds). */
	public Instant leaseEnd() {
		return Instant.ofEpochMilli(this.leaseEndMillis);
	}

	/** Whether ids can be issued now: the lease is held and not past its end. */
	public boolean isValid() {
		return !this.closed && this.permit.isValidAt(this.settings.timeSource.currentTimeNanos());
	}

	/** Whether another instance took the worker id over (only after this lease expired). */
	public boolean isLost() {
		return this.lost;
	}

	public long renewalFailures() {
		return this.renewalFailures.get();
	}

	public long renewals() {
		return this.renewalsDone.get();
	}

	public String owner() {
		return this.owner;
	}

	private String describe() {
		return "(datacenter " + this.datacenterId + ", worker " + this.workerId + ")";
	}

	@Override
	public String toString() {
		return "DatabaseWorkerLease[" + describe() + " in " + this.settings.tableName() + ", owner " + this.owner
				+ ", lease end " + leaseEnd() + "]";
	}

	private static String ownerDescription() {
		String host;
		try {
			host = InetAddress.getLocalHost().getHostName();
		}
		catch (Exception ex) {
			host = "unknown-host";
		}
		String description = host + " pid " + ProcessHandle.current().pid() + " (" + ManagementFactory.getRuntimeMXBean().getName() + ")";
		return (description.length() > 255) ? description.substring(0, 255) : description;
	}

	/** Each statement its own transaction, never part of a caller's business transaction. */
	private static <T> T withConnection(WorkerLeaseSettings settings, ConnectionSource.SqlWork<T> work)
			throws SQLException {
		return settings.connections.run(true, work);
	}

	private record Claim(int datacenterId, int workerId, long leaseEnd, long highWaterMark) {

		String describe() {
			return "(datacenter " + this.datacenterId + ", worker " + this.workerId + ")";
		}
	}
}
