package io.snowflakeid.redis.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.spi.LeaseRecord;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.internal.config.WorkerAssignment;

/**
 * Worker leases in Redis ({@code snowflake.worker-assignment=redis}): one hash (default
 * {@code snowflake:worker-lease}) with a field {@code {datacenter}:{worker}} per pair, whose value (JSON) holds the
 * lease end, the high-water mark, the holder's token and its owner description. Every operation is ONE Lua script
 * on that one key, so it is atomic on the server (and the key's slot decides the node on a Redis Cluster): the same
 * compare-and-set conditions as the lease table's statements.
 * <p>
 * Lease ends are the claimant host's wall-clock milliseconds, compared in the scripts exactly as the SQL compares
 * them; Redis key expiry (TTL) is deliberately not used for the lease end (every write removes a TTL someone
 * set): the record must outlive every lease, because its high-water mark is what the next holder of the pair
 * issues above. A key that expired would hand the pair out again with no mark, and the next holder could repeat
 * ids of the last one. Numbers are kept as the decimal strings Java wrote and compared as exact integers in the
 * scripts (Lua numbers are doubles).
 * <p>
 * Every script is idempotent on the claimant's or renewal's fresh token: executed twice (Lettuce re-sends commands
 * in flight after a reconnect), the second run answers as the first did instead of reporting a lost race.
 * <p>
 * The guarantee holds as long as the server never forgets an acknowledged write: see docs/worker-assignment.md
 * (Redis persistence {@code appendonly yes} with {@code appendfsync always}, no eviction of keys without a TTL, and
 * no failover to a replica that missed writes). {@link ServerCheck} reads the server's state before every claim and renewal and
 * refuses one that can forget; a write of a claim or renewal counts only once every replica connected to the
 * primary has acknowledged it (WAIT). A holder whose record went back anyway finds its token gone at the next
 * renewal and stops at once, like a holder whose lease was taken over.
 */
public final class RedisLeaseStore implements LeaseStore, AutoCloseable {

	/**
	 * Exact comparison of canonical decimal integer strings (as {@code Long.toString} writes them: no sign but a
	 * minus, no leading zero; records() refuses others), and the record codec: prepended to every script.
	 */
	private static final String PRELUDE = """
			local function cmp(a, b)
			  local na, nb = string.sub(a, 1, 1) == '-', string.sub(b, 1, 1) == '-'
			  if na ~= nb then if na then return -1 else return 1 end end
			  local r
			  if a == b then return 0 end
			  if #a ~= #b then if #a < #b then r = -1 else r = 1 end
			  elseif a < b then r = -1 else r = 1 end
			  if na then return -r end
			  return r
			end
			local function canonical(n)
			  return type(n) == 'string' and (n == '0' or string.match(n, '^%-?[1-9]%d*$') ~= nil) and #n <= 20
			end
			local function put(field, leaseEnd, mark, token, owner)
			  redis.call('HSET', KEYS[1], field, cjson.encode({leaseEnd = leaseEnd, highWaterMark = mark,
			    token = token, owner = owner}))
			  -- A TTL someone set would drop every record (and make the hash evictable under volatile-*)
			  redis.call('PERSIST', KEYS[1])
			end
			local function get(field)
			  local raw = redis.call('HGET', KEYS[1], field)
			  if not raw then return nil end
			  return cjson.decode(raw)
			end
			""";

