package io.snowflakeid.testing;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;

import io.snowflakeid.worker.ConnectionSource;

/**
 * A {@link ConnectionSource} that passes everything to another one and injects the faults a test asks for, each a
 * named option that can be switched at any moment from any thread (the library's own threads included):
 * <ul>
 * <li>{@link #refuseConnections(boolean)}: the database is unreachable, {@code getConnection} fails;</li>
 * <li>{@link #delayConnections(Duration)}: every {@code getConnection} is slow;</li>
 * <li>{@link #holdNextConnection()}: the next {@code getConnection} blocks until the test lets it go;</li>
 * <li>{@link #failNextReleases(int)}: the work committed, but the connection reset before the caller heard back
 * (release closes the connection, then fails): an unknown outcome;</li>
 * <li>{@link #holdNextRelease()}: the work committed, the reply is slow (release closes the connection, then
 * blocks until the test lets it go);</li>
 * <li>{@link #beforeStatements} and {@link #afterStatements}: a hook sees the SQL of every statement executed on
 * these connections (plain or prepared), just before it runs and just after it ran: to fail it (before: it never
 * runs; after: it ran, committed under auto-commit, and the reply is lost), to let a rival change the table in the
 * middle of the library's work, to move a simulated clock, or to record.</li>
 * </ul>
 * The defaults of each option are the failures real drivers report: SQLState 08001 for a refused connection, 08006
 * for a reset one. Everything not injected goes to the wrapped source, {@code release} included (a pool's release
 * stays the pool's). Thread-safe.
 */
public final class FaultyConnections implements ConnectionSource {

	/** Sees the SQL of a statement (before or after it runs); may throw to fail it. */
	@FunctionalInterface
	public interface StatementHook {

		void on(String sql) throws SQLException;
	}

	private final ConnectionSource target;

	private volatile boolean refusing;

	private volatile Duration connectionDelay = Duration.ZERO;

	private final AtomicReference<Hold> connectionHold = new AtomicReference<>();

	private final AtomicInteger releasesToFail = new AtomicInteger();

	private final AtomicReference<Hold> releaseHold = new AtomicReference<>();

	private volatile StatementHook before;

	private volatile StatementHook after;

	public FaultyConnections(ConnectionSource target) {
		this.target = target;
	}

	/** On a {@link TestDatabase}'s connections. */
	public static FaultyConnections on(TestDatabase database) {
		return new FaultyConnections(database.connections());
	}

	/**
	 * While {@code refusing}, {@code getConnection} fails with "connection refused (simulated outage)", SQLState
	 * 08001, and the wrapped source is not asked. Switch it off again (in an {@code @AfterEach}, say) before
	 * closing what uses this source.
	 */
	public FaultyConnections refuseConnections(boolean refusing) {
		this.refusing = refusing;
		return this;
	}

	/** Whether {@link #refuseConnections(boolean) connections are refused}. */
	public boolean isRefusingConnections() {
		return this.refusing;
	}

	/**
	 * Every {@code getConnection} first sleeps {@code delay} (zero for none). An interrupt ends the sleep and is kept:
	 * the connection is still got, as a pool busy elsewhere would hand it out late.
	 */
	public FaultyConnections delayConnections(Duration delay) {
		this.connectionDelay = delay;
		return this;
	}

	/**
	 * The next {@code getConnection} (only that one) blocks, before asking the wrapped source, until the test lets
	 * it go (or the waiting thread is interrupted: the interrupt is kept, the connection still got).
	 */
	public Hold holdNextConnection() {
		Hold hold = new Hold();
		this.connectionHold.set(hold);
		return hold;
	}

	/**
	 * The next {@code count} releases close the connection (the work committed), then fail with "connection reset
	 * after the commit (simulated)", SQLState 08006: the caller cannot know whether its work committed.
	 */
	public FaultyConnections failNextReleases(int count) {
		this.releasesToFail.set(count);
		return this;
	}

	/** As {@link #failNextReleases(int)} for the next release only. */
	public FaultyConnections failNextRelease() {
		return failNextReleases(1);
	}

	/**
	 * The next release (only that one) releases the connection (the work committed), then blocks until the test
	 * lets it go: a reply slow to come back. {@link Hold#awaitReached} tells the test that the work is committed.
	 */
	public Hold holdNextRelease() {
		Hold hold = new Hold();
		this.releaseHold.set(hold);
		return hold;
	}

