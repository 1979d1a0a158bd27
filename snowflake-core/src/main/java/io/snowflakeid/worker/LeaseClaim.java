package io.snowflakeid.worker;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.locks.LockSupport;

import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.internal.keys.SnowflakeSettings;
import io.snowflakeid.spi.IssuePermit;
import io.snowflakeid.spi.LeaseRecord;
import io.snowflakeid.spi.LocalNodes;

/**
 * One attempt to claim a row of the lease table: which rows to try, in what order, and what to say when none is
 * usable. Never refuses while a usable row exists; a race lost to another instance (a conflicting UPDATE, a
 * duplicate key, or a serialization failure under a strict isolation level) moves on to the next row, and a round
 * in which races were lost is retried from a fresh read of the table.
 */
final class LeaseClaim {

	/** Rounds of "read the table, try the rows" while races are being lost. */
	static final int MAX_ROUNDS = 20;

	/** New rows tried per round: enough to win against a crowd starting at once, bounded for huge layouts. */
	private static final int NEW_ROWS_PER_ROUND = 8;

	private final WorkerLeaseSettings settings;

	private final String owner;

	private final SnowflakeLayout layout;

	LeaseClaim(WorkerLeaseSettings settings, String owner) {
		this.settings = settings;
		this.owner = owner;
		this.layout = settings.layout;
	}

	/** A row this instance now holds. */
	record Claimed(LeaseRecord row, String token, long leaseEnd, long issueAfterMillis, IssuePermit permit,
			LocalNodes.Reservation reservation, long elapsedStart) {

		/** Frees the row again (the generator was never built): nothing was issued. */
		void abandon(WorkerLeaseSettings settings) {
			freeIfHeld(settings, this.row, this.token, this.issueAfterMillis); // else it returns at its lease end
			this.reservation.release(this.issueAfterMillis);
		}
	}

	/**
	 * Frees {@code row} with {@code mark} if it still carries {@code token}; nothing was issued under it. Best
	 * effort: the failure is returned, not thrown (if the database is gone, the row returns at its lease end plus
	 * the safety margin).
	 */
	static Exception freeIfHeld(WorkerLeaseSettings settings, LeaseRecord row, String token, long mark) {
		try {
			settings.store.release(row.datacenterId(), row.workerId(), List.of(token), mark,
					settings.statementTimeout());
			return null;
		}
		catch (Exception ex) {
			return ex;
		}
	}

	Claimed claim() {
		try {
			this.settings.store.prepare(this.settings.statementTimeout());
		}
		catch (WorkerLeaseException ex) {
			throw ex; // the store refused (a setting that can lose writes): its reason, not "unavailable"
		}
		catch (Exception ex) {
			throw unavailable(ex);
		}
		int racesLost = 0;
		int lastRoundRaces = 0;
		Refusal refusal = null;
		boolean spread = false;
		for (int round = 0; round < MAX_ROUNDS; round++) {
			// Every round: the records may have been deleted since the last one (a store refuses to create a
			// record in a store deleted or fenced since it answered here, and the round is lost).
			awaitForgottenHolders();
			Round attempt = new Round(spread);
			Claimed claimed;
			boolean readLost = false;
			try {
				claimed = attempt.run();
			}
			catch (WorkerLeaseException ex) {
				throw ex; // the store refused (a setting or permission to fix): its reason, not "unavailable"
			}
			catch (Exception ex) {
				if (this.settings.store.isLostRace(ex)) {
					attempt.racesLost++;
					readLost = true;
					claimed = null;
				}
				else {
					throw unavailable(ex);
				}
			}
			if (claimed != null) {
				return claimed;
			}
			racesLost += attempt.racesLost;
			lastRoundRaces = attempt.racesLost;
			refusal = attempt.refusal;
			if (attempt.racesLost == 0) {
				break;
			}
			// Rows lost to others: from now on this claimant tries the rows in an order of its own. A crowd starting
			// at once, all trying the same lowest rows, let only a few of them win each round, and refused starts
			// while hundreds of pairs were free (seen: 84 of 300 on an empty table). A read lost to a serialization
			// failure says nothing about the rows: the order stays.
			spread |= !readLost;
			// Others are claiming at the same moment: let them finish, then read the table again.
			LockSupport.parkNanos(ThreadLocalRandom.current().nextLong(1_000_000, 20_000_000L * (round + 1)));
		}
		if (refusal == null || lastRoundRaces > 0) {
			throw new WorkerLeaseException(WorkerLeaseException.Reason.CONTENTION, this.settings.store.assignment(),
					"Could not lease a worker id from " + this.settings.storeDescription() + ": other instances won "
							+ racesLost + " races for the same rows in " + MAX_ROUNDS + " rounds", null);
		}
		throw refusal.exception();
	}

