package io.snowflakeid.worker;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Random;
import java.util.concurrent.ScheduledExecutorService;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.internal.keys.SnowflakeSettings;
import io.snowflakeid.TimeSource;
import io.snowflakeid.internal.config.LeaseConfiguration;
import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.internal.config.WorkerAssignment;
import io.snowflakeid.internal.values.ValuesByKey;
import io.snowflakeid.spi.LeaseClock;
import io.snowflakeid.spi.LeaseStore;

/**
 * How a {@link WorkerLease} claims and keeps a worker id. Built with {@link #builder(ConnectionSource)};
 * every value is checked by {@link Builder#build()}.
 */
public final class WorkerLeaseSettings {

	/** The lease table's INT columns hold ids of at most 31 bits. */
	static final int MAX_NODE_BITS = 31;

	/** Where the lease records are. */
	final LeaseStore store;

	final LeaseConfiguration configuration;

	/** The generator's configuration; the lease fills in the datacenter and worker it claims. */
	final SnowflakeIdGenerator.Builder generator;

	final SnowflakeLayout layout;

	final Integer datacenterId;

	final Duration duration;

	final Duration safetyMargin;

	final Duration clockTolerance;

	/** The generator's time source: the lease waits on the same one its generator issues ids with. */
	final TimeSource timeSource;

	/** The wall clock lease ends are written and compared in, and the elapsed clock permits are measured on. */
	final LeaseClock clock;

	/** The order a claim tries rows in after a lost round: null for each thread's own random (a seeded one in tests). */
	final Random claimOrder;

	/** Where renewals run; null: each lease starts (and stops) a daemon thread of its own. */
	final ScheduledExecutorService scheduler;

	private WorkerLeaseSettings(Builder builder, SnowflakeIdGenerator.Builder generator,
			LeaseConfiguration configuration, TimeSource timeSource) {
		this.configuration = configuration;
		this.store = (builder.store != null) ? builder.store
				: new JdbcLeaseStore(builder.connections, new LeaseTable(configuration.tableName()),
						configuration.createTable(), configuration.acceptDataLossRisk());
		this.generator = generator.copy().timeSource(timeSource);
		this.layout = generator.configuredLayout();
		this.datacenterId = builder.datacenterId;
		this.duration = configuration.duration();
		this.safetyMargin = configuration.safetyMargin();
		this.clockTolerance = generator.configuredClockTolerance();
		this.timeSource = timeSource;
		this.clock = builder.clock;
		this.claimOrder = builder.claimOrder;
		this.scheduler = builder.scheduler;
	}

	/**
	 * The bound on every statement of the lease (query and network timeout): a sixth of the lease, at least 1 s,
	 * so that a hung renewal is abandoned and retried well before the permit runs out.
	 */
	Duration statementTimeout() {
		return ConnectionSource.statementBound(this.duration.dividedBy(6));
	}

	/** How often the lease is renewed, and so the longest a start may wait for a previous holder: a third of it. */
	Duration renewInterval() {
		return this.duration.dividedBy(3);
	}

	/** A lease in a table of the database {@code connections} reach ({@code snowflake.lease.*}). */
	public static Builder builder(ConnectionSource connections) {
		return new Builder(Objects.requireNonNull(connections, "connections must not be null"), null);
	}

	/**
	 * A lease in {@code store} (a coordination service): the lease duration, safety margin and generator settings
	 * apply as for the database lease; the table name and {@code create-table} do not.
	 */
	public static Builder builder(LeaseStore store) {
		return new Builder(null, Objects.requireNonNull(store, "store must not be null"));
	}

	/** The lease table's name; for a lease in another store, where its records are. */
	public String tableName() {
		return (this.store instanceof JdbcLeaseStore jdbc) ? jdbc.table().name() : this.store.description();
	}

	/** Where the records are, for messages: {@code table snowflake_worker_lease}, a Redis key, a ZooKeeper path. */
	public String storeDescription() {
		return this.store.description();
	}

	/** The store this lease keeps its record in. */
	public LeaseStore store() {
		return this.store;
	}

	/** How long a lease lasts without renewal. */
	public Duration duration() {
		return this.duration;
	}

	/** The DDL the lease table is created with (portable across PostgreSQL, MySQL/MariaDB and H2). */
	public String createTableStatement() {
		return new LeaseTable(this.configuration.tableName()).createStatement();
	}

	public static final class Builder {

		private final ConnectionSource connections;

		private final LeaseStore store;

		/** {@code snowflake.lease.*}: the values the setters below set over the defaults, by key. */
		private final Map<String, Object> values = new HashMap<>();

		private SnowflakeIdGenerator.Builder generator = SnowflakeIdGenerator.builder();

		/** Shorthands for the generator's settings, applied over {@link #generator} in {@link #build()}. */
		private SnowflakeLayout layout;

		private Duration clockTolerance;

		private TimeSource timeSource;

		private Integer datacenterId;

		private LeaseClock clock = LeaseClock.system();

		private Random claimOrder;