	/**
	 * {@code hook} sees the SQL of every statement executed from now on, just before it runs; what it throws is what
	 * the execute call throws, and the statement does not run. Null for none.
	 */
	public FaultyConnections beforeStatements(StatementHook hook) {
		this.before = hook;
		return this;
	}

	/**
	 * {@code hook} sees the SQL of every statement executed from now on, just after it ran without failing; what it
	 * throws is what the execute call throws, although the statement ran (a reply lost after the commit). Null for
	 * none.
	 */
	public FaultyConnections afterStatements(StatementHook hook) {
		this.after = hook;
		return this;
	}

	@Override
	public Connection getConnection() throws SQLException {
		if (this.refusing) {
			throw new SQLException("connection refused (simulated outage)", "08001");
		}
		Duration delay = this.connectionDelay;
		if (!delay.isZero()) {
			try {
				Thread.sleep(delay.toMillis());
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}
		Hold hold = this.connectionHold.getAndSet(null);
		if (hold != null) {
			hold.reachedAndWait();
		}
		return hooked(this.target.getConnection());
	}

	@Override
	public void release(Connection connection) throws SQLException {
		this.target.release(unwrap(connection));
		Hold hold = this.releaseHold.getAndSet(null);
		if (hold != null) {
			hold.reachedAndWait();
		}
		if (this.releasesToFail.getAndUpdate((n) -> Math.max(0, n - 1)) > 0) {
			throw new SQLException("connection reset after the commit (simulated)", "08006");
		}
	}

	/** The connection a hooked one wraps, for the wrapped source's release. */
	private static Connection unwrap(Connection connection) {
		if (Proxy.isProxyClass(connection.getClass())
				&& Proxy.getInvocationHandler(connection) instanceof HookedConnection hooked) {
			return hooked.target;
		}
		return connection;
	}

	/** The connection, its statements seen by the hooks (whichever are set when a statement runs). */
	private Connection hooked(Connection connection) {
		return (Connection) Proxy.newProxyInstance(FaultyConnections.class.getClassLoader(),
				new Class<?>[] { Connection.class }, new HookedConnection(connection));
	}

	private final class HookedConnection implements java.lang.reflect.InvocationHandler {

		final Connection target;

		HookedConnection(Connection target) {
			this.target = target;
		}

		@Override
		public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
			Object result = FaultyConnections.invoke(this.target, method, args);
			if (result instanceof PreparedStatement statement && args != null && args.length > 0
					&& args[0] instanceof String sql) {
				return hookedStatement(PreparedStatement.class, statement, sql);
			}
			if (result instanceof Statement statement && !(result instanceof PreparedStatement)) {
				return hookedStatement(Statement.class, statement, null);
			}
			return result;
		}
	}

	private <S extends Statement> S hookedStatement(Class<S> type, S target, String preparedSql) {
		return type.cast(Proxy.newProxyInstance(FaultyConnections.class.getClassLoader(), new Class<?>[] { type },
				(proxy, method, args) -> {
					if (!method.getName().startsWith("execute")) {
						return invoke(target, method, args);
					}
					String sql = (preparedSql != null) ? preparedSql
							: (args != null && args.length > 0 && args[0] instanceof String text) ? text : "";
					StatementHook first = this.before;
					if (first != null) {
						first.on(sql);
					}
					Object result = invoke(target, method, args);
					StatementHook then = this.after;
					if (then != null) {
						then.on(sql);
					}
					return result;
				}));
	}

	private static Object invoke(Object target, Method method, Object[] args) throws Throwable {
		try {
			return method.invoke(target, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}

	/** A call held by {@link #holdNextConnection()} or {@link #holdNextRelease()}, until {@link #letGo()}. */
	public static final class Hold {

		private final CountDownLatch reached = new CountDownLatch(1);

		private final CountDownLatch letGo = new CountDownLatch(1);

		void reachedAndWait() {
			this.reached.countDown();
			try {
				this.letGo.await();
			}
			catch (InterruptedException ex) {
				Thread.currentThread().interrupt();
			}
		}

		/** Waits until a call is held. */
		public void awaitReached() throws InterruptedException {
			this.reached.await();
		}

		/** Waits at most {@code timeout} until a call is held; false if none was. */
		public boolean awaitReached(long timeout, TimeUnit unit) throws InterruptedException {
			return this.reached.await(timeout, unit);
		}

		/** Lets the held call go on (or the next one, if none is held yet: it will not block). */
		public void letGo() {
			this.letGo.countDown();
		}
	}
}
