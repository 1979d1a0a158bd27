package io.snowflakeid.zookeeper;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.spi.LeaseRecord;
import io.snowflakeid.spi.LeaseSignals;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.internal.config.WorkerAssignment;
import io.snowflakeid.worker.WorkerLeaseException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.framework.imps.CuratorFrameworkState;
import org.apache.curator.retry.ExponentialBackoffRetry;
import org.apache.curator.framework.state.ConnectionState;
import org.apache.curator.framework.state.ConnectionStateListener;
import org.apache.curator.utils.ZKPaths;
import org.apache.zookeeper.CreateMode;
import org.apache.zookeeper.KeeperException;
import org.apache.zookeeper.Op;
import org.apache.zookeeper.ZooKeeper;
import org.apache.zookeeper.common.PathUtils;
import org.apache.zookeeper.data.ACL;
import org.apache.zookeeper.data.Stat;

/**
 * Worker leases in ZooKeeper ({@code snowflake.worker-assignment=zookeeper}), through an Apache Curator client.
 * <p>
 * <b>Layout.</b> Per (datacenter, worker) pair a PERSISTENT node {@code {path}/{datacenter}-{worker}} holds the
 * lease end, high-water mark, token and owner; under it an EPHEMERAL node {@code holder}, created in the same
 * transaction ({@code multi}) as the claim's data write, belongs to the holder's session. A pair whose
 * {@code holder} is gone (its session ended: the process crashed, or was cut off longer than the session timeout;
 * or it released the pair) is free at once, whatever lease end is stored; a pair whose holder still exists is free
 * only once its stored lease end has passed (plus the safety margin), as in the database lease. Every write is one
 * {@code multi} that checks the versions it read: two claimants can never both win.
 * <p>
 * <b>Why ids stop before a successor can start.</b> A session's ephemeral nodes are removed when the server expires
 * it: no earlier than the session timeout after the server last heard from the client. {@link #maxLeaseDuration()}
 * returns the NEGOTIATED session timeout, so the lease lasts at most that long; each permit is counted from before
 * the operation that proved the session alive (the claim or renewal, sent on that session), so every permit ends
 * before the server can expire the session and delete {@code holder}. A successor that finds the holder gone
 * therefore starts only after the previous holder's last permit ended, and it still waits past the stored
 * high-water mark (the claim does that) for the case of clocks that disagree. On top of that the lease is
 * {@link LeaseSignals#suspend suspended} (ids stop at once) as soon as the client reports SUSPENDED or LOST, and
 * renewed as soon as it is RECONNECTED: a surviving session re-grants, an expired one finds its holder gone and the
 * lease is lost (sealed).
 * <p>
 * <b>ACLs.</b> Every node is created with the ACL the client's {@code ACLProvider} gives it (the application's
 * client; or, with {@code snowflake.zookeeper.auth}, the library's client authenticated by digest, {@code auth::cdrwa}).
 * A client that may delete a free pair node deletes its high-water mark (the next holder could repeat ids), so when
 * that ACL protects the lease nodes, a base node or pair node made beforehand that lets world:anyone delete or
 * rewrite them is refused at start (naming it and the {@code setAcl} that fixes it); when the provider gives
 * world:anyone those rights (Curator's default), that is the deployment's choice and a warning says so.
 * <p>
 * Every operation is bounded by its timeout: it is sent once on the current ZooKeeper handle (no retries behind
 * the caller's back) and awaited at most the timeout. A call while the client is not connected changes nothing and
 * throws {@link NotAppliedException}; a connection loss or timeout after sending has an unknown outcome and is
 * thrown as is.
 * <p>
 * A store made with {@link #ZooKeeperLeaseStore(CuratorFramework, String)} uses the application's client and never
 * closes it; the ServiceLoader provider of this module (plain Hibernate) makes a store that owns its client and
 * closes it in {@link #close()}. One store may serve several leases.
 * <p>
 * What it asks of ZooKeeper goes through a narrow port, {@link ZooKeeperNodes} (reads answering null for a missing
 * node, one transaction answering false for a lost race), each operation's requests bounded by one deadline
 * ({@link BoundedCall}); the client's callbacks are turned into answers in one place ({@link HandleNodes}).
 */
public final class ZooKeeperLeaseStore implements LeaseStore, AutoCloseable {

	private static final System.Logger logger = System.getLogger(ZooKeeperLeaseStore.class.getName());

