package io.snowflakeid.redis.internal;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The Redis servers of the tests: the shared one named by {@code -Dsnowflake.test.redis=host:port} (only unique keys
 * of its own are touched, and deleted after), and servers a test starts itself to stop and restart
 * ({@code redis-server} from {@code -Dsnowflake.test.redis-server}, default {@code /usr/bin/redis-server}).
 */
public final class RedisTestServers {

	static final String SHARED = System.getProperty("snowflake.test.redis", "").trim();

	static final String SERVER_BINARY = System.getProperty("snowflake.test.redis-server", "/usr/bin/redis-server");

	/**
	 * The test JVMs Surefire runs side by side for this module (its pom's forkCount), and which of them this is (1
	 * when run otherwise). Each takes its own copy of a port range (shifted by 30 per fork: 6390-6399, 6420-6429): a
	 * stopped server keeps its port for its restart, which the other JVM must not take meanwhile, and a test class
	 * may hold all ten ports of a range over its life.
	 */
	static final int FORKS = 2;

	static final int FORK = fork();

	/** The ports servers of the tests' own may use (the rest of a shared machine's ports belong to others). */
	static final int FIRST_PORT = shareOf(6390, 6399)[0];

	static final int LAST_PORT = shareOf(6390, 6399)[1];

	/** Ports of servers of this JVM not closed yet (a stopped server keeps its port for its restart). */
	private static final java.util.Set<Integer> TAKEN = new java.util.HashSet<>();

	private RedisTestServers() {
	}

	/** This JVM's copy of the ports {@code first}-{@code last} (at most 30 of them): {first, last}. */
	static int[] shareOf(int first, int last) {
		int shift = 30 * (FORK - 1);
		return new int[] { first + shift, last + shift };
	}

	private static int fork() {
		String fork = System.getProperty("snowflake.test.fork", "1");
		int number = fork.matches("[0-9]+") ? Integer.parseInt(fork) : 1;
		if (number < 1 || number > FORKS) {
			throw new IllegalStateException("Test fork " + number + " of at most " + FORKS + ": raise FORKS with the"
					+ " pom's forkCount, so that forks never share a port");
		}
		return number;
	}

	/** Gives back a port a test's own link took with {@code OwnServer.freePort}. */
	static void releasePort(int port) {
		synchronized (TAKEN) {
			TAKEN.remove(port);
		}
	}

	/** Skips the calling test unless a Redis server is configured for the tests. */
	public static void assumeRedis() {
		assumeTrue(!SHARED.isEmpty(), "No Redis server for the tests: run with -Dsnowflake.test.redis=host:port "
				+ "(e.g. 127.0.0.1:6379) to run the tests that need one");
	}

	/** Skips the calling test unless Redis is configured and this machine can start servers of its own. */
	public static void assumeOwnServers() {
		assumeRedis();
		assumeTrue(new File(SERVER_BINARY).canExecute(), "Cannot start a Redis server of the test's own: "
				+ SERVER_BINARY + " is missing (set -Dsnowflake.test.redis-server=/path/to/redis-server)");
	}

	/** {@code redis://host:port} of the shared server. */
	public static String sharedUri() {
		assumeRedis();
		return "redis://" + SHARED;
	}

	/** A key no other test (or run) uses. */
	public static String uniqueKey() {
		return "snowflake-test:" + UUID.randomUUID();
	}

	/** {@link Direct#inUse} on the server at {@code uri}. */
	public static void inUse(String uri, String key) {
		try (Direct direct = direct(uri)) {
			direct.inUse(key);
		}
	}

	/** A plain client connection to {@code uri}, for tests to read and write records directly. */
	public static Direct direct(String uri) {
		return new Direct(uri);
	}

	/** A client on a server, for a test's own reads and writes. */
	public static final class Direct implements AutoCloseable {

		private final RedisClient client;

		public final StatefulRedisConnection<String, String> connection;

		Direct(String uri) {
			this.client = RedisClient.create(RedisURI.create(uri));
			this.connection = this.client.connect();
		}

		/** The record of a pair as JSON fields (leaseEnd, highWaterMark, token, owner), or null. */
		public String record(String key, int datacenterId, int workerId) {
			return this.connection.sync().hget(key, datacenterId + ":" + workerId);
		}

		public long number(String key, int datacenterId, int workerId, String name) {
			String json = record(key, datacenterId, workerId);
			java.util.regex.Matcher matcher = java.util.regex.Pattern.compile("\"" + name + "\":\"(-?\\d+)\"")
				.matcher(json);
			if (!matcher.find()) {
				throw new AssertionError(name + " not in " + json);
			}
			return Long.parseLong(matcher.group(1));
		}