	/**
	 * The {@code i}-th of {@code pairs} (a power of two) in a walk from {@code start} by an odd {@code stride}: an odd
	 * stride is invertible modulo a power of two, so {@code i = 0 .. pairs - 1} visit every pair once. The product's
	 * overflow wraps modulo 2^64, a multiple of {@code pairs}: harmless.
	 */
	static long permuted(long i, long start, long stride, long pairs) {
		return (start + i * stride) & (pairs - 1);
	}

	/** The random order of rows after a lost round: each thread's own, or the settings' seeded one. */
	private Random order() {
		return (this.settings.claimOrder != null) ? this.settings.claimOrder : ThreadLocalRandom.current();
	}

	/** One read of the table and one pass over its rows. */
	private final class Round {

		/** Rows in an order of this claimant's own (random), not lowest first: the round follows a lost one. */
		private final boolean spread;

		int racesLost;

		Refusal refusal;

		Round(boolean spread) {
			this.spread = spread;
		}

		Claimed run() throws Exception {
			WorkerLeaseSettings s = LeaseClaim.this.settings;
			Integer fixedDatacenter = s.datacenterId;
			List<LeaseRecord> rows = s.store.records(fixedDatacenter, s.statementTimeout());
			// Elapsed clock first, wall clock last: a pause between the reads can only shorten the permit granted
			// below relative to the lease end written, never lengthen it.
			long elapsedStart = s.clock.elapsedNanos();
			long nowNanos = s.timeSource.currentTimeNanos();
			long nowWall = s.clock.wallMillis();
			long expiredBefore = nowWall - s.safetyMargin.toMillis();
			long allowedWait = allowedWaitNanos();
			List<LeaseRecord> usableNow = new ArrayList<>();
			List<LeaseRecord> usableSoon = new ArrayList<>();
			Set<Long> existing = new HashSet<>();
			long earliestFreeMark = Long.MAX_VALUE;
			long earliestLeaseEnd = Long.MAX_VALUE;
			for (LeaseRecord row : rows) {
				existing.add(key(row.datacenterId(), row.workerId()));
				if (row.datacenterId() < 0 || row.datacenterId() > LeaseClaim.this.layout.maxDatacenterId()
						|| row.workerId() < 0 || row.workerId() > LeaseClaim.this.layout.maxWorkerId()) {
					continue; // left by a wider layout (or another application sharing the table): not ours to take
				}
				if (row.leaseEnd() >= expiredBefore) {
					earliestLeaseEnd = Math.min(earliestLeaseEnd, row.leaseEnd());
					continue;
				}
				long wait = firstUsableNanos(LeaseClaim.this.layout, row.highWaterMark()) - nowNanos;
				if (wait <= NEGLIGIBLE_WAIT_NANOS) {
					usableNow.add(row);
				}
				else if (wait <= allowedWait) {
					usableSoon.add(row);
				}
				else {
					earliestFreeMark = Math.min(earliestFreeMark, row.highWaterMark());
				}
			}
			Comparator<LeaseRecord> byPair = Comparator.comparingInt(LeaseRecord::datacenterId).thenComparingInt(LeaseRecord::workerId);
			usableNow.sort(byPair);
			if (this.spread) {
				Collections.shuffle(usableNow, order());
			}
			usableSoon.sort(Comparator.comparingLong(LeaseRecord::highWaterMark).thenComparing(byPair));
			long leaseEnd = nowWall + s.duration.toMillis();
			long claimMark = Math.floorDiv(nowNanos, 1_000_000) + s.duration.toMillis();
			for (LeaseRecord row : usableNow) {
				Claimed claimed = tryTake(row, leaseEnd, claimMark, expiredBefore, elapsedStart, nowNanos);
				if (claimed != null) {
					return claimed;
				}
			}
			Claimed created = tryNewRows(existing, leaseEnd, claimMark, elapsedStart);
			if (created != null) {
				return created;
			}
			for (LeaseRecord row : usableSoon) {
				Claimed claimed = tryTake(row, leaseEnd, claimMark, expiredBefore, elapsedStart, nowNanos);
				if (claimed != null) {
					return claimed;
				}
			}
			this.refusal = new Refusal(earliestFreeMark, earliestLeaseEnd, nowNanos);
			return null;
		}