	/** What an operation may take beyond its timeout (thread hand-off), before it is abandoned. */
	private static final long SLACK_MILLIS = 200;

	private static final String HOLDER = "holder";

	/** Exactly the names {@link #node} writes: no leading zeros (00-1 is not pair (0, 1)'s node, and not ours). */
	private static final Pattern PAIR = Pattern.compile("(0|[1-9]\\d{0,9})-(0|[1-9]\\d{0,9})");

	private final CuratorFramework client;

	private final String path;

	private final boolean ownsClient;

	private final LeaseAcls acls;

	/** Whether the warning about world-writable lease nodes was logged (once per store). */
	private final java.util.concurrent.atomic.AtomicBoolean warnedOpen = new java.util.concurrent.atomic.AtomicBoolean();

	/** The most sessions of the client remembered; beyond that the oldest is forgotten (at worst a seal). */
	private static final int MAX_SESSIONS = 64;

	/** The sessions this store's client has had, oldest first (see {@link #rememberSession}). */
	private final java.util.Set<Long> sessions = java.util.Collections.synchronizedSet(new java.util.LinkedHashSet<>());

	/** Why a pair's last renewal returned false, until {@link #lostReason} is asked. */
	private final Map<Long, String> lostReasons = new ConcurrentHashMap<>();

	private final Map<LeaseSignals, ConnectionStateListener> listeners = new ConcurrentHashMap<>();

	/** The session timeout the lease was capped at, or 0 before {@link #maxLeaseDuration()}. */
	private volatile long cappedAtMillis;

	/**
	 * A store on the application's {@code client} (started, or started later by the application), its records
	 * under {@code path} (the client's namespace applies). The client is never closed by this store.
	 * @throws SnowflakeConfigurationException if {@code path} is not a valid ZooKeeper path
	 */
	public ZooKeeperLeaseStore(CuratorFramework client, String path) {
		this(client, path, false);
	}

	/**
	 * A store with a Curator client of its own, started here and closed by {@link #close()}.
	 * @throws SnowflakeConfigurationException if a value is out of range (naming its {@code snowflake.zookeeper.*}
	 * setting)
	 */
	public static ZooKeeperLeaseStore connect(String connectString, String path, Duration sessionTimeout,
			Duration connectionTimeout) {
		return connect(connectString, path, sessionTimeout, connectionTimeout, null);
	}

	/**
	 * A store with a Curator client of its own, as {@link #connect(String, String, Duration, Duration)}; with
	 * {@code auth} ({@code digest:<user>:<password>}, see {@code snowflake.zookeeper.auth}) the client authenticates
	 * and creates every node for that identity only ({@code auth::cdrwa}); null: world-writable nodes.
	 * @throws SnowflakeConfigurationException if a value is out of range (naming its {@code snowflake.zookeeper.*}
	 * setting; never showing the credentials)
	 */
	public static ZooKeeperLeaseStore connect(String connectString, String path, Duration sessionTimeout,
			Duration connectionTimeout, String auth) {
		if (connectString == null || connectString.isBlank()) {
			throw new SnowflakeConfigurationException(ZooKeeperSettings.CONNECT_STRING,
					(connectString == null) ? "(not set)" : "'" + connectString + "'",
					"the ZooKeeper ensemble, such as zk1:2181,zk2:2181,zk3:2181 (required with "
							+ "snowflake.worker-assignment=zookeeper)");
		}
		checkTimeout(ZooKeeperSettings.SESSION_TIMEOUT, sessionTimeout,
				ZooKeeperSettings.MIN_SESSION_TIMEOUT);
		checkTimeout(ZooKeeperSettings.CONNECTION_TIMEOUT, connectionTimeout,
				Duration.ofMillis(1));
		validatePath(path);
		byte[] credentials = (auth != null) ? LeaseAcls.digestCredentials(auth) : null;
		CuratorFrameworkFactory.Builder builder = CuratorFrameworkFactory.builder()
			.connectString(connectString.trim())
			.sessionTimeoutMs((int) sessionTimeout.toMillis())
			.connectionTimeoutMs((int) connectionTimeout.toMillis())
			// Only for the client's own background work: the store sends each operation once, bounded.
			.retryPolicy(new ExponentialBackoffRetry(200, 3));
		if (credentials != null) {
			// Authenticated on every (re)connection, before any operation of the session.
			builder.authorization("digest", credentials).aclProvider(new LeaseAcls.CreatorOnly());
		}
		CuratorFramework client = builder.build();
		client.start();
		return new ZooKeeperLeaseStore(client, path, true);
	}

