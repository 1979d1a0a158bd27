package io.snowflakeid.it;

import java.sql.Connection;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;

import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.worker.ConnectionSource;
import io.snowflakeid.worker.WorkerLease;
import io.snowflakeid.worker.WorkerLeaseSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Worker leases under the isolation levels applications' pools use. Eight instances start at the same moment
 * against eight free rows: every start succeeds with a row of its own, whatever the isolation level; a
 * serialization failure means "take the next row", never a failed start.
 */
class WorkerLeaseIsolationTests {

	private static final String TABLE = "snowflake_lease_isolation";

	private static final int INSTANCES = 8;

	private final List<WorkerLease> leases = new ArrayList<>();

	static Stream<Arguments> databasesAndIsolationLevels() {
		List<Arguments> arguments = new ArrayList<>();
		for (TestDatabase database : TestDatabase.enabled()) {
			for (int level : new int[] { Connection.TRANSACTION_READ_COMMITTED, Connection.TRANSACTION_REPEATABLE_READ,
					Connection.TRANSACTION_SERIALIZABLE }) {
				arguments.add(Arguments.of(database, level));
			}
		}
		return arguments.stream();
	}

	@AfterEach
	void closeLeases() {
		this.leases.forEach(WorkerLease::close);
	}

	/**
	 * The instances' layouts differ only in their epochs, by a millisecond each: to this JVM they are different
	 * nodes, so its own registry of nodes in use does not keep them apart, and every race is decided by the
	 * database, as between processes.
	 */
	private static SnowflakeLayout layout(int instance) {
		return SnowflakeLayout.builder().timestampBits(41).datacenterBits(5).workerBits(3).sequenceBits(14)
			.epoch(Instant.parse("2020-01-01T00:00:00Z").plusMillis(instance)).build();
	}

	@ParameterizedTest(name = "{0}, isolation level {1}")
	@MethodSource("databasesAndIsolationLevels")
	void concurrentStartsEachGetARowOfTheirOwnUnderAnyIsolationLevel(TestDatabase database, int isolation)
			throws Exception {
		String url = database.url();
		ConnectionSource connections = () -> {
			Connection connection = database.connect(url);
			connection.setTransactionIsolation(isolation);
			return connection;
		};
		try (Connection connection = database.connect(url); Statement statement = connection.createStatement()) {
			statement.execute("DROP TABLE IF EXISTS " + TABLE);
		}
		// Eight rows, used before and released: free, with marks in the past.
		for (int round = 0; round < 3; round++) {
			List<WorkerLease> started = startAtOnce(connections, round);
			Set<Integer> workers = new HashSet<>();
			for (WorkerLease lease : started) {
				assertThat(workers.add(lease.workerId())).as("worker %d leased twice", lease.workerId()).isTrue();
				lease.generator().nextId();
			}
			assertThat(workers).hasSize(INSTANCES);
			started.forEach(WorkerLease::close);
		}
		try (Connection connection = database.connect(url);
				var result = connection.createStatement().executeQuery("SELECT COUNT(*) FROM " + TABLE)) {
			result.next();
			assertThat(result.getLong(1)).as("the released rows were reused, no new ones created").isEqualTo(INSTANCES);
		}
	}

	private List<WorkerLease> startAtOnce(ConnectionSource connections, int round) throws Exception {
		ExecutorService pool = Executors.newFixedThreadPool(INSTANCES);
		CountDownLatch start = new CountDownLatch(1);
		try {
			List<Future<WorkerLease>> futures = new ArrayList<>();
			for (int i = 0; i < INSTANCES; i++) {
				SnowflakeLayout layout = layout(i);
				futures.add(pool.submit((Callable<WorkerLease>) () -> {
					start.await();
					return WorkerLease.acquire(WorkerLeaseSettings.builder(connections).tableName(TABLE)
						.layout(layout).datacenterId(0).duration(Duration.ofSeconds(10)).build());
				}));
			}
			start.countDown();
			List<WorkerLease> started = new ArrayList<>();
			List<Throwable> failures = new ArrayList<>();
			for (Future<WorkerLease> future : futures) {
				try {
					WorkerLease lease = future.get();
					started.add(lease);
					this.leases.add(lease);
				}
				catch (java.util.concurrent.ExecutionException ex) {
					failures.add(ex.getCause());
				}
			}
			assertThat(failures).as("round %d: failed starts", round).isEmpty();
			return started;
		}
		finally {
			pool.shutdownNow();
		}
	}
}
