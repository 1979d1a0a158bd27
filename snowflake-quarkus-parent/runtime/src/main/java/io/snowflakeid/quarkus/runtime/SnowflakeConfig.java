package io.snowflakeid.quarkus.runtime;

import java.util.Map;
import java.util.Optional;

import io.quarkus.runtime.annotations.ConfigDocMapKey;
import io.quarkus.runtime.annotations.ConfigPhase;
import io.quarkus.runtime.annotations.ConfigRoot;
import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;

/**
 * {@code quarkus.snowflake.*}: the settings of {@code snowflake.*} (the core's settings table,
 * {@code io.snowflakeid.internal.config.Settings}) under Quarkus' prefix, read per process at start, so one built application
 * runs as many instances, each with its own {@code QUARKUS_SNOWFLAKE_WORKER_ID}.
 * <p>
 * Every value is text here and is read by the same parser as in Spring and plain Hibernate (durations such as
 * {@code 250} are milliseconds there, not seconds as Quarkus reads a bare number): a bad value fails the start
 * naming the property, the value and what is allowed. Defaults are the table's; {@code SnowflakeConfigTests} keeps
 * this interface equal to the table.
 */
@ConfigMapping(prefix = "quarkus.snowflake")
@ConfigRoot(phase = ConfigPhase.RUN_TIME)
public interface SnowflakeConfig {
	// The settings table's rows, written by SnowflakeConfigTests (after a change: run it, copy target/'s file).

	/**
	 * Instant of timestamp 0, as an ISO-8601 UTC instant. Must not be in the future; a later epoch gives a later end of
	 * the timestamp field. Never change it for existing data: ids could repeat. Default 2020-01-01T00:00:00Z.
	 */
	Optional<String> epoch();

	/** Length of one timestamp tick: a whole number of milliseconds from 1 ms to 1 h. Default 1ms. */
	Optional<String> tickLength();

	/**
	 * Datacenter id of this instance, 0..31 with the default layout (0..2^datacenter-bits - 1). No default: required
	 * unless the layout has no datacenter bits.
	 */
	Optional<String> datacenterId();

	/**
	 * Worker id of this instance, 0..31 with the default layout (0..2^worker-bits - 1). Every running instance within a
	 * datacenter needs its own. No default: unset, auto leases one from the default datasource. Set it per instance
	 * (QUARKUS_SNOWFLAKE_WORKER_ID), never in a shared application.properties: with auto every instance would have that
	 * one; beside any assignment other than static or auto it is refused at start.
	 */
	Optional<String> workerId();

	/**
	 * How far the clock may go back behind the last issued id before the generator refuses to issue ids. Within it, ids
	 * continue from the last issued timestamp. From 0 to 1 minute. Default 1s.
	 */
	Optional<String> clockTolerance();

	/**
	 * How this instance gets its worker id: auto (static ids when worker-id is set, else a lease from the default
	 * datasource), static, database-lease (a lease from the default datasource), zookeeper or redis (a lease from
	 * ZooKeeper or Redis, with io.snowflakeid:snowflake-zookeeper or snowflake-redis), hostname-ordinal (a StatefulSet
	 * pod orders-7 is worker 7), ip-address (low bits of the private IPv4 address; can collide). Default auto.
	 */
	Optional<String> workerAssignment();

	/** Log a warning at start when fewer than this many years remain in the timestamp field. Default 10. */
	Optional<String> lifetimeWarningYears();

	/**
	 * At start, check that every {@code @SnowflakeId}/{@code @SegmentId} column can hold the ids (JDBC metadata, once
	 * per column, after Hibernate's schema management): fail (refuse to start on a 32-bit column, a VARCHAR too short
	 * for the text form or a GENERATED ALWAYS identity, naming the ALTER statement that fixes it), warn (log the same
	 * and start) or off. A leftover MariaDB/MySQL AUTO_INCREMENT is always only a warning. Default fail.
	 */
	Optional<String> schemaCheck();
	// End of the rows.

	/** The bit widths of an id. */
	Layout layout();

	/** Worker ids leased from the default datasource ({@code auto} without a worker id, or database-lease). */
	Lease lease();

	/** Segment mode, {@code @SegmentId}: the segment table in the default datasource. */
	Segment segment();

	/** What the extension sets in Hibernate ORM. */
	Jpa jpa();

	/** Opaque public ids, {@code @PublicId}. */
	PublicId publicId();

	/** Worker ids leased from ZooKeeper ({@code worker-assignment=zookeeper}, with io.snowflakeid:snowflake-zookeeper). */
	ZooKeeper zookeeper();

