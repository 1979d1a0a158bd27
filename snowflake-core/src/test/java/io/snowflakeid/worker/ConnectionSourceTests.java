package io.snowflakeid.worker;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.SQLTimeoutException;
import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

import io.snowflakeid.testing.TestDatabase;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class ConnectionSourceTests {

	private final TestDatabase database = new TestDatabase("connections");

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
}
