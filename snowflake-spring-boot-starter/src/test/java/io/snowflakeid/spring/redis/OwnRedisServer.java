package io.snowflakeid.spring.redis;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.concurrent.TimeUnit;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * A {@code redis-server} of a test's own (append-only, fsync always), on a free port of 6390-6399 (the ports this
 * project's tests may use on a shared machine), to freeze ({@code SIGSTOP}) without touching the shared server.
 * Needs {@code -Dsnowflake.test.redis} (the Redis tests are on) and {@code redis-server}
 * ({@code -Dsnowflake.test.redis-server}, default {@code /usr/bin/redis-server}).
 */
final class OwnRedisServer implements AutoCloseable {

	private static final String BINARY = System.getProperty("snowflake.test.redis-server", "/usr/bin/redis-server");

	final int port;

	private final Path dir;

	private final Process process;

	private OwnRedisServer(int port, Path dir, Process process) {
		this.port = port;
		this.dir = dir;
		this.process = process;
	}

	/** {@code extra}: further arguments, such as {@code --replicaof 127.0.0.1 6390}. */
	static OwnRedisServer start(String... extra) throws IOException, InterruptedException {
		assumeTrue(!System.getProperty("snowflake.test.redis", "").isBlank(),
				"No Redis for the tests: run with -Dsnowflake.test.redis=host:port");
		assumeTrue(new File(BINARY).canExecute(), BINARY + " is missing (-Dsnowflake.test.redis-server=...)");
		int port = freePort();
		Path dir = Files.createTempDirectory("snowflake-starter-redis");
		java.util.List<String> command = new java.util.ArrayList<>(java.util.List.of(BINARY, "--port",
				Integer.toString(port), "--bind", "127.0.0.1", "--dir", dir.toString(), "--save", "", "--appendonly",
				"yes", "--appendfsync", "always", "--daemonize", "no"));
		command.addAll(java.util.List.of(extra));
		Process process = new ProcessBuilder(command).redirectErrorStream(true)
			.redirectOutput(dir.resolve("server.log").toFile())
			.start();
		long deadline = System.nanoTime() + Duration.ofSeconds(15).toNanos();
		while (System.nanoTime() < deadline && process.isAlive()) {
			try (Socket socket = new Socket("127.0.0.1", port)) {
				socket.getOutputStream().write("PING\r\n".getBytes());
				if (socket.getInputStream().read() == '+') {
					return new OwnRedisServer(port, dir, process);
				}
			}
			catch (IOException ex) {
				Thread.sleep(20); // not listening yet
			}
		}
		process.destroyForcibly();
		throw new IOException("redis-server did not start on port " + port + ": "
				+ Files.readString(dir.resolve("server.log")));
	}

	/** Ports handed out in this JVM: a server just started may not be listening yet. */
	private static final java.util.Set<Integer> TAKEN = java.util.concurrent.ConcurrentHashMap.newKeySet();

	private static int freePort() throws IOException {
		for (int candidate = 6390; candidate <= 6399; candidate++) {
			if (!TAKEN.add(candidate)) {
				continue;
			}
			try (ServerSocket socket = new ServerSocket()) {
				socket.bind(new InetSocketAddress("127.0.0.1", candidate));
				return candidate;
			}
			catch (IOException ex) {
				TAKEN.remove(candidate); // in use by another process
			}
		}
		throw new IOException("No free port in 6390-6399 for a test's redis-server");
	}

	/** {@code kill -STOP} (frozen: connections stay open, nothing is answered) or {@code -CONT}. */
	void signal(String signal) throws IOException, InterruptedException {
		if (new ProcessBuilder("kill", "-" + signal, Long.toString(this.process.pid())).start().waitFor() != 0) {
			throw new IOException("kill -" + signal + " " + this.process.pid() + " failed");
		}
	}

	@Override
	public void close() throws Exception {
		if (this.process.isAlive()) {
			signal("CONT");
			this.process.destroy();
			if (!this.process.waitFor(15, TimeUnit.SECONDS)) {
				this.process.destroyForcibly().waitFor();
			}
		}
		try (var files = Files.walk(this.dir)) {
			files.sorted(Comparator.reverseOrder()).forEach((path) -> path.toFile().delete());
		}
		TAKEN.remove(this.port);
	}
}