	/** Worker ids leased from Redis ({@code worker-assignment=redis}, with io.snowflakeid:snowflake-redis). */
	Redis redis();

	/** {@code quarkus.snowflake.layout.*}. */
	interface Layout {
		// The settings table's rows, written by SnowflakeConfigTests (after a change: run it, copy target/'s file).

		/**
		 * Starting point for the bit widths: classic (41/5/5/12 in 63 bits) or javascript-safe (41/0/5/7 in 53 bits:
		 * every id is an exact JavaScript number; 32 workers, 128,000 ids/s each). The widths below override it.
		 * Default classic.
		 */
		Optional<String> preset();

		/** Bits of the timestamp field (ticks since the epoch). Unset: the preset's (41 in both presets). */
		Optional<String> timestampBits();

		/** Bits of the datacenter field. Unset: the preset's (5 classic, 0 javascript-safe). */
		Optional<String> datacenterBits();

		/** Bits of the worker field. Unset: the preset's (5 in both presets). */
		Optional<String> workerBits();

		/**
		 * Bits of the sequence field: 2^sequence-bits ids per tick and worker. Unset: the preset's (12 classic, 7
		 * javascript-safe).
		 */
		Optional<String> sequenceBits();
		// End of the rows.
	}

	/** {@code quarkus.snowflake.lease.*}. */
	interface Lease {
		// The settings table's rows, written by SnowflakeConfigTests (after a change: run it, copy target/'s file).

		/** Lease table: a plain SQL identifier, optionally schema-qualified. Default snowflake_worker_lease. */
		Optional<String> tableName();

		/** How long a lease lasts without renewal; renewed every third of it. 3 s to 1 h. Default 1m. */
		Optional<String> duration();

		/**
		 * How long after its lease end a worker id of a crashed instance stays out of the pool: must exceed the clock
		 * difference between instances. 0 s to 1 h. Default 10s.
		 */
		Optional<String> safetyMargin();

		/**
		 * Whether to create the lease table if it is missing (switch off when Flyway or Liquibase owns it). Default
		 * true.
		 */
		Optional<String> createTable();

		/**
		 * Whether to lease from a database whose settings let it lose committed writes (PostgreSQL fsync or
		 * synchronous_commit off, MariaDB/MySQL innodb_flush_log_at_trx_commit other than 1), refused otherwise: a lost
		 * renewal can give this instance's worker id to another while it still issues ids. Default false.
		 */
		Optional<String> acceptDataLossRisk();
		// End of the rows.
	}

	/** {@code quarkus.snowflake.segment.*}. */
	interface Segment {
		// The settings table's rows, written by SnowflakeConfigTests (after a change: run it, copy target/'s file).

		/**
		 * Segment table; handed-back ranges go to {@code <name>_free}. A plain SQL identifier. Default
		 * snowflake_segment.
		 */
		Optional<String> tableName();

		/** Values per segment for {@code @SegmentId} without a step (1..1000000). Default 1000. */
		Optional<String> defaultStep();

		/** Share of a segment used before the next is fetched in the background (0.0..0.9). Default 0.1. */
		Optional<String> prefetchThreshold();

		/**
		 * How long a caller waits for a segment while the database is unreachable before failing (0 s..1 min). Default
		 * 5s.
		 */
		Optional<String> maxWait();

		/** Whether to create the segment tables if they are missing. Default true. */
		Optional<String> createTable();

		/**
		 * Whether the step follows the load: doubled when a segment lasts less than dynamic-step-target (up to
		 * max-step, by default 100x the configured step), halved when it lasts more than twice that (down to the
		 * configured step). Default false.
		 */
		Optional<String> dynamicStep();

		/** How long a segment should last when the step is dynamic (1 ms..1 day). Default 15m. */
		Optional<String> dynamicStepTarget();

		/**
		 * The most a dynamic step grows to, for every key: it lowers the default ceiling (100x the configured step, at
		 * most 1000000), never raises it. 1..1000000, and at least default-step. A key whose {@code @SegmentId} step is
		 * larger keeps that step, fixed. No default.
		 */
		Optional<String> maxStep();
		// End of the rows.
	}

	/** {@code quarkus.snowflake.jpa.*}. */
	interface Jpa {

		/**
		 * Snowflake ids exist before the INSERT, so Hibernate can batch inserts; these defaults switch that on where
		 * the application set nothing ({@code quarkus.hibernate-orm.jdbc.statement-batch-size} and an
		 * {@code hibernate.order_inserts} of the application's always win).
		 */
		BatchingDefaults batchingDefaults();
	}

	/** {@code quarkus.snowflake.jpa.batching-defaults.*}. */
	interface BatchingDefaults {