	ZooKeeperLeaseStore(CuratorFramework client, String path, boolean ownsClient) {
		this.client = Objects.requireNonNull(client, "client must not be null");
		this.path = validatePath(path);
		this.ownsClient = ownsClient;
		this.acls = new LeaseAcls(client);
	}

	private static void checkTimeout(String setting, Duration value, Duration min) {
		Duration max = Duration.ofMillis(Integer.MAX_VALUE);
		if (value.compareTo(min) < 0 || value.compareTo(max) > 0) {
			throw new SnowflakeConfigurationException(setting, value.toMillis() + " ms",
					min.toMillis() + " ms to " + max.toMillis() + " ms");
		}
	}

	/** The path given, checked: absolute, not the root, no trailing slash, no empty or relative segments. */
	static String validatePath(String path) {
		String allowed = "an absolute ZooKeeper path other than the root, such as " + ZooKeeperSettings.DEFAULT_PATH
				+ " (no trailing slash, no empty, . or .. segments)";
		if (path == null || path.isBlank() || "/".equals(path)) {
			throw new SnowflakeConfigurationException(ZooKeeperSettings.PATH, "'" + path + "'", allowed);
		}
		if (!path.equals(path.strip())) {
			// Valid in ZooKeeper, but another pool than the same value trimmed (as the plain settings read it).
			throw new SnowflakeConfigurationException(ZooKeeperSettings.PATH, "'" + path + "'",
					allowed + ", without whitespace at either end");
		}
		try {
			PathUtils.validatePath(path);
		}
		catch (IllegalArgumentException ex) {
			throw new SnowflakeConfigurationException(ZooKeeperSettings.PATH, "'" + path + "'",
					allowed + " (" + ex.getMessage() + ")");
		}
		return path;
	}

	/** The client this store talks through. */
	public CuratorFramework client() {
		return this.client;
	}

	/** The base path of the lease nodes, as configured (within the client's namespace). */
	public String path() {
		return this.path;
	}

	@Override
	public String description() {
		return "ZooKeeper path " + this.path + " (" + this.client.getZookeeperClient().getCurrentConnectionString()
				+ ")";
	}

	@Override
	public String assignment() {
		return WorkerAssignment.ZOOKEEPER.value();
	}

	@Override
	public String unavailableAdvice() {
		return " (check " + ZooKeeperSettings.CONNECT_STRING + " and that the ensemble is up)";
	}

	/**
	 * The negotiated session timeout: waits for a connection (at most the client's connection timeout), as the
	 * server may grant another timeout than the one requested.
	 * @throws SnowflakeConfigurationException if the server granted less than 3 s
	 * @throws WorkerLeaseException if no connection could be had in time
	 */
	@Override
	public Duration maxLeaseDuration() {
		int connectionTimeout = this.client.getZookeeperClient().getConnectionTimeoutMs();
		try {
			// A client closed after it had connected still reports the connection: its state says it is closed. A
			// client not started yet is waited for (the application may start it meanwhile).
			boolean connected = this.client.getState() != CuratorFrameworkState.STOPPED
					&& this.client.blockUntilConnected(connectionTimeout, TimeUnit.MILLISECONDS)
					&& this.client.getState() == CuratorFrameworkState.STARTED;
			if (!connected) {
				CuratorFrameworkState state = this.client.getState();
				// An application's client never started (or closed) cannot connect: say so, not "check the ensemble".
				String why = (state == CuratorFrameworkState.STARTED) ? unavailableAdvice()
						: " (the CuratorFramework given is " + ((state == CuratorFrameworkState.LATENT)
								? "not started: start it before the lease is acquired" : "closed") + ")";
				throw new WorkerLeaseException(WorkerLeaseException.Reason.DATABASE_UNAVAILABLE, assignment(),
						"Cannot lease a worker id from " + description() + ": not connected within "
								+ connectionTimeout + " ms" + why, null);
			}
			long negotiated = this.client.getZookeeperClient().getZooKeeper().getSessionTimeout();
			checkSessionTimeout(negotiated);
			BoundedCall call = call(Duration.ofMillis(connectionTimeout));
			checkChroot(call);
			checkAcls(call);
			this.cappedAtMillis = negotiated;
			return Duration.ofMillis(negotiated);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new WorkerLeaseException(WorkerLeaseException.Reason.DATABASE_UNAVAILABLE, assignment(),
					"Interrupted while connecting to " + description(), ex);
		}
		catch (WorkerLeaseException | SnowflakeConfigurationException ex) {
			throw ex;
		}
		catch (KeeperException.NoAuthException ex) {
			throw otherIdentity(ex);
		}
		catch (Exception ex) {
			// Closed by the application after the state check above (Curator then says "Client is not started"):
			// named as closed, as above, not as an outage.
			String why = (this.client.getState() == CuratorFrameworkState.STOPPED)
					? "the CuratorFramework given is closed" : ex.getMessage();
			throw new WorkerLeaseException(WorkerLeaseException.Reason.DATABASE_UNAVAILABLE, assignment(),
					"Cannot lease a worker id from " + description() + ": " + why, ex);
		}
	}

