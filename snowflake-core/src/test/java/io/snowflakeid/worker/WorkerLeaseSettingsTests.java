package io.snowflakeid.worker;

import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.internal.config.Setting;
import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.internal.keys.SnowflakeSettings;
import io.snowflakeid.WorkerLeaseExpiredException;
import io.snowflakeid.internal.config.LeaseConfiguration;
import io.snowflakeid.internal.config.SnowflakeConfiguration;
import io.snowflakeid.internal.config.WorkerAssignment;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.internal.SnowflakeGenerators;
import io.snowflakeid.testing.SimulatedClock;
import io.snowflakeid.testing.TestDatabase;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatNoException;
import static org.assertj.core.api.Assertions.assertThatNullPointerException;

/**
 * The settings of a lease, two ways. The builder: {@link WorkerLeaseSettings} takes a
 * {@link SnowflakeIdGenerator.Builder} ({@code generator(...)}), and {@code layout}, {@code timeSource} and
 * {@code clockTolerance} are shorthands that write into that builder, whatever the order they are called in. The
 * settings map of Hibernate and Spring ({@link SnowflakeGenerators}): which worker assignment it chooses (a static
 * worker id takes no lease, a database lease needs a database) and how the {@code snowflake.lease.*} settings shape the
 * lease.
 */
class WorkerLeaseSettingsTests {

	/** Not the default layout: 3 datacenter bits, 7 worker bits. */
	private static final SnowflakeLayout CUSTOM = SnowflakeLayout.builder().timestampBits(41).datacenterBits(3)
		.workerBits(7).sequenceBits(12).build();

	/** The epoch of the layouts the settings-map tests configure: no other test class uses it. */
	private static final Instant MAP_EPOCH = Instant.parse("2020-02-06T00:00:00Z");

	private final TestDatabase database = new TestDatabase("lease-settings");

	private final ConnectionSource connections = this.database.connections();

	private final List<AutoCloseable> toClose = new ArrayList<>();

	@AfterEach
	void close() throws Exception {
		for (AutoCloseable closeable : this.toClose) {
			closeable.close();
		}
	}

	private void sql(String statement) throws SQLException {
		this.database.execute(statement);
	}

	private long queryLong(String query) throws SQLException {
		return this.database.queryLong(query);
	}

	// --- the builder: the shorthands and generator(...)

	/**
	 * {@code generator(b)} does not replace what the shorthands set before it (it once replaced the whole generator
	 * builder: a layout, time source or clock tolerance set before it was silently dropped, and the lease claimed and
	 * issued in the default layout). The setters must not depend on their order.
	 */
	@Test
	void shorthandsSetBeforeGeneratorAreNotSilentlyDropped() {
		SimulatedClock clock = new SimulatedClock(Instant.now());
		WorkerLeaseSettings settings = WorkerLeaseSettings.builder(this.connections)
			.layout(CUSTOM)
			.timeSource(clock)
			.clockTolerance(Duration.ofMillis(100))
			.generator(SnowflakeIdGenerator.builder())
			.build();
		assertThat(settings.layout).as("layout set before generator(...)").isEqualTo(CUSTOM);
		assertThat(settings.timeSource).as("time source set before generator(...)").isSameAs(clock);
		assertThat(settings.clockTolerance).as("clock tolerance set before generator(...)")
			.isEqualTo(Duration.ofMillis(100));
	}

	/** The same, end to end: the leased generator issues ids in another layout than the one configured. */
	@Test
	void aLeaseConfiguredWithLayoutThenGeneratorIssuesInTheConfiguredLayout() {
		WorkerLease lease = WorkerLease.acquire(WorkerLeaseSettings.builder(this.connections)
			.layout(CUSTOM)
			.clockTolerance(Duration.ofMillis(100))
			.generator(SnowflakeIdGenerator.builder().clockTolerance(Duration.ofMillis(100)))
			.duration(Duration.ofSeconds(3))
			.build());
		this.toClose.add(lease);
		assertThat(lease.generator().layout()).isEqualTo(CUSTOM);
	}