		/**
		 * Whether to supply {@code hibernate.jdbc.batch_size} and {@code hibernate.order_inserts=true} when the
		 * application has not set them: true or false. Default true.
		 */
		Optional<String> enabled();

		/** The {@code hibernate.jdbc.batch_size} to supply (1 or more). */
		@WithDefault("50")
		int batchSize();
	}

	/** {@code quarkus.snowflake.zookeeper.*}: a Curator client of the extension's own, closed with the application. */
	interface ZooKeeper {
		// The settings table's rows, written by SnowflakeConfigTests (after a change: run it, copy target/'s file).

		/**
		 * The ZooKeeper ensemble, host:port[,host:port...][/chroot]. Required with worker-assignment=zookeeper. No
		 * default.
		 */
		Optional<String> connectString();

		/**
		 * The base path of the lease nodes: one persistent node per (datacenter, worker) pair below it. Default
		 * /snowflake/worker-lease.
		 */
		Optional<String> path();

		/**
		 * The session timeout requested from the servers; the lease lasts at most the negotiated one (so that ids stop
		 * before the session can expire), which must be at least 3 s. Default 30s.
		 */
		Optional<String> sessionTimeout();

		/** How long to wait for a connection to the ensemble. Default 10s. */
		Optional<String> connectionTimeout();

		/**
		 * Credentials of the client, {@code digest:<user>:<password>}: it authenticates with them and creates the lease
		 * nodes for that identity only (ACL auth::cdrwa), so that no other client can delete a lease and its high-water
		 * mark. Not set: world-writable nodes, with a warning. A secret: keep it in the environment
		 * (QUARKUS_SNOWFLAKE_ZOOKEEPER_AUTH) or a secret store; never logged. No default.
		 */
		Optional<String> auth();
		// End of the rows.
	}

	/**
	 * {@code quarkus.snowflake.redis.*}: a Lettuce client of the extension's own (the application adds lettuce-core),
	 * closed with the application.
	 */
	interface Redis {
		// The settings table's rows, written by SnowflakeConfigTests (after a change: run it, copy target/'s file).

		/**
		 * Server to keep the leases on, as redis://[user:password@]host:port/database (rediss:// for TLS). Required
		 * with worker-assignment=redis. A password in it is a secret: keep it in the environment
		 * (QUARKUS_SNOWFLAKE_REDIS_URI) or a secret store; never logged. No default.
		 */
		Optional<String> uri();

		/**
		 * Hash the lease records are kept in, one field per (datacenter, worker) pair. Every service that must get
		 * distinct worker ids uses the same key on the same server. Default snowflake:worker-lease.
		 */
		Optional<String> key();

		/**
		 * Whether to lease from a server that can lose an acknowledged write on a restart or crash: no append-only
		 * file, appendfsync other than always, or an fsync policy that cannot be read (the server refuses CONFIG GET,
		 * as managed services often do). A lease the server forgets can be handed to a second instance while the first
		 * still issues ids with it (duplicate ids). When false, such a server is refused at start and at every renewal.
		 * An allkeys-* eviction policy and a replica are refused whatever this says. Default false.
		 */
		Optional<String> acceptDataLossRisk();
		// End of the rows.
	}

	/** {@code quarkus.snowflake.public-id.*}: no key, no public ids ({@code @PublicId} then fails the start). */
	interface PublicId {

		/**
		 * AES keys by version: {@code quarkus.snowflake.public-id.keys.<version>=<base64 key of 16, 24 or 32 bytes>}
		 * (e.g. {@code openssl rand -base64 32}). The version is one character of the alphabet and is the first
		 * character of every token; tokens of every configured version decode. Keep keys out of source control:
		 * environment variables ({@code QUARKUS_SNOWFLAKE_PUBLIC_ID_KEYS_1}) or a secret store. Never logged by this
		 * extension. Not a SmallRye Config {@code Secret}: Quarkus' Dev UI configuration page fails on those (as
		 * Quarkus' own credentials, it shows the value in dev mode).
		 */
		@ConfigDocMapKey("version")
		Map<String, String> keys();

		// The settings table's rows, written by SnowflakeConfigTests (after a change: run it, copy target/'s file).

		/** Version new tokens are encoded with. Optional with a single key; required with several. No default. */
		Optional<String> currentVersion();

		/**
		 * Characters of tokens: base62 (0-9A-Za-z, URL-safe, 17 characters), decimal (digits only, 30 characters) or
		 * crockford-base32 (0-9 and A-Z without I, L, O, U, for people to read and type, 20 characters). Changing it
		 * changes every token. Default base62.
		 */
		Optional<String> alphabet();
		// End of the rows.
	}
}
