package io.snowflakeid.worker;

import io.snowflakeid.spi.LeaseRecord;
import io.snowflakeid.spi.LeaseStore;

import java.util.List;

/**
 * A lease store for {@link LeaseSimulation}: the database lease's table, or a coordination service (the modules
 * {@code snowflake-zookeeper} and {@code snowflake-redis} run the same schedules against their real servers).
 */
public interface SimulatedBackend {

	/** A fresh, empty namespace (table, key, path) for one schedule: schedules run in parallel. */
	Namespace newNamespace();

	/** One schedule's records. */
	interface Namespace extends AutoCloseable {

		/**
		 * The store one start of a simulated process uses: its own client (and session, where the store has
		 * sessions), as a separate process would have. Faults (the store down, slow answers) are injected around
		 * it by the simulation.
		 */
		LeaseStore open();

		/**
		 * The process that opened {@code store} is gone without releasing: a store with sessions ends the session
		 * (as the server does when the session times out); a table keeps the row as the last renewal left it.
		 */
		default void crash(LeaseStore store) {
		}

		/** Whether {@link #expireSession} does anything: a store whose holders are tied to sessions. */
		default boolean hasSessions() {
			return false;
		}

		/**
		 * The session of {@code store}'s client ends while its process lives on (cut off longer than the session
		 * timeout): its client opens a new session, and the lease must resume or be sealed, never repeat an id.
		 */
		default void expireSession(LeaseStore store) {
		}

		/**
		 * Whether the records live on a real server shared with other work (CI runs several schedules at once on
		 * it, beside other steps): a statement may then outlive its bound from load alone.
		 */
		default boolean sharedServer() {
			return false;
		}

		/** Whether {@link #forget} does anything: a store whose records can be deleted all at once. */
		default boolean canForget() {
			return false;
		}

		/**
		 * Every record is lost at once while holders live on (a Redis key deleted, flushed or expired): holders
		 * must lose their leases at the next renewal, and no new holder may issue an id a forgotten one still can.
		 */
		default void forget() {
		}

		/** A graceful stop's end of the client, after its lease was closed. */
		default void closed(LeaseStore store) {
		}

		/** What an observer reads now, all datacenters. */
		List<LeaseRecord> records();

		@Override
		void close();
	}
}
