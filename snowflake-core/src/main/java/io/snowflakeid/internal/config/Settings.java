package io.snowflakeid.internal.config;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.internal.keys.SnowflakeSettings;
import io.snowflakeid.config.SchemaCheck;
import io.snowflakeid.publicid.PublicIdAlphabet;
import io.snowflakeid.publicid.PublicIdCodec;

/**
 * The settings table: every {@code snowflake.*} setting of a {@link SnowflakeConfiguration}, declared once, with its
 * key, type (which says its parser), default and one line of documentation. No lambdas: the table is read at every
 * start, and each lambda's first use costs a cold start about a millisecond.
 * <p>
 * The settings-map binding ({@link SnowflakeConfiguration#fromSettings}) is a loop over {@link #ALL}, handing each
 * value to {@link SnowflakeConfiguration.Builder#put}, which keeps it by key; each configuration record takes its own
 * values from there ({@link SegmentConfiguration#with}, {@link LeaseConfiguration#with}) over its {@code DEFAULTS},
 * which the rows' defaults here are (a default is the value of the type that uses it, so code that builds a
 * configuration without any binding gets the same); the builder applies the other rows' defaults from here. The Spring
 * Boot starter binds the generator's thirteen rows it has fields for (shown by its configprops endpoint; the layout is
 * read from them for Hibernate's mapping, the assignment for its conditions) to nullable fields and every other row of {@link #ALL} by its key, into the same builder, and the modules' rows ({@link #MODULES}) by
 * their keys into the settings map each module reads; its configuration metadata and the Quarkus extension's mapping
 * are written from this table by tests, and {@code docs/configuration.md} is checked against it. Ranges are checked in
 * the records, once.
 * <p>
 * Adding a lease or segment setting: a row here, its consumer (the configuration record that checks it, with its lines
 * in {@code with} and {@code values}, and the class that acts on it); then the starter's and the Quarkus runtime's
 * tests write the Spring metadata and the Quarkus group to copy, and the docs follow. The rest, and the other kinds of
 * setting, in {@code docs/building.md}, "Adding a setting".
 * <p>
 * Public for the library's own modules (the Hibernate binding, the starter) and for tools that document settings;
 * not for applications, which configure through properties or the builders. It may change in any release.
 */
public final class Settings {

	/** The prefix of the lease's settings ({@link LeaseConfiguration}). */
	public static final String LEASE_GROUP = SnowflakeSettings.PREFIX + "lease.";

	/** The prefix of segment mode's settings ({@link SegmentConfiguration}). */
	public static final String SEGMENT_GROUP = SnowflakeSettings.PREFIX + "segment.";

	/** The prefix of the ZooKeeper lease's settings (module {@code snowflake-zookeeper}). */
	public static final String ZOOKEEPER_GROUP = SnowflakeSettings.PREFIX + "zookeeper.";

	/** The prefix of the Redis lease's settings (module {@code snowflake-redis}). */
	public static final String REDIS_GROUP = SnowflakeSettings.PREFIX + "redis.";

	/** The prefix of the public ids' settings ({@link PublicIdCodec}). */
	public static final String PUBLIC_ID_GROUP = SnowflakeSettings.PREFIX + "public-id.";

	/** The prefix of the layout's settings (the widths of the id's fields). */
	public static final String LAYOUT_GROUP = SnowflakeSettings.PREFIX + "layout.";

	/**
	 * The generator's own settings, directly under the prefix ({@code snowflake.worker-assignment}): the group
	 * {@link #groupOf} gives a name under the prefix that no other group has. Checked more narrowly than the others
	 * ({@link #misspeltRow}): other software shares the prefix ({@code SNOWFLAKE_SCHEMA}, {@code SNOWFLAKE_ACCOUNT} of
	 * the Snowflake data warehouse's drivers).
	 */
	public static final String GENERATOR_GROUP = SnowflakeSettings.PREFIX;

	/**
	 * The groups whose names are checked for misspellings ({@link #misspeltRow}): a misspelt name there leaves a
	 * default in place that decides which worker ids or tokens this service shares with the others (another lease or
	 * segment table, Redis hash, ZooKeeper path, worker assignment, layout or alphabet than theirs).
	 */
	private static final String[] GROUPS = { LEASE_GROUP, SEGMENT_GROUP, ZOOKEEPER_GROUP, REDIS_GROUP,
			PUBLIC_ID_GROUP, LAYOUT_GROUP };

