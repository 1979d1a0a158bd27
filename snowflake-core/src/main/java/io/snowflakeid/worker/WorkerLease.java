package io.snowflakeid.worker;

import java.net.InetAddress;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.ReentrantLock;

import io.snowflakeid.IssueGate;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.WorkerLeaseExpiredException;
import io.snowflakeid.internal.logging.Logging;
import io.snowflakeid.spi.IssuePermit;
import io.snowflakeid.spi.LeaseSignals;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.spi.LocalNodes;

/**
 * A worker id leased from a table in the application's database, and the generator that issues ids with it.
 * <p>
 * <b>Claim</b> ({@link #acquire}): free rows whose high-water mark has passed come first, then worker ids never
 * used, then free rows whose mark is ahead of this host's clock by no more than the clock tolerance (the start
 * waits for it). A row is taken with one conditional UPDATE that also checks the mark read and writes this
 * instance's own (now + lease length), or a new row with an INSERT the primary key guards: two instances can never
 * hold one row, and a race lost (also a serialization failure under a strict isolation level) just means the next
 * row. Only when no row is usable does the start fail, naming the earliest time one will be.
 * <p>
 * <b>Renewal</b>, every third of the lease: one UPDATE that extends the lease, raises the mark to now + lease
 * length, and replaces the row's token (a fencing token: a second holder of the same token, such as a cloned VM,
 * loses at its next renewal). Each success grants the generator's {@link IssuePermit} for the lease length,
 * measured from before the UPDATE in elapsed time, and up to the stored mark on the time source. If renewals fail,
 * ids stop when the permit runs out (fail closed) and resume with the next successful renewal.
 * <p>
 * <b>Release</b> ({@link #close()}): stops renewals (waiting, bounded, for one in flight; a renewal never grants
 * after close), seals the generator so that no id follows, and frees the row storing the exact mark of what was
 * issued, only if the row is still this instance's. A graceful restart therefore finds the row usable at once,
 * and its successor issues only ids above ours. After a crash the row returns to the pool at its lease end plus
 * the safety margin, with the last renewal's mark covering every id the crashed instance could have issued.
 */
public final class WorkerLease implements AutoCloseable, LeaseSignals {

	private static final System.Logger logger = Logging.getLogger(WorkerLease.class);

	private final WorkerLeaseSettings settings;

	private final String owner;

	private final int datacenterId;

	private final int workerId;

	private final IssuePermit permit;

	private final SnowflakeIdGenerator generator;

	private final LocalNodes.Reservation reservation;

	/** Where renewals run: the lease's own thread, or the scheduler of {@link WorkerLeaseSettings.Builder#scheduler}. */
	private final RenewalSchedule renewals;

	/** Held while a renewal talks to the database, and by close(): a renewal never grants after close. */
	private final ReentrantLock renewalLock = new ReentrantLock();

	private final AtomicLong renewalFailures = new AtomicLong();

	private final AtomicLong renewalsDone = new AtomicLong();

	private final AtomicBoolean closed = new AtomicBoolean();

	/** Held through close(): a second caller returns only once the worker id is handed back (or given up). */
	private final Object closeMonitor = new Object();

	/** The fencing tokens the row may carry (package-private for tests of this package). */
	final FencingTokens tokens;

	/** The elapsed-clock time the current permit was counted from. */
	private volatile long permitStartNanos;

	private volatile long leaseEndMillis;

	/** Set first when the lease is lost: from then on no suspension or renewal touches the permit. */
	private volatile boolean lost;

	/**
	 * Set once the permit is sealed for good after {@link #lost}: {@link #isLost()} reports it only then, so that a
	 * caller who saw it gets the refusal that says why (the store's reason may take a moment to read).
	 */
	private volatile boolean lostAndSealed;

	/** Why ids are suspended (the store's connection is lost), until the next successful renewal; else null. */
	private volatile String suspendedReason;

	/** Between {@link #pause} and {@link #resume}: no renewal runs, ids are suspended. */
	private volatile boolean paused;

	/** How long acquire() waited for the previous holder's mark (0 after a graceful stop of the predecessor). */
	private volatile long startWaitMillis;