	/** Not an outage: the nodes were made for another identity than this client's, or by someone else. */
	private SnowflakeConfigurationException otherIdentity(KeeperException.NoAuthException ex) {
		SnowflakeConfigurationException refused = new SnowflakeConfigurationException(ZooKeeperSettings.PATH,
				"'" + this.path + "'", "a path whose nodes this client's ZooKeeper identity may read and change",
				"ZooKeeper refused this client access to " + ex.getPath() + " (NoAuth): it was created for another "
						+ "ZooKeeper identity (the credentials of " + ZooKeeperSettings.AUTH + " or of the "
						+ "application's client changed between restarts, or another application owns the path). Every "
						+ "instance of a path must authenticate as the identity its nodes were created for; or use "
						+ "another path");
		refused.initCause(ex);
		return refused;
	}

	/**
	 * A chroot in the connect string must exist: ZooKeeper does not create it, and every create under a missing one
	 * fails with NoNode (which a claim would otherwise count as races lost to other instances).
	 */
	private void checkChroot(BoundedCall call) throws Exception {
		// With a chroot, "/" is the chroot itself; without one it always exists.
		if (call.exists("/") == null) {
			String connect = this.client.getZookeeperClient().getCurrentConnectionString();
			int slash = connect.indexOf('/');
			String chroot = (slash >= 0) ? connect.substring(slash) : "/";
			throw new SnowflakeConfigurationException(ZooKeeperSettings.CONNECT_STRING, "'" + connect + "'",
					"host:port[,host:port...][/chroot] with a chroot that exists on the ensemble",
					"The chroot " + chroot + " does not exist on the ensemble (ZooKeeper does not create it): create it "
							+ "once (zkCli: create " + chroot + "), or fix the chroot in the connect string");
		}
	}

	private static void checkSessionTimeout(long negotiatedMillis) {
		if (negotiatedMillis < ZooKeeperSettings.MIN_SESSION_TIMEOUT.toMillis()) {
			throw new SnowflakeConfigurationException(ZooKeeperSettings.SESSION_TIMEOUT,
					negotiatedMillis + " ms (as negotiated with the server)",
					"at least " + ZooKeeperSettings.MIN_SESSION_TIMEOUT.toSeconds() + " s: the lease lasts at most the "
							+ "session timeout",
					"Raise " + ZooKeeperSettings.SESSION_TIMEOUT + " (the servers' minSessionTimeout and "
							+ "maxSessionTimeout bound what they grant)");
		}
	}

	@Override
	public void attached(LeaseSignals lease) {
		ConnectionStateListener listener = (client, state) -> {
			if (state == ConnectionState.SUSPENDED || state == ConnectionState.LOST) {
				// The session may be ending without us knowing: no id until a renewal proves it alive again.
				lease.suspend("ZooKeeper connection " + state);
			}
			else if (state == ConnectionState.RECONNECTED) {
				lease.renewSoon();
			}
		};
		this.listeners.put(lease, listener);
		this.client.getConnectionStateListenable().addListener(listener);
	}

	@Override
	public void detached(LeaseSignals lease) {
		ConnectionStateListener listener = this.listeners.remove(lease);
		if (listener != null) {
			this.client.getConnectionStateListenable().removeListener(listener);
		}
	}

	@Override
	public void prepare(Duration timeout) throws Exception {
		try {
			prepareNodes(timeout);
		}
		catch (KeeperException.NoAuthException ex) {
			throw otherIdentity(ex);
		}
	}

