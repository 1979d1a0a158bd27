package io.snowflakeid.segment;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.locks.LockSupport;

import io.snowflakeid.testing.TestDatabase;
import io.snowflakeid.worker.ConnectionSource;

/**
 * A {@link ConnectionSource} on a test database that records every statement executed through it (its SQL, the query
 * timeout it carried, how long it ran, how it failed), counts connections in use, and can make statements hang:
 * a hanging statement blocks until its query timeout ends it, as a driver's cancel would (forever without one), or
 * until {@link #resume()} (the database is back).
 */
final class RecordingConnections implements ConnectionSource {

	record Execution(String sql, int queryTimeout, long startNanos, long endNanos, SQLException failure) {

		long millis() {
			return (this.endNanos - this.startNanos) / 1_000_000;
		}
	}

	private final TestDatabase database;

	final List<Execution> executions = new CopyOnWriteArrayList<>();

	private final AtomicInteger inUse = new AtomicInteger();

	private final AtomicInteger maxInUse = new AtomicInteger();

	private final AtomicInteger opened = new AtomicInteger();

	private volatile String hangingPrefix;

	private volatile CountDownLatch hang;

	/** Delays getConnection by up to this many microseconds (from {@link #jitter}), to vary interleavings. */
	private volatile int jitterMicros;

	private volatile Random jitter;

	RecordingConnections(TestDatabase database) {
		this.database = database;
	}

	@Override
	public Connection getConnection() throws SQLException {
		int micros = this.jitterMicros;
		if (micros > 0) {
			long delay;
			synchronized (this) {
				delay = this.jitter.nextInt(micros + 1);
			}
			LockSupport.parkNanos(delay * 1_000);
		}
		Connection target = this.database.connection();
		this.opened.incrementAndGet();
		int now = this.inUse.incrementAndGet();
		this.maxInUse.accumulateAndGet(now, Math::max);
		return (Connection) Proxy.newProxyInstance(getClass().getClassLoader(), new Class<?>[] { Connection.class },
				(proxy, method, args) -> {
					Object result = invoke(target, method, args);
					if (result instanceof Statement statement) {
						String sql = (args != null && args.length > 0 && args[0] instanceof String text) ? text : null;
						return recording(statement, sql);
					}
					return result;
				});
	}

	@Override
	public void release(Connection connection) throws SQLException {
		this.inUse.decrementAndGet();
		connection.close();
	}

	private Statement recording(Statement target, String preparedSql) {
		Class<?>[] types = { (target instanceof java.sql.PreparedStatement) ? java.sql.PreparedStatement.class
				: Statement.class };
		return (Statement) Proxy.newProxyInstance(getClass().getClassLoader(), types, (proxy, method, args) -> {
			if (!method.getName().startsWith("execute")) {
				return invoke(target, method, args);
			}
			String sql = (args != null && args.length > 0 && args[0] instanceof String text) ? text : preparedSql;
			int timeout = target.getQueryTimeout();
			long start = System.nanoTime();
			try {
				hangIfAsked(sql, timeout);
				Object result = invoke(target, method, args);
				this.executions.add(new Execution(sql, timeout, start, System.nanoTime(), null));
				return result;
			}
			catch (SQLException ex) {
				this.executions.add(new Execution(sql, timeout, start, System.nanoTime(), ex));
				throw ex;
			}
		});
	}

	private void hangIfAsked(String sql, int queryTimeoutSeconds) throws SQLException {
		CountDownLatch latch = this.hang;
		String prefix = this.hangingPrefix;
		if (latch == null || prefix == null || sql == null || !sql.startsWith(prefix)) {
			return;
		}
		try {
			if (queryTimeoutSeconds == 0) {
				latch.await();
			}
			else if (!latch.await(queryTimeoutSeconds, TimeUnit.SECONDS)) {
				throw new SQLTimeoutException("Statement cancelled by its query timeout (simulated hang)", "57014");
			}
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new SQLException("Interrupted while hanging", ex);
		}
	}

	private static Object invoke(Object target, java.lang.reflect.Method method, Object[] args) throws Throwable {
		try {
			return method.invoke(target, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}

	/** From now on statements whose SQL starts with {@code sqlPrefix} hang. */
	void hang(String sqlPrefix) {
		this.hangingPrefix = sqlPrefix;
		this.hang = new CountDownLatch(1);
	}

	/** The database is back: hanging statements go on. */
	void resume() {
		CountDownLatch latch = this.hang;
		this.hang = null;
		if (latch != null) {
			latch.countDown();
		}
	}

	void jitter(Random random, int maxMicros) {
		this.jitter = random;
		this.jitterMicros = maxMicros;
	}

	int opened() {
		return this.opened.get();
	}

	int inUse() {
		return this.inUse.get();
	}

	int maxInUse() {
		return this.maxInUse.get();
	}

	void resetMaxInUse() {
		this.maxInUse.set(this.inUse.get());
	}

	/** The executions of statements starting with {@code sqlPrefix}, in order of their end. */
	List<Execution> executions(String sqlPrefix) {
		return this.executions.stream().filter((e) -> e.sql() != null && e.sql().startsWith(sqlPrefix)).toList();
	}
}
