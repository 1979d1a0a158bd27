package io.snowflakeid.redis;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.RedisURI;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.WorkerLeaseExpiredException;
import io.snowflakeid.worker.WorkerLease;
import io.snowflakeid.worker.WorkerLeaseSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The lease hash deleted under running holders (an operator's DEL or FLUSHDB, a TTL someone set running out): the
 * records and their marks are gone, and the holders issue on until their next renewal finds that out. An instance
 * starting then must not hand out a pair they still use: it waits a lease duration and the safety margin, the
 * longest a forgotten holder can go on issuing. Found by review: before this, the next instance created the same
 * pair's record at once and issued the ids the forgotten holder was issuing.
 */
class RedisLeaseFenceTests {

	/** Four worker ids in datacenter 0: the new instance takes the pair the forgotten one holds. */
	private static final SnowflakeLayout FOUR_WORKERS = SnowflakeLayout.builder().timestampBits(41).datacenterBits(5)
		.workerBits(2).sequenceBits(15).build();

	private static final Duration LEASE = Duration.ofSeconds(3);

	private static final Duration MARGIN = Duration.ofSeconds(1);

	private final String key = RedisTestServers.uniqueKey();

	private final List<AutoCloseable> resources = new ArrayList<>();

	private RedisTestServers.Direct direct;

	@AfterEach
	void cleanUp() throws Exception {
		for (int i = this.resources.size() - 1; i >= 0; i--) {
			this.resources.get(i).close();
		}
		if (this.direct != null) {
			this.direct.delete(this.key);
			this.direct.close();
		}
	}

	private RedisTestServers.Direct direct() {
		if (this.direct == null) {
			this.direct = RedisTestServers.direct(RedisTestServers.sharedUri());
		}
		return this.direct;
	}

	/** What a separate instance has: its own client, its own lease. */
	private WorkerLease instance() {
		RedisLeaseStore store = new RedisLeaseStore(
				LettuceRedisScripts.open(RedisURI.create(RedisTestServers.sharedUri()), Duration.ofSeconds(2)),
				this.key, true, true); // the shared server runs Redis' defaults: its risk accepted
		this.resources.add(store);
		WorkerLease lease = WorkerLease.acquire(WorkerLeaseSettings.builder(store).layout(FOUR_WORKERS).datacenterId(0)
			.duration(LEASE).safetyMargin(MARGIN).build());
		this.resources.add(lease::close);
		return lease;
	}

	@Test
	void anInstanceStartingAfterTheHashWasDeletedIssuesOnlyOnceTheForgottenHolderHasStopped() throws Exception {
		direct().inUse(this.key);
		WorkerLease forgotten = instance();
		Set<Long> forgottenIds = java.util.concurrent.ConcurrentHashMap.newKeySet();
		long[] lastIssuedNanos = new long[1];
		CompletableFuture<WorkerLeaseExpiredException> stopped = CompletableFuture.supplyAsync(() -> {
			while (true) {
				try {
					forgottenIds.add(forgotten.generator().nextId());
					lastIssuedNanos[0] = System.nanoTime();
					java.util.concurrent.locks.LockSupport.parkNanos(50_000); // an application's pace, not a flood
				}
				catch (WorkerLeaseExpiredException ex) {
					return ex;
				}
			}
		});
		Thread.sleep(200);
		direct().delete(this.key);

		WorkerLease next = instance();
		long startedNanos = System.nanoTime();
		long firstId = next.generator().nextId();

		WorkerLeaseExpiredException refusal = stopped.get(LEASE.toSeconds() * 3, TimeUnit.SECONDS);
		assertThat(next.workerId()).as("the pair the forgotten holder used, its record gone")
			.isEqualTo(forgotten.workerId());
		assertThat(lastIssuedNanos[0]).as("the forgotten holder's last id came before the next instance's first")
			.isLessThan(startedNanos);
		assertThat(refusal.reason()).isEqualTo(WorkerLeaseExpiredException.Reason.LOST);
		assertThat(refusal.getMessage()).contains("its record is gone from Redis hash " + this.key,
				"deleted, flushed or expired");
		Set<Long> nextIds = new HashSet<>();
		nextIds.add(firstId);
		for (int i = 0; i < 10_000; i++) {
			nextIds.add(next.generator().nextId());
		}
		assertThat(nextIds).doesNotContainAnyElementsOf(forgottenIds);
		assertThat(firstId).as("above every id of the forgotten holder")
			.isGreaterThan(forgottenIds.stream().mapToLong(Long::longValue).max().orElseThrow());
	}

	@Test
	void theFirstUseOfAKeyLooksTheSameAndWaitsOnceInstancesStartingLaterDoNot() {
		long start = System.nanoTime();
		WorkerLease first = instance();
		long firstWaitMillis = (System.nanoTime() - start) / 1_000_000;
		assertThat(firstWaitMillis).as("no records at all: a deleted hash or a new one, the same wait")
			.isBetween(LEASE.plus(MARGIN).toMillis() - 50, LEASE.plus(MARGIN).toMillis() + 3_000);
		assertThat(direct().all(this.key)).containsKey("fence");

		long second = System.nanoTime();
		WorkerLease other = instance();
		assertThat((System.nanoTime() - second) / 1_000_000).as("the fence has passed: no wait").isLessThan(1_500);
		assertThat(other.workerId()).isNotEqualTo(first.workerId());
	}

	@Test
	void instancesStartingTogetherOnAnEmptyKeyAllWaitForTheOneFenceAndGetDistinctWorkers() throws Exception {
		RedisTestServers.sharedUri(); // skipped without a server (the starts run on other threads)
		List<CompletableFuture<WorkerLease>> starts = new ArrayList<>();
		java.util.concurrent.ExecutorService threads = java.util.concurrent.Executors.newFixedThreadPool(3);
		this.resources.add(threads::shutdownNow);
		for (int i = 0; i < 3; i++) {
			starts.add(CompletableFuture.supplyAsync(this::instance, threads));
		}
		Set<Integer> workers = new HashSet<>();
		for (CompletableFuture<WorkerLease> start : starts) {
			workers.add(start.get(LEASE.toSeconds() * 4, TimeUnit.SECONDS).workerId());
		}
		assertThat(workers).hasSize(3);
		assertThat(Long.parseLong(direct().all(this.key).get("fence"))).as("one fence, recorded by the first")
			.isLessThanOrEqualTo(System.currentTimeMillis());
	}
}