	public static final Setting<Long> DATACENTER_ID = setting(SnowflakeSettings.DATACENTER_ID, Long.class, null,
			"Datacenter id of this instance, 0..31 with the default layout (0..2^datacenter-bits - "
					+ "1). No default: required unless the layout has no datacenter bits.");

	public static final Setting<Long> WORKER_ID = setting(SnowflakeSettings.WORKER_ID, Long.class,
			null,
			"Worker id of this instance, 0..31 with the default layout (0..2^worker-bits - 1). Every "
					+ "running instance within a datacenter needs its own. No default. Only with "
					+ "worker-assignment static or auto: beside any other assignment it is refused at start.")
		.inQuarkus("Worker id of this instance, 0..31 with the default layout (0..2^worker-bits - 1). Every running "
				+ "instance within a datacenter needs its own. No default: unset, auto leases one from the default "
				+ "datasource. Set it per instance (QUARKUS_SNOWFLAKE_WORKER_ID), never in a shared "
				+ "application.properties: with auto every instance would have that one; beside any assignment other "
				+ "than static or auto it is refused at start.");

	public static final Setting<WorkerAssignment> WORKER_ASSIGNMENT = setting(SnowflakeSettings.WORKER_ASSIGNMENT,
			WorkerAssignment.class, WorkerAssignment.AUTO,
			"How this instance gets its worker id: auto (static ids if set, else a database lease "
					+ "when a DataSource exists), static, database-lease, hostname-ordinal (a StatefulSet pod "
					+ "orders-7 is worker 7), ip-address (low bits of the private IPv4 address; can collide), "
					+ "zookeeper or redis (a lease in a coordination service the whole fleet shares: modules "
					+ "snowflake-zookeeper and snowflake-redis). A worker id beside any assignment other than "
					+ "static or auto is refused at start.")
		.inQuarkus("How this instance gets its worker id: auto (static ids when worker-id is set, else a lease from "
				+ "the default datasource), static, database-lease (a lease from the default datasource), zookeeper or "
				+ "redis (a lease from ZooKeeper or Redis, with io.snowflakeid:snowflake-zookeeper or snowflake-redis), "
				+ "hostname-ordinal (a StatefulSet pod orders-7 is worker 7), ip-address (low bits of the private IPv4 "
				+ "address; can collide).");

	public static final Setting<Instant> EPOCH = setting(SnowflakeSettings.EPOCH, Instant.class,
			SnowflakeLayout.DEFAULT.epoch(),
			"Instant of timestamp 0, as an ISO-8601 UTC instant. Must not be in the future; a later "
					+ "epoch gives a later end of the timestamp field. Never change it for existing data: ids "
					+ "could repeat.");

	public static final Setting<Duration> TICK_LENGTH = setting(SnowflakeSettings.TICK_LENGTH, Duration.class, Duration.ofMillis(SnowflakeLayout.DEFAULT.tickMillis()),
			"Length of one timestamp tick: a whole number of milliseconds from 1 ms to 1 h.");

	public static final Setting<String> LAYOUT_PRESET = setting(SnowflakeSettings.LAYOUT_PRESET, String.class, "classic",
			"Starting point for the bit widths: classic (41/5/5/12 in 63 bits) or javascript-safe "
					+ "(41/0/5/7 in 53 bits: every id is an exact JavaScript number; 32 workers, 128,000 ids/s "
					+ "each). The widths below override it.");

	// no default of their own: an unset width is the preset's
	public static final Setting<Integer> TIMESTAMP_BITS = setting(SnowflakeSettings.TIMESTAMP_BITS, Integer.class, null,
			"Bits of the timestamp field (ticks since the epoch). Unset: the preset's (41 in both presets).");

	public static final Setting<Integer> DATACENTER_BITS = setting(SnowflakeSettings.DATACENTER_BITS, Integer.class, null,
			"Bits of the datacenter field. Unset: the preset's (5 classic, 0 javascript-safe).");

	public static final Setting<Integer> WORKER_BITS = setting(SnowflakeSettings.WORKER_BITS, Integer.class, null,
			"Bits of the worker field. Unset: the preset's (5 in both presets).");

	public static final Setting<Integer> SEQUENCE_BITS = setting(SnowflakeSettings.SEQUENCE_BITS, Integer.class, null,
			"Bits of the sequence field: 2^sequence-bits ids per tick and worker. Unset: the preset's (12 "
					+ "classic, 7 javascript-safe).");