	private void prepareNodes(Duration timeout) throws Exception {
		BoundedCall call = call(timeout);
		String base = rawPath(this.path);
		if (call.exists(base) != null) {
			return;
		}
		StringBuilder current = new StringBuilder();
		for (String segment : base.substring(1).split("/")) {
			current.append('/').append(segment);
			String node = current.toString();
			// The client's ACL provider decides, as for the application's own nodes; false: it exists already.
			call.multi(List.of(Op.create(node, new byte[0], this.acls.forPath(node), CreateMode.PERSISTENT)));
		}
		// Made by someone else between the check at start and here: the same check.
		checkAcls(call);
	}

	/**
	 * If the client's ACL provider protects the lease nodes, refuses a base node or pair node made beforehand that
	 * anyone may delete or rewrite; if it does not, warns once (the application's choice, or no
	 * {@code snowflake.zookeeper.auth}).
	 */
	private void checkAcls(BoundedCall call) throws Exception {
		String base = rawPath(this.path);
		List<ACL> pairAcl = this.acls.forPath(base + "/0-0");
		String open = LeaseAcls.grantedToAnyone(pairAcl, LeaseAcls.PAIR_UNSAFE);
		if (!open.isEmpty()) {
			if (this.warnedOpen.compareAndSet(false, true)) {
				logger.log(System.Logger.Level.WARNING, "Worker lease nodes under {0} are created with ACL {1} (the "
						+ "ZooKeeper client''s ACL provider): any client of the ensemble may delete or rewrite a lease "
						+ "and its high-water mark. Set {2} (quarkus.{2} in Quarkus), or give an application''s own "
						+ "CuratorFramework an ACL provider and authentication", this.path, LeaseAcls.describe(pairAcl),
						ZooKeeperSettings.AUTH);
			}
			return;
		}
		List<ACL> baseAcl = call.await(call.nodes.acl(base));
		if (baseAcl == null) {
			return; // prepare() creates it with the provider's ACL
		}
		LeaseAcls.refuseOpen(base, baseAcl, LeaseAcls.BASE_UNSAFE, this.acls.forPath(base));
		List<String> children = call.children(base);
		List<String> nodes = new ArrayList<>();
		List<CompletableFuture<List<ACL>>> reads = new ArrayList<>();
		for (String child : (children != null) ? children : List.<String>of()) {
			if (PAIR.matcher(child).matches()) {
				nodes.add(base + "/" + child);
				reads.add(call.nodes.acl(base + "/" + child));
			}
		}
		for (int i = 0; i < nodes.size(); i++) {
			List<ACL> acl = call.await(reads.get(i));
			if (acl != null) {
				LeaseAcls.refuseOpen(nodes.get(i), acl, LeaseAcls.PAIR_UNSAFE, this.acls.forPath(nodes.get(i)));
			}
		}
	}

	@Override
	public List<LeaseRecord> records(Integer datacenterId, Duration timeout) throws Exception {
		BoundedCall call = call(timeout);
		String base = rawPath(this.path);
		List<String> children = call.children(base);
		if (children == null) {
			return new ArrayList<>(); // not prepared yet: no records
		}
		List<int[]> pairs = new ArrayList<>();
		List<String> nodes = new ArrayList<>();
		List<CompletableFuture<ZooKeeperNodes.NodeRead>> reads = new ArrayList<>();
		List<CompletableFuture<Stat>> holders = new ArrayList<>();
		for (String child : children) {
			Matcher matcher = PAIR.matcher(child);
			if (!matcher.matches()) {
				continue; // not ours
			}
			long dc = Long.parseLong(matcher.group(1));
			long worker = Long.parseLong(matcher.group(2));
			if (dc > Integer.MAX_VALUE || worker > Integer.MAX_VALUE
					|| (datacenterId != null && dc != datacenterId)) {
				continue;
			}
			String node = base + "/" + child;
			pairs.add(new int[] { (int) dc, (int) worker });
			nodes.add(node);
			reads.add(call.nodes.read(node));
			holders.add(call.nodes.exists(node + "/" + HOLDER));
		}
		List<LeaseRecord> records = new ArrayList<>();
		for (int i = 0; i < pairs.size(); i++) {
			ZooKeeperNodes.NodeRead read = call.await(reads.get(i));
			Stat holder = call.await(holders.get(i));
			if (read == null) {
				continue; // deleted meanwhile (by hand): no record
			}
			NodeData data = NodeData.parse(nodes.get(i), read.data());
			long leaseEnd = (holder != null) ? data.leaseEnd : 0; // no holder: its session ended, or released
			records.add(new LeaseRecord(pairs.get(i)[0], pairs.get(i)[1], leaseEnd, data.mark));
		}
		return records;
	}

