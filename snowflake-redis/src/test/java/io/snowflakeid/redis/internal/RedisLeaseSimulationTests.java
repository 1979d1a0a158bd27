package io.snowflakeid.redis.internal;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import io.lettuce.core.RedisURI;
import io.snowflakeid.redis.internal.LettuceRedisScripts;
import io.snowflakeid.spi.LeaseRecord;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.worker.LeaseSimulation;
import io.snowflakeid.worker.SimulatedBackend;
import org.junit.jupiter.api.Test;

/**
 * {@link LeaseSimulation} on Redis: the seeded schedules (starts, crashes, pauses, outages, clocks stepped both ways)
 * against the real scripts on a real server, one key per schedule. Seeds: {@code -Dsnowflake.redis-simulation.seeds}
 * (default 500, a few seconds; CI runs 500 more from seed 501), replay one with {@code -Dsnowflake.redis-simulation.first-seed=N -Dsnowflake.redis-simulation.seeds=1}.
 */
class RedisLeaseSimulationTests {

	@Test
	void manySeededSchedulesNeverIssueAnIdTwice() {
		String uri = RedisTestServers.sharedUri();
		int seeds = Integer.getInteger("snowflake.redis-simulation.seeds", 500);
		long firstSeed = Long.getLong("snowflake.redis-simulation.first-seed", 1);
		// One connection for every schedule: Redis has no sessions, so a client per simulated process would only
		// add connection set-up; the faults are injected around the store by the simulation.
		try (LettuceRedisScripts scripts = LettuceRedisScripts.open(RedisURI.create(uri), Duration.ofSeconds(5))) {
			Map<String, Long> counts = LeaseSimulation.runSeeds(new RedisBackend(scripts), firstSeed, seeds,
					"snowflake.redis-simulation");
			System.out.println("Lease simulation on Redis " + uri + ", " + seeds + " seeds: " + counts);
		}
	}

	private record RedisBackend(LettuceRedisScripts scripts) implements SimulatedBackend {

		@Override
		public Namespace newNamespace() {
			RedisLeaseStore store = new RedisLeaseStore(this.scripts, RedisTestServers.uniqueKey(), false, true);
			return new Namespace() {
				@Override
				public LeaseStore open() {
					return store;
				}

				@Override
				public List<LeaseRecord> records() {
					try {
						return store.records(null, Duration.ofSeconds(5));
					}
					catch (Exception ex) {
						throw new IllegalStateException(ex);
					}
				}

				/** An operator's DEL, a FLUSHDB, a TTL someone set running out: all the same to the lease. */
				@Override
				public boolean canForget() {
					return true;
				}

				@Override
				public void forget() {
					delete();
				}

				@Override
				public void close() {
					delete();
				}

				private void delete() {
					try {
						RedisBackend.this.scripts.evalLong("return redis.call('DEL', KEYS[1])", store.key(), List.of(),
								Duration.ofSeconds(5));
					}
					catch (Exception ex) {
						throw new IllegalStateException(ex);
					}
				}
			};
		}
	}
}