	/** ARGV: datacenter id or '' for all. Returns field, lease end, mark, ... */
	static final String RECORDS = PRELUDE + """
			local kind = redis.call('TYPE', KEYS[1]).ok
			if kind ~= 'hash' and kind ~= 'none' then
			  return redis.error_reply(KEYS[1] .. ' is a ' .. kind .. ', not a hash of snowflake worker lease records: another application uses it (use a key of its own for KEY_SETTING)')
			end
			local all = redis.call('HGETALL', KEYS[1])
			local out = {}
			for i = 1, #all, 2 do
			  local field = all[i]
			  local sep = string.find(field, ':', 1, true)
			  if not sep and field ~= 'fence' then
			    return redis.error_reply('field ' .. field .. ' of ' .. KEYS[1] .. ' is not a snowflake worker lease record: another application uses the key (use a key of its own for KEY_SETTING)')
			  end
			  if field == 'fence' then
			    -- forgottenHoldersFence()'s field, not a pair
			  elseif ARGV[1] == '' or string.sub(field, 1, sep - 1) == ARGV[1] then
			    local ok, r = pcall(cjson.decode, all[i + 1])
			    -- A nil would shift every later value (or drop this record unseen): a record not understood
			    -- could be a pair in use, so it is an error, never skipped.
			    if not ok or type(r) ~= 'table' or not canonical(r.leaseEnd) or not canonical(r.highWaterMark) then
			      return redis.error_reply('field ' .. field .. ' of ' .. KEYS[1] .. ' is not a snowflake worker lease record (use a key of its own for KEY_SETTING)')
			    end
			    out[#out + 1] = field
			    out[#out + 1] = r.leaseEnd
			    out[#out + 1] = r.highWaterMark
			  end
			end
			return out
			""".replace("KEY_SETTING", RedisSettings.KEY);

	/**
	 * ARGV: the fence to record if the hash is gone. Returns the fence recorded (0 if none): see
	 * {@link #forgottenHoldersFence}. Lua numbers are doubles, exact for milliseconds since 1970 for ages.
	 */
	static final String FENCE = PRELUDE + """
			local kind = redis.call('TYPE', KEYS[1]).ok
			if kind == 'none' then
			  redis.call('HSET', KEYS[1], 'fence', ARGV[1])
			  return tonumber(ARGV[1])
			end
			if kind ~= 'hash' then
			  return redis.error_reply(KEYS[1] .. ' is a ' .. kind .. ', not a hash of snowflake worker lease records: another application uses it (use a key of its own for KEY_SETTING)')
			end
			local fence = redis.call('HGET', KEYS[1], 'fence')
			if not fence or not canonical(fence) then return 0 end
			return tonumber(fence)
			""".replace("KEY_SETTING", RedisSettings.KEY);

	/** ARGV: field, owner, token, lease end, mark, expired before, mark read. */
	static final String TAKE_FREE = PRELUDE + """
			local r = get(ARGV[1])
			if not r then return 0 end
			if r.token == ARGV[3] then return 1 end
			if cmp(r.leaseEnd, ARGV[6]) < 0 and cmp(r.highWaterMark, ARGV[7]) == 0 then
			  put(ARGV[1], ARGV[4], ARGV[5], ARGV[3], ARGV[2])
			  return 1
			end
			return 0
			""";

	/**
	 * ARGV: field, owner, token, lease end, mark, the fence this claimant read. A hash deleted since that read, or
	 * deleted and fenced again by another claimant, refuses the record (a lost race): the claim reads the fence
	 * again and waits for it, instead of creating a pair a forgotten holder may still use.
	 */
	static final String INSERT_NEW = PRELUDE + """
			local r = get(ARGV[1])
			if r then
			  if r.token == ARGV[3] then return 1 end
			  return 0
			end
			if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
			if (redis.call('HGET', KEYS[1], 'fence') or '0') ~= ARGV[6] then return 0 end
			put(ARGV[1], ARGV[4], ARGV[5], ARGV[3], ARGV[2])
			return 1
			""";

	/**
	 * ARGV: field, new token, lease end, mark, tokens... The mark is raised, never lowered. Answers 1 renewed, 0 held
	 * by another or freed, -1 the record is gone (deleted with the hash: never written back, see the fence).
	 */
	static final String RENEW = PRELUDE + """
			local r = get(ARGV[1])
			if not r then return -1 end
			if r.token == '' then return 0 end
			if r.token == ARGV[2] then return 1 end
			for i = 5, #ARGV do
			  if r.token == ARGV[i] then
			    local mark = ARGV[4]
			    if cmp(r.highWaterMark, mark) > 0 then mark = r.highWaterMark end
			    put(ARGV[1], ARGV[3], mark, ARGV[2], r.owner)
			    return 1
			  end
			end
			return 0
			""";

	/** ARGV: field, exact mark, tokens... */
	static final String RELEASE = PRELUDE + """
			local r = get(ARGV[1])
			if not r or r.token == '' then return 0 end
			for i = 3, #ARGV do
			  if r.token == ARGV[i] then
			    put(ARGV[1], '0', ARGV[2], '', '')
			    return 1
			  end
			end
			return 0
			""";

