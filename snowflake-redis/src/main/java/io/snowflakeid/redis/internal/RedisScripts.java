package io.snowflakeid.redis.internal;

import java.time.Duration;
import java.util.List;

import io.snowflakeid.internal.config.Settings;

/**
 * The one thing {@link RedisLeaseStore} needs from a Redis client: run a Lua script (EVAL) on one key, bounded by a
 * timeout. Implemented over Lettuce (the client plain Hibernate opens from {@link RedisSettings#URI}) and, in the
 * Spring Boot starter, over Spring Data Redis' connection factory (Lettuce or Jedis underneath).
 * <p>
 * A call that certainly did not reach the server (no connection) throws
 * {@link io.snowflakeid.spi.LeaseStore.NotAppliedException}; any other failure, a timeout included, may have
 * been applied and is thrown as it is.
 */
public interface RedisScripts extends AutoCloseable {

	/** Runs {@code script} with {@code KEYS[1] = key} and {@code ARGV = args}; the script returns an integer. */
	long evalLong(String script, String key, List<String> args, Duration timeout) throws Exception;

	/** Runs {@code script} with {@code KEYS[1] = key} and {@code ARGV = args}; the script returns a list of strings. */
	List<String> evalList(String script, String key, List<String> args, Duration timeout) throws Exception;

	/**
	 * Runs {@code script} as {@link #evalLong(String, String, List, Duration)}; if it returns 1 (it wrote) and
	 * {@code replicas > 0}, then {@code WAIT replicas} on the same connection (WAIT counts the writes of the
	 * connection it runs on), all within {@code timeout}.
	 * @throws java.util.concurrent.TimeoutException if fewer replicas acknowledged the write in time: it is on the
	 * primary, and a failover may still lose it
	 */
	long evalLong(String script, String key, List<String> args, int replicas, Duration timeout) throws Exception;

	/** {@code INFO} (its default sections, persistence, replication and memory among them) as name/value pairs. */
	java.util.Map<String, String> info(Duration timeout) throws Exception;

	/**
	 * {@code CONFIG GET parameter} as name/value pairs; throws if the server refuses CONFIG (managed services, an
	 * ACL, a renamed command).
	 */
	java.util.Map<String, String> configGet(String parameter, Duration timeout) throws Exception;

	/** Where the server is, for messages (no password). */
	String description();

	/**
	 * Checks WAIT's answer: {@code acked} replicas of the {@code replicas} a write waited for.
	 * @throws java.util.concurrent.TimeoutException if fewer acknowledged it (the write stands on the primary, and a
	 * failover to a replica without it would forget it: its outcome is unknown)
	 */
	static void requireReplicas(Long acked, int replicas, Duration waited) throws java.util.concurrent.TimeoutException {
		long count = (acked != null) ? acked : 0;
		if (count < replicas) {
			throw new java.util.concurrent.TimeoutException("The write was acknowledged by " + count + " of " + replicas
					+ " replicas within " + waited.toMillis() + " ms (WAIT " + replicas + "): a failover to a replica "
					+ "without it would forget it, so it does not count (every write of the lease waits for all the "
					+ "replicas connected to the primary)");
		}
	}

	/**
	 * What a call that got no answer within {@code timeout} throws (the JDK's has no message): it may still run on
	 * the server, so its outcome is unknown.
	 */
	static java.util.concurrent.TimeoutException timedOut(Duration timeout) {
		return new java.util.concurrent.TimeoutException("No answer from Redis within " + timeout.toMillis()
				+ " ms (the bound of each lease operation: a sixth of " + Settings.LEASE_DURATION.key()
				+ ", at least 1 s, and at least 5 s for a store's first); it may still be applied");
	}

	/** Closes what this adapter opened itself (an adapter over the application's client closes nothing). */
	@Override
	default void close() {
	}
}
