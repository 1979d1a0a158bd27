package io.snowflakeid.worker;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import io.snowflakeid.SimplePool;
import io.snowflakeid.spi.LeaseRecord;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.testing.TestDatabase;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@link LeaseSimulation} on the database lease: H2 in memory by default (150 seeds), or a real server named by
 * {@code -Dsnowflake.simulation.url} (CI runs 100 seeds each on PostgreSQL and MariaDB, 3,000 on H2 in all).
 */
class WorkerLeaseSimulationTests {

	/** A database server to run the schedules on instead of H2 in memory, with {@code .user} and {@code .password}. */
	static final String EXTERNAL_URL = System.getProperty("snowflake.simulation.url", "");

	/**
	 * Schedules at a time on a server (each on tables of its own: they mostly wait for the server's answers), 8 unless
	 * {@code -Dsnowflake.simulation.threads=}; on H2, or with 0, a parallel stream on the processors.
	 */
	static final int SERVER_PARALLELISM = Integer.getInteger("snowflake.simulation.threads", EXTERNAL_URL.isEmpty() ? 0 : 8);

	static final String USER = System.getProperty("snowflake.simulation.user", EXTERNAL_URL.isEmpty() ? "sa" : "");

	static final String PASSWORD = System.getProperty("snowflake.simulation.password", "");

	private static final AtomicLong TABLES = new AtomicLong();

	@Test
	void manySeededSchedulesNeverIssueAnIdTwice() {
		int seeds = Integer.getInteger("snowflake.simulation.seeds", 150);
		long firstSeed = Long.getLong("snowflake.simulation.first-seed", 1);
		Map<String, Long> counts = LeaseSimulation.runSeeds(new JdbcBackend(), firstSeed, seeds, "snowflake.simulation",
				SERVER_PARALLELISM);
		System.out.println("Lease simulation on " + (EXTERNAL_URL.isEmpty() ? "H2" : EXTERNAL_URL) + ", " + seeds
				+ " seeds: " + counts);
	}

	@Test
	void onlyAStatementCancelledAtItsTimeoutIsPutDownToALoadedServer() {
		// What a real server's schedule may tolerate once (LeaseSimulation.statementTimedOut): PostgreSQL's cancel and
		// MariaDB's max_statement_time, as their drivers raise them, wrapped as the claim wraps them
		assertThat(LeaseSimulation.statementTimedOut(refusal(new SQLException("canceling statement", "57014")))).isTrue();
		assertThat(LeaseSimulation.statementTimedOut(refusal(new java.sql.SQLTimeoutException(
				"Query execution was interrupted (max_statement_time exceeded)", "70100", 1969)))).isTrue();
		// not a connection that could not be made, or was killed, or a lock timeout: those say something else
		assertThat(LeaseSimulation.statementTimedOut(refusal(new java.sql.SQLTimeoutException("connect timed out",
				"08000")))).isFalse();
		assertThat(LeaseSimulation.statementTimedOut(refusal(new java.sql.SQLTimeoutException(
				"No connection within 5000 ms", "08001")))).isFalse();
		assertThat(LeaseSimulation.statementTimedOut(refusal(new java.sql.SQLTimeoutException("Connection was killed",
				"70100", 1927)))).isFalse();
		assertThat(LeaseSimulation.statementTimedOut(refusal(new SQLException("Lock wait timeout exceeded", "HY000",
				1205)))).isFalse();
		// and only a few schedules of a run: a statement over its bound in every schedule is a bug, not load
		assertThat(LeaseSimulation.maxRefusedUnderLoad(100)).isEqualTo(2);
		assertThat(LeaseSimulation.maxRefusedUnderLoad(1000)).isEqualTo(20);
	}

	private static WorkerLeaseException refusal(SQLException cause) {
		return new WorkerLeaseException(WorkerLeaseException.Reason.DATABASE_UNAVAILABLE, "Cannot lease a worker id: "
				+ cause.getMessage(), cause);
	}

	/** One lease table per schedule: H2 in memory, one database each; or tables side by side on a server. */
	static final class JdbcBackend implements SimulatedBackend {

		@Override
		public Namespace newNamespace() {
			String url = EXTERNAL_URL.isEmpty() ? new TestDatabase("lease-sim").url()
					: EXTERNAL_URL;
			String table = "sim_lease_" + Long.toHexString(System.nanoTime()) + "_" + TABLES.incrementAndGet();
			// Pooled, as in production: opening a session per statement would dominate the run time.
			SimplePool pool = new SimplePool(url, USER, PASSWORD);
			ConnectionSource connections = new ConnectionSource() {
				@Override
				public java.sql.Connection getConnection() throws SQLException {
					return pool.getConnection();
				}

				@Override
				public java.sql.Connection getConnection(java.time.Duration timeout) throws SQLException {
					return getConnection(); // a pool that never waits: no thread hand-off needed
				}

				@Override
				public void release(java.sql.Connection connection) throws SQLException {
					pool.release(connection);
				}
			};
			LeaseTable leaseTable = new LeaseTable(table);
			JdbcLeaseStore store = new JdbcLeaseStore(connections, leaseTable, true);
			return new Namespace() {
				@Override
				public LeaseStore open() {
					return store;
				}

				@Override
				public List<LeaseRecord> records() {
					try {
						return pool.run((connection) -> leaseTable.exists(connection) ? leaseTable.rows(connection, null)
								: new ArrayList<>());
					}
					catch (SQLException ex) {
						throw new IllegalStateException(ex);
					}
				}

				@Override
				public boolean sharedServer() {
					return !EXTERNAL_URL.isEmpty();
				}

				@Override
				public void close() {
					try {
						pool.run((connection) -> connection.createStatement()
							.execute(EXTERNAL_URL.isEmpty() ? "SHUTDOWN" : "DROP TABLE " + table));
					}
					catch (SQLException ex) {
						// already gone
					}
					pool.close();
				}
			};
		}
	}
}