	private final RedisScripts scripts;

	private final String key;

	private final boolean ownsClient;

	private final ServerCheck serverCheck;

	/**
	 * The least time a store's first operation gets: it may open the connection, and on a loaded host the client's
	 * first command also loads and links its classes. The database lease gives a cold first connection as long.
	 */
	static final Duration FIRST_OPERATION_FLOOR = Duration.ofSeconds(5);

	/** Whether the server has answered this store once (from then on, each operation gets its own bound). */
	private volatile boolean answered;

	/**
	 * The fence the current thread's claim read ({@link #forgottenHoldersFence}), which {@link #insertNew} requires
	 * unchanged: a claim runs on one thread, from the fence to its inserts.
	 */
	private final ThreadLocal<String> fenceRead = new ThreadLocal<>();

	/** Why the last renewal of a pair (field) failed, when the store knows more than "taken over". */
	private final java.util.Map<String, String> lostReasons = new java.util.concurrent.ConcurrentHashMap<>();

	/** The replicas each write waits for: those connected to the primary at the last check. */
	private volatile int replicas;

	/**
	 * A store over {@code scripts} with the {@code snowflake.redis.*} settings of a settings map ({@code key},
	 * {@code accept-data-loss-risk}: each read by its row, its default where absent): how plain Hibernate, Quarkus and
	 * Spring (over the application's {@code RedisConnectionFactory}, without Lettuce) make it. The store closes
	 * {@code scripts} (an adapter), never what it wraps.
	 * @throws io.snowflakeid.SnowflakeConfigurationException naming a setting whose value cannot be read
	 */
	public static RedisLeaseStore fromSettings(RedisScripts scripts, Map<String, ?> settings) {
		// true or false, any case; anything else is refused naming the setting: a typo must not accept a risk
		boolean acceptDataLossRisk = Settings.REDIS_ACCEPT_DATA_LOSS_RISK.readOrDefault(settings);
		return new RedisLeaseStore(scripts, key(settings), true, acceptDataLossRisk);
	}

	/** The hash's name, checked. */
	static String key(Map<String, ?> settings) {
		// As written, not through the row's text parser, which trims: a key with blanks around it is refused, not
		// quietly changed into another hash than the one other instances use.
		Object key = settings.get(Settings.REDIS_KEY.key());
		return RedisSettings.checkKey((key != null) ? key.toString() : Settings.REDIS_KEY.defaultValue());
	}

	/**
	 * A store over {@code scripts} in the hash {@code key}, refusing a server that can lose an acknowledged write.
	 * @param ownsClient whether {@link #close()} closes {@code scripts} (a client this store's provider opened),
	 * else it is the application's and stays open
	 */
	public RedisLeaseStore(RedisScripts scripts, String key, boolean ownsClient) {
		this(scripts, key, ownsClient, false);
	}

	/**
	 * A store over {@code scripts} in the hash {@code key}.
	 * @param ownsClient whether {@link #close()} closes {@code scripts} (a client this store's provider opened),
	 * else it is the application's and stays open
	 * @param acceptDataLossRisk {@link RedisSettings#ACCEPT_DATA_LOSS_RISK}: lease even from a server without
	 * {@code appendonly yes} and {@code appendfsync always}
	 */
	public RedisLeaseStore(RedisScripts scripts, String key, boolean ownsClient, boolean acceptDataLossRisk) {
		this.scripts = Objects.requireNonNull(scripts, "scripts must not be null");
		this.key = RedisSettings.checkKey(key);
		this.ownsClient = ownsClient;
		this.serverCheck = new ServerCheck(acceptDataLossRisk);
	}

	/** A store over the application's client in the default hash; {@link #close()} leaves the client open. */
	public RedisLeaseStore(RedisScripts scripts) {
		this(scripts, RedisSettings.DEFAULT_KEY, false);
	}

	/** The hash the records are in. */
	public String key() {
		return this.key;
	}

	@Override
	public String description() {
		return "Redis hash " + this.key + " on " + this.scripts.description();
	}