	public static final Setting<Duration> CLOCK_TOLERANCE = setting(SnowflakeSettings.CLOCK_TOLERANCE,
			Duration.class, SnowflakeIdGenerator.Builder.DEFAULT_CLOCK_TOLERANCE,
			"How far the clock may go back behind the last issued id before the generator refuses to "
					+ "issue ids. Within it, ids continue from the last issued timestamp. From 0 to 1 minute.");

	public static final Setting<Integer> LIFETIME_WARNING_YEARS = setting(SnowflakeSettings.LIFETIME_WARNING_YEARS,
			Integer.class, SnowflakeConfiguration.DEFAULT_LIFETIME_WARNING_YEARS,
			"Log a warning at start when fewer than this many years remain in the timestamp field.");

	public static final Setting<SchemaCheck> SCHEMA_CHECK = setting(SnowflakeSettings.SCHEMA_CHECK,
			SchemaCheck.class, SchemaCheck.FAIL,
			"At start, check that every @SnowflakeId/@SegmentId column can hold the ids (JDBC "
					+ "metadata, once per column, after Hibernate's schema management): fail (refuse to start "
					+ "on a 32-bit column, a VARCHAR too short for the text form or a GENERATED ALWAYS "
					+ "identity, naming the ALTER statement that fixes it), warn (log the same and start) or "
					+ "off. A leftover MariaDB/MySQL AUTO_INCREMENT is always only a warning.");

	public static final Setting<String> LEASE_TABLE_NAME = setting(LEASE_GROUP + "table-name", String.class, LeaseConfiguration.DEFAULT_TABLE_NAME,
			"Lease table: a plain SQL identifier, optionally schema-qualified.");

	public static final Setting<Duration> LEASE_DURATION = setting(LEASE_GROUP + "duration", Duration.class, Duration.ofSeconds(60),
			"How long a lease lasts without renewal; renewed every third of it. 3 s to 1 h.");

	public static final Setting<Duration> LEASE_SAFETY_MARGIN = setting(LEASE_GROUP + "safety-margin",
			Duration.class, Duration.ofSeconds(10),
			"How long after its lease end a worker id of a crashed instance stays out of the pool: "
					+ "must exceed the clock difference between instances. 0 s to 1 h.");

	public static final Setting<Boolean> LEASE_CREATE_TABLE = setting(LEASE_GROUP + "create-table",
			Boolean.class, true,
			"Whether to create the lease table if it is missing (switch off when Flyway or Liquibase "
					+ "owns it).");

	public static final Setting<Boolean> LEASE_ACCEPT_DATA_LOSS_RISK = setting(
			LEASE_GROUP + "accept-data-loss-risk", Boolean.class, false,
			"Whether to lease from a database whose settings let it lose committed writes (PostgreSQL "
					+ "fsync or synchronous_commit off, MariaDB/MySQL innodb_flush_log_at_trx_commit other than "
					+ "1), refused otherwise: a lost renewal can give this instance's worker id to another "
					+ "while it still issues ids.");

	public static final Setting<String> SEGMENT_TABLE_NAME = setting(SEGMENT_GROUP + "table-name",
			String.class, SegmentConfiguration.DEFAULT_TABLE_NAME,
			"Segment table; handed-back ranges go to <name>_free. A plain SQL identifier.");

	public static final Setting<Integer> SEGMENT_DEFAULT_STEP = setting(SEGMENT_GROUP + "default-step",
			Integer.class, 1000,
			"Values per segment for @SegmentId without a step (1..1000000).");

	public static final Setting<Double> SEGMENT_PREFETCH_THRESHOLD = setting(
			SEGMENT_GROUP + "prefetch-threshold", Double.class, 0.1,
			"Share of a segment used before the next is fetched in the background (0.0..0.9).");

	public static final Setting<Duration> SEGMENT_MAX_WAIT = setting(SEGMENT_GROUP + "max-wait",
			Duration.class, Duration.ofSeconds(5),
			"How long a caller waits for a segment while the database is unreachable before failing "
					+ "(0 s..1 min).");

	public static final Setting<Boolean> SEGMENT_CREATE_TABLE = setting(SEGMENT_GROUP + "create-table",
			Boolean.class, true,
			"Whether to create the segment tables if they are missing.");

	public static final Setting<Boolean> SEGMENT_DYNAMIC_STEP = setting(SEGMENT_GROUP + "dynamic-step",
			Boolean.class, false,
			"Whether the step follows the load: doubled when a segment lasts less than "
					+ "dynamic-step-target (up to max-step, by default 100x the configured step), halved when it "
					+ "lasts more than twice that (down to the configured step).");