		public String token(String key, int datacenterId, int workerId) {
			String json = record(key, datacenterId, workerId);
			java.util.regex.Matcher matcher = java.util.regex.Pattern.compile("\"token\":\"([^\"]*)\"").matcher(json);
			return matcher.find() ? matcher.group(1) : null;
		}

		/** Writes a record as the store does. */
		public void put(String key, int datacenterId, int workerId, long leaseEnd, long mark, String token,
				String owner) {
			this.connection.sync().hset(key, datacenterId + ":" + workerId, "{\"leaseEnd\":\"" + leaseEnd
					+ "\",\"highWaterMark\":\"" + mark + "\",\"token\":\"" + token + "\",\"owner\":\"" + owner + "\"}");
		}

		public Map<String, String> all(String key) {
			return this.connection.sync().hgetall(key);
		}

		/** The records of the hash: every field but the fence. */
		public Map<String, String> records(String key) {
			Map<String, String> records = all(key);
			records.remove("fence");
			return records;
		}

		/**
		 * Makes {@code key} a hash in use, with no holder to wait for: a claim finding no hash at all waits a lease
		 * duration and the safety margin for holders whose records were lost (RedisLeaseStore's fence), which only
		 * the tests of that wait want.
		 */
		public void inUse(String key) {
			this.connection.sync().hset(key, "fence", "0");
		}

		public void delete(String key) {
			this.connection.sync().del(key);
		}

		@Override
		public void close() {
			this.connection.close();
			this.client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
		}
	}

	/**
	 * A TCP link to a server (a replica's link to its primary) that the test can cut without closing it:
	 * {@link #drop()} discards every byte from then on, so the primary still counts the replica as connected while
	 * it receives nothing (a replica lagging behind, or a network that lost the writes). On a port of 6390-6399.
	 */
	public static final class DroppingLink implements AutoCloseable {

		public final int port;

		private final java.net.ServerSocket server;

		private final List<java.net.Socket> sockets = new java.util.concurrent.CopyOnWriteArrayList<>();

		private volatile boolean dropping;

		public DroppingLink(int targetPort) throws IOException {
			this(targetPort, FIRST_PORT, LAST_PORT);
		}

		/** A link on a free port of {@code first}-{@code last}. */
		public DroppingLink(int targetPort, int first, int last) throws IOException {
			this.port = OwnServer.freePort(first, last);
			this.server = new ServerSocket();
			this.server.bind(new java.net.InetSocketAddress("127.0.0.1", this.port));
			Thread acceptor = new Thread(() -> {
				while (!this.server.isClosed()) {
					try {
						java.net.Socket client = this.server.accept();
						java.net.Socket upstream = new java.net.Socket("127.0.0.1", targetPort);
						this.sockets.add(client);
						this.sockets.add(upstream);
						pump(client, upstream);
						pump(upstream, client);
					}
					catch (IOException ex) {
						return; // closed
					}
				}
			}, "redis-test-link");
			acceptor.setDaemon(true);
			acceptor.start();
		}

		public void drop() {
			this.dropping = true;
		}

		private void pump(java.net.Socket from, java.net.Socket to) {
			Thread thread = new Thread(() -> {
				byte[] buffer = new byte[16 * 1024];
				try {
					var in = from.getInputStream();
					var out = to.getOutputStream();
					int read;
					while ((read = in.read(buffer)) >= 0) {
						if (!this.dropping) {
							out.write(buffer, 0, read);
							out.flush();
						}
					}
				}
				catch (IOException ex) {
					// closed
				}
			}, "redis-test-link-pump");
			thread.setDaemon(true);
			thread.start();
		}

		@Override
		public void close() throws IOException {
			this.server.close();
			for (java.net.Socket socket : this.sockets) {
				socket.close();
			}
			synchronized (TAKEN) {
				TAKEN.remove(this.port);
			}
		}
	}

	/**
	 * A {@code redis-server} of a test's own, on a free port of 6390-6399, its data in a directory of its own: stopped and
	 * started again on the same directory (and so the same append-only file).
	 */
	public static final class OwnServer implements AutoCloseable {

		public final int port;

		public final Path dir;

		private final boolean appendOnly;

		/** Arguments after the persistence ones (a later one wins): eviction policy, replica of, renamed commands. */
		private final List<String> extra;

		private Process process;

		public OwnServer(boolean appendOnly) throws IOException {
			this(appendOnly, List.of());
		}

