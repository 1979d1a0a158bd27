package io.snowflakeid.testing;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import io.snowflakeid.spi.LeaseRecord;
import io.snowflakeid.spi.LeaseStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What every {@link LeaseStore} must do, operation by operation: the compare-and-set conditions of
 * {@code insertNew}, {@code takeFree}, {@code renew} and {@code release}, and that of many claimants racing for one
 * record exactly one wins. A store's test class extends this and opens a store on an empty place (a table, a key, a
 * path of its own). The seeded lease simulation ({@code LeaseSimulation}) runs the protocol over a store one step at a
 * time and did not fail a store whose {@code takeFree} ignored the lease end or the mark, or whose {@code renew}
 * lowered the mark (a contributor's trial store, 2026-12-07): these conditions are checked here.
 * <p>
 * Times are the wall-clock milliseconds the protocol writes; a store compares them and never reads a clock, so they
 * are fixed numbers here. Each test first reads the forgotten-holders fence, as every claim does, and so does each
 * racing creator on its own thread (a store that fences its inserts on that read, Redis, requires it of the thread
 * that inserts).
 */
public abstract class LeaseStoreContract {

	protected static final Duration TIMEOUT = Duration.ofSeconds(5);

	private static final long NOW = 1_800_000_000_000L;

	private static final int CLAIMANTS = 8;

	private LeaseStore store;

	/** A store on an empty place of its own, not prepared yet. */
	protected abstract LeaseStore openStore() throws Exception;

	@BeforeEach
	void openAndReadTheFence() throws Exception {
		this.store = openStore();
		this.store.prepare(TIMEOUT);
		this.store.forgottenHoldersFence(0, TIMEOUT);
	}

	@AfterEach
	void closeStore() throws Exception {
		if (this.store instanceof AutoCloseable closeable) {
			closeable.close();
		}
	}

	@Test
	void insertNewCreatesAPairOnceAndRecordsListItByDatacenter() throws Exception {
		assertThat(this.store.insertNew(1, 3, "a", "t1", NOW + 60_000, NOW, TIMEOUT)).isTrue();
		assertThat(this.store.insertNew(1, 3, "b", "t2", NOW + 90_000, NOW + 5, TIMEOUT))
			.as("another claimant creating the same pair").isFalse();
		this.store.insertNew(2, 3, "b", "t3", NOW + 70_000, NOW + 1, TIMEOUT);
		assertThat(this.store.records(1, TIMEOUT)).containsExactly(new LeaseRecord(1, 3, NOW + 60_000, NOW));
		assertThat(this.store.records(null, TIMEOUT)).containsExactlyInAnyOrder(
				new LeaseRecord(1, 3, NOW + 60_000, NOW), new LeaseRecord(2, 3, NOW + 70_000, NOW + 1));
		assertThat(this.store.records(4, TIMEOUT)).isEmpty();
	}

	@Test
	void takeFreeTakesARecordOnlyOnceItsLeaseHasEnded() throws Exception {
		this.store.insertNew(1, 3, "a", "t1", NOW + 60_000, NOW, TIMEOUT);
		LeaseRecord held = record(1, 3);
		assertThat(this.store.takeFree(held, "b", "t2", NOW + 120_000, NOW + 1, NOW + 60_000, TIMEOUT))
			.as("a lease ending at the instant asked is not ended before it").isFalse();
		assertThat(record(1, 3)).as("unchanged").isEqualTo(held);
		assertThat(this.store.renew(1, 3, List.of("t1"), "t1b", NOW + 61_000, NOW, TIMEOUT))
			.as("the holder still renews").isTrue();
		LeaseRecord renewed = record(1, 3);
		assertThat(this.store.takeFree(renewed, "b", "t2", NOW + 120_000, NOW + 1, NOW + 61_001, TIMEOUT)).isTrue();
		assertThat(record(1, 3)).isEqualTo(new LeaseRecord(1, 3, NOW + 120_000, NOW + 1));
		assertThat(this.store.renew(1, 3, List.of("t1b"), "t1c", NOW + 62_000, NOW, TIMEOUT))
			.as("the former holder's token is gone").isFalse();
	}

	@Test
	void takeFreeRefusesARecordWhoseMarkMovedSinceItWasRead() throws Exception {
		this.store.insertNew(1, 3, "a", "t1", NOW + 60_000, NOW, TIMEOUT);
		assertThat(this.store.release(1, 3, List.of("t1"), NOW + 5, TIMEOUT)).isTrue();
		LeaseRecord stale = new LeaseRecord(1, 3, 0, NOW + 4);
		assertThat(this.store.takeFree(stale, "b", "t2", NOW + 120_000, NOW + 6, NOW + 200_000, TIMEOUT))
			.as("read before the mark moved").isFalse();
		assertThat(record(1, 3)).isEqualTo(new LeaseRecord(1, 3, 0, NOW + 5));
		assertThat(this.store.takeFree(record(1, 3), "b", "t2", NOW + 120_000, NOW + 6, NOW + 200_000, TIMEOUT))
			.isTrue();
	}

	@Test
	void renewNeedsOneOfTheTokensAndReplacesIt() throws Exception {
		this.store.insertNew(1, 3, "a", "t1", NOW + 60_000, NOW, TIMEOUT);
		assertThat(this.store.renew(1, 3, List.of("x"), "t2", NOW + 90_000, NOW + 10, TIMEOUT)).isFalse();
		assertThat(record(1, 3)).as("unchanged").isEqualTo(new LeaseRecord(1, 3, NOW + 60_000, NOW));
		assertThat(this.store.renew(1, 3, List.of("x", "t1"), "t2", NOW + 90_000, NOW + 10, TIMEOUT))
			.as("any of the tokens the lease may have written").isTrue();
		assertThat(record(1, 3)).isEqualTo(new LeaseRecord(1, 3, NOW + 90_000, NOW + 10));
		assertThat(this.store.renew(1, 3, List.of("t1"), "t3", NOW + 95_000, NOW + 20, TIMEOUT))
			.as("the replaced token").isFalse();
		assertThat(this.store.renew(1, 3, List.of("t2"), "t3", NOW + 95_000, NOW + 20, TIMEOUT)).isTrue();
		assertThat(this.store.renew(2, 3, List.of("t3"), "t4", NOW + 95_000, NOW + 20, TIMEOUT))
			.as("a pair that does not exist").isFalse();
	}

	@Test
	void renewNeverLowersTheMark() throws Exception {
		this.store.insertNew(1, 3, "a", "t1", NOW + 60_000, NOW + 100, TIMEOUT);
		assertThat(this.store.renew(1, 3, List.of("t1"), "t2", NOW + 90_000, NOW + 50, TIMEOUT)).isTrue();
		assertThat(record(1, 3)).isEqualTo(new LeaseRecord(1, 3, NOW + 90_000, NOW + 100));
	}

	@Test
	void releaseNeedsATokenFreesTheRecordAndWritesTheExactMark() throws Exception {
		this.store.insertNew(1, 3, "a", "t1", NOW + 60_000, NOW, TIMEOUT);
		this.store.renew(1, 3, List.of("t1"), "t2", NOW + 90_000, NOW + 100, TIMEOUT);
		assertThat(this.store.release(1, 3, List.of("t1"), NOW + 40, TIMEOUT)).as("a replaced token").isFalse();
		assertThat(record(1, 3)).isEqualTo(new LeaseRecord(1, 3, NOW + 90_000, NOW + 100));
		assertThat(this.store.release(1, 3, List.of("x", "t2"), NOW + 40, TIMEOUT)).isTrue();
		assertThat(record(1, 3)).as("free, with what the holder issued (below what its renewals stored)")
			.isEqualTo(new LeaseRecord(1, 3, 0, NOW + 40));
		assertThat(this.store.renew(1, 3, List.of("t2"), "t3", NOW + 95_000, NOW + 50, TIMEOUT))
			.as("released: no token renews it").isFalse();
	}

	@Test
	void ofClaimantsRacingForOneFreeRecordExactlyOneTakesIt() throws Exception {
		this.store.insertNew(1, 3, "a", "t0", NOW + 60_000, NOW, TIMEOUT);
		this.store.release(1, 3, List.of("t0"), NOW + 10, TIMEOUT);
		LeaseRecord free = record(1, 3);
		int winners = race((claimant) -> this.store.takeFree(free, "c" + claimant, "t" + claimant, NOW + 120_000,
				NOW + 20 + claimant, NOW + 100_000, TIMEOUT));
		assertThat(winners).isEqualTo(1);
		assertThat(record(1, 3).leaseEnd()).isEqualTo(NOW + 120_000);
	}

	@Test
	void ofClaimantsRacingToCreateOnePairExactlyOneCreatesIt() throws Exception {
		int winners = race((claimant) -> {
			this.store.forgottenHoldersFence(0, TIMEOUT); // on the claimant's thread, as each claim reads it first
			return this.store.insertNew(1, 9, "c" + claimant, "t" + claimant, NOW + 60_000, NOW + claimant, TIMEOUT);
		});
		assertThat(winners).isEqualTo(1);
		assertThat(this.store.records(1, TIMEOUT)).hasSize(1);
	}

	/** The record of a pair, which must exist. */
	protected final LeaseRecord record(int datacenterId, int workerId) throws Exception {
		return this.store.records(datacenterId, TIMEOUT).stream()
			.filter((record) -> record.workerId() == workerId)
			.findFirst()
			.orElseThrow(() -> new AssertionError("no record of " + datacenterId + "/" + workerId));
	}

	/**
	 * Runs the claim of {@value #CLAIMANTS} claimants at once (released together); returns how many won. A claimant
	 * that loses gets false, or a failure the store calls a lost race ({@link LeaseStore#isLostRace}).
	 */
	private int race(Claim claim) throws Exception {
		ExecutorService threads = Executors.newFixedThreadPool(CLAIMANTS);
		try {
			CountDownLatch start = new CountDownLatch(1);
			List<Future<Boolean>> claims = new ArrayList<>();
			for (int i = 1; i <= CLAIMANTS; i++) {
				int claimant = i;
				claims.add(threads.submit((Callable<Boolean>) () -> {
					start.await();
					try {
						return claim.run(claimant);
					}
					catch (Exception ex) {
						if (this.store.isLostRace(ex)) {
							return false;
						}
						throw ex;
					}
				}));
			}
			start.countDown();
			int winners = 0;
			for (Future<Boolean> result : claims) {
				if (result.get(30, TimeUnit.SECONDS)) {
					winners++;
				}
			}
			return winners;
		}
		finally {
			threads.shutdownNow();
		}
	}

	private interface Claim {

		boolean run(int claimant) throws Exception;
	}
}