	/** Package-private for tests that build the copy a cloned process holds (the claim of the original). */
	WorkerLease(WorkerLeaseSettings settings, String owner, LeaseClaim.Claimed claim) {
		this.settings = settings;
		this.owner = owner;
		this.datacenterId = claim.row().datacenterId();
		this.workerId = claim.row().workerId();
		this.tokens = new FencingTokens(claim.token());
		this.permitStartNanos = claim.elapsedStart();
		this.leaseEndMillis = claim.leaseEnd();
		this.permit = claim.permit();
		this.reservation = claim.reservation();
		this.generator = IssueGate.generator(settings.generator.copy().datacenterId(this.datacenterId)
			.workerId(this.workerId), this.permit, claim.issueAfterMillis());
		this.renewals = RenewalSchedule.on(settings.scheduler,
				"snowflake-worker-lease-" + this.datacenterId + "-" + this.workerId);
	}

	/**
	 * Claims a worker id, waits (at most the clock tolerance) if the clock is slightly behind the previous
	 * holder's high-water mark, and starts renewing.
	 * @throws WorkerLeaseException if no worker id is usable (all held, or the clock is too far behind the marks
	 * of the free ones), or the database cannot be reached
	 */
	public static WorkerLease acquire(WorkerLeaseSettings settings) {
		if (settings.scheduler != null && settings.scheduler.isShutdown()) {
			// Before claiming: a lease that cannot renew would hold a worker id for nothing.
			throw schedulerRefused("is shut down", null);
		}
		String owner = ownerDescription();
		LeaseClaim.Claimed claim = new LeaseClaim(settings, owner).claim();
		WorkerLease lease;
		try {
			lease = new WorkerLease(settings, owner, claim);
		}
		catch (RuntimeException | Error ex) {
			claim.abandon(settings);
			throw ex;
		}
		try {
			lease.startWaitMillis = lease.awaitFirstTick(claim.issueAfterMillis());
			settings.store.attached(lease);
			if (!lease.scheduleRenewal(lease.nextRenewalDelay())) {
				throw schedulerRefused("refused the first renewal of snowflake worker " + lease.describe(),
						lease.renewals.refusal());
			}
			lease.started = true;
		}
		catch (RuntimeException | Error ex) {
			// A time source failing (or the thread stopped) before the first id: give the row and the node back.
			lease.close();
			throw ex;
		}
		logger.log(System.Logger.Level.INFO, "Leased snowflake worker {0} from {1} until {2} (owner {3})",
				lease.describe(), settings.storeDescription(), Instant.ofEpochMilli(claim.leaseEnd()), owner);
		return lease;
	}

	/**
	 * Waits until the time source is in a tick after the previous holder's mark, so that no caller's first id
	 * waits for it. The claim chose the row only if that is within the clock tolerance.
	 */
	private long awaitFirstTick(long issueAfterMillis) {
		var time = this.settings.timeSource;
		long target = LeaseClaim.firstUsableNanos(this.settings.layout, issueAfterMillis);
		long start = time.currentTimeNanos();
		long remaining = target - start;
		if (remaining > LeaseClaim.NEGLIGIBLE_WAIT_NANOS) {
			logger.log(System.Logger.Level.INFO, "Clock is {0} ms behind the high-water mark of worker {1}: waiting",
					(remaining + 999_999) / 1_000_000, describe());
		}
		boolean behind = remaining > LeaseClaim.NEGLIGIBLE_WAIT_NANOS;
		while ((remaining = target - time.currentTimeNanos()) > 0) {
			time.awaitNanos(remaining);
		}
		// Finishing the millisecond the mark was written in is no wait for the mark (a restart right after a
		// graceful stop): only a clock behind it counts, however late the thread woke up.
		return behind ? Math.max(0, (time.currentTimeNanos() - start) / 1_000_000) : 0;
	}

	private long renewInterval() {
		return this.settings.renewInterval().toMillis();
	}

	/**
	 * Milliseconds until the next renewal: a third of the lease after the current permit started (before the claim's
	 * or renewal's statements ran, so time they and the start-up wait took counts), not after now.
	 */
	long nextRenewalDelay() {
		long dueNanos = this.permitStartNanos + this.settings.renewInterval().toNanos();
		return Math.max(0, (dueNanos - this.permit.elapsedNanos()) / 1_000_000);
	}

	/**
	 * A scheduler given by the application that refuses renewals: an error at start naming the option, rather than
	 * a lease whose ids stop when it ends.
	 */
	private static WorkerLeaseException schedulerRefused(String what, Throwable cause) {
		return new WorkerLeaseException(WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION,
				"The scheduler given to WorkerLeaseSettings.Builder.scheduler(...) " + what + ": a lease that cannot "
						+ "renew stops issuing ids when it ends. Give a scheduler that is running and accepts tasks, "
						+ "or none (each lease then renews on a thread of its own)",
				cause);
	}

