package io.snowflakeid.worker;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import javax.sql.DataSource;

import io.snowflakeid.testing.FaultyConnections;
import io.snowflakeid.testing.TestDatabase;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class ConnectionSourceTests {

	private final TestDatabase database = new TestDatabase("connections");

	private void sql(String statement) throws SQLException {
		this.database.execute(statement);
	}

	private long queryLong(String query) throws SQLException {
		return this.database.queryLong(query);
	}

	private static Object invoke(Object target, java.lang.reflect.Method method, Object[] args) throws Throwable {
		try {
			return method.invoke(target, args);
		}
		catch (InvocationTargetException ex) {
			throw ex.getCause();
		}
	}

	@Test
	void aPoolThatDoesNotHandOutAConnectionFailsTheCallWithinTheBoundAndGetsItBackLater() throws Exception {
		CountDownLatch poolFrees = new CountDownLatch(1);
		AtomicInteger released = new AtomicInteger();
		ConnectionSource exhausted = new ConnectionSource() {
			@Override
			public Connection getConnection() throws SQLException {
				try {
					poolFrees.await(); // HikariCP would wait its connectionTimeout, 30 s by default
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
				}
				return ConnectionSourceTests.this.database.connection();
			}

			@Override
			public void release(Connection connection) throws SQLException {
				connection.close();
				released.incrementAndGet();
			}
		};
		long started = System.nanoTime();
		SQLTimeoutException timeout = catchThrowableOfType(SQLTimeoutException.class,
				() -> exhausted.getConnection(Duration.ofMillis(300)));
		assertThat((Throwable) timeout).isNotNull();
		long tookMillis = (System.nanoTime() - started) / 1_000_000;
		assertThat(tookMillis).as("waited " + tookMillis + " ms for a 300 ms bound").isGreaterThanOrEqualTo(300)
			.isLessThan(2_000);
		assertThat(timeout.getMessage()).contains("No connection within 300 ms");
		poolFrees.countDown();
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
		while (released.get() == 0 && System.nanoTime() < deadline) {
			Thread.sleep(10);
		}
		assertThat(released.get()).as("the connection that arrived late went back to the pool").isEqualTo(1);
		assertThat(Timeouts.connectionWait(Duration.ofSeconds(1)))
			.as("run() gives a connection at least 5 s: a cold JVM's first one loads the driver")
			.isEqualTo(Duration.ofSeconds(5));
		assertThat(Timeouts.connectionWait(Duration.ofSeconds(10))).isEqualTo(Duration.ofSeconds(10));
	}

	@Test
	void runFailsWithinTheConnectionWaitWhenThePoolHandsOutNothing() {
		ConnectionSource never = new ConnectionSource() {
			@Override
			public Connection getConnection() throws SQLException {
				throw new AssertionError("not called: the wait is the source's own here");
			}

			@Override
			public Connection getConnection(Duration timeout) throws SQLException {
				throw new SQLTimeoutException("No connection within " + timeout.toMillis() + " ms", "08001");
			}
		};
		assertThatExceptionOfType(SQLTimeoutException.class)
			.isThrownBy(() -> never.run(true, Duration.ofSeconds(1), (connection) -> 1))
			.withMessageContaining("5000 ms");
	}

	@Test
	void theSourcesOwnFailureIsThrownAsItIs() {
		SQLException refused = new SQLException("connection refused", "08001");
		ConnectionSource down = () -> {
			throw refused;
		};
		assertThatExceptionOfType(SQLException.class)
			.isThrownBy(() -> down.run(true, Duration.ofSeconds(1), (connection) -> 1))
			.isSameAs(refused);
	}

	@Test
	void statementsCarryTheQueryTimeoutAndTheConnectionItsSettingsBack() throws Exception {
		ConnectionSource source = this.database.connections();
		int seen = source.run(false, Duration.ofMillis(2_500), (connection) -> {
			try (var statement = connection.createStatement(); ResultSet result = statement.executeQuery("select 1")) {
				result.next();
				return statement.getQueryTimeout();
			}
		});
		assertThat(seen).as("2.5 s rounds up to 3 whole seconds").isEqualTo(3);
		assertThat(Timeouts.querySeconds(Duration.ofMillis(2_001))).isEqualTo(3);
		assertThat(Timeouts.querySeconds(Duration.ofMillis(1))).isEqualTo(1);
		assertThat(Timeouts.networkTimeout(Duration.ofMillis(2_500))).isEqualTo(Duration.ofSeconds(5));
	}

	// --- connections go back to the pool as they came

	/** A pool of one connection, whose release does not close it. */
	private final class OneConnectionPool implements ConnectionSource {

		final Connection connection;

		int released;

		OneConnectionPool() throws SQLException {
			this.connection = ConnectionSourceTests.this.database.connection();
		}

		@Override
		public Connection getConnection() {
			return this.connection;
		}

		@Override
		public void release(Connection connection) {
			this.released++;
		}
	}

	@Test
	void workThatDidNotCommitIsRolledBackAndTheConnectionReturnsInItsOriginalMode() throws Exception {
		sql("create table items (id int)");
		OneConnectionPool pool = new OneConnectionPool();
		assertThat(pool.connection.getAutoCommit()).isTrue();
		int result = pool.run(false, Duration.ofSeconds(1), (connection) -> {
			try (Statement statement = connection.createStatement()) {
				return statement.executeUpdate("insert into items values (1)");
			}
		});
		assertThat(result).as("the work's own result").isEqualTo(1);
		assertThat(queryLong("select count(*) from items")).as("nothing uncommitted goes back to the pool")
			.isEqualTo(0);
		assertThat(pool.connection.getAutoCommit()).as("back in auto-commit, as the pool handed it out").isTrue();
		assertThat(pool.released).isEqualTo(1);
		pool.connection.close();
	}

	@Test
	void theConnectionIsReleasedWhateverFailsAndTheWorksFailureIsWhatTheCallerSees() throws Exception {
		AtomicInteger released = new AtomicInteger();
		AtomicBoolean failAutoCommitRead = new AtomicBoolean();
		AtomicBoolean failRollback = new AtomicBoolean();
		AtomicInteger restoredNetworkTimeout = new AtomicInteger(-1);
		ConnectionSource source = new ConnectionSource() {

			@Override
			public Connection getConnection() throws SQLException {
				Connection target = ConnectionSourceTests.this.database.connection();
				return (Connection) Proxy.newProxyInstance(Connection.class.getClassLoader(),
						new Class<?>[] { Connection.class }, (proxy, method, args) -> switch (method.getName()) {
							case "getAutoCommit" -> {
								if (failAutoCommitRead.get()) {
									throw new SQLException("connection broken", "08006");
								}
								yield invoke(target, method, args);
							}
							case "rollback" -> {
								if (failRollback.get()) {
									throw new SQLException("rollback failed", "08006");
								}
								yield invoke(target, method, args);
							}
							case "getNetworkTimeout" -> 1234;
							case "setNetworkTimeout" -> {
								restoredNetworkTimeout.set((Integer) args[1]);
								yield null;
							}
							default -> invoke(target, method, args);
						});
			}

			@Override
			public void release(Connection connection) throws SQLException {
				released.incrementAndGet();
				connection.close();
			}
		};
		assertThat(source.<String>run(false, Duration.ofSeconds(1), (connection) -> "ok")).isEqualTo("ok");
		assertThat(restoredNetworkTimeout.get()).as("the pool's network timeout is put back").isEqualTo(1234);
		assertThat(released.get()).isEqualTo(1);

		failAutoCommitRead.set(true);
		assertThatExceptionOfType(SQLException.class)
			.isThrownBy(() -> source.run(false, Duration.ofSeconds(1), (connection) -> "never"));
		assertThat(released.get()).as("released when the connection is broken from the start").isEqualTo(2);
		failAutoCommitRead.set(false);

		failRollback.set(true);
		SQLException workFailure = new SQLException("constraint violated", "23505");
		SQLException thrown = catchThrowableOfType(SQLException.class, () -> source.run(false, (connection) -> {
			throw workFailure;
		}));
		assertThat((Throwable) thrown).as("the work's failure, not the cleanup's").isSameAs(workFailure);
		assertThat(thrown.getSuppressed()).as("the cleanup failure rides along").hasSize(1);
		assertThat(released.get()).isEqualTo(3);
		assertThat(source.<String>run(false, (connection) -> "done"))
			.as("a failing cleanup after success does not turn it into a failure")
			.isEqualTo("done");
		assertThat(released.get()).isEqualTo(4);
	}

	@Test
	void aDataSourceIsAConnectionSourceAndItsRuntimeFailuresComeThroughAsTheyAre() throws Exception {
		org.h2.jdbcx.JdbcDataSource dataSource = new org.h2.jdbcx.JdbcDataSource();
		dataSource.setURL(this.database.url());
		dataSource.setUser("sa");
		ConnectionSource source = ConnectionSource.of(dataSource);
		assertThat((int) source.run(true, Duration.ofSeconds(1), (connection) -> {
			try (ResultSet result = connection.createStatement().executeQuery("select 1")) {
				result.next();
				return result.getInt(1);
			}
		})).isEqualTo(1);
		IllegalStateException broken = new IllegalStateException("pool closed");
		ConnectionSource closedPool = () -> {
			throw broken;
		};
		assertThatExceptionOfType(IllegalStateException.class)
			.isThrownBy(() -> closedPool.run(true, Duration.ofSeconds(1), (connection) -> 1))
			.isSameAs(broken);
		// the caller is already waiting when the connection comes
		ConnectionSource slow = new FaultyConnections(source).delayConnections(Duration.ofMillis(100));
		Thread.currentThread().interrupt();
		try {
			assertThat((int) slow.run(true, Duration.ofSeconds(1), (connection) -> 2))
				.as("an interrupted thread (a shutdown) still gets its connection")
				.isEqualTo(2);
			assertThat(Thread.currentThread().isInterrupted()).as("and keeps its interrupt").isTrue();
		}
		finally {
			Thread.interrupted();
		}
		assertThat(dataSource).isInstanceOf(DataSource.class);
	}
}