		private ScheduledExecutorService scheduler;

		private Builder(ConnectionSource connections, LeaseStore store) {
			this.connections = connections;
			this.store = store;
		}

		/**
		 * The {@code snowflake.lease.*} settings a settings map holds (Hibernate's, or a {@code Properties}),
		 * read as every binding reads them: text such as {@code "30s"}, or values of each setting's type. Other keys are
		 * ignored; a key that reads as one of the group's but is no setting's exact key ({@code snowflake.leases.x},
		 * {@code SNOWFLAKE_LEASE_DURATION}) is refused; a null value is absent. Replaces
		 * what the lease setters below set before for the keys the map holds.
		 * @throws SnowflakeConfigurationException naming the setting and the value that cannot be read
		 */
		public Builder settings(Map<?, ?> settings) {
			this.values.putAll(Settings.group(settings, Settings.LEASE_GROUP));
			return this;
		}

		/**
		 * The configuration of the generator the lease builds (layout, time source, clock tolerance): the lease
		 * builds it from (a copy of) this builder, filling in the datacenter and worker it claims, so every
		 * generator setting applies to leased generators too. The builder's own datacenter and worker ids are
		 * replaced by the claimed ones; use {@link #datacenterId(Integer)} to lease within one datacenter. The
		 * shorthands {@link #layout}, {@link #clockTolerance} and {@link #timeSource} win over it, whatever the order
		 * of the calls.
		 */
		public Builder generator(SnowflakeIdGenerator.Builder generator) {
			this.generator = Objects.requireNonNull(generator, "generator must not be null").copy();
			return this;
		}

		/** Default {@code snowflake_worker_lease}; a plain SQL identifier, optionally schema-qualified. */
		public Builder tableName(String tableName) {
			return set(Settings.LEASE_TABLE_NAME.key(), tableName);
		}

		/** Shorthand for the generator's layout (see {@link #generator}). */
		public Builder layout(SnowflakeLayout layout) {
			this.layout = Objects.requireNonNull(layout, "layout must not be null");
			return this;
		}

		/** Lease only worker ids of this datacenter; by default any (datacenter, worker) pair is leased. */
		public Builder datacenterId(Integer datacenterId) {
			this.datacenterId = datacenterId;
			return this;
		}

		/** How long a lease lasts without renewal; renewed every third of it. 3 s to 1 h, default 60 s. */
		public Builder duration(Duration duration) {
			return set(Settings.LEASE_DURATION.key(), duration);
		}

		/**
		 * How long after its lease end an unrenewed worker id stays out of the pool: covers clock differences
		 * between instances. 0 to 1 h, default 10 s.
		 */
		public Builder safetyMargin(Duration safetyMargin) {
			return set(Settings.LEASE_SAFETY_MARGIN.key(), safetyMargin);
		}

		/** Create the table if it is missing (default); switch off when Flyway or Liquibase owns the schema. */
		public Builder createTable(boolean createTable) {
			return set(Settings.LEASE_CREATE_TABLE.key(), createTable);
		}

		/**
		 * Lease from a database whose settings let it lose committed writes ({@code fsync=off},
		 * {@code synchronous_commit=off}, {@code innodb_flush_log_at_trx_commit} other than 1): refused by default,
		 * because a lost renewal lets another instance take this worker id while this one still issues ids.
		 */
		public Builder acceptDataLossRisk(boolean accept) {
			return set(Settings.LEASE_ACCEPT_DATA_LOSS_RISK.key(), accept);
		}

		private Builder set(String key, Object value) {
			this.values.put(key, value);
			return this;
		}

		/** Shorthand for the generator's clock tolerance (see {@link #generator}). */
		public Builder clockTolerance(Duration clockTolerance) {
			this.clockTolerance = Objects.requireNonNull(clockTolerance,
					SnowflakeSettings.CLOCK_TOLERANCE + " must not be null");
			return this;
		}

		/** Shorthand for the generator's time source (see {@link #generator}); null means the default. */
		public Builder timeSource(TimeSource timeSource) {
			this.timeSource = timeSource;
			return this;
		}

		/** For seeded simulations: the random order of rows a claim tries after a lost round, reproducible. */
		Builder claimOrder(Random claimOrder) {
			this.claimOrder = claimOrder;
			return this;
		}

		/**
		 * The clocks the lease runs on: the wall clock lease ends are written in and the elapsed clock its permit is
		 * measured on, from one object so that they cannot disagree. Default {@link LeaseClock#system()} (the
		 * machine's clocks), which is what production wants. Another clock is for simulations and tests: a clock
		 * moved by hand, or a host whose wall clock runs ahead. Unless a time source is set ({@link #timeSource},
		 * {@link #generator}), the generator's is {@link TimeSource#monotonic(java.util.function.LongSupplier,
		 * java.util.function.LongSupplier)} over this clock (with the default clock: {@link TimeSource#monotonic()}).
		 */
		public Builder clock(LeaseClock clock) {
			this.clock = Objects.requireNonNull(clock, "clock must not be null");
			return this;
		}