		/**
		 * A server on a port of 6390-6399 (the ports this project's tests may use on a shared machine), with
		 * {@code extra} arguments such as {@code --maxmemory-policy allkeys-lru}.
		 */
		public OwnServer(boolean appendOnly, List<String> extra) throws IOException {
			this(appendOnly, extra, FIRST_PORT, LAST_PORT);
		}

		/** A server on a free port of {@code first}-{@code last} (a reviewer's tests use 6380-6389). */
		public OwnServer(boolean appendOnly, List<String> extra, int first, int last) throws IOException {
			this.port = freePort(first, last);
			this.dir = Files.createTempDirectory("snowflake-redis-test");
			this.appendOnly = appendOnly;
			this.extra = List.copyOf(extra);
		}

		static int freePort() throws IOException {
			return freePort(FIRST_PORT, LAST_PORT);
		}

		static int freePort(int first, int last) throws IOException {
			for (int candidate = first; candidate <= last; candidate++) {
				synchronized (TAKEN) {
					if (TAKEN.contains(candidate)) {
						continue;
					}
					try (ServerSocket socket = new ServerSocket()) {
						socket.setReuseAddress(false);
						socket.bind(new java.net.InetSocketAddress("127.0.0.1", candidate));
						TAKEN.add(candidate);
						return candidate;
					}
					catch (IOException ex) {
						// in use: the next one
					}
				}
			}
			throw new IOException("No free port in " + first + "-" + last + " for a test's redis-server");
		}

		/** An append-only server that fsyncs every write: what the README asks for. */
		public static OwnServer durable() throws IOException {
			return new OwnServer(true).start();
		}

		public String uri() {
			return "redis://127.0.0.1:" + this.port;
		}

		public OwnServer start() throws IOException {
			List<String> command = new ArrayList<>(List.of(SERVER_BINARY, "--port", Integer.toString(this.port),
					"--bind", "127.0.0.1", "--dir", this.dir.toString(), "--save", "", "--daemonize", "no"));
			if (this.appendOnly) {
				command.addAll(List.of("--appendonly", "yes", "--appendfsync", "always"));
			}
			else {
				command.addAll(List.of("--appendonly", "no"));
			}
			command.addAll(this.extra);
			this.process = new ProcessBuilder(command).redirectErrorStream(true)
				.redirectOutput(this.dir.resolve("server.log").toFile()).start();
			long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
			while (System.nanoTime() < deadline) {
				try (java.net.Socket socket = new java.net.Socket("127.0.0.1", this.port)) {
					socket.getOutputStream().write("PING\r\n".getBytes());
					if (socket.getInputStream().read() == '+') {
						return this;
					}
				}
				catch (IOException ex) {
					// not listening yet
				}
				if (!this.process.isAlive()) {
					break;
				}
				try {
					Thread.sleep(20);
				}
				catch (InterruptedException ex) {
					Thread.currentThread().interrupt();
					break;
				}
			}
			throw new IOException("redis-server did not start on port " + this.port + ": "
					+ Files.readString(this.dir.resolve("server.log")));
		}

		/** Sends {@code signal} to the server ({@code STOP} freezes it, {@code CONT} thaws it). */
		public void signal(String signal) throws IOException, InterruptedException {
			Process kill = new ProcessBuilder("kill", "-" + signal, Long.toString(this.process.pid())).start();
			if (kill.waitFor() != 0) {
				throw new IOException("kill -" + signal + " " + this.process.pid() + " failed");
			}
		}

		/** A crash: kill -9, nothing flushed. */
		public void kill() throws InterruptedException {
			if (this.process != null && this.process.isAlive()) {
				this.process.destroyForcibly().waitFor();
			}
		}

		/** A graceful stop (SIGTERM: Redis' SHUTDOWN, the append-only file flushed). */
		public void stop() throws InterruptedException {
			if (this.process != null && this.process.isAlive()) {
				this.process.destroy();
				if (!this.process.waitFor(15, java.util.concurrent.TimeUnit.SECONDS)) {
					this.process.destroyForcibly().waitFor();
				}
			}
		}

		@Override
		public void close() throws Exception {
			if (this.process != null && this.process.isAlive()) {
				signal("CONT"); // a frozen server would not stop
			}
			stop();
			synchronized (TAKEN) {
				TAKEN.remove(this.port);
			}
			try (var files = Files.walk(this.dir)) {
				files.sorted(java.util.Comparator.reverseOrder()).forEach((path) -> path.toFile().delete());
			}
		}
	}
}