	/** Whether acquire() scheduled the first renewal (a refusal before is acquire()'s error, not a log line). */
	private volatile boolean started;

	/**
	 * Schedules the next renewal, replacing the one pending: one chain of renewals, however often
	 * {@link #renewSoon()} asks for an early one. False if the scheduler refused it (true when nothing is to be
	 * scheduled: closed or paused).
	 */
	private synchronized boolean scheduleRenewal(long delayMillis) {
		if (!this.closed.get() && !this.paused) {
			if (!this.renewals.schedule(this::renew, delayMillis)) {
				if (!this.closed.get() && this.started) {
					// A scheduler given by the application and shut down: ids stop when the permit runs out.
					logger.log(System.Logger.Level.ERROR, "The scheduler refused the renewal of snowflake worker "
							+ describe() + ": no more renewals; ids stop when the lease ends at "
							+ Instant.ofEpochMilli(this.leaseEndMillis), this.renewals.refusal());
				}
				return false;
			}
		}
		return true;
	}

	/**
	 * One renewal, the task scheduled on {@link #renewals}: it reschedules itself, every third of the lease, or
	 * every second while failing. Tests of this package may also call it directly, to play the renewal thread.
	 */
	void renew() {
		this.renewalLock.lock();
		try {
			if (this.closed.get() || this.lost || this.paused) {
				return;
			}
			renewLocked();
		}
		finally {
			this.renewalLock.unlock();
		}
	}

	private void renewLocked() {
		long durationMillis = this.settings.duration.toMillis();
		// Read every clock before the UPDATE, elapsed first: the grant below then ends no later than the lease end
		// written, even if this thread pauses between the reads.
		long elapsedStart = this.permit.elapsedNanos();
		long timeStart = this.settings.timeSource.currentTimeNanos();
		long leaseEnd = this.settings.clock.wallMillis() + durationMillis;
		// The latest timestamp this instance can issue ids for before the permit granted below runs out.
		long highWaterMark = Math.floorDiv(timeStart, 1_000_000) + durationMillis;
		// A fresh token for every attempt: a late-executing earlier attempt can never match a row moved on since.
		String newToken = UUID.randomUUID().toString();
		List<String> tokens = this.tokens.forRenewal();
		boolean held;
		this.tokens.attempt(newToken);
		// close() sets closed before it reads the in-flight token: one of the two sees the other.
		if (this.closed.get()) {
			this.tokens.withdrawn();
			return;
		}
		try {
			held = this.settings.store.renew(this.datacenterId, this.workerId, tokens, newToken, leaseEnd,
					highWaterMark, this.settings.statementTimeout());
		}
		catch (Exception ex) {
			// it may have committed (unless the store says not): accept it as the row's token next time
			this.tokens.failed(newToken, !(ex instanceof LeaseStore.NotAppliedException));
			this.renewalFailures.incrementAndGet();
			this.permit.reasonIfExpired("renewing the lease of worker " + describe() + " failed: " + ex.getMessage());
			logger.log(System.Logger.Level.WARNING, "Renewing the lease of snowflake worker " + describe()
					+ " failed (ids stop when it ends at " + Instant.ofEpochMilli(this.leaseEndMillis) + ")", ex);
			scheduleRenewal(Math.min(1_000, renewInterval()));
			return;
		}
		if (held) {
			this.tokens.succeeded(newToken);
			if (!this.closed.get() && !this.paused) {
				this.permitStartNanos = elapsedStart;
				this.suspendedReason = null;
				this.permit.grant(elapsedStart + this.settings.duration.toNanos(), highWaterMark * 1_000_000L);
				this.leaseEndMillis = leaseEnd;
				this.renewalsDone.incrementAndGet();
				scheduleRenewal(nextRenewalDelay());
			}
		}
		else {
			this.tokens.refused();
			this.lost = true;
			String seen = this.settings.store.lostReason(this.datacenterId, this.workerId);
			long last = this.permit.seal(WorkerLeaseExpiredException.Reason.LOST, "worker " + describe() + " "
					+ ((seen != null) ? seen : "in " + this.settings.storeDescription() + " no longer carries this "
							+ "instance's token: it was taken over by another instance after this instance's lease had "
							+ "expired, deleted or rewritten, or another process holds the same token (a cloned VM)"));
			this.lostAndSealed = true;
			// The new holder continues above the mark in the table; this JVM only needs to know what it used.
			this.reservation.release(last);
			logger.log(System.Logger.Level.ERROR, "Lost the lease of snowflake worker {0}", describe());
		}
	}