	public static final Setting<Duration> SEGMENT_DYNAMIC_STEP_TARGET = setting(
			SEGMENT_GROUP + "dynamic-step-target", Duration.class, Duration.ofMinutes(15),
			"How long a segment should last when the step is dynamic (1 ms..1 day).");

	public static final Setting<Integer> SEGMENT_MAX_STEP = setting(SEGMENT_GROUP + "max-step",
			Integer.class, null,
			"The most a dynamic step grows to, for every key: it lowers the default ceiling (100x the configured "
					+ "step, at most 1000000), never raises it. 1..1000000, and at least default-step. A key whose "
					+ "@SegmentId step is larger keeps that step, fixed.");

	// The modules' settings (worker ids from ZooKeeper or Redis, public ids): not part of a SnowflakeConfiguration;
	// each module reads its own through these rows, so that both bindings share one default and one description.

	public static final Setting<String> ZOOKEEPER_CONNECT_STRING = module(
			SnowflakeSettings.PREFIX + "zookeeper.connect-string", String.class, null,
			"The ZooKeeper ensemble, host:port[,host:port...][/chroot]. Required unless the application has exactly one "
					+ "CuratorFramework bean (which is then used).")
		.inQuarkus("The ZooKeeper ensemble, host:port[,host:port...][/chroot]. Required with "
				+ "worker-assignment=zookeeper.");

	public static final Setting<String> ZOOKEEPER_PATH = module(SnowflakeSettings.PREFIX + "zookeeper.path",
			String.class, "/snowflake/worker-lease",
			"The base path of the lease nodes: one persistent node per (datacenter, worker) pair below it.");

	public static final Setting<Duration> ZOOKEEPER_SESSION_TIMEOUT = module(
			SnowflakeSettings.PREFIX + "zookeeper.session-timeout", Duration.class, Duration.ofSeconds(30),
			"The session timeout requested from the servers; the lease lasts at most the negotiated one (so that ids "
					+ "stop before the session can expire), which must be at least 3 s.");

	public static final Setting<Duration> ZOOKEEPER_CONNECTION_TIMEOUT = module(
			SnowflakeSettings.PREFIX + "zookeeper.connection-timeout", Duration.class, Duration.ofSeconds(10),
			"How long to wait for a connection to the ensemble.");

	public static final Setting<String> ZOOKEEPER_AUTH = module(SnowflakeSettings.PREFIX + "zookeeper.auth",
			String.class, null,
			"Credentials of the client made from these properties, digest:<user>:<password>: it authenticates with "
					+ "them and creates the lease nodes for that identity only (ACL auth::cdrwa), so that no other "
					+ "client can delete a lease and its high-water mark. Not set: world-writable nodes, with a "
					+ "warning. Refused when the application has its own CuratorFramework bean (give that client its "
					+ "authorization and ACL provider). Masked in the env endpoint (configprops does not list it).")
		.inQuarkus("Credentials of the client, digest:<user>:<password>: it authenticates with them and creates the "
				+ "lease nodes for that identity only (ACL auth::cdrwa), so that no other client can delete a lease and "
				+ "its high-water mark. Not set: world-writable nodes, with a warning. A secret: keep it in the "
				+ "environment (QUARKUS_SNOWFLAKE_ZOOKEEPER_AUTH) or a secret store; never logged.");

	public static final Setting<String> REDIS_URI = module(SnowflakeSettings.PREFIX + "redis.uri", String.class, null,
			"Server to keep the leases on, as redis://[user:password@]host:port/database (rediss:// for TLS): a "
					+ "Lettuce client of its own, closed with the application. When not set, the application's "
					+ "RedisConnectionFactory (spring.data.redis.*) is used.")
		.inQuarkus("Server to keep the leases on, as redis://[user:password@]host:port/database (rediss:// for TLS). "
				+ "Required with worker-assignment=redis. A password in it is a secret: keep it in the environment "
				+ "(QUARKUS_SNOWFLAKE_REDIS_URI) or a secret store; never logged.");

	public static final Setting<String> REDIS_KEY = module(SnowflakeSettings.PREFIX + "redis.key", String.class,
			"snowflake:worker-lease",
			"Hash the lease records are kept in, one field per (datacenter, worker) pair. Every service that must get "
					+ "distinct worker ids uses the same key on the same server.");

