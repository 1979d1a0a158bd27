package io.snowflakeid.worker;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** A connection whose statements carry a query timeout. */
final class Timeouts implements InvocationHandler {

	static final Executor DIRECT = Runnable::run;

	private final Connection target;

	private final int seconds;

	private Timeouts(Connection target, int seconds) {
		this.target = target;
		this.seconds = seconds;
	}

	/** The query timeout: the bound in whole seconds, rounded up, at least 1 s. */
	static int querySeconds(Duration timeout) {
		return (int) Math.max(1, Math.min(Integer.MAX_VALUE / 1000 - 10, (timeout.toMillis() + 999) / 1000));
	}

	/**
	 * The network timeout: 2 s beyond the query timeout, so that the database cancels a slow statement first
	 * and the connection survives; the network timeout only ends reads from a dead peer.
	 */
	static Duration networkTimeout(Duration timeout) {
		return Duration.ofSeconds(querySeconds(timeout) + 2L);
	}

	/** Threads that wait for the pool on behalf of callers with a bound; idle ones end after a minute. */
	private static final ExecutorService CONNECTORS = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60,
			TimeUnit.SECONDS, new SynchronousQueue<>(), (task) -> {
				Thread thread = new Thread(task, "snowflake-connect");
				thread.setDaemon(true);
				return thread;
			});

	/** The least time a connection may take: the first one of a JVM loads and links its driver. */
	static final Duration MIN_CONNECTION_WAIT = Duration.ofSeconds(5);

	/** How long {@link ConnectionSource#run(boolean, Duration, SqlWork)} waits for a connection. */
	static Duration connectionWait(Duration timeout) {
		return (timeout.compareTo(MIN_CONNECTION_WAIT) < 0) ? MIN_CONNECTION_WAIT : timeout;
	}

	/** {@link ConnectionSource#getConnection()}, waiting at most {@code timeout}. */
	static Connection connect(ConnectionSource source, Duration timeout) throws SQLException {
		Future<Connection> pending = CONNECTORS.submit(() -> source.getConnection());
		boolean interrupted = false;
		long deadline = System.nanoTime() + Math.max(1, timeout.toNanos());
		try {
			while (true) {
				try {
					// Not cut short by an interrupt: a shutdown thread that was interrupted must still be able
					// to hand its worker id back. The flag is restored afterwards.
					return pending.get(Math.max(0, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
				}
				catch (InterruptedException ex) {
					interrupted = true;
				}
			}
		}
		catch (ExecutionException ex) {
			if (ex.getCause() instanceof SQLException sql) {
				throw sql;
			}
			if (ex.getCause() instanceof RuntimeException runtime) {
				throw runtime;
			}
			throw new SQLException("Getting a connection failed: " + ex.getCause(), "08001", ex.getCause());
		}
		catch (TimeoutException ex) {
			CONNECTORS.execute(() -> releaseLate(source, pending));
			throw new SQLTimeoutException("No connection within " + timeout.toMillis() + " ms (the pool is "
					+ "exhausted, or the database does not answer); the statement was not run", "08001", ex);
		}
		finally {
			if (interrupted) {
				Thread.currentThread().interrupt();
			}
		}
	}

	/** A connection that arrives after its caller gave up goes back to the pool unused. */
	private static void releaseLate(ConnectionSource source, Future<Connection> pending) {
		try {
			source.release(pending.get());
		}
		catch (ExecutionException | SQLException | RuntimeException ex) {
			// never got one, or cannot give it back: nothing to do
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
		}
	}

	static Connection bounded(Connection connection, Duration timeout) {
		int seconds = querySeconds(timeout);
		return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(),
				new Class<?>[] { Connection.class }, new Timeouts(connection, seconds));
	}

	@Override
	public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
		Object result;
		try {
			result = method.invoke(this.target, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
		if (result instanceof Statement statement) {
			statement.setQueryTimeout(this.seconds);
		}
		return result;
	}
}