	/** A lease configuration reaches the lease whole through its values by key (what the bindings hand over). */
	@Test
	void theLeaseConfigurationReachesTheLeaseWholeAndSettersOverrideIt() {
		LeaseConfiguration configured = new LeaseConfiguration("app_leases", Duration.ofSeconds(30),
				Duration.ofSeconds(2), false, true);
		assertThat(WorkerLeaseSettings.builder(this.connections).settings(configured.values()).build().configuration)
			.isEqualTo(configured);
		assertThat(WorkerLeaseSettings.builder(this.connections)
			.settings(configured.values())
			.safetyMargin(Duration.ofSeconds(5))
			.build().configuration)
			.isEqualTo(new LeaseConfiguration("app_leases", Duration.ofSeconds(30), Duration.ofSeconds(5), false, true));
		assertThat(WorkerLeaseSettings.builder(this.connections)
			.duration(Duration.ofSeconds(9))
			.settings(configured.values())
			.build().configuration)
			.as("settings replace what the setters set before for the keys they hold").isEqualTo(configured);
	}

	/**
	 * A key that reads as a lease setting but is not its exact key (an environment variable's spelling, another case,
	 * a stray space or underscore) is refused naming the key it is closest to, not skipped: a misspelt table name would
	 * leave the service on the default table (found by helper-76's review).
	 */
	@Test
	void aLeaseKeySpelledAnotherWayIsRefusedNamingTheKeyItMeans() {
		for (String key : new String[] { "SNOWFLAKE_LEASE_TABLE_NAME", "snowflake.lease.table-name ",
				"snowflake.lease.Table-Name", "snowflake.lease.table_name", " snowflake.lease.table-name",
				"Snowflake.Lease.table-name" }) {
			assertThatExceptionOfType(SnowflakeConfigurationException.class).as(key)
				.isThrownBy(() -> WorkerLeaseSettings.builder(this.connections).settings(Map.of(key, "shared_lease")))
				.withMessageContaining("'" + key + "'")
				.withMessageContaining("the key snowflake.lease.table-name");
		}
		assertThatExceptionOfType(SnowflakeConfigurationException.class).as("a typo after a misspelt prefix")
			.isThrownBy(() -> WorkerLeaseSettings.builder(this.connections)
				.settings(Map.of("snowflake.leases.tablename2", "shared_lease")))
			.withMessageContaining("'snowflake.leases.tablename2'")
			.withMessageContaining("a setting of snowflake.lease.*");
	}

	/** A {@code Properties} goes in as it is; a key that is not a string is no setting and is skipped. */
	@Test
	void propertiesGoInAsTheyAreAndKeysThatAreNoStringsAreSkipped() {
		java.util.Properties properties = new java.util.Properties();
		properties.put("snowflake.lease.duration", "30s");
		properties.put(42, "not a setting");
		assertThat(WorkerLeaseSettings.builder(this.connections).settings(properties).build().configuration.duration())
			.isEqualTo(Duration.ofSeconds(30));
		assertThatNullPointerException().isThrownBy(() -> WorkerLeaseSettings.builder(this.connections).settings(null))
			.withMessage("settings must not be null");
	}