		private Claimed tryTake(LeaseRecord row, long leaseEnd, long claimMark, long expiredBefore, long elapsedStart,
				long nowNanos) throws Exception {
			WorkerLeaseSettings s = LeaseClaim.this.settings;
			LocalNodes.Reservation reservation = LocalNodes.reserve(LeaseClaim.this.layout, row.datacenterId(),
					row.workerId(), LeaseClaim.this.owner + " lease of " + s.storeDescription());
			if (reservation == null) {
				return null; // in use by another generator of this JVM
			}
			long previous = Math.max(row.highWaterMark(), reservation.previousLastMillis());
			if (firstUsableNanos(LeaseClaim.this.layout, previous) - nowNanos > allowedWaitNanos()) {
				reservation.release(reservation.previousLastMillis());
				return null;
			}
			long mark = Math.max(previous, claimMark);
			String token = UUID.randomUUID().toString();
			if (!won(row, token, previous, reservation, () -> s.store.takeFree(row, LeaseClaim.this.owner, token,
					leaseEnd, mark, expiredBefore, s.statementTimeout()))) {
				return null;
			}
			return claimed(row, token, leaseEnd, previous, mark, elapsedStart, reservation);
		}

		/**
		 * Creates rows for (datacenter, worker) pairs never used: lowest first, or after a lost round in a random
		 * order of this claimant's own (a random start and odd stride over the pairs, whose number is a power of
		 * two: every pair once). Which pairs are tried never decides who holds one: the insert the primary key
		 * guards does.
		 */
		private Claimed tryNewRows(Set<Long> existing, long leaseEnd, long claimMark, long elapsedStart)
				throws Exception {
			WorkerLeaseSettings s = LeaseClaim.this.settings;
			long firstDc = (s.datacenterId != null) ? s.datacenterId : 0;
			long lastDc = (s.datacenterId != null) ? s.datacenterId : LeaseClaim.this.layout.maxDatacenterId();
			long workers = LeaseClaim.this.layout.maxWorkerId() + 1;
			long pairs = (lastDc - firstDc + 1) * workers;
			boolean permute = this.spread && Long.bitCount(pairs) == 1; // a power of two, as every layout gives
			long start = 0;
			long stride = 1;
			if (permute) {
				Random order = order();
				start = order.nextLong(pairs);
				stride = order.nextLong(pairs) | 1;
			}
			int tried = 0;
			for (long i = 0; i < pairs && tried < NEW_ROWS_PER_ROUND; i++) {
				long index = permute ? permuted(i, start, stride, pairs) : i;
				long dc = firstDc + index / workers;
				long worker = index % workers;
				if (existing.contains(key((int) dc, (int) worker))) {
					continue;
				}
				LocalNodes.Reservation reservation = LocalNodes.reserve(LeaseClaim.this.layout, dc, worker,
						LeaseClaim.this.owner + " lease of " + s.storeDescription());
				if (reservation == null) {
					continue;
				}
				tried++;
				long previous = Math.max(0, reservation.previousLastMillis());
				long mark = Math.max(previous, claimMark);
				String token = UUID.randomUUID().toString();
				LeaseRecord row = new LeaseRecord((int) dc, (int) worker, leaseEnd, mark);
				if (!won(row, token, previous, reservation, () -> s.store.insertNew(row.datacenterId(),
						row.workerId(), LeaseClaim.this.owner, token, leaseEnd, mark, s.statementTimeout()))) {
					continue;
				}
				if (firstUsableNanos(LeaseClaim.this.layout, previous)
						- s.timeSource.currentTimeNanos() > allowedWaitNanos()) {
					// Only possible after a local holder far ahead of this clock: give it back.
					new Claimed(row, token, leaseEnd, previous, null, reservation, elapsedStart).abandon(s);
					continue;
				}
				return claimed(row, token, leaseEnd, previous, mark, elapsedStart, reservation);
			}
			return null;
		}

		/**
		 * Runs the take or insert of {@code row}; true if this claim won the row. A lost race (the statement
		 * matched nothing, or a serialization failure) is counted and gives false. Any other failure has an unknown
		 * outcome and may have committed: the row is freed again if it carries this claim's token, with the mark it
		 * had (nothing was issued), before the failure is thrown. The reservation is released unless the row is won.
		 */
		private boolean won(LeaseRecord row, String token, long previousMark, LocalNodes.Reservation reservation,
				StoreCall statement) throws Exception {
			WorkerLeaseSettings s = LeaseClaim.this.settings;
			boolean won;
			try {
				won = statement.call();
			}
			catch (Exception ex) {
				reservation.release(reservation.previousLastMillis());
				if (s.store.isLostRace(ex)) {
					this.racesLost++;
					return false;
				}
				Exception notFreed = freeIfHeld(s, row, token, previousMark);
				if (notFreed != null) {
					ex.addSuppressed(notFreed);
				}
				throw ex;
			}
			if (!won) {
				reservation.release(reservation.previousLastMillis());
				this.racesLost++;
			}
			return won;
		}

