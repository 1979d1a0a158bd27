package io.snowflakeid.spring.redis;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import io.snowflakeid.redis.internal.RedisScripts;
import io.snowflakeid.spi.LeaseStore;
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

	/**
	 * The most calls waiting for the server at once: a renewal, and a claim or hand-back. While the server hangs,
	 * each call's thread waits out the factory's own command timeout after its caller gave up; more threads would
	 * only pile up (one per renewal attempt, every second), so a further call is refused at once as not sent.
	 */
	static final int MAX_CALLS = 2;

	private final ThreadPoolExecutor calls = new ThreadPoolExecutor(MAX_CALLS, MAX_CALLS, 60, TimeUnit.SECONDS,
			new java.util.concurrent.LinkedBlockingQueue<>(), (task) -> {
				Thread thread = new Thread(task, "snowflake-redis-call");
				thread.setDaemon(true);
				return thread;
			});

	/**
	 * The calls not finished yet, at most {@link #MAX_CALLS}: released by the call itself, before its caller sees
	 * the answer, so a call that answered never counts (a pool thread not yet back waiting for work would, with a
	 * hand-off queue, and refuse the next call as if the server hung).
	 */
	private final java.util.concurrent.Semaphore running = new java.util.concurrent.Semaphore(MAX_CALLS);

	{
		this.calls.allowCoreThreadTimeOut(true);
	}

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
	public long evalLong(String script, String key, List<String> args, int replicas, Duration timeout)
			throws Exception {
		long deadline = System.nanoTime() + timeout.toNanos();
		Long result = call((connection) -> {
			Long written = connection.scriptingCommands().eval(bytes(script), ReturnType.INTEGER, 1,
					keysAndArgs(key, args));
			if (written != null && written == 1 && replicas > 0) {
				// On the same connection: WAIT counts the writes of the connection it runs on.
				Duration left = Duration.ofNanos(Math.max(1_000_000, deadline - System.nanoTime()));
				RedisScripts.requireReplicas(waitForReplicas(connection, replicas, left), replicas, left);
			}
			return written;
		}, timeout.plusMillis((replicas > 0) ? 250 : 0));
		return result;
	}

	/**
	 * WAIT through the driver's own connection: Spring Data Redis has no WAIT, and its generic
	 * {@code execute("WAIT")} does not read WAIT's integer answer with Lettuce. Lettuce's async commands have
	 * {@code waitForReplication(int, long)}, Jedis {@code waitReplicas(int, long)}; a driver with neither is refused
	 * (the write would not be confirmed), never skipped.
	 */
	private static Long waitForReplicas(RedisConnection connection, int replicas, Duration timeout) throws Exception {
		Object driver = connection.getNativeConnection();
		java.lang.reflect.Method wait = publicMethod(driver.getClass(), int.class, long.class, "waitForReplication",
				"waitReplicas");
		if (wait == null) {
			throw new IllegalStateException("Cannot WAIT for the " + replicas + " replicas of Redis through "
					+ driver.getClass().getName() + ": use snowflake.redis.uri (a Lettuce client of the lease's own)");
		}
		Object answer;
		try {
			answer = wait.invoke(driver, replicas, timeout.toMillis());
		}
		catch (java.lang.reflect.InvocationTargetException ex) {
			throw (ex.getCause() instanceof Exception cause) ? cause : ex;
		}
		if (answer instanceof Future<?> pending) {
			answer = pending.get(timeout.toMillis() + 250, TimeUnit.MILLISECONDS);
		}
		return (answer instanceof Number number) ? number.longValue() : null;
	}

	/** A method by one of {@code names} as a public interface or class declares it (callable by reflection). */
	private static java.lang.reflect.Method publicMethod(Class<?> type, Class<?> first, Class<?> second,
			String... names) {
		for (Class<?> candidate = type; candidate != null; candidate = candidate.getSuperclass()) {
			java.util.List<Class<?>> types = new java.util.ArrayList<>(java.util.List.of(candidate));
			for (int i = 0; i < types.size(); i++) {
				Class<?> current = types.get(i);
				if (java.lang.reflect.Modifier.isPublic(current.getModifiers())) {
					for (String name : names) {
						try {
							return current.getMethod(name, first, second);
						}
						catch (NoSuchMethodException ex) {
							// the next name
						}
					}
				}
				types.addAll(java.util.List.of(current.getInterfaces()));
			}
		}
		return null;
	}

	@Override
	public Map<String, String> info(Duration timeout) throws Exception {
		return call((connection) -> asMap(connection.serverCommands().info()), timeout);
	}

	@Override
	public Map<String, String> configGet(String parameter, Duration timeout) throws Exception {
		return call((connection) -> asMap(connection.serverCommands().getConfig(parameter)), timeout);
	}

	private static Map<String, String> asMap(Properties properties) {
		Map<String, String> values = new LinkedHashMap<>();
		if (properties != null) {
			properties.forEach((name, value) -> values.put(String.valueOf(name), String.valueOf(value).strip()));
		}
		return values;
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
	private <T> T call(Command<T> command, Duration timeout) throws Exception {
		Future<T> future;
		try {
			future = submit(command);
		}
		catch (RejectedExecutionException ex) {
			throw new LeaseStore.NotAppliedException(new IllegalStateException("Not sent to Redis: the " + MAX_CALLS
					+ " calls before it are still waiting for an answer from " + description()
					+ " (the server hangs), or the lease store is closed", ex));
		}
		try {
			return future.get(timeout.toMillis(), TimeUnit.MILLISECONDS);
		}
		catch (ExecutionException ex) {
			throw (ex.getCause() instanceof Exception cause) ? cause : ex;
		}
		catch (TimeoutException ex) {
			// Still a TimeoutException (the script may still run). The thread ends with the factory's own timeout.
			throw RedisScripts.timedOut(timeout);
		}
	}

	private <T> Future<T> submit(Command<T> command) {
		if (!this.running.tryAcquire()) {
			throw new RejectedExecutionException(MAX_CALLS + " calls still running");
		}
		try {
			return this.calls.submit(() -> {
				try {
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
				}
				finally {
					this.running.release();
				}
			});
		}
		catch (RejectedExecutionException ex) {
			this.running.release(); // closed: never ran
			throw ex;
		}
	}

	/** What runs on a connection of the factory. */
	@FunctionalInterface
	private interface Command<T> {

		T apply(RedisConnection connection) throws Exception;

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