	/** A settings map as text (Hibernate's, a properties file's): read by the settings table's rows. */
	@Test
	void aSettingsMapOfTextIsReadAsEveryBindingReadsIt() {
		Map<String, Object> settings = Map.of("snowflake.lease.duration", "30s", "snowflake.lease.create-table",
				"false", "hibernate.show_sql", "true", "snowflake.worker-id", "3");
		assertThat(WorkerLeaseSettings.builder(this.connections).settings(settings).build().configuration)
			.as("other keys ignored")
			.isEqualTo(new LeaseConfiguration("snowflake_worker_lease", Duration.ofSeconds(30), Duration.ofSeconds(10),
					false, false));
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> WorkerLeaseSettings.builder(this.connections)
				.settings(Map.of("snowflake.lease.durration", "30s")))
			.withMessageContaining("snowflake.lease.durration")
			.withMessageContaining("snowflake.lease.duration");
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> WorkerLeaseSettings.builder(this.connections)
				.settings(Map.of("snowflake.lease.duration", "soon")))
			.withMessageContaining("snowflake.lease.duration")
			.withMessageContaining("'soon'");
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.as("checked as any configuration at build")
			.isThrownBy(() -> WorkerLeaseSettings.builder(this.connections)
				.settings(Map.of("snowflake.lease.duration", "2s"))
				.build())
			.withMessageContaining("snowflake.lease.duration")
			.withMessageContaining("3 s to 1 h");
	}

	/**
	 * {@code timeSource(null)} means "the default (monotonic) time source" (it was once a NullPointerException).
	 */
	@Test
	void aNullTimeSourceStillMeansTheDefault() {
		assertThatNoException().isThrownBy(() -> WorkerLeaseSettings.builder(this.connections).timeSource(null).build());
	}

	/** The lease waits on the very time source instance its generator issues with. */
	@Test
	void theLeaseAndItsGeneratorShareOneTimeSourceInstance() {
		WorkerLeaseSettings settings = WorkerLeaseSettings.builder(this.connections)
			.generator(SnowflakeIdGenerator.builder().layout(CUSTOM))
			.build();
		assertThat(settings.generator.configuredTimeSource()).isSameAs(settings.timeSource);
		assertThat(settings.layout).isEqualTo(CUSTOM);
	}

	// --- the settings map of Hibernate and Spring (SnowflakeGenerators): the assignment, the lease's settings

	@Test
	void aStaticWorkerIdFromTheSettingsNeedsNoDatabaseAndClosingIsHarmless() {
		Map<String, Object> settings = new HashMap<>();
		settings.put(SnowflakeSettings.EPOCH, "2020-02-03T00:00:00Z");
		settings.put(SnowflakeSettings.DATACENTER_ID, "3");
		settings.put(SnowflakeSettings.WORKER_ID, 7);
		settings.put(SnowflakeSettings.WORKER_ASSIGNMENT, "static");
		ManagedGenerator managed = SnowflakeGenerators.create(SnowflakeConfiguration.fromSettings(settings), null);
		assertThat(managed.assignment()).isEqualTo(WorkerAssignment.STATIC);
		assertThat(managed.lease()).isNull();
		assertThat(managed.generator().workerId()).isEqualTo(7);
		assertThat(managed.generator().datacenterId()).isEqualTo(3);
		managed.close();
		managed.generator().nextId();
	}

	@Test
	void aDatabaseLeaseWithoutADatabaseIsAClearError() {
		assertThatExceptionOfType(WorkerLeaseException.class)
			.isThrownBy(() -> SnowflakeGenerators.create(
					SnowflakeConfiguration.fromSettings(Map.of(SnowflakeSettings.WORKER_ASSIGNMENT, "database-lease")), null))
			.satisfies((ex) -> assertThat(ex.getReason())
				.isEqualTo(WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION))
			.withMessageContaining("no DataSource");
	}

	/**
	 * Every setting of the generator itself and of the layout reaches a generator built through a database lease
	 * (the configuration's generatorBuilder(), then the lease's copy of that builder): a value other than the
	 * default changes what the leased generator answers. helper-84's paper trial found that a new setting dropped by
	 * generatorBuilder() or Builder.copy() failed no test (every leased generator, the usual Spring and Quarkus case,
	 * silently on the default). A new row fails here until it has a value below (the generator shows it: add the
	 * accessor to answers) or is named as one the generator does not see.
	 */
	@Test
	void everyGeneratorSettingReachesALeasedGenerator() throws Exception {
		Map<Setting<?>, Map<String, Object>> values = new LinkedHashMap<>();
		values.put(Settings.LAYOUT_PRESET, Map.of(SnowflakeSettings.LAYOUT_PRESET, "javascript-safe",
				SnowflakeSettings.DATACENTER_ID, 0));
		values.put(Settings.TIMESTAMP_BITS, Map.of(SnowflakeSettings.TIMESTAMP_BITS, 43, SnowflakeSettings.SEQUENCE_BITS,
				10));
		values.put(Settings.DATACENTER_BITS, Map.of(SnowflakeSettings.DATACENTER_BITS, 3, SnowflakeSettings.WORKER_BITS,
				7));
		values.put(Settings.WORKER_BITS, Map.of(SnowflakeSettings.WORKER_BITS, 6, SnowflakeSettings.DATACENTER_BITS, 4));
		values.put(Settings.SEQUENCE_BITS, Map.of(SnowflakeSettings.SEQUENCE_BITS, 11, SnowflakeSettings.TIMESTAMP_BITS,
				42));
		values.put(Settings.EPOCH, Map.of(SnowflakeSettings.EPOCH, "2020-02-08T00:00:00Z"));
		values.put(Settings.TICK_LENGTH, Map.of(SnowflakeSettings.TICK_LENGTH, "10ms"));
		values.put(Settings.CLOCK_TOLERANCE, Map.of(SnowflakeSettings.CLOCK_TOLERANCE, "250ms"));
		values.put(Settings.DATACENTER_ID, Map.of(SnowflakeSettings.DATACENTER_ID, 2));
		// the lease assigns the worker id (a configured one is refused beside it); the others act before the generator
		Set<Setting<?>> notTheGenerators = Set.of(Settings.WORKER_ID, Settings.WORKER_ASSIGNMENT,
				Settings.LIFETIME_WARNING_YEARS, Settings.SCHEMA_CHECK);
		for (Setting<?> row : Settings.ALL) {
			if (!row.key().startsWith(Settings.LEASE_GROUP) && !row.key().startsWith(Settings.SEGMENT_GROUP)) {
				assertThat(values.containsKey(row) || notTheGenerators.contains(row))
					.as("%s: give it a value the leased generator shows, or name it as one the generator does not see",
							row.key())
					.isTrue();
			}
		}
		for (Map.Entry<Setting<?>, Map<String, Object>> value : values.entrySet()) {
			Map<String, Object> base = new HashMap<>();
			base.put(SnowflakeSettings.EPOCH, "2020-02-07T00:00:00Z"); // no other test's: a node of its own
			base.put(SnowflakeSettings.DATACENTER_ID, value.getValue().getOrDefault(SnowflakeSettings.DATACENTER_ID, 1));
			if (value.getKey() == Settings.DATACENTER_ID) {
				base.put(SnowflakeSettings.DATACENTER_ID, 1);
			}
			Map<String, Object> set = new HashMap<>(base);
			set.putAll(value.getValue());
			assertThat(leasedAnswers(set)).as(value.getKey().key() + " reaches the leased generator")
				.isNotEqualTo(leasedAnswers(base));
		}
	}

	/** What a generator leased with these settings answers about its settings; closed before the next. */
	private List<Object> leasedAnswers(Map<String, Object> settings) {
		try (ManagedGenerator managed = SnowflakeGenerators.create(SnowflakeConfiguration.fromSettings(settings),
				this.connections)) {
			assertThat(managed.assignment()).isEqualTo(WorkerAssignment.DATABASE_LEASE);
			SnowflakeIdGenerator generator = managed.generator();
			return List.of(generator.layout(), generator.clockTolerance(), generator.datacenterId());
		}
	}

	@Test
	void leaseSettingsFromTheSettingsMapShapeTheLease() throws Exception {
		long now = System.currentTimeMillis();
		sql(new LeaseTable("my_leases").createStatement());
		// Datacenter 2, worker 0: crashed 5 s ago. Usable with the configured 2 s margin, not with the default 10 s.
		sql("insert into my_leases values (2, 0, 'crashed', 'x', " + (now - 5_000) + ", " + (now - 5_000) + ")");
		Map<String, Object> settings = new HashMap<>();
		settings.put(SnowflakeSettings.EPOCH, MAP_EPOCH.toString());
		settings.put(SnowflakeSettings.WORKER_BITS, 2);
		settings.put(SnowflakeSettings.SEQUENCE_BITS, 15);
		settings.put(SnowflakeSettings.DATACENTER_ID, 2);
		settings.put(Settings.LEASE_TABLE_NAME.key(), " my_leases ");
		settings.put(Settings.LEASE_DURATION.key(), "6s");
		settings.put(Settings.LEASE_SAFETY_MARGIN.key(), "2s");
		settings.put(Settings.LEASE_CREATE_TABLE.key(), "TRUE");
		settings.put(SnowflakeSettings.CLOCK_TOLERANCE, "100ms");
		long before = System.currentTimeMillis();
		ManagedGenerator managed = SnowflakeGenerators.create(SnowflakeConfiguration.fromSettings(settings), this.connections);
		this.toClose.add(managed);
		long after = System.currentTimeMillis();
		assertThat(managed.assignment()).as("auto with a database leases").isEqualTo(WorkerAssignment.DATABASE_LEASE);
		WorkerLease lease = managed.lease();
		assertThat(lease.datacenterId()).isEqualTo(2);
		assertThat(lease.workerId()).as("the crashed row is past the 2 s margin").isEqualTo(0);
		assertThat(managed.generator()).isSameAs(lease.generator());
		assertThat(managed.generator().clockTolerance()).isEqualTo(Duration.ofMillis(100));
		long leaseEnd = queryLong("select lease_end from my_leases where datacenter_id = 2 and worker_id = 0");
		assertThat(leaseEnd).as("a 6 s lease: " + (leaseEnd - before)).isGreaterThanOrEqualTo(before + 6_000)
			.isLessThanOrEqualTo(after + 6_000);
		managed.generator().nextId();
		managed.close();
		assertThat(queryLong("select lease_end from my_leases where datacenter_id = 2 and worker_id = 0"))
			.as("closing the managed generator releases its worker id")
			.isEqualTo(0);
		assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(managed.generator()::nextId);
	}

	@Test
	void theCreateTableSwitchMustBeTrueOrFalseAndFalseNamesTheDdl() {
		assertThatExceptionOfType(SnowflakeConfigurationException.class)
			.isThrownBy(() -> SnowflakeGenerators.create(
					SnowflakeConfiguration.fromSettings(Map.of(Settings.LEASE_CREATE_TABLE.key(), "yes")), this.connections))
			.satisfies((bad) -> assertThat(bad.getSetting()).isEqualTo(Settings.LEASE_CREATE_TABLE.key()));
		assertThatExceptionOfType(WorkerLeaseException.class)
			.isThrownBy(() -> SnowflakeGenerators.create(SnowflakeConfiguration.fromSettings(
					Map.of(Settings.LEASE_CREATE_TABLE.key(), " false", SnowflakeSettings.EPOCH, MAP_EPOCH.toString())),
					this.connections))
			.satisfies((missing) -> assertThat(missing.getReason())
				.isEqualTo(WorkerLeaseException.Reason.DATABASE_UNAVAILABLE))
			.withMessageContaining("snowflake.lease.create-table=false: create it with CREATE TABLE");
	}

	@Test
	void assignmentsHaveTheirSettingNames() {
		assertThat(WorkerAssignment.DATABASE_LEASE.value()).isEqualTo("database-lease");
		assertThat(WorkerAssignment.HOSTNAME_ORDINAL.value()).isEqualTo("hostname-ordinal");
		assertThat(WorkerAssignment.parse(WorkerAssignment.IP_ADDRESS)).isSameAs(WorkerAssignment.IP_ADDRESS);
	}

	/** The database lease's failures name its assignment as the setting writes it. */
	@Test
	void theDatabaseLeaseNamesTheAssignmentsValue() {
		assertThat(new WorkerLeaseException(WorkerLeaseException.Reason.DATABASE_UNAVAILABLE, "down").getAssignment())
			.isEqualTo(WorkerAssignment.DATABASE_LEASE.value());
	}
}
