package io.snowflakeid.internal;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.LogRecord;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.internal.keys.SnowflakeSettings;
import io.snowflakeid.internal.config.SnowflakeConfiguration;
import io.snowflakeid.segment.SegmentIdGenerators;
import io.snowflakeid.spi.LeaseRecord;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.testing.LogCapture;
import io.snowflakeid.testing.TestDatabase;
import io.snowflakeid.internal.config.WorkerAssignment;
import io.snowflakeid.worker.WorkerLeaseException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * Which assignment applies, the generator each one gives (static ids, a database lease, a coordination service's
 * lease), the start-up errors when what an assignment needs is missing, and the start-up log lines.
 */
class SnowflakeGeneratorsTests {

	@Test
	void theLifetimeWarningStartsExactlyWhenLessThanTheConfiguredYearsRemain() {
		SnowflakeLayout layout = SnowflakeLayout.DEFAULT;
		// 4 years = 4 x 365 + 1 days.
		Instant exactly = layout.exhaustedAt().minus(Duration.ofDays(1461));
		assertThat(SnowflakeGenerators.lifetimeWarning(layout, exactly, 4)).isNull();
		assertThat(SnowflakeGenerators.lifetimeWarning(layout, exactly.minusSeconds(1), 4)).isNull();
		String warning = SnowflakeGenerators.lifetimeWarning(layout, exactly.plusSeconds(1), 4);
		assertThat(warning).isNotNull();
		assertThat(warning).contains("Only 4.0 years remain");
		assertThat(warning).contains("less than 4 years");
		assertThat(SnowflakeGenerators.lifetimeWarning(layout, layout.exhaustedAt().minus(Duration.ofDays(1459)), 4))
			.isNotNull();
	}

	@Test
	void lifetimeWarningOnlyWhenTheFieldRunsOutWithinTheConfiguredYears() {
		Instant now = Instant.parse("2026-11-22T00:00:00Z");
		assertThat(SnowflakeGenerators.lifetimeWarning(SnowflakeLayout.DEFAULT, now, 10)).isNull();
		String warning = SnowflakeGenerators.lifetimeWarning(SnowflakeLayout.DEFAULT, now, 70);
		assertThat(warning).isNotNull().contains("62.8 years remain");
		assertThat(warning).contains("2089-09-06");
	}

	@Test
	void autoTakesStaticIdsWhenSetAndPrefersALeaseWhenThereIsADatabase() {
		assertThat(SnowflakeGenerators.resolve(WorkerAssignment.AUTO, 7L, true)).isEqualTo(WorkerAssignment.STATIC);
		assertThat(SnowflakeGenerators.resolve(WorkerAssignment.STATIC, 7L, true)).isEqualTo(WorkerAssignment.STATIC);
		assertThat(SnowflakeGenerators.resolve(WorkerAssignment.AUTO, null, true))
			.isEqualTo(WorkerAssignment.DATABASE_LEASE);
		assertThat(SnowflakeGenerators.resolve(WorkerAssignment.AUTO, null, false)).isEqualTo(WorkerAssignment.STATIC);
		assertThat(SnowflakeGenerators.resolve(WorkerAssignment.IP_ADDRESS, null, true))
			.isEqualTo(WorkerAssignment.IP_ADDRESS);
	}

