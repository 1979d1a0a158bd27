package io.snowflakeid.spring.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

import io.snowflakeid.SnowflakeSettings;
import io.snowflakeid.redis.RedisScripts;
import io.snowflakeid.worker.LeaseStore;
import org.springframework.data.redis.connection.RedisConnection;
import org.springframework.data.redis.connection.RedisConnectionFactory;
import org.springframework.data.redis.connection.ReturnType;

/**
 * {@link RedisScripts} over the application's {@link RedisConnectionFactory} (Lettuce or Jedis underneath). The
 * factory's own command timeout may be long (Lettuce's default is 60 s): each call runs on a thread of this adapter
 * and is waited for at most its timeout, so a hung call never holds a renewal past its bound. {@link #close()}
 * stops those threads; the factory stays the application's.
 */
final class SpringDataRedisScripts implements RedisScripts {

	private final RedisConnectionFactory factory;

	private final ExecutorService calls = Executors.newCachedThreadPool((task) -> {
		Thread thread = new Thread(task, "snowflake-redis-call");
		thread.setDaemon(true);
		return thread;
	});

	SpringDataRedisScripts(RedisConnectionFactory factory) {
		this.factory = factory;
	}

	@Override
	public long evalLong(String script, String key, List<String> args, Duration timeout) throws Exception {
		Long result = call((connection) -> connection.scriptingCommands().eval(bytes(script), ReturnType.INTEGER, 1,
				keysAndArgs(key, args)), timeout);
		return result;
	}

	@Override
	public List<String> evalList(String script, String key, List<String> args, Duration timeout) throws Exception {
		List<?> result = call((connection) -> connection.scriptingCommands().eval(bytes(script), ReturnType.MULTI, 1,
				keysAndArgs(key, args)), timeout);
		List<String> strings = new ArrayList<>(result.size());
		for (Object value : result) {
			strings.add((value instanceof byte[] raw) ? new String(raw, StandardCharsets.UTF_8) : String.valueOf(value));
		}
		return strings;
	}

	/**
	 * Runs {@code command} on a connection of the factory. A failure to get the connection means nothing was sent
	 * ({@link LeaseStore.NotAppliedException}); any later failure, and a timeout, may have been applied.
	 */
	private <T> T call(Function<RedisConnection, T> command, Duration timeout) throws Exception {
		Future<T> future = this.calls.submit(() -> {
			RedisConnection connection;
			try {
				connection = this.factory.getConnection();
			}
			catch (RuntimeException ex) {
				throw new LeaseStore.NotAppliedException(ex);
			}
			try {
				return command.apply(connection);
			}
			finally {
				connection.close();
			}
		});
		try {
			return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (ExecutionException ex) {
			throw (ex.getCause() instanceof Exception cause) ? cause : ex;
		}
		catch (TimeoutException ex) {
			// Still a TimeoutException (the script may still run), with a message: the JDK's has none. The thread
			// ends with the factory's own timeout.
			throw new TimeoutException("No answer from Redis within " + timeout.toMillis() + " ms (the bound of each "
					+ "lease operation: a sixth of " + SnowflakeSettings.LEASE_DURATION + ", at least 1 s); it may "
					+ "still be applied");
		}
	}

	private static byte[] bytes(String text) {
		return text.getBytes(StandardCharsets.UTF_8);
	}

	private static byte[][] keysAndArgs(String key, List<String> args) {
		byte[][] all = new byte[1 + args.size()][];
		all[0] = bytes(key);
		for (int i = 0; i < args.size(); i++) {
			all[i + 1] = bytes(args.get(i));
		}
		return all;
	}

	@Override
	public String description() {
		return "the application's RedisConnectionFactory (" + this.factory.getClass().getSimpleName() + ")";
	}

	@Override
	public void close() {
		this.calls.shutdownNow();
	}
}
