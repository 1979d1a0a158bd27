package io.snowflakeid.redis;

import java.time.Duration;
import java.util.List;

/**
 * The one thing {@link RedisLeaseStore} needs from a Redis client: run a Lua script (EVAL) on one key, bounded by a
 * timeout. Implemented over Lettuce ({@link LettuceRedisScripts}) and, in the Spring Boot starter, over Spring Data
 * Redis' connection factory (Lettuce or Jedis underneath).
 * <p>
 * A call that certainly did not reach the server (no connection) throws
 * {@link io.snowflakeid.worker.LeaseStore.NotAppliedException}; any other failure, a timeout included, may have
 * been applied and is thrown as it is.
 */
public interface RedisScripts extends AutoCloseable {

	/** Runs {@code script} with {@code KEYS[1] = key} and {@code ARGV = args}; the script returns an integer. */
	long evalLong(String script, String key, List<String> args, Duration timeout) throws Exception;

	/** Runs {@code script} with {@code KEYS[1] = key} and {@code ARGV = args}; the script returns a list of strings. */
	List<String> evalList(String script, String key, List<String> args, Duration timeout) throws Exception;

	/** Where the server is, for messages (no password). */
	String description();

	/** Closes what this adapter opened itself (an adapter over the application's client closes nothing). */
	@Override
	default void close() {
	}
}
