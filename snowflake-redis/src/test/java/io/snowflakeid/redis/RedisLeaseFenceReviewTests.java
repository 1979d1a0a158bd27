package io.snowflakeid.redis;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Proxy;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;

import io.lettuce.core.RedisURI;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.testing.ChildJvm;
import io.snowflakeid.worker.LeaseStore;
import io.snowflakeid.worker.WorkerLease;
import io.snowflakeid.worker.WorkerLeaseSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Review of the deleted-hash fence (hostile reviewer). The fence is read once, before the claim; the claim itself
 * (INSERT_NEW) creates a record in a hash that does not exist. A hash deleted after an instance's fence read and
 * before its claim is recreated by that claim without a fence: that instance takes the pair a forgotten holder still
 * issues with, and every instance starting later finds a hash with records and no fence, and does not wait either.
 */
class RedisLeaseFenceReviewTests {

	private static final SnowflakeLayout FOUR_WORKERS = SnowflakeLayout.builder().timestampBits(41).datacenterBits(5)
		.workerBits(2).sequenceBits(15).build();

	private static final Duration LEASE = Duration.ofSeconds(3);

	private static final Duration MARGIN = Duration.ofSeconds(1);

	private final String key = RedisTestServers.uniqueKey();

	private final List<AutoCloseable> resources = new ArrayList<>();

	private RedisTestServers.Direct direct;

	@BeforeAll
	static void redis() {
		RedisTestServers.assumeRedis();
	}

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

	private RedisLeaseStore store(String uri) {
		RedisLeaseStore store = new RedisLeaseStore(LettuceRedisScripts.open(RedisURI.create(uri), Duration.ofSeconds(2)),
				this.key, true, false);
		this.resources.add(store);
		return store;
	}

	private WorkerLease instance(LeaseStore store) {
		WorkerLease lease = WorkerLease.acquire(WorkerLeaseSettings.builder(store).layout(FOUR_WORKERS).datacenterId(0)
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

	/**
	 * The forgotten holder is another JVM (in this one, LocalNodes would keep the pair from the next instance
	 * anyway). Its record is deleted with the hash right after the next instance read the fence (found the hash in
	 * use, so no wait); the next instance's claim recreates the hash, without a fence, with the same pair.
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

				WorkerLease next = instance(deletedAfterTheFenceRead(store(server.uri())));
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
				assertThat(nextIds).as("ids issued by the forgotten holder (worker %d) and the next instance (worker %d)",
						forgottenWorker, next.workerId())
					.doesNotContainAnyElementsOf(forgottenIds);
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
	 * A fence written by a host whose clock was a day ahead (the fence is that host's now + lease + margin) is never
	 * cleared: every start for the next day waits the whole lease duration and margin (70 s with Spring's defaults),
	 * logging "No worker lease records ... (its first use, or its data was deleted)" although the hash holds
	 * records. A fence further ahead than this host's own now + lease + margin can only come from a clock beyond the
	 * safety margin: it should stop the start naming the fence and the clock, not make every start hang.
	 */
	@Test
	void aFenceFromAClockFarAheadDoesNotMakeEveryStartWaitSilently() {
		RedisTestServers.Direct direct = direct();
		long now = System.currentTimeMillis();
		direct.put(this.key, 0, 3, 0, now - 60_000, "", "");
		this.direct.inUse(this.key);
		io.lettuce.core.RedisClient client = io.lettuce.core.RedisClient.create(RedisTestServers.sharedUri());
		try (var connection = client.connect()) {
			connection.sync().hset(this.key, "fence", Long.toString(now + Duration.ofDays(1).toMillis()));
		}
		finally {
			client.shutdown();
		}
		for (int start = 0; start < 2; start++) {
			long started = System.nanoTime();
			try {
				WorkerLease lease = instance(sharedStore());
				long waited = (System.nanoTime() - started) / 1_000_000;
				assertThat(waited).as("start %d of a hash with records, its fence a day ahead", start)
					.isLessThan(LEASE.plus(MARGIN).toMillis() - 500);
				lease.close();
			}
			catch (io.snowflakeid.worker.WorkerLeaseException ex) {
				assertThat(ex.getMessage()).contains("fence");
				return;
			}
		}
	}

	private RedisLeaseStore sharedStore() {
		RedisLeaseStore store = new RedisLeaseStore(
				LettuceRedisScripts.open(RedisURI.create(RedisTestServers.sharedUri()), Duration.ofSeconds(2)),
				this.key, true, true); // the shared server runs Redis' defaults: its risk accepted
		this.resources.add(store);
		return store;
	}
}