	public static final Setting<Boolean> REDIS_ACCEPT_DATA_LOSS_RISK = module(
			SnowflakeSettings.PREFIX + "redis.accept-data-loss-risk", Boolean.class, false,
			"Whether to lease from a server that can lose an acknowledged write on a restart or crash: no append-only "
					+ "file, appendfsync other than always, or an fsync policy that cannot be read (the server refuses "
					+ "CONFIG GET, as managed services often do). A lease the server forgets can be handed to a second "
					+ "instance while the first still issues ids with it (duplicate ids). When false, such a server is "
					+ "refused at start and at every renewal. An allkeys-* eviction policy and a replica are refused "
					+ "whatever this says.");

	public static final Setting<String> PUBLIC_ID_CURRENT_VERSION = module(PublicIdCodec.CURRENT_VERSION, String.class,
			null, "Version new tokens are encoded with. Optional with a single key; required with several.");

	public static final Setting<PublicIdAlphabet> PUBLIC_ID_ALPHABET = module(PublicIdCodec.ALPHABET,
			PublicIdAlphabet.class, PublicIdAlphabet.BASE62,
			"Characters of tokens: base62 (0-9A-Za-z, URL-safe, 17 characters), decimal (digits only, 30 "
					+ "characters) or crockford-base32 (0-9 and A-Z without I, L, O, U, for people to read and type, 20 "
					+ "characters). Changing it changes every token.");

	/**
	 * The modules' settings. Not among them: {@code snowflake.public-id.keys.<version>}, a family of keys (one per
	 * key version) that {@link PublicIdCodec#fromSettings} reads.
	 */
	public static final List<Setting<?>> MODULES = List.of(ZOOKEEPER_CONNECT_STRING, ZOOKEEPER_PATH,
			ZOOKEEPER_SESSION_TIMEOUT, ZOOKEEPER_CONNECTION_TIMEOUT, ZOOKEEPER_AUTH, REDIS_URI, REDIS_KEY,
			REDIS_ACCEPT_DATA_LOSS_RISK, PUBLIC_ID_CURRENT_VERSION, PUBLIC_ID_ALPHABET);

	/** Every setting of a {@link SnowflakeConfiguration}, in the order the settings-map binding reads them. */
	public static final List<Setting<?>> ALL = List.of(LAYOUT_PRESET, TIMESTAMP_BITS, DATACENTER_BITS, WORKER_BITS,
			SEQUENCE_BITS, EPOCH, TICK_LENGTH, DATACENTER_ID, WORKER_ID, CLOCK_TOLERANCE, WORKER_ASSIGNMENT,
			LIFETIME_WARNING_YEARS, SCHEMA_CHECK, LEASE_TABLE_NAME, LEASE_DURATION, LEASE_SAFETY_MARGIN,
			LEASE_CREATE_TABLE, LEASE_ACCEPT_DATA_LOSS_RISK, SEGMENT_TABLE_NAME, SEGMENT_DEFAULT_STEP,
			SEGMENT_PREFETCH_THRESHOLD, SEGMENT_MAX_WAIT, SEGMENT_CREATE_TABLE, SEGMENT_DYNAMIC_STEP,
			SEGMENT_DYNAMIC_STEP_TARGET, SEGMENT_MAX_STEP);

	/**
	 * {@link #ALL}, then {@link #MODULES}: every row of the table, for what documents or checks every setting (the
	 * Spring metadata, the Quarkus mapping, the misspelling checks).
	 */
	public static final List<Setting<?>> EVERY_ROW = everyRow();

	private Settings() {
	}

	private static List<Setting<?>> everyRow() {
		List<Setting<?>> rows = new ArrayList<>(ALL);
		rows.addAll(MODULES);
		return List.copyOf(rows);
	}

	/**
	 * Reads every setting of {@link #ALL} a settings map holds into a builder: the settings-map binding. A key that is
	 * no setting's but reads as a misspelt lease or segment key ({@link #misspeltRow}) is refused: misspelt,
	 * {@code snowflake.lease.table-name} would leave this service on the default table while the others lease from the
	 * configured one, each handing out the same worker ids. Other keys are not the library's to judge (Hibernate's
	 * settings hold every system property).
	 * @throws SnowflakeConfigurationException naming such a key, or a value its row cannot read
	 */
	public static SnowflakeConfiguration.Builder readInto(Map<String, ?> settings,
			SnowflakeConfiguration.Builder builder) {
		for (Object name : settings.keySet()) { // Hibernate's settings may hold keys that are no strings
			if (name instanceof String key && !isKey(key)) {
				Setting<?> misspelt = misspeltRow(key, "");
				if (misspelt != null) {
					throw misspeltName(key, "", misspelt, null);
				}
			}
		}
		for (Setting<?> setting : ALL) {
			setting.readInto(settings, builder);
		}
		return builder;
	}

