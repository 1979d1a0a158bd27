package io.snowflakeid.redis.internal;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import io.lettuce.core.RedisURI;
import io.snowflakeid.redis.internal.LettuceRedisScripts;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.WorkerLeaseExpiredException;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.testing.ChildJvm;
import io.snowflakeid.worker.ClaimOrders;
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

	/** What a separate instance has: its own client, its own lease; on the shared server. */
	private WorkerLease instance() {
		return instance(store(RedisTestServers.sharedUri(), true)); // the shared server runs Redis' defaults
	}

	private RedisLeaseStore store(String uri, boolean acceptDataLossRisk) {
		RedisLeaseStore store = new RedisLeaseStore(LettuceRedisScripts.open(RedisURI.create(uri), Duration.ofSeconds(2)),
				this.key, true, acceptDataLossRisk);
		this.resources.add(store);
		return store;
	}

	private WorkerLease instance(LeaseStore store) {
		return instance(WorkerLeaseSettings.builder(store));
	}

	private WorkerLease instance(WorkerLeaseSettings.Builder settings) {
		WorkerLease lease = WorkerLease.acquire(settings.layout(FOUR_WORKERS).datacenterId(0)
			.duration(LEASE).safetyMargin(MARGIN).build());
		this.resources.add(lease::close);
		return lease;
	}

	/** The store, with the hash deleted (an operator's DEL, a FLUSHDB) right after its first fence read. */
	private LeaseStore deletedAfterTheFenceRead(RedisLeaseStore real) {
		AtomicBoolean done = new AtomicBoolean();
		return (LeaseStore) Proxy.newProxyInstance(LeaseStore.class.getClassLoader(),
				new Class<?>[] { LeaseStore.class }, (proxy, method, args) -> {
					Object result;
					try {
						result = method.invoke(real, args);
					}
					catch (InvocationTargetException ex) {
						throw ex.getCause();
					}
					if (method.getName().equals("forgottenHoldersFence") && done.compareAndSet(false, true)) {
						direct().delete(this.key);
					}
					return result;
				});
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

	/**
	 * The forgotten holder is another JVM (in this one, LocalNodes would keep the pair from the next instance
	 * anyway). Its record is deleted with the hash right after the next instance read the fence (found the hash in
	 * use, so no wait): the next instance's insert is refused (the hash is gone since its read), its next round reads
	 * the fence again and waits. Found by review: the insert used to recreate the hash without a fence.
	 */
	@Test
	void aHashDeletedBetweenTheFenceReadAndTheClaimIsStillWaitedOut() throws Exception {
		RedisTestServers.assumeOwnServers();
		try (RedisTestServers.OwnServer server = RedisTestServers.OwnServer.durable()) {
			this.direct = RedisTestServers.direct(server.uri());
			this.direct.inUse(this.key);
			Path file = Files.createTempFile("snowflake-redis-fence-review", ".txt");
			ChildJvm forgotten = ChildJvm.start(RedisLeaseHolderProcess.class, List.of("Exception"),
					server.uri(), this.key, file.toString());
			try {
				int forgottenWorker = Integer.parseInt(forgotten.expect("CLAIMED").split(" ")[2]);
				Thread.sleep(300);

				// lowest first after its lost round too: the forgotten holder's pair, so that the overlap is checked
				WorkerLease next = instance(ClaimOrders
					.lowestFirst(WorkerLeaseSettings.builder(deletedAfterTheFenceRead(store(server.uri(), false)))));
				assertThat(next.workerId()).as("the forgotten holder's pair: otherwise no overlap to check")
					.isEqualTo(forgottenWorker);
				Set<Long> nextIds = new HashSet<>();
				long until = System.nanoTime() + Duration.ofSeconds(2).toNanos();
				while (System.nanoTime() < until) {
					for (int i = 0; i < 100; i++) {
						nextIds.add(next.generator().nextId());
					}
					Thread.sleep(1);
				}
				forgotten.expect("EXPIRED"); // "taken over by another instance": the next one, in its lease
				Set<Long> forgottenIds = new HashSet<>();
				for (String line : Files.readAllLines(file)) {
					if (!line.isBlank()) {
						forgottenIds.add(Long.parseLong(line));
					}
				}
				// The ids both issued, by hashing: AssertJ's doesNotContainAnyElementsOf compares element by element
				// (hundreds of thousands squared here: 33 s with C2, 72-120 s in a test JVM running C1 only)
				Set<Long> issuedByBoth = new HashSet<>(nextIds);
				issuedByBoth.retainAll(forgottenIds);
				assertThat(issuedByBoth).as("ids issued by the forgotten holder (worker %d, %d ids) and the next instance "
						+ "(worker %d, %d ids)", forgottenWorker, forgottenIds.size(), next.workerId(), nextIds.size())
					.isEmpty();
				assertThat(this.direct.all(this.key)).as("the hash the claim recreated: does it still fence?")
					.containsKey("fence");
			}
			finally {
				forgotten.kill();
				for (int i = this.resources.size() - 1; i >= 0; i--) {
					this.resources.get(i).close();
				}
				this.resources.clear();
				this.direct.close();
				this.direct = null;
				Files.deleteIfExists(file);
			}
		}
	}

	/**
	 * A fence written by a host whose clock was a day ahead (the fence is that host's now + lease + margin) would
	 * make every start for a day wait the whole lease and margin (70 s with Spring's defaults). A fence further
	 * ahead than this host's own now + lease + margin can only come from a clock beyond the safety margin: the start
	 * stops naming the fence and the clock instead. Found by review.
	 */
	@Test
	void aFenceFromAClockFarAheadIsRefusedAtOnceNamingTheClocks() {
		RedisTestServers.Direct direct = direct();
		long now = System.currentTimeMillis();
		direct.put(this.key, 0, 3, 0, now - 60_000, "", "");
		this.direct.inUse(this.key);
		direct.connection.sync().hset(this.key, "fence", Long.toString(now + Duration.ofDays(1).toMillis()));
		for (int start = 0; start < 2; start++) {
			long started = System.nanoTime();
			org.assertj.core.api.Assertions.assertThatExceptionOfType(io.snowflakeid.worker.WorkerLeaseException.class)
				.isThrownBy(this::instance)
				.satisfies((ex) -> assertThat(ex.getReason())
					.isEqualTo(io.snowflakeid.worker.WorkerLeaseException.Reason.CLOCK_BEHIND))
				.withMessageContaining("fenced until").withMessageContaining("clock ahead");
			assertThat((System.nanoTime() - started) / 1_000_000).as("start %d: refused at once, no wait", start)
				.isLessThan(LEASE.toMillis());
		}
	}
}