	/**
	 * Stops issuing ids at once and hands the worker id back, storing the exact high-water mark. Waits for a
	 * renewal in flight at most its network timeout + 1 s (the statement timeout + 3 s). A second call returns
	 * when the first is done; a caller's interrupt does not stop the hand-back (the flag is kept).
	 */
	@Override
	public void close() {
		synchronized (this.closeMonitor) {
			if (!this.closed.compareAndSet(false, true)) {
				return;
			}
			// Sealed before anything else: no id from here on, whatever a renewal in flight does.
			long exactMark = this.permit.seal(WorkerLeaseExpiredException.Reason.CLOSED, "worker " + describe()
					+ " was closed (the application is stopping) and is being handed back");
			boolean interrupted = Thread.interrupted();
			try {
				release(exactMark);
			}
			finally {
				if (interrupted) {
					Thread.currentThread().interrupt();
				}
			}
		}
	}

	private void release(long exactMark) {
		this.renewals.stop();
		boolean locked = false;
		try {
			// A renewal in flight ends within its network timeout (its query timeout is shorter).
			long bound = Timeouts.networkTimeout(this.settings.statementTimeout()).toMillis() + 1_000;
			locked = this.renewalLock.tryLock(bound, TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			// not while this thread hands the row back: close() restores the flag
		}
		try {
			if (this.lost) {
				return;
			}
			// If a renewal is still in flight, its token too: it may commit before the release runs.
			List<String> tokens = this.tokens.forRelease();
			boolean released = false;
			for (int attempt = 0; attempt < 3; attempt++) {
				try {
					released = this.settings.store.release(this.datacenterId, this.workerId, tokens, exactMark,
							this.settings.statementTimeout());
					break;
				}
				catch (Exception ex) {
					if (attempt == 2 || !this.settings.store.isLostRace(ex)) {
						logger.log(System.Logger.Level.WARNING, "Could not release snowflake worker " + describe()
								+ "; it returns to the pool when its lease expires", ex);
						break;
					}
				}
			}
			this.reservation.release(exactMark);
			if (released) {
				this.permit.reason(WorkerLeaseExpiredException.Reason.RELEASED, "worker " + describe()
						+ " was handed back to " + this.settings.storeDescription() + " with its exact high-water mark");
				logger.log(System.Logger.Level.INFO, "Released snowflake worker {0} (high-water mark {1})",
						describe(), Instant.ofEpochMilli(exactMark));
			}
			else {
				logger.log(System.Logger.Level.WARNING, "Snowflake worker {0} was not released: the row no longer "
						+ "carries this instance's token (or the release failed); it returns to the pool at its "
						+ "lease end plus the safety margin", describe());
			}
		}
		finally {
			if (locked) {
				this.renewalLock.unlock();
			}
			this.renewals.stopNow();
			detachFromStore();
		}
	}

	private void detachFromStore() {
		try {
			this.settings.store.detached(this);
		}
		catch (RuntimeException ex) {
			logger.log(System.Logger.Level.WARNING, "Detaching snowflake worker " + describe() + " from "
					+ this.settings.storeDescription() + " failed", ex);
		}
	}

	/**
	 * Stops issuing ids at once, until the next successful renewal: the store's client has lost its connection
	 * (ZooKeeper's SUSPENDED), so the lease may be ending without this instance knowing. Does nothing once closed.
	 */
	@Override
	public void suspend(String reason) {
		if (!this.closed.get() && !this.lost) {
			this.suspendedReason = reason;
			this.permit.revoke("worker " + describe() + " is suspended: " + reason);
			logger.log(System.Logger.Level.WARNING, "Snowflake worker {0} suspended: {1}", describe(), reason);
		}
	}

	/**
	 * Stops issuing ids at once and stops renewing, keeping the worker id: the store's client is about to be
	 * stopped with the application (Spring's {@code context.stop()}: an actuator pause, a CRaC checkpoint).
	 * {@link #resume()} renews at once, and ids follow only that successful renewal: if the pause outlasted the
	 * lease and another instance took the pair meanwhile, the renewal finds the record moved on and the lease is
	 * lost (restart to lease again). A checkpoint restored twice is two holders of one token: the second to renew
	 * loses, before either issued an id. Waits (bounded) for a renewal in flight. Does nothing once closed.
	 */
	public void pause(String reason) {
		boolean locked = false;
		try {
			long bound = Timeouts.networkTimeout(this.settings.statementTimeout()).toMillis() + 1_000;
			locked = this.renewalLock.tryLock(bound, TimeUnit.MILLISECONDS);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
		try {
			this.paused = true;
			cancelPendingRenewal();
			suspend(reason);
		}
		finally {
			if (locked) {
				this.renewalLock.unlock();
			}
		}
	}

	/** Under the lock {@link #scheduleRenewal} takes: a renewal scheduled meanwhile is cancelled too. */
	private synchronized void cancelPendingRenewal() {
		this.renewals.cancel(false);
	}

	/** Ends a {@link #pause}: renews at once; ids resume with that renewal's success. */
	public void resume() {
		if (this.paused) {
			this.paused = false;
			renewSoon();
		}
	}

	/** Whether close() has begun (for tests of this package: the first close() is under way). */
	boolean isClosing() {
		return this.closed.get();
	}

	/** Whether the lease is {@link #pause paused}. */
	public boolean isPaused() {
		return this.paused;
	}

	/** Renews as soon as possible, on the renewal thread: the store's client is connected again. */
	@Override
	public void renewSoon() {
		scheduleRenewal(0);
	}

	public SnowflakeIdGenerator generator() {
		return this.generator;
	}

	@Override
	public int datacenterId() {
		return this.datacenterId;
	}

	@Override
	public int workerId() {
		return this.workerId;
	}

	/**
	 * How long each claim or renewal lets ids be issued: the lease duration, shortened to the store's
	 * {@link LeaseStore#maxLeaseDuration() bound}. A store tied to a session checks its session outlasts it.
	 */
	@Override
	public java.time.Duration duration() {
		return this.settings.duration;
	}

	/** The lease end last written to the table (epoch milliseconds). */
	public Instant leaseEnd() {
		return Instant.ofEpochMilli(this.leaseEndMillis);
	}

	/** Whether ids can be issued now: the lease is held and not past its end. */
	public boolean isValid() {
		return !this.closed.get() && !this.lost
				&& this.permit.isValidAt(this.settings.timeSource.currentTimeNanos());
	}

	/** Whether another instance took the worker id over (only after this lease expired, or from a clone). */
	public boolean isLost() {
		return this.lostAndSealed;
	}

	/**
	 * How long {@link #acquire} waited, after claiming the row, for this host's clock to pass the previous holder's
	 * high-water mark: 0 after a graceful stop (finishing the current millisecond, at most 1 ms, does not count),
	 * at most the clock tolerance otherwise.
	 */
	public long startWaitMillis() {
		return this.startWaitMillis;
	}

	/**
	 * Why ids are suspended ({@link #suspend}: the store's client lost its connection), until the next successful
	 * renewal; null when not suspended.
	 */
	public String suspendedReason() {
		return this.suspendedReason;
	}

	/** Where the lease is kept: {@code table snowflake_worker_lease}, a Redis key, a ZooKeeper path. */
	public String storeDescription() {
		return this.settings.storeDescription();
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
		return LeaseClaim.describe(this.datacenterId, this.workerId);
	}

	@Override
	public String toString() {
		return "WorkerLease[" + describe() + " in " + this.settings.tableName() + ", owner " + this.owner
				+ ", lease end " + leaseEnd() + "]";
	}

	private static String ownerDescription() {
		return OwnerDescription.VALUE;
	}

	/** Computed once: resolving the host name can take seconds on a badly configured host. */
	private static final class OwnerDescription {

		static final String VALUE = describeThisProcess();

	}

	private static String describeThisProcess() {
		String host;
		try {
			host = InetAddress.getLocalHost().getHostName();
		}
		catch (Exception ex) {
			host = "unknown-host";
		}
		// Not the RuntimeMXBean's name ("pid@host", the same again): the JMX classes it loads cost a cold start
		// milliseconds for nothing.
		String description = host + " pid " + ProcessHandle.current().pid();
		return (description.length() > 255) ? description.substring(0, 255) : description;
	}
}
