package io.snowflakeid.quarkus.deployment.startup;

import java.io.File;
import java.io.IOException;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.lettuce.core.RedisClient;
import io.lettuce.core.api.StatefulRedisConnection;
import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.internal.config.WorkerAssignment;
import jakarta.inject.Inject;
import jakarta.persistence.EntityManager;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIf;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * worker-assignment=redis with snowflake-redis and Lettuce 6.6 (Netty 4.1, as Quarkus') against a Redis server
 * of the test's own, durable as the store demands (append-only file, fsync always): the worker id is leased there, the
 * entity's id is on it, and the lease is handed back when the application stops gracefully. Needs redis-server
 * ({@code -Dsnowflake.test.databases=...,redis}; {@code -Dsnowflake.test.redis-server}, default /usr/bin/redis-server).
 */
@EnabledIf("redis")
class RedisLeaseTest {

	private static final String KEY = "snowflake-quarkus-test:" + ProcessHandle.current().pid();

	/** The server's process, started before the application (in JUnit's class loader: Quarkus loads this class again). */
	private static Process server;

	private static String uri;

	@RegisterExtension
	static final QuarkusUnitTest app = TestApps.h2("redis-lease")
		.overrideConfigKey("quarkus.snowflake.datacenter-id", "5")
		.overrideConfigKey("quarkus.snowflake.worker-assignment", "redis")
		.overrideConfigKey("quarkus.snowflake.redis.key", KEY)
		.setBeforeAllCustomizer(RedisLeaseTest::startServer)
		.setAfterAllCustomizer(() -> {
			try (RedisClient client = RedisClient.create(uri);
					StatefulRedisConnection<String, String> connection = client.connect()) {
				String pair = System.getProperty("snowflake.test.redis-pair");
				assertThat(pair).as("the test ran").isNotNull();
				assertThat(connection.sync().hget(KEY, pair)).as("handed back when the application stopped")
					.contains("\"leaseEnd\":\"0\"");
			}
			finally {
				server.destroy();
				System.clearProperty("quarkus.snowflake.redis.uri");
				System.clearProperty("snowflake.test.redis-pair");
			}
		});

	static boolean redis() {
		return TestApps.databaseEnabled("redis")
				&& new File(System.getProperty("snowflake.test.redis-server", "/usr/bin/redis-server")).canExecute();
	}

	private static void startServer() {
		try (ServerSocket socket = new ServerSocket(0)) {
			int port = socket.getLocalPort();
			socket.close();
			Path dir = Files.createDirectories(Path.of("target", "redis-" + ProcessHandle.current().pid()));
			server = new ProcessBuilder(List.of(System.getProperty("snowflake.test.redis-server", "/usr/bin/redis-server"),
					"--port", String.valueOf(port), "--bind", "127.0.0.1", "--dir", dir.toAbsolutePath().toString(),
					"--appendonly", "yes", "--appendfsync", "always", "--save", ""))
				.redirectErrorStream(true)
				.redirectOutput(dir.resolve("server.log").toFile())
				.start();
			uri = "redis://127.0.0.1:" + port;
			long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
			while (!ping(port)) {
				assertThat(System.nanoTime()).as("redis-server answers within 20 s").isLessThan(deadline);
				Thread.sleep(100);
			}
			try (RedisClient client = RedisClient.create(uri);
					StatefulRedisConnection<String, String> connection = client.connect()) {
				// a hash in use, with no holder to wait for: a claim finding none waits a lease out (lost records)
				connection.sync().hset(KEY, "fence", "0");
			}
			System.setProperty("quarkus.snowflake.redis.uri", uri); // a runtime setting: the port is known only now
		}
		catch (IOException ex) {
			throw new IllegalStateException(ex);
		}
		catch (InterruptedException ex) {
			Thread.currentThread().interrupt();
			throw new IllegalStateException(ex);
		}
	}

	/** Whether the server answers PING (a plain socket: a starting server refuses connections for a moment). */
	private static boolean ping(int port) {
		try (Socket socket = new Socket("127.0.0.1", port)) {
			socket.setSoTimeout(1000);
			socket.getOutputStream().write("PING\r\n".getBytes(StandardCharsets.US_ASCII));
			byte[] answer = new byte[7];
			int read = socket.getInputStream().read(answer);
			return read > 0 && new String(answer, 0, read, StandardCharsets.US_ASCII).startsWith("+PONG");
		}
		catch (IOException ex) {
			return false;
		}
	}

	@Inject
	ManagedGenerator managed;

	@Inject
	SnowflakeIdGenerator generator;

	@Inject
	EntityManager entityManager;

	@Test
	void theWorkerIdIsLeasedInRedisAndTheEntitysIdIsOnIt() {
		assertThat(this.managed.assignment()).isEqualTo(WorkerAssignment.REDIS);
		assertThat(this.managed.lease().storeDescription()).contains(KEY);
		Item item = new Item();
		QuarkusTransaction.requiringNew().run(() -> this.entityManager.persist(item));
		assertThat(this.generator.decode(item.id).workerId()).isEqualTo(this.managed.lease().workerId());
		assertThat(this.generator.decode(item.id).datacenterId()).isEqualTo(5);
		System.setProperty("snowflake.test.redis-pair", "5:" + this.managed.lease().workerId());
	}

}
