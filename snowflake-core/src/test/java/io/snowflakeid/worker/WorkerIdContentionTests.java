package io.snowflakeid.worker;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;

import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.testing.ManualScheduler;
import io.snowflakeid.testing.TestDatabase;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Thundering herds: many instances (each a stranger to this JVM's registry of nodes, as separate processes are)
 * start at the same moment. Every one must start while free pairs remain: the claim tries at most eight new pairs
 * per round and gives up after twenty rounds of lost races, so a crowd racing for the same pairs is the way to make
 * it refuse while usable pairs exist. Lowest first in every round, it did once on a loaded machine (84 of 300
 * refused); after a lost round each claimant now tries them in an order of its own. Held on H2 (up to 1,000
 * instances for 1,024 pairs tried).
 */
class WorkerIdContentionTests {

	private final ConnectionSource connections = new TestDatabase("herd").connections();

	@Test
	void aCrowdStartingAtOnceOnAnEmptyTableAllStartWhileNeverUsedPairsRemain() throws Exception {
		SnowflakeLayout base = SnowflakeLayout.builder().timestampBits(41).datacenterBits(5).workerBits(5)
			.sequenceBits(12).build();
		List<WorkerLease> leases = startAtOnce(base, Integer.getInteger("snowflake.adversarial.herd", 300));
		Set<String> nodes = new HashSet<>();
		leases.forEach((lease) -> assertThat(nodes.add(lease.datacenterId() + "/" + lease.workerId())).isTrue());
		leases.forEach(WorkerLease::close);
	}

	@Test
	void aCrowdAsLargeAsTheFreeRowsAllStartOnThoseRows() throws Exception {
		SnowflakeLayout base = SnowflakeLayout.builder().timestampBits(41).datacenterBits(5).workerBits(3)
			.sequenceBits(14).build();
		try (Connection connection = this.connections.getConnection(); Statement s = connection.createStatement()) {
			s.execute(new LeaseTable(LeaseTable.DEFAULT_NAME).createStatement());
			for (int dc = 0; dc < 32; dc++) {
				for (int worker = 0; worker < 8; worker++) {
					s.execute("insert into snowflake_worker_lease values (" + dc + ", " + worker + ", null, null, 0, 0)");
				}
			}
		}
		List<WorkerLease> leases = startAtOnce(base, 256);
		Set<String> nodes = new HashSet<>();
		leases.forEach((lease) -> assertThat(nodes.add(lease.datacenterId() + "/" + lease.workerId())).isTrue());
		assertThat(nodes.size()).isEqualTo(256);
		leases.forEach(WorkerLease::close);
	}

	private List<WorkerLease> startAtOnce(SnowflakeLayout base, int instances) throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(instances);
		CountDownLatch start = new CountDownLatch(1);
		List<Future<WorkerLease>> futures = new ArrayList<>();
		for (int i = 0; i < instances; i++) {
			SnowflakeLayout layout = base.toBuilder()
				.epoch(Instant.parse("2020-01-01T00:00:00Z").plusMillis(LeaseContention.NEXT_EPOCH.incrementAndGet()))
				.build();
			futures.add(pool.submit((Callable<WorkerLease>) () -> {
				start.await();
				return WorkerLease.acquire(WorkerLeaseSettings.builder(this.connections).layout(layout)
					.duration(Duration.ofSeconds(60)).scheduler(new ManualScheduler()).build());
			}));
		}
		start.countDown();
		List<Throwable> failures = new ArrayList<>();
		List<WorkerLease> leases = new ArrayList<>();
		for (Future<WorkerLease> future : futures) {
			try {
				leases.add(future.get());
			}
			catch (ExecutionException ex) {
				failures.add(ex.getCause());
			}
		}
		pool.shutdownNow();
		if (!failures.isEmpty()) {
			leases.forEach(WorkerLease::close);
		}
		Map<String, Long> byReason = failures.stream()
			.collect(Collectors.groupingBy((f) -> (f instanceof WorkerLeaseException lease)
					? String.valueOf(lease.getReason()) : f.getClass().getSimpleName(), TreeMap::new,
					Collectors.counting()));
		assertThat(failures)
			.as(failures.size() + " of " + instances + " starts refused while pairs were free, by reason " + byReason
					+ (failures.isEmpty() ? "" : "; the first: " + failures.get(0)))
			.isEmpty();
		return leases;
	}

	private static final class LeaseContention {

		static final java.util.concurrent.atomic.AtomicLong NEXT_EPOCH = new java.util.concurrent.atomic.AtomicLong(
				5_000_000);
	}
}