	@Override
	public String assignment() {
		return WorkerAssignment.REDIS.value();
	}

	/** Before a claim: refuses a server that can lose the lease ({@link ServerCheck}). */
	@Override
	public void prepare(Duration timeout) throws Exception {
		this.replicas = checkServer(firstFloor(timeout));
	}

	private int checkServer(Duration timeout) throws Exception {
		int count = this.serverCheck.check(this.scripts, description(), timeout);
		this.answered = true;
		return count;
	}

	/** {@code timeout}, or {@link #FIRST_OPERATION_FLOOR} while the server has never answered this store. */
	private Duration firstFloor(Duration timeout) {
		return (this.answered || timeout.compareTo(FIRST_OPERATION_FLOOR) >= 0) ? timeout : FIRST_OPERATION_FLOOR;
	}

	/** Runs a writing script that answers 1 when it applied, waiting for the replicas of the last check. */
	private boolean write(String script, List<String> args, Duration timeout) throws Exception {
		return writeAnswering(script, args, timeout) == 1;
	}

	/** Runs a writing script, waiting for the replicas of the last check; its answer. */
	private long writeAnswering(String script, List<String> args, Duration timeout) throws Exception {
		long result;
		try {
			result = this.scripts.evalLong(script, this.key, args, this.replicas, firstFloor(timeout));
		}
		catch (Exception ex) {
			if (this.replicas > 0 && ServerCheck.isErrorAnswer(ex) && String.valueOf(ex.getMessage()).toLowerCase(
					java.util.Locale.ROOT).contains("'wait'")) {
				// WAIT denied by an ACL or renamed away: the server answers, but no write can be confirmed.
				throw new io.snowflakeid.worker.WorkerLeaseException(
						io.snowflakeid.worker.WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION,
						WorkerAssignment.REDIS.value(), "Refusing to lease worker ids from " + description() + ": WAIT "
								+ "was refused (" + ex.getMessage() + "); with " + this.replicas + " replicas, every "
								+ "write of the lease must WAIT for them: allow WAIT to the lease's Redis user",
						ex);
			}
			throw ex;
		}
		this.answered = true;
		return result;
	}

	/**
	 * A hash that is gone was deleted, flushed or expired (or never written: the two look the same) while holders
	 * may still be issuing ids under records it held: the first claim to find it so records the fence (waiting for
	 * the replicas, as for every write of the lease), and every claim until then waits for it.
	 */
	@Override
	public long forgottenHoldersFence(long fenceIfEmpty, Duration timeout) throws Exception {
		long fence;
		try {
			fence = writeAnswering(FENCE, List.of(Long.toString(fenceIfEmpty)), timeout);
		}
		catch (Exception ex) {
			throw refusedIfForeignData(ex);
		}
		this.fenceRead.set(Long.toString(fence));
		return fence;
	}

	@Override
	public List<LeaseRecord> records(Integer datacenterId, Duration timeout) throws Exception {
		List<String> flat;
		try {
			flat = this.scripts.evalList(RECORDS, this.key,
					List.of((datacenterId != null) ? datacenterId.toString() : ""), firstFloor(timeout));
		}
		catch (Exception ex) {
			throw refusedIfForeignData(ex);
		}
		this.answered = true;
		List<LeaseRecord> records = new ArrayList<>(flat.size() / 3);
		for (int i = 0; i + 2 < flat.size(); i += 3) {
			String field = flat.get(i);
			int separator = field.indexOf(':');
			try {
				records.add(new LeaseRecord(Integer.parseInt(field.substring(0, separator)),
						Integer.parseInt(field.substring(separator + 1)), Long.parseLong(flat.get(i + 1)),
						Long.parseLong(flat.get(i + 2))));
			}
			catch (NumberFormatException ex) {
				// Never skipped: a record not understood could be a pair in use.
				throw new IllegalStateException("Unexpected field '" + field + "' in " + description()
						+ ": it is not a snowflake worker lease record (use a key of its own for "
						+ RedisSettings.KEY + ")", ex);
			}
		}
		return records;
	}