	@Override
	public boolean takeFree(LeaseRecord record, String owner, String token, long leaseEnd, long mark,
			long expiredBefore, Duration timeout) throws Exception {
		BoundedCall call = call(timeout);
		String node = node(record.datacenterId(), record.workerId());
		State state = state(call, node);
		if (state == null || state.data.mark != record.highWaterMark()) {
			return false; // another claimant moved it on since it was read
		}
		if (state.holder != null && state.data.leaseEnd >= expiredBefore) {
			return false; // held by a live session whose lease has not ended
		}
		List<Op> ops = new ArrayList<>();
		ops.add(Op.setData(node, new NodeData(leaseEnd, mark, token, owner).encode(), state.version));
		if (state.holder != null) {
			ops.add(Op.delete(node + "/" + HOLDER, state.holder.getVersion()));
		}
		ops.add(holderCreate(node, owner));
		return call.multi(ops);
	}

	@Override
	public boolean insertNew(int datacenterId, int workerId, String owner, String token, long leaseEnd, long mark,
			Duration timeout) throws Exception {
		BoundedCall call = call(timeout);
		String node = node(datacenterId, workerId);
		return call.multi(List.of(
				Op.create(node, new NodeData(leaseEnd, mark, token, owner).encode(), this.acls.forPath(node),
						CreateMode.PERSISTENT),
				holderCreate(node, owner)));
	}

	@Override
	public boolean renew(int datacenterId, int workerId, Collection<String> tokens, String newToken, long leaseEnd,
			long mark, Duration timeout) throws Exception {
		BoundedCall call = call(timeout);
		long needed = leaseMillis(datacenterId, workerId);
		if (needed > 0 && call.nodes.sessionTimeout() < needed) {
			// A session (re)negotiated with a shorter timeout than the lease (the ensemble's maxSessionTimeout was
			// lowered): a permit of this lease's length could outlive the session, and this session will keep that
			// timeout. Given up for good, saying so: refusing every renewal would pause ids for ever with a reason
			// that promises they resume. The holder node stays until the session ends, so nobody takes the pair
			// before this instance restarts (and leases with the shorter timeout).
			return lost(datacenterId, workerId, "was given up: the ZooKeeper session timeout was renegotiated to "
					+ call.nodes.sessionTimeout() + " ms, shorter than the lease (" + needed + " ms; the "
					+ "ensemble's maxSessionTimeout was lowered), so a permit could outlive the session");
		}
		String node = node(datacenterId, workerId);
		State state = state(call, node);
		long session = call.nodes.sessionId();
		if (state == null) {
			return lost(datacenterId, workerId, "was lost: its node " + node + " was deleted (by hand or by another "
					+ "program), and its high-water mark with it");
		}
		if (!tokens.contains(state.data.token)) {
			return lost(datacenterId, workerId, takenOver(state));
		}
		// The node carries our token: nobody else wrote it since our last write (every claim and release writes
		// a token of its own), so its mark is ours and covers every id we issued. Never lowered.
		NodeData renewed = new NodeData(leaseEnd, Math.max(mark, state.data.mark), newToken, state.data.owner);
		if (state.holder != null && state.holder.getEphemeralOwner() == session) {
			return call.multi(List.of(Op.check(node + "/" + HOLDER, state.holder.getVersion()),
					Op.setData(node, renewed.encode(), state.version)));
		}
		if (state.holder != null && !this.sessions.contains(state.holder.getEphemeralOwner())) {
			return lost(datacenterId, workerId, "was lost: its holder node belongs to ZooKeeper session 0x"
					+ Long.toHexString(state.holder.getEphemeralOwner()) + ", not this instance's, although the node "
					+ "carries this instance's lease token (another process holds the same token, such as a cloned VM, "
					+ "or the node was changed by hand)");
		}
		// Our session ended (an outage or pause longer than the session timeout; or our holder was deleted), and
		// nobody took the pair since: lease it again under the current session, in one transaction that checks
		// the node is still as read. A holder left by an earlier session of this client (the server has not
		// expired it yet) goes in the same transaction: that session's handle is closed, nothing issues under it.
		List<Op> ops = new ArrayList<>();
		ops.add(Op.setData(node, renewed.encode(), state.version));
		if (state.holder != null) {
			ops.add(Op.delete(node + "/" + HOLDER, state.holder.getVersion()));
		}
		ops.add(holderCreate(node, state.data.owner));
		if (!call.multi(ops)) {
			// Changed since read (the server expired the old holder meanwhile, or another instance claimed the
			// pair): nothing was applied; the next attempt reads it again and resumes or is sealed.
			throw new NotAppliedException(new KeeperException.BadVersionException(node));
		}
		logger.log(System.Logger.Level.INFO, "Leased snowflake worker {0}-{1} again under ZooKeeper session 0x{2}: "
				+ "its holder node was gone or left by an earlier session (the session ended, or the node was "
				+ "deleted), and nobody took the pair meanwhile", datacenterId, workerId, Long.toHexString(session));
		return true;
	}

