package io.snowflakeid.spi;

import java.time.Duration;
import java.util.Collection;
import java.util.List;

/**
 * Where worker leases are kept: one record per (datacenter, worker) pair with its lease end, high-water mark and
 * token. The database lease keeps them in a table; the optional modules {@code snowflake-redis} and
 * {@code snowflake-zookeeper} in a coordination service the whole fleet shares.
 * {@link io.snowflakeid.worker.WorkerLease} runs the same
 * protocol over every store, so what it guarantees holds for each, provided every operation below is atomic: it
 * either happens entirely, as one compare-and-set on one record, or not at all.
 * <p>
 * Times are epoch milliseconds of the calling host's wall clock; the store compares and stores them, it never
 * reads a clock of its own. Every operation is bounded by {@code timeout} (the store's own command or statement
 * timeout); a failure whose outcome is unknown (it may have happened) is thrown as any exception, one that
 * certainly changed nothing as {@link NotAppliedException}.
 */
public interface LeaseStore {

	/** Where the records are, for messages: {@code table snowflake_worker_lease}, {@code Redis hash ...}. */
	String description();

	/** The {@code snowflake.worker-assignment} value this store serves, for messages. */
	default String assignment() {
		return "database-lease"; // WorkerAssignment.DATABASE_LEASE's value (this package depends on no configuration)
	}

	/** Makes the store ready before a claim (the table created if it is missing and that is configured). */
	default void prepare(Duration timeout) throws Exception {
	}

	/** What to add to a "cannot reach the store" message (the DDL when the table is not created automatically). */
	default String unavailableAdvice() {
		return "";
	}

	/**
	 * The longest a lease may last in this store, or null for no bound: a store whose holders are tied to a
	 * session (ZooKeeper) bounds it by the session timeout, so that no permit outlives the session. A longer
	 * {@code snowflake.lease.duration} is shortened to it.
	 */
	default Duration maxLeaseDuration() {
		return null;
	}

	/**
	 * Called once {@code lease} holds its record, before its first id: a store that watches its connection may
	 * {@link LeaseSignals#suspend suspend} the lease when the connection is lost and
	 * {@link LeaseSignals#renewSoon renew} it when it is back.
	 */
	default void attached(LeaseSignals lease) {
	}

	/** Called when {@code lease} has been closed (its record handed back or given up). */
	default void detached(LeaseSignals lease) {
	}

	/**
	 * For a store that can lose all of its records at once (a Redis key deleted, flushed or expired): the instant
	 * (wall-clock milliseconds, like lease ends) until which holders it forgot may still be issuing ids, or 0 if
	 * there are none. Called before every claim. A store that finds no records at all (its data deleted, or its first
	 * use: the two look the same) records {@code fenceIfEmpty} — now + lease duration + safety margin, the longest a
	 * forgotten holder can go on issuing — atomically with that finding, and returns it; otherwise it returns the
	 * fence recorded last, possibly long past. The claim waits until the fence has passed: a pair created in the
	 * meantime could be one a forgotten holder still issues ids with. A store whose records outlive every lease (the
	 * lease table, whose rows are never deleted) keeps this default.
	 */
	default long forgottenHoldersFence(long fenceIfEmpty, Duration timeout) throws Exception {
		return 0;
	}

	/** The records that exist, of one datacenter if {@code datacenterId} is not null. */
	List<LeaseRecord> records(Integer datacenterId, Duration timeout) throws Exception;

	/**
	 * Takes a free record: only if its lease ended before {@code expiredBefore} (or, in a store with sessions, its
	 * holder's session has ended) and its mark is still {@code record.highWaterMark()}, writing this claimant's
	 * owner, token, lease end and mark. False if either condition no longer holds.
	 */
	boolean takeFree(LeaseRecord record, String owner, String token, long leaseEnd, long mark, long expiredBefore,
			Duration timeout) throws Exception;

	/** Creates the record of a pair never used; false if it exists (another instance created it first). */
	boolean insertNew(int datacenterId, int workerId, String owner, String token, long leaseEnd, long mark,
			Duration timeout) throws Exception;

	/**
	 * Extends the lease if the record carries one of {@code tokens}, replacing the token with {@code newToken} (the
	 * fencing token) and raising the mark to {@code mark} (never lowering it). False if the record carries none of
	 * the tokens: another instance took it over.
	 */
	boolean renew(int datacenterId, int workerId, Collection<String> tokens, String newToken, long leaseEnd,
			long mark, Duration timeout) throws Exception;

	/**
	 * What the store saw when {@link #renew} last returned false for the pair (another instance holds it now, its
	 * record was deleted...), in words that follow "worker dc/w", or null for the generic "taken over" message.
	 * Asked once, right after that renewal; the lease is sealed with it.
	 */
	default String lostReason(int datacenterId, int workerId) {
		return null;
	}

	/**
	 * Frees the record if it carries one of {@code tokens}: lease end 0, no owner or token, the mark set to exactly
	 * {@code exactMark} (what the holder issued; it may be lower than the mark the renewals stored).
	 */
	boolean release(int datacenterId, int workerId, Collection<String> tokens, long exactMark, Duration timeout)
			throws Exception;

	/**
	 * Whether {@code failure} means another instance changed the record at the same moment (a race lost, to be
	 * retried or answered by taking another record), not an outage.
	 */
	default boolean isLostRace(Exception failure) {
		return false;
	}

	/**
	 * An operation that certainly did not reach the store (no connection could be had): nothing changed. Any other
	 * failure may have been applied, and the lease remembers its token as possibly written.
	 */
	final class NotAppliedException extends Exception {

		private static final long serialVersionUID = 1L;

		public NotAppliedException(Exception cause) {
			super(cause.getMessage(), cause);
		}
	}
}
