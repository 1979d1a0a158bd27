package io.snowflakeid.stress;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.logging.Level;
import java.util.logging.Logger;

import io.snowflakeid.worker.ConnectionSource;
import org.h2.jdbcx.JdbcConnectionPool;

/**
 * The embedded database of the tests that need one: one in-memory H2 database per name and forked JVM, pooled,
 * shared by every state object of a test. jcstress builds thousands of state objects a second (all of an epoch
 * alive at once), so they share tables and take their rows or keys from a bounded {@link Slots} pool instead of
 * creating tables or databases of their own.
 */
public final class StressDatabase {

	/**
	 * Held here: java.util.logging keeps loggers only weakly. The lease logs every acquire and release at INFO;
	 * thousands a second would swamp the fork's output and its run time. Warnings still show.
	 */
	private static final Logger LIBRARY_LOGGER = Logger.getLogger("io.snowflakeid");

	static {
		LIBRARY_LOGGER.setLevel(Level.WARNING);
	}

	private StressDatabase() {
	}

	/**
	 * A pooled in-memory H2 database, kept open while the JVM lives (DB_CLOSE_DELAY=-1), with the DDL run once.
	 * Getting a connection never waits for long (a pool of embedded connections), so the bounded variant skips the
	 * library's thread hand-off.
	 */
	public static ConnectionSource open(String name, String... ddl) {
		// A larger query cache than H2's 8 statements per session: parsing SQL would otherwise dominate each state.
		JdbcConnectionPool pool = JdbcConnectionPool
			.create("jdbc:h2:mem:stress-" + name + ";DB_CLOSE_DELAY=-1;QUERY_CACHE_SIZE=64", "sa", "");
		ConnectionSource connections = new ConnectionSource() {

			@Override
			public Connection getConnection() throws SQLException {
				return pool.getConnection();
			}

			@Override
			public Connection getConnection(Duration timeout) throws SQLException {
				return pool.getConnection();
			}
		};
		try (Connection connection = connections.getConnection(); Statement statement = connection.createStatement()) {
			for (String sql : ddl) {
				statement.execute(sql);
			}
		}
		catch (SQLException ex) {
			throw new IllegalStateException("Cannot set up the stress database " + name, ex);
		}
		return connections;
	}

	/**
	 * A bounded pool of slot numbers 0..size-1 (a datacenter id, a segment key), taken by a state's constructor and
	 * given back by its arbiter, first in first out: a slot returns to use as late as possible. jcstress keeps at
	 * most strideCount x strideSize states of a test alive at once (40 x 256 in every mode unless raised on the command
	 * line), so a pool larger than that never runs dry, and the rows and JVM-wide bookkeeping the slots stand for
	 * stay bounded however long a fork runs.
	 */
	public static final class Slots {

		private final ConcurrentLinkedQueue<Integer> free = new ConcurrentLinkedQueue<>();

		public Slots(int size) {
			for (int i = 0; i < size; i++) {
				this.free.add(i);
			}
		}

		public int take() {
			Integer slot = this.free.poll();
			if (slot == null) {
				throw new IllegalStateException("No free slot: more states alive than the pool holds");
			}
			return slot;
		}

		public void give(int slot) {
			this.free.add(slot);
		}
	}
}