		private Claimed claimed(LeaseRecord row, String token, long leaseEnd, long previousMark, long mark,
				long elapsedStart, LocalNodes.Reservation reservation) {
			WorkerLeaseSettings s = LeaseClaim.this.settings;
			IssuePermit permit = new IssuePermit("the lease of worker " + describe(row.datacenterId(),
					row.workerId()) + " ended without renewal", s.clock::elapsedNanos);
			permit.grant(elapsedStart + s.duration.toNanos(), mark * 1_000_000L);
			return new Claimed(row, token, leaseEnd, previousMark, permit, reservation, elapsedStart);
		}
	}

	/** Why no row could be claimed, and when one will be usable. */
	private final class Refusal {

		final long earliestFreeMark;

		final long earliestLeaseEnd;

		final long nowNanos;

		final WorkerLeaseException.Reason reason;

		Refusal(long earliestFreeMark, long earliestLeaseEnd, long nowNanos) {
			this.earliestFreeMark = earliestFreeMark;
			this.earliestLeaseEnd = earliestLeaseEnd;
			this.nowNanos = nowNanos;
			this.reason = (earliestFreeMark != Long.MAX_VALUE) ? WorkerLeaseException.Reason.CLOCK_BEHIND
					: WorkerLeaseException.Reason.ALL_WORKERS_LEASED;
		}

		WorkerLeaseException exception() {
			WorkerLeaseSettings s = LeaseClaim.this.settings;
			SnowflakeLayout layout = LeaseClaim.this.layout;
			long capacity = (s.datacenterId != null) ? layout.maxWorkerId() + 1
					: (layout.maxDatacenterId() + 1) * (layout.maxWorkerId() + 1);
			String scope = (s.datacenterId != null) ? "worker ids of datacenter " + s.datacenterId
					: "(datacenter, worker) pairs";
			String crashed = (this.earliestLeaseEnd != Long.MAX_VALUE) ? " The first lease to end without renewal "
					+ "ends at " + Instant.ofEpochMilli(this.earliestLeaseEnd) + ", usable from "
					+ Instant.ofEpochMilli(this.earliestLeaseEnd + s.safetyMargin.toMillis()) + "." : "";
			if (this.reason == WorkerLeaseException.Reason.CLOCK_BEHIND) {
				long usableNanos = firstUsableNanos(layout, this.earliestFreeMark);
				long behindMillis = (usableNanos - this.nowNanos + 999_999) / 1_000_000;
				return new WorkerLeaseException(this.reason, s.store.assignment(), "No usable worker id in "
						+ s.storeDescription()
						+ ": every free one was last used up to a time ahead of this host's clock by more than the "
						+ "tolerated " + s.clockTolerance.toMillis() + " ms (" + SnowflakeSettings.CLOCK_TOLERANCE
						+ "). The earliest becomes usable at " + Instant.ofEpochMilli(usableNanos / 1_000_000)
						+ ", in " + behindMillis + " ms by this host's clock." + crashed + " Refusing to start: ids "
						+ "could repeat. If another host's clock runs ahead, fix its time (NTP); this host's clock "
						+ "may also have been stepped back", null);
			}
			return new WorkerLeaseException(this.reason, s.store.assignment(), "All " + capacity + " " + scope + " are leased in "
					+ s.storeDescription() + " (capacity " + capacity + " = " + describeCapacity(layout, s.datacenterId != null)
					+ ")." + crashed + " Stop instances you do not need, wait for crashed instances' leases to expire "
					+ "(lease end + " + s.safetyMargin.toSeconds() + " s), or widen " + SnowflakeSettings.WORKER_BITS
					+ " (taking bits from " + SnowflakeSettings.SEQUENCE_BITS + " or " + SnowflakeSettings.TIMESTAMP_BITS
					+ ", keeping the sum at 63) for new data", null);
		}
	}