	/** Remembers why the pair is lost, for {@link #lostReason}; returns false (the renewal's answer). */
	private boolean lost(int datacenterId, int workerId, String reason) {
		this.lostReasons.put(pairKey(datacenterId, workerId), reason);
		return false;
	}

	private static String takenOver(State state) {
		if (state.data.token.isEmpty()) {
			// A release writes no token: who released it cannot be told from the node.
			return "was lost: the pair was released meanwhile, either by another instance that took it over after "
					+ "this instance's ZooKeeper session had ended (an outage or pause longer than the session timeout) "
					+ "and has stopped since, or by a process holding this instance's lease token (such as a cloned VM)";
		}
		String holder = (state.holder != null)
				? " (its holder node in ZooKeeper session 0x" + Long.toHexString(state.holder.getEphemeralOwner()) + ")"
				: "";
		return "is now held by another instance, owner '" + state.data.owner + "'" + holder + ": this instance's "
				+ "ZooKeeper session had ended (an outage or pause longer than the session timeout) and the pair was "
				+ "free; that instance issues above this one's high-water mark";
	}

	@Override
	public String lostReason(int datacenterId, int workerId) {
		return this.lostReasons.remove(pairKey(datacenterId, workerId));
	}

	private static long pairKey(int datacenterId, int workerId) {
		return ((long) datacenterId << 32) | (workerId & 0xFFFFFFFFL);
	}

	@Override
	public boolean release(int datacenterId, int workerId, Collection<String> tokens, long exactMark,
			Duration timeout) throws Exception {
		BoundedCall call = call(timeout);
		String node = node(datacenterId, workerId);
		State state = state(call, node);
		if (state == null || !tokens.contains(state.data.token)) {
			return false;
		}
		List<Op> ops = new ArrayList<>();
		ops.add(Op.setData(node, new NodeData(0, exactMark, "", "").encode(), state.version));
		if (state.holder != null && state.holder.getEphemeralOwner() == call.nodes.sessionId()) {
			ops.add(Op.delete(node + "/" + HOLDER, state.holder.getVersion()));
		}
		return call.multi(ops);
	}

	/**
	 * How long a renewal of the pair lets ids be issued: the duration of the lease attached for it (the configured
	 * one, which may be shorter than the session timeout it was capped at), else the cap itself.
	 */
	private long leaseMillis(int datacenterId, int workerId) {
		long millis = 0;
		for (LeaseSignals lease : this.listeners.keySet()) {
			if (lease.datacenterId() == datacenterId && lease.workerId() == workerId) {
				millis = Math.max(millis, lease.duration().toMillis());
			}
		}
		return (millis > 0) ? millis : this.cappedAtMillis;
	}

	/** Closes the client if this store created it (from settings); an application's client is left open. */
	@Override
	public void close() {
		for (ConnectionStateListener listener : this.listeners.values()) {
			this.client.getConnectionStateListenable().removeListener(listener);
		}
		this.listeners.clear();
		if (this.ownsClient) {
			this.client.close();
		}
	}

	@Override
	public String toString() {
		return "ZooKeeperLeaseStore[" + this.path + "]";
	}

	private Op holderCreate(String node, String owner) {
		String holder = node + "/" + HOLDER;
		return Op.create(holder, owner.getBytes(StandardCharsets.UTF_8), this.acls.forPath(holder),
				CreateMode.EPHEMERAL);
	}