	private static boolean isKey(String key) {
		for (Setting<?> setting : EVERY_ROW) {
			if (setting.key().equals(key)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The group ({@link #LEASE_GROUP}, {@link #SEGMENT_GROUP}, {@link #ZOOKEEPER_GROUP}, {@link #REDIS_GROUP},
	 * {@link #PUBLIC_ID_GROUP}, {@link #LAYOUT_GROUP}) a binding's name reads as one of, {@code namePrefix} and case,
	 * dots, dashes, underscores and spaces set aside ({@code snowflake.leases.table-name},
	 * {@code SNOWFLAKE_SEGMENT_MAX_STEP}); else {@link #GENERATOR_GROUP} for a name whose first words are
	 * {@code namePrefix}'s and {@code snowflake}, each followed by a dot or an underscore; null for any other name.
	 */
	public static String groupOf(String name, String namePrefix) {
		String read = loosely(name);
		for (String group : GROUPS) {
			if (read.startsWith(loosely(namePrefix + group))) {
				return group;
			}
		}
		// snowflake as a word of its own: snowflake-id.*, snowflakes.* are other namespaces (helper-86's survey)
		return startsWithWords(name, namePrefix + GENERATOR_GROUP) ? GENERATOR_GROUP : null;
	}

	/**
	 * Whether {@code name} begins with the words of {@code prefix} ({@code quarkus.snowflake.}), in any case, each
	 * followed by a dot or an underscore (an environment variable's) or the end of the name.
	 */
	private static boolean startsWithWords(String name, String prefix) {
		int at = 0;
		for (String word : prefix.split("\\.")) {
			if (!name.regionMatches(true, at, word, 0, word.length())) {
				return false;
			}
			at += word.length();
			if (at < name.length() && name.charAt(at) != '.' && name.charAt(at) != '_') {
				return false;
			}
			at++;
		}
		return true;
	}

	/**
	 * Whether, after the words of {@code namePrefix} and {@code snowflake}, {@code name} has two words or more (split at
	 * dots and underscores) and one of them is the row's name: {@code snowflake.id.dataCenterId} is another
	 * application's namespace holding a setting of that name, not a misspelling of {@code snowflake.datacenter-id};
	 * {@code QUARKUS_SNOWFLAKE_WORKERASSIGNMENT} is one word after the prefix, a spelling Quarkus does not read.
	 */
	private static boolean holdsTheWholeName(String name, String namePrefix, String rowRest) {
		String[] words = name.split("[._]");
		int prefixWords = (namePrefix + GENERATOR_GROUP).split("\\.").length;
		if (words.length - prefixWords < 2) {
			return false;
		}
		for (int i = prefixWords; i < words.length; i++) {
			if (loosely(words[i]).equals(rowRest)) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The row of a checked group ({@link #groupOf}) whose key {@code name} reads as a misspelling of, or null. The binding has found that
	 * no row is read by {@code name} (by its own rules: exact keys, relaxed names, environment variables); here, with
	 * {@code namePrefix} and case, dots, dashes, underscores and spaces set aside, what follows the group's prefix is
	 * within two edits (a letter added, dropped, changed, or two swapped) of a row's, one edit where the row's is
	 * shorter than nine letters, or the start of a row's cut short: {@code tabel-name}, {@code tableName} where only
	 * exact keys are read, {@code leases.table-name}, {@code max-wiat}, {@code table}, {@code redis.url}. Directly
	 * under the prefix ({@link #GENERATOR_GROUP}), which other software shares, only a name within two edits of a row
	 * of nine letters or more is one ({@code worker-asignment}, {@code clock-tolerence}, a nested
	 * {@code worker.assignment}); {@code SNOWFLAKE_SCHEMA} is no {@code schema-check} cut short. Other names
	 * under the prefix are no misspelling: a Kubernetes Service's variables ({@code SNOWFLAKE_LEASE_SERVICE_HOST}), a
	 * setting of a newer release in shared configuration ({@code min-step}, {@code table-name-suffix}), another
	 * application's namespace ({@code snowflake.segmentation.*}); they are left to the binding (ignored, or warned of).
	 * <p>
	 * Refused on purpose, although a newer release could mean them: a plural or a letter added to a short row
	 * ({@code redis.uris}, {@code redis.keys}, {@code lease.table-names}), which is as often a typo that would leave the
	 * service on a default table, hash or path (a new setting is named two letters away from the others, see
	 * docs/building.md); and {@code snowflake.redis.url}, which a platform that names an attached Redis
	 * {@code <NAME>_URL} gives to one attached as {@code SNOWFLAKE_REDIS}: written for {@code uri}, it would leave a
	 * Spring service on the application's own Redis connection, a pool of its own. Such an attachment needs another
	 * name.
	 */
	public static Setting<?> misspeltRow(String name, String namePrefix) {
		String group = groupOf(name, namePrefix);
		if (group == null) {
			return null;
		}
		String read = loosely(name);
		String rest = read.substring(loosely(namePrefix + group).length());
		Setting<?> closest = null;
		int fewest = 3;
		boolean generator = group.equals(GENERATOR_GROUP);
		for (Setting<?> row : EVERY_ROW) {
			if (!row.key().startsWith(group) || (generator && !isGenerators(row))) {
				continue;
			}
			String rowRest = loosely(row.key().substring(group.length()));
			int edits = edits(rest, rowRest);
			if (generator) {
				// only long names, within two edits, never a name cut short: SNOWFLAKE_SCHEMA is a data warehouse's
				// (the start of schema-check), SNOWFLAKE_ROLE, SNOWFLAKE_USER are one or two edits from short rows
				if (rowRest.length() >= 9 && edits <= 2 && edits < fewest && !holdsTheWholeName(name, namePrefix, rowRest)) {
					fewest = edits;
					closest = row;
				}
				continue;
			}
			if (edits > allowedEdits(rowRest)) {
				// a name cut short (table for table-name) is one too, after any name within the edits allowed
				edits = (rest.length() >= 3 && rowRest.startsWith(rest)) ? 2 : 3;
			}
			if (edits < fewest) {
				fewest = edits;
				closest = row;
			}
		}
		return closest;
	}

	/** A row directly under the prefix, of no group of its own: the generator's ({@link #GENERATOR_GROUP}). */
	private static boolean isGenerators(Setting<?> row) {
		return row.key().indexOf('.', GENERATOR_GROUP.length()) < 0;
	}

	/**
	 * Whether {@code name} is the key of one of the group's rows under {@code namePrefix}: exactly, or, for an
	 * environment variable read as MicroProfile Config reads one, with each character but letters and digits an
	 * underscore, in upper case ({@code QUARKUS_SNOWFLAKE_LEASE_TABLE_NAME}, not {@code ..._TABLENAME}).
	 */
	public static boolean namesARow(String name, String namePrefix, String group, boolean environment) {
		for (Setting<?> row : EVERY_ROW) {
			if (row.key().startsWith(group) && (environment ? environmentForm(namePrefix + row.key())
				.equals(environmentForm(name)) : (namePrefix + row.key()).equals(name))) {
				return true;
			}
		}
		return false;
	}

	/**
	 * What a refusal of a setting set twice under two spellings allows ({@link SnowflakeConfigurationException#getAllowed}):
	 * the failure reports say to remove one of them rather than to set the value.
	 */
	public static final String SET_TWICE = "one value under one name";

	/**
	 * Whether {@code name} is the row's key under {@code namePrefix} once case, dots, dashes, underscores and spaces
	 * are set aside: another spelling of it ({@code SNOWFLAKE_LEASE_TABLE_NAME}, {@code snowflake.lease.tableName}),
	 * which a binding may or may not read the row by.
	 */
	public static boolean isSpellingOf(String name, String namePrefix, Setting<?> row) {
		return loosely(name).equals(loosely(namePrefix + row.key()));
	}

	/**
	 * The refusal of a name that is no setting but reads as a misspelling of one ({@link #misspeltRow}). Its value
	 * is not shown: a name no setting has may be another application's, and hold a secret.
	 * @param where where the name was found, or null
	 */
	public static SnowflakeConfigurationException misspeltName(String name, String namePrefix, Setting<?> row,
			String where) {
		return new SnowflakeConfigurationException(name, "(value not shown)", "the key " + namePrefix + row.key(),
				"No setting has this name, and it reads as a misspelling of " + namePrefix + row.key()
						+ ((where != null) ? " (" + where + ")" : "") + ": correct it or remove it. Misspelt, the "
						+ "setting would leave its default in place (another lease or segment table, Redis hash, "
						+ "ZooKeeper path, worker assignment or layout than the other services')");
	}

	private static String environmentForm(String name) {
		StringBuilder form = new StringBuilder(name.length());
		for (int i = 0; i < name.length(); i++) {
			char c = name.charAt(i);
			form.append(Character.isLetterOrDigit(c) ? Character.toUpperCase(c) : '_');
		}
		return form.toString();
	}

	/**
	 * Two edits from a long name, one from a short one: {@code min-step} is a name of its own beside {@code max-step}
	 * (two letters apart in seven), a setting a newer release could add, not a misspelling to refuse.
	 */
	private static int allowedEdits(String rowRest) {
		return (rowRest.length() >= 9) ? 2 : 1;
	}

	/** The fewest single-letter edits (insert, delete, replace, swap two neighbours) from one text to the other. */
	private static int edits(String a, String b) {
		int[][] d = new int[a.length() + 1][b.length() + 1];
		for (int i = 0; i <= a.length(); i++) {
			d[i][0] = i;
		}
		for (int j = 0; j <= b.length(); j++) {
			d[0][j] = j;
		}
		for (int i = 1; i <= a.length(); i++) {
			for (int j = 1; j <= b.length(); j++) {
				int cost = (a.charAt(i - 1) == b.charAt(j - 1)) ? 0 : 1;
				d[i][j] = Math.min(Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1), d[i - 1][j - 1] + cost);
				if (i > 1 && j > 1 && a.charAt(i - 1) == b.charAt(j - 2) && a.charAt(i - 2) == b.charAt(j - 1)) {
					d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
				}
			}
		}
		return d[a.length()][b.length()];
	}

	/**
	 * The settings of one group ({@code snowflake.lease.}, {@code snowflake.segment.}) that a settings map holds, each
	 * read by its row: text parsed as every binding parses it ({@code "30s"}), typed values taken as they are. Keys of
	 * other settings, and keys that are not strings, are ignored; a null value is absent. Stricter than the
	 * settings-map binding, which ignores keys it does not know: a key that is the group's once case, dots, dashes,
	 * underscores and spaces are set aside ({@code SNOWFLAKE_LEASE_DURATION}, {@code snowflake.leases.duration}, a
	 * typo after the prefix) but no setting's exact key is refused, naming the key it is closest to, so that a
	 * misspelt table name never leaves a service on the default table.
	 * @throws SnowflakeConfigurationException naming such a key, or a value its row cannot read
	 */
	public static Map<String, Object> group(Map<?, ?> settings, String prefix) {
		Objects.requireNonNull(settings, "settings must not be null");
		List<Setting<?>> rows = new ArrayList<>();
		for (Setting<?> setting : ALL) {
			if (setting.key().startsWith(prefix)) {
				rows.add(setting);
			}
		}
		Map<String, Object> values = new HashMap<>();
		for (Map.Entry<?, ?> entry : settings.entrySet()) {
			if (!(entry.getKey() instanceof String key) || entry.getValue() == null) {
				continue;
			}
			Setting<?> row = null;
			Setting<?> near = null;
			for (Setting<?> candidate : rows) {
				if (candidate.key().equals(key)) {
					row = candidate;
				}
				else if (loosely(candidate.key()).equals(loosely(key))) {
					near = candidate;
				}
			}
			if (row != null) {
				values.put(key, row.parse(entry.getValue()));
			}
			else if (near != null || loosely(key).startsWith(loosely(prefix))) {
				List<String> keys = new ArrayList<>();
				for (Setting<?> known : rows) {
					keys.add(known.key());
				}
				throw new SnowflakeConfigurationException(key, "(value not shown)",
						(near != null) ? "the key " + near.key() : "a setting of " + prefix + "*: " + keys,
						"Settings are read by their exact keys, and '" + key + "' is none");
			}
		}
		return values;
	}

	/** A key as it reads with case, dots, dashes, underscores and spaces set aside. */
	private static String loosely(String key) {
		StringBuilder letters = new StringBuilder(key.length());
		for (int i = 0; i < key.length(); i++) {
			char c = key.charAt(i);
			if (c != '.' && c != '-' && c != '_' && !Character.isWhitespace(c)) {
				letters.append(Character.toLowerCase(c));
			}
		}
		return letters.toString();
	}

	/** A setting a module reads itself. */
	static <T> Setting<T> module(String key, Class<T> type, T defaultValue, String description) {
		return new Setting<>(key, type, defaultValue, description, false);
	}

	/** A setting of a {@link SnowflakeConfiguration}: its value goes to {@link SnowflakeConfiguration.Builder#put}. */
	static <T> Setting<T> setting(String key, Class<T> type, T defaultValue, String description) {
		return new Setting<>(key, type, defaultValue, description, true);
	}
}