	/**
	 * Waits out the holders a store may have forgotten ({@link io.snowflakeid.spi.LeaseStore#forgottenHoldersFence}): until the fence,
	 * and never longer than this host's own lease duration + safety margin from now. That bound is safe whichever
	 * host wrote the fence: the records were lost before this claim read the fence, and a holder renews nothing
	 * after that, so it stops issuing within its lease from its last renewal, before now + lease duration.
	 */
	private void awaitForgottenHolders() {
		WorkerLeaseSettings s = this.settings;
		long longest = s.duration.toMillis() + s.safetyMargin.toMillis();
		long fence;
		try {
			fence = s.store.forgottenHoldersFence(s.clock.wallMillis() + longest, s.statementTimeout());
		}
		catch (WorkerLeaseException ex) {
			throw ex;
		}
		catch (Exception ex) {
			throw unavailable(ex);
		}
		long now = s.clock.wallMillis();
		if (fence <= now) {
			return;
		}
		if (fence > now + longest + s.clockTolerance.toMillis()) {
			// Only a host whose clock runs ahead of this one by more than the margin writes a fence this far out.
			throw new WorkerLeaseException(WorkerLeaseException.Reason.CLOCK_BEHIND, s.store.assignment(),
					"The records of " + s.storeDescription() + " were found deleted and fenced until "
							+ Instant.ofEpochMilli(fence) + ", beyond this host's now (" + Instant.ofEpochMilli(now)
							+ ") + " + Settings.LEASE_DURATION.key() + " + " + Settings.LEASE_SAFETY_MARGIN.key()
							+ ": the host that found them so has a clock ahead of this one by "
							+ (fence - now - longest) + " ms or more, beyond the safety margin. Refusing to start: "
							+ "ids could repeat. Fix the clocks (NTP); the fence is its own field of the store's records",
					null);
		}
		long until = Math.min(fence, now + longest);
		logger.log(System.Logger.Level.INFO, "The worker lease records of {0} were found deleted (or never written: "
				+ "its first use): waiting {1} ms before leasing a worker id, the longest an instance whose record was "
				+ "lost could still be issuing ids ({2} + {3})", s.storeDescription(), until - now,
				Settings.LEASE_DURATION.key(), Settings.LEASE_SAFETY_MARGIN.key());
		long remaining;
		while ((remaining = until - s.clock.wallMillis()) > 0) {
			s.timeSource.awaitNanos(remaining * 1_000_000L);
		}
	}

	private static final System.Logger logger = io.snowflakeid.internal.logging.Logging.getLogger(LeaseClaim.class);

	private WorkerLeaseException unavailable(Exception ex) {
		WorkerLeaseSettings s = this.settings;
		return new WorkerLeaseException(WorkerLeaseException.Reason.DATABASE_UNAVAILABLE, s.store.assignment(),
				"Cannot lease a worker id from " + s.storeDescription() + ": " + ex.getMessage()
						+ s.store.unavailableAdvice(),
				ex);
	}

	private static String describeCapacity(SnowflakeLayout layout, boolean fixedDatacenter) {
		return fixedDatacenter ? "2^" + layout.workerBits() + " worker bits"
				: "2^" + layout.datacenterBits() + " datacenter bits x 2^" + layout.workerBits() + " worker bits";
	}

	/** The time (nanoseconds on the time source) from which ids are above a mark: the start of the next tick. */
	static long firstUsableNanos(SnowflakeLayout layout, long markMillis) {
		long epoch = layout.epoch().toEpochMilli();
		long tick = Math.floorDiv(markMillis - epoch, layout.tickMillis());
		return (epoch + (tick + 1) * layout.tickMillis()) * 1_000_000L;
	}

	/**
	 * A wait this short counts as none: a row released in the very millisecond this instance reads it (an
	 * immediate restart in the same JVM, a fast machine) is as good as any free row, even with no clock tolerance.
	 */
	static final long NEGLIGIBLE_WAIT_NANOS = 1_000_000L;

	/** How long acquire() may wait for a row's mark: the clock tolerance, at least a negligible wait. */
	long allowedWaitNanos() {
		return Math.max(this.settings.clockTolerance.toNanos(), NEGLIGIBLE_WAIT_NANOS);
	}

	/** One operation on the store that claims a record: true if this claim won it. */
	@FunctionalInterface
	interface StoreCall {

		boolean call() throws Exception;
	}

	static long key(int datacenterId, int workerId) {
		return ((long) datacenterId << 32) | (workerId & 0xFFFFFFFFL);
	}

	static String describe(int datacenterId, int workerId) {
		return "(datacenter " + datacenterId + ", worker " + workerId + ")";
	}
}