	/**
	 * A worker id in the shared configuration and an automatic assignment set per deployment: preferring the id
	 * would give every replica the same one. Refused for every automatic assignment, naming both settings.
	 */
	@ParameterizedTest
	@EnumSource(value = WorkerAssignment.class, names = { "AUTO", "STATIC" }, mode = EnumSource.Mode.EXCLUDE)
	void aWorkerIdBesideAnAutomaticAssignmentIsRefused(WorkerAssignment assignment) {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> SnowflakeGenerators.resolve(assignment, 7L, true))
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo(SnowflakeSettings.WORKER_ID))
			.withMessageStartingWith("Invalid snowflake.worker-id = 7: allowed only with "
					+ "snowflake.worker-assignment=static or auto, not with " + assignment.value())
			.withMessageContaining("every instance that one worker id");
	}

	@Test
	void staticIdsGiveAGeneratorOfThoseIdsWithoutALease() {
		SnowflakeConfiguration configuration = SnowflakeConfiguration.builder().datacenterId(29L).workerId(27L).build();
		try (ManagedGenerator managed = SnowflakeGenerators.create(configuration, null)) {
			assertThat(managed.assignment()).isEqualTo(WorkerAssignment.STATIC);
			assertThat(managed.lease()).isNull();
			assertThat(managed.generator().datacenterId()).isEqualTo(29);
			assertThat(managed.generator().workerId()).isEqualTo(27);
			assertThat(SnowflakeLayout.DEFAULT.decode(managed.generator().nextId()).workerId()).isEqualTo(27);
		}
	}

	@Test
	void aDatabaseLeaseIsTakenInTheConfiguredDatacenter() {
		TestDatabase database = new TestDatabase("generators");
		SnowflakeConfiguration configuration = SnowflakeConfiguration.builder().datacenterId(6L).build();
		try (ManagedGenerator managed = SnowflakeGenerators.create(configuration, database.connections())) {
			assertThat(managed.assignment()).as("auto, with a database").isEqualTo(WorkerAssignment.DATABASE_LEASE);
			assertThat(managed.lease()).isNotNull();
			assertThat(managed.lease().datacenterId()).isEqualTo(6);
			assertThat(managed.generator().datacenterId()).isEqualTo(6);
			assertThat(managed.generator().nextId()).isPositive();
		}
	}

	@Test
	void aLeaseAssignmentWithoutItsDatabaseOrModuleIsRefusedNamingWhatIsMissing() {
		SnowflakeConfiguration lease = SnowflakeConfiguration.builder()
			.workerAssignment(WorkerAssignment.DATABASE_LEASE).build();
		assertThatExceptionOfType(WorkerLeaseException.class).isThrownBy(() -> SnowflakeGenerators.create(lease, null))
			.withMessageContaining("snowflake.worker-assignment=database-lease needs a database: none is configured "
					+ "(no DataSource)");
		SnowflakeConfiguration zookeeper = SnowflakeConfiguration.builder()
			.workerAssignment(WorkerAssignment.ZOOKEEPER).build();
		assertThatExceptionOfType(WorkerLeaseException.class)
			.isThrownBy(() -> SnowflakeGenerators.create(zookeeper, new TestDatabase("generators").connections(), null))
			.withMessageContaining("snowflake.worker-assignment=zookeeper needs the module "
					+ "io.snowflakeid:snowflake-zookeeper on the class path");
	}

	/** ZooKeeper or Redis: the lease is kept in the coordination service's store, in the configured datacenter. */
	@Test
	void aCoordinationServiceLeasesTheWorkerIdFromItsStore() {
		InMemoryStore store = new InMemoryStore();
		SnowflakeConfiguration configuration = SnowflakeConfiguration.builder().workerAssignment(WorkerAssignment.REDIS)
			.datacenterId(4L).build();
		try (ManagedGenerator managed = SnowflakeGenerators.create(configuration, null, store)) {
			assertThat(managed.assignment()).isEqualTo(WorkerAssignment.REDIS);
			assertThat(managed.lease()).isNotNull();
			assertThat(managed.lease().storeDescription()).isEqualTo("in-memory test store");
			assertThat(managed.generator().datacenterId()).isEqualTo(4);
			assertThat(store.records).containsKey(List.of(4, (int) managed.generator().workerId()));
		}
	}

	@Test
	void theStartIsLoggedWithTheNodeAndHowItWasAssignedAndAShortLifetimeIsAWarning() {
		SnowflakeConfiguration configuration = SnowflakeConfiguration.builder().datacenterId(28L).workerId(26L).build();
		List<LogRecord> records;
		try (LogCapture log = LogCapture.of(SnowflakeGenerators.class)) {
			try (ManagedGenerator managed = SnowflakeGenerators.create(configuration, null)) {
				SnowflakeGenerators.logStart(managed, 10);
				SnowflakeGenerators.logStart(managed, 1_000);
			}
			records = log.records();
		}
		List<String> info = records.stream().filter((record) -> record.getLevel() == Level.INFO)
			.map(LogRecord::getMessage).toList();
		assertThat(info).hasSize(2).allSatisfy((message) -> assertThat(message)
			.isEqualTo("Snowflake ids: layout " + SnowflakeLayout.DEFAULT + ", datacenter 28, worker 26 (static); the "
					+ "timestamp field runs out at " + SnowflakeLayout.DEFAULT.exhaustedAt()));
		assertThat(records.stream().filter((record) -> record.getLevel() == Level.WARNING).map(LogRecord::getMessage))
			.as("fewer than 1,000 years remain, more than 10").singleElement()
			.satisfies((warning) -> assertThat(warning).contains("years remain in the snowflake timestamp field",
					"less than 1000 years"));
	}

	@Test
	void segmentModeUsesTheConfiguredTable() throws Exception {
		TestDatabase database = new TestDatabase("generators");
		SnowflakeConfiguration configuration = SnowflakeConfiguration.fromSettings(
				Map.of("snowflake.segment.table-name", "my_segments"));
		try (SegmentIdGenerators segments = SnowflakeGenerators.segments(configuration, database.connections())) {
			assertThat(segments.generator("orders", 1, 10).nextId()).isEqualTo(1);
		}
		assertThat(database.queryLong("select count(*) from my_segments")).isEqualTo(1);
	}

	/** A store of lease records in memory, as a coordination service keeps them. */
	static final class InMemoryStore implements LeaseStore {

		final Map<List<Integer>, Entry> records = new ConcurrentHashMap<>();

		record Entry(String token, long leaseEnd, long mark) {
		}

		@Override
		public String description() {
			return "in-memory test store";
		}

		@Override
		public String assignment() {
			return WorkerAssignment.REDIS.value();
		}

		@Override
		public synchronized List<LeaseRecord> records(Integer datacenterId, Duration timeout) {
			List<LeaseRecord> list = new ArrayList<>();
			this.records.forEach((pair, entry) -> {
				if (datacenterId == null || datacenterId.equals(pair.get(0))) {
					list.add(new LeaseRecord(pair.get(0), pair.get(1), entry.leaseEnd(), entry.mark()));
				}
			});
			return list;
		}

		@Override
		public synchronized boolean takeFree(LeaseRecord record, String owner, String token, long leaseEnd, long mark,
				long expiredBefore, Duration timeout) {
			List<Integer> pair = List.of(record.datacenterId(), record.workerId());
			Entry entry = this.records.get(pair);
			if (entry == null || entry.leaseEnd() >= expiredBefore || entry.mark() != record.highWaterMark()) {
				return false;
			}
			this.records.put(pair, new Entry(token, leaseEnd, mark));
			return true;
		}

		@Override
		public synchronized boolean insertNew(int datacenterId, int workerId, String owner, String token,
				long leaseEnd, long mark, Duration timeout) {
			return this.records.putIfAbsent(List.of(datacenterId, workerId), new Entry(token, leaseEnd, mark)) == null;
		}

		@Override
		public synchronized boolean renew(int datacenterId, int workerId, Collection<String> tokens, String newToken,
				long leaseEnd, long mark, Duration timeout) {
			List<Integer> pair = List.of(datacenterId, workerId);
			Entry entry = this.records.get(pair);
			if (entry == null || !tokens.contains(entry.token())) {
				return false;
			}
			this.records.put(pair, new Entry(newToken, leaseEnd, Math.max(mark, entry.mark())));
			return true;
		}

		@Override
		public synchronized boolean release(int datacenterId, int workerId, Collection<String> tokens, long exactMark,
				Duration timeout) {
			List<Integer> pair = List.of(datacenterId, workerId);
			Entry entry = this.records.get(pair);
			if (entry == null || !tokens.contains(entry.token())) {
				return false;
			}
			this.records.put(pair, new Entry(null, 0, exactMark));
			return true;
		}
	}
}
