package io.snowflakeid.worker;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.time.Duration;
import java.util.UUID;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConnectionSourceTests {

	private final String url = "jdbc:h2:mem:connections-" + UUID.randomUUID() + ";DB_CLOSE_DELAY=-1";

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
				return DriverManager.getConnection(ConnectionSourceTests.this.url, "sa", "");
			}

			@Override
			public void release(Connection connection) throws SQLException {
				connection.close();
				released.incrementAndGet();
			}
		};
		long started = System.nanoTime();
		SQLTimeoutException timeout = assertThrows(SQLTimeoutException.class,
				() -> exhausted.getConnection(Duration.ofMillis(300)));
		long tookMillis = (System.nanoTime() - started) / 1_000_000;
		assertTrue(tookMillis >= 300 && tookMillis < 2_000, "waited " + tookMillis + " ms for a 300 ms bound");
		assertTrue(timeout.getMessage().contains("No connection within 300 ms"), timeout.getMessage());
		poolFrees.countDown();
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
		while (released.get() == 0 && System.nanoTime() < deadline) {
			Thread.sleep(10);
		}
		assertEquals(1, released.get(), "the connection that arrived late went back to the pool");
		assertEquals(Duration.ofSeconds(5), Timeouts.connectionWait(Duration.ofSeconds(1)),
				"run() gives a connection at least 5 s: a cold JVM's first one loads the driver");
		assertEquals(Duration.ofSeconds(10), Timeouts.connectionWait(Duration.ofSeconds(10)));
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
		SQLTimeoutException ex = assertThrows(SQLTimeoutException.class,
				() -> never.run(true, Duration.ofSeconds(1), (connection) -> 1));
		assertTrue(ex.getMessage().contains("5000 ms"), ex.getMessage());
	}

	@Test
	void theSourcesOwnFailureIsThrownAsItIs() {
		SQLException refused = new SQLException("connection refused", "08001");
		ConnectionSource down = () -> {
			throw refused;
		};
		SQLException thrown = assertThrows(SQLException.class,
				() -> down.run(true, Duration.ofSeconds(1), (connection) -> 1));
		assertSame(refused, thrown);
	}

	@Test
	void statementsCarryTheQueryTimeoutAndTheConnectionItsSettingsBack() throws Exception {
		ConnectionSource source = () -> DriverManager.getConnection(this.url, "sa", "");
		int seen = source.run(false, Duration.ofMillis(2_500), (connection) -> {
			try (var statement = connection.createStatement(); ResultSet result = statement.executeQuery("select 1")) {
				result.next();
				return statement.getQueryTimeout();
			}
		});
		assertEquals(3, seen, "2.5 s rounds up to 3 whole seconds");
		assertEquals(3, Timeouts.querySeconds(Duration.ofMillis(2_001)));
		assertEquals(1, Timeouts.querySeconds(Duration.ofMillis(1)));
		assertEquals(Duration.ofSeconds(5), Timeouts.networkTimeout(Duration.ofMillis(2_500)));
	}
}