	/** Another application's data under the key (a script's answer): a setting to change, not an outage. */
	private Exception refusedIfForeignData(Exception ex) {
		String message = String.valueOf(ex.getMessage());
		String advice = "(use a key of its own for " + RedisSettings.KEY + ")";
		int end = message.indexOf(advice);
		if (end < 0) {
			return ex;
		}
		int start = Math.max(message.lastIndexOf("field ", end), message.lastIndexOf(this.key + " is a ", end));
		return new io.snowflakeid.worker.WorkerLeaseException(
				io.snowflakeid.worker.WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION,
				WorkerAssignment.REDIS.value(), "Refusing to lease worker ids from " + description() + ": "
						+ message.substring(Math.max(0, start), end + advice.length()),
				ex);
	}

	@Override
	public boolean takeFree(LeaseRecord record, String owner, String token, long leaseEnd, long mark,
			long expiredBefore, Duration timeout) throws Exception {
		return write(TAKE_FREE,
				List.of(field(record.datacenterId(), record.workerId()), owner, token, Long.toString(leaseEnd),
						Long.toString(mark), Long.toString(expiredBefore), Long.toString(record.highWaterMark())),
				timeout);
	}

	@Override
	public boolean insertNew(int datacenterId, int workerId, String owner, String token, long leaseEnd, long mark,
			Duration timeout) throws Exception {
		// The fence this thread's claim read last ("0": none; never read: a value no hash carries, so refused)
		String fence = this.fenceRead.get();
		return write(INSERT_NEW, List.of(field(datacenterId, workerId), owner, token, Long.toString(leaseEnd),
				Long.toString(mark), (fence != null) ? fence : "unread"), timeout);
	}

	/**
	 * Checks the server first (it may have been reconfigured since the claim): a server that can now lose the
	 * renewal is refused, nothing is sent, and ids stop when the current permit runs out, with the refusal as the
	 * reason. Every step shares the one bound.
	 */
	@Override
	public boolean renew(int datacenterId, int workerId, Collection<String> tokens, String newToken, long leaseEnd,
			long mark, Duration timeout) throws Exception {
		long deadline = System.nanoTime() + firstFloor(timeout).toNanos();
		try {
			this.replicas = checkServer(timeout);
		}
		catch (Exception ex) {
			throw new NotAppliedException(ex); // the renewal itself was never sent
		}
		Duration left = Duration.ofNanos(deadline - System.nanoTime());
		if (left.toMillis() < 1) {
			throw new NotAppliedException(RedisScripts.timedOut(timeout));
		}
		List<String> args = new ArrayList<>(4 + tokens.size());
		args.add(field(datacenterId, workerId));
		args.add(newToken);
		args.add(Long.toString(leaseEnd));
		args.add(Long.toString(mark));
		args.addAll(tokens);
		long answer = writeAnswering(RENEW, args, left);
		if (answer == -1) {
			this.lostReasons.put(field(datacenterId, workerId), "its record is gone from " + description()
					+ " (the key deleted, flushed or expired): instances starting now wait a lease duration and the "
					+ "safety margin before leasing, the longest this one could have gone on issuing ids");
		}
		return answer == 1;
	}

	@Override
	public String lostReason(int datacenterId, int workerId) {
		return this.lostReasons.remove(field(datacenterId, workerId));
	}

	@Override
	public boolean release(int datacenterId, int workerId, Collection<String> tokens, long exactMark,
			Duration timeout) throws Exception {
		List<String> args = new ArrayList<>(2 + tokens.size());
		args.add(field(datacenterId, workerId));
		args.add(Long.toString(exactMark));
		args.addAll(tokens);
		// No WAIT: a release a failover forgets leaves the pair held until its lease end, which is safe.
		boolean released = this.scripts.evalLong(RELEASE, this.key, args, firstFloor(timeout)) == 1;
		this.answered = true;
		return released;
	}

	private static String field(int datacenterId, int workerId) {
		return datacenterId + ":" + workerId;
	}

	/** Closes the client if this store opened it (plain Hibernate, from {@link RedisSettings#URI}); else nothing. */
	@Override
	public void close() {
		if (this.ownsClient) {
			this.scripts.close();
		}
	}

	@Override
	public String toString() {
		return "RedisLeaseStore[" + description() + "]";
	}
}