	private String node(int datacenterId, int workerId) {
		return rawPath(this.path) + "/" + datacenterId + "-" + workerId;
	}

	/** The path on the server: the client's namespace applies, as for its own operations. */
	private String rawPath(String path) {
		return ZKPaths.fixForNamespace(this.client.getNamespace(), path);
	}

	/** Starts an operation bounded by {@code timeout}, on the current handle; nothing sent if not connected. */
	private BoundedCall call(Duration timeout) throws Exception {
		long deadline = System.nanoTime() + timeout.toNanos() + TimeUnit.MILLISECONDS.toNanos(SLACK_MILLIS);
		if (!this.client.getZookeeperClient().isConnected()) {
			throw new NotAppliedException(new KeeperException.ConnectionLossException());
		}
		ZooKeeper handle;
		try {
			handle = this.client.getZookeeperClient().getZooKeeper();
		}
		catch (Exception ex) {
			throw new NotAppliedException(ex);
		}
		rememberSession(handle.getSessionId());
		return new BoundedCall(new HandleNodes(handle), deadline);
	}

	/**
	 * Remembers a session of this store's client: a holder node left by one of them (after the session was given
	 * up by the client and before the server expired it) is this instance's own. Each handle has one session;
	 * Curator closes a handle before it opens the next, so only the current one can still act.
	 */
	private void rememberSession(long sessionId) {
		if (sessionId != 0 && this.sessions.add(sessionId)) {
			synchronized (this.sessions) {
				while (this.sessions.size() > MAX_SESSIONS) {
					this.sessions.remove(this.sessions.iterator().next());
				}
			}
		}
	}

	/** The node's data and version and its holder's stat, read at once. */
	private record State(NodeData data, int version, Stat holder) {
	}

	/** The pair node as it is now (its data and its holder, both requests sent before either is awaited), or null. */
	private static State state(BoundedCall call, String node) throws Exception {
		CompletableFuture<ZooKeeperNodes.NodeRead> read = call.nodes.read(node);
		CompletableFuture<Stat> holder = call.nodes.exists(node + "/" + HOLDER);
		ZooKeeperNodes.NodeRead data = call.await(read);
		Stat holderStat = call.await(holder);
		return (data != null) ? new State(NodeData.parse(node, data.data()), data.stat().getVersion(), holderStat)
				: null;
	}

	/** The pair node's data: a few {@code key=value} lines. */
	record NodeData(long leaseEnd, long mark, String token, String owner) {

		byte[] encode() {
			return ("leaseEnd=" + this.leaseEnd + "\nmark=" + this.mark + "\ntoken=" + this.token + "\nowner="
					+ this.owner.replace('\n', ' ').replace('\r', ' ') + "\n").getBytes(StandardCharsets.UTF_8);
		}

		static NodeData parse(String node, byte[] bytes) {
			Long leaseEnd = null;
			Long mark = null;
			String token = "";
			String owner = "";
			String text = (bytes != null) ? new String(bytes, StandardCharsets.UTF_8) : "";
			for (String line : text.split("\n")) {
				int eq = line.indexOf('=');
				if (eq < 0) {
					continue;
				}
				String value = line.substring(eq + 1);
				switch (line.substring(0, eq)) {
					case "leaseEnd" -> leaseEnd = number(node, text, value);
					case "mark" -> mark = number(node, text, value);
					case "token" -> token = value;
					case "owner" -> owner = value;
					default -> {
						// a later version's field: ignored
					}
				}
			}
			if (leaseEnd == null || mark == null) {
				// Not written by this store: refuse rather than guess a mark (ids could repeat).
				throw unreadable(node, text, "no leaseEnd/mark");
			}
			return new NodeData(leaseEnd, mark, token, owner);
		}

		private static long number(String node, String text, String value) {
			try {
				return Long.parseLong(value);
			}
			catch (NumberFormatException ex) {
				throw unreadable(node, text, "'" + value + "' is not a number");
			}
		}

		/** Names the node: the operator has to find it (a node written by hand, or by another program). */
		private static IllegalStateException unreadable(String node, String text, String why) {
			return new IllegalStateException("Unreadable worker lease node " + node + " (" + why + "): '" + text
					+ "'; not written by snowflake-id (or changed by hand): fix or remove it once no instance holds the pair, or "
					+ "use another " + ZooKeeperSettings.PATH);
		}
	}
}