		/**
		 * Where the renewals run (every third of the lease; every second while failing). By default each lease
		 * starts a daemon thread of its own ({@code snowflake-worker-lease-<datacenter>-<worker>}) and stops it on
		 * {@link WorkerLease#close()}. Given a scheduler, the lease schedules its renewals on it and cancels them on
		 * close, but never shuts it down: it stays the caller's. Use it to share one scheduler between several
		 * leases and the application's own periodic work, to run renewals on threads the application names and
		 * monitors, or, in tests, to pass a scheduler advanced by hand and run each renewal when the test says so.
		 * A renewal blocks its thread for up to a statement timeout (a sixth of the lease): a shared scheduler needs
		 * a thread to spare for it, or renewals wait behind other work and a lease may run out. A scheduler that
		 * is shut down or refuses the first renewal fails {@link WorkerLease#acquire} (a {@link WorkerLeaseException},
		 * the worker id given back); one that refuses a later renewal stops the renewals: ids stop when the lease
		 * ends.
		 */
		public Builder scheduler(ScheduledExecutorService scheduler) {
			this.scheduler = Objects.requireNonNull(scheduler, "scheduler must not be null");
			return this;
		}

		public WorkerLeaseSettings build() {
			SnowflakeIdGenerator.Builder generator = this.generator.copy();
			if (this.layout != null) {
				generator.layout(this.layout);
			}
			if (this.clockTolerance != null) {
				generator.clockTolerance(this.clockTolerance);
			}
			if (this.timeSource != null) {
				generator.timeSource(this.timeSource);
			}
			Duration duration = ValuesByKey.value(this.values, Settings.LEASE_DURATION.key(), Duration.class,
					LeaseConfiguration.DEFAULTS.duration());
			Duration storeBound = (this.store != null && duration != null) ? this.store.maxLeaseDuration() : null;
			Map<String, Object> values = this.values;
			if (storeBound != null && storeBound.compareTo(duration) < 0) {
				// the store's session ends sooner: no permit may outlive it (bounded before the range is checked)
				values = new HashMap<>(this.values);
				values.put(Settings.LEASE_DURATION.key(), storeBound);
			}
			LeaseConfiguration configuration = LeaseConfiguration.DEFAULTS.with(values);
			SnowflakeLayout layout = generator.configuredLayout();
			String assignment = (this.store != null) ? this.store.assignment() : WorkerAssignment.DATABASE_LEASE.value();
			Duration clockTolerance = generator.configuredClockTolerance();
			if (this.datacenterId != null && (this.datacenterId < 0 || this.datacenterId > layout.maxDatacenterId())) {
				throw new SnowflakeConfigurationException(SnowflakeSettings.DATACENTER_ID, this.datacenterId,
						"0.." + layout.maxDatacenterId() + " (" + layout.datacenterBits() + " datacenter bits)");
			}
			SnowflakeIdGenerator.Builder.checkClockTolerance(clockTolerance);
			Duration third = configuration.duration().dividedBy(3);
			if (clockTolerance.compareTo(third) > 0) {
				// A start may wait up to the tolerance for a previous holder's mark: longer than a third of the
				// lease, and the lease written at claim could end (and be taken over) before the first renewal.
				throw new SnowflakeConfigurationException(SnowflakeSettings.CLOCK_TOLERANCE,
						clockTolerance.toMillis() + " ms",
						"at most a third of " + Settings.LEASE_DURATION.key() + " (" + third.toMillis() + " ms) with "
								+ SnowflakeSettings.WORKER_ASSIGNMENT + "=" + assignment,
						"Raise " + Settings.LEASE_DURATION.key() + " or lower " + SnowflakeSettings.CLOCK_TOLERANCE);
			}
			if (layout.datacenterBits() > MAX_NODE_BITS || layout.workerBits() > MAX_NODE_BITS) {
				throw new SnowflakeConfigurationException(
						(layout.workerBits() > MAX_NODE_BITS) ? SnowflakeSettings.WORKER_BITS
								: SnowflakeSettings.DATACENTER_BITS,
						Math.max(layout.workerBits(), layout.datacenterBits()),
						"at most " + MAX_NODE_BITS + " datacenter and " + MAX_NODE_BITS + " worker bits with "
								+ SnowflakeSettings.WORKER_ASSIGNMENT + "=" + assignment + " (lease records hold them as 32-bit ints)",
						"Use fewer bits, or static ids (snowflake.worker-assignment=static with snowflake.datacenter-id and "
								+ "snowflake.worker-id)");
			}
			TimeSource timeSource = generator.configuredTimeSource();
			if (timeSource == null) {
				LeaseClock clock = this.clock;
				timeSource = (clock == LeaseClock.system()) ? TimeSource.monotonic()
						: TimeSource.monotonic(clock::wallMillis, clock::elapsedNanos);
			}
			return new WorkerLeaseSettings(this, generator, configuration, timeSource);
		}
	}
}
