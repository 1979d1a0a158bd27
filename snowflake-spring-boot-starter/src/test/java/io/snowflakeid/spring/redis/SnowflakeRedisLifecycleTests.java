package io.snowflakeid.spring.redis;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.WorkerLeaseExpiredException;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.spring.SnowflakeAutoConfiguration;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The Redis lease through the real Spring stack when the server hangs (a {@code redis-server} of the test's own,
 * frozen with {@code SIGSTOP}) and when the context is stopped and started again (actuator pause, CRaC checkpoint).
 */
class SnowflakeRedisLifecycleTests {

	private static final String REDIS = System.getProperty("snowflake.test.redis", "").trim();

	private final String key = "snowflake-test:" + UUID.randomUUID();

	@Test
	void aHungServerTiesUpABoundedNumberOfThreadsAndLaterCallsFailAsNotSent() throws Exception {
		try (OwnRedisServer server = OwnRedisServer.start()) {
			// The application's factory: Lettuce's command timeout is 60 s, far longer than a lease operation's bound.
			LettuceConnectionFactory factory = new LettuceConnectionFactory(
					new RedisStandaloneConfiguration("127.0.0.1", server.port));
			factory.afterPropertiesSet();
			factory.start();
			SpringDataRedisScripts scripts = new SpringDataRedisScripts(factory);
			try {
				assertThat(scripts.evalLong("return 1", this.key, List.of(), Duration.ofSeconds(5))).isEqualTo(1);
				server.signal("STOP");
				int notSent = 0;
				// A renewal every second while failing: a minute of it.
				for (int i = 0; i < 60; i++) {
					try {
						scripts.evalLong("return 1", this.key, List.of(), Duration.ofMillis(50));
					}
					catch (LeaseStore.NotAppliedException ex) {
						notSent++;
					}
					catch (java.util.concurrent.TimeoutException ex) {
						// waited out its bound: the call's thread still waits for the factory
					}
				}
				assertThat(callThreads()).as("threads waiting on the hung server").isBetween(1L, 2L);
				assertThat(notSent).as("calls refused at once, nothing sent").isGreaterThanOrEqualTo(58);
				server.signal("CONT");
				long deadline = System.currentTimeMillis() + 10_000;
				Long answer = null;
				while (answer == null && System.currentTimeMillis() < deadline) {
					try {
						answer = scripts.evalLong("return 1", this.key, List.of(), Duration.ofSeconds(2));
					}
					catch (LeaseStore.NotAppliedException ex) {
						Thread.sleep(100);
					}
				}
				assertThat(answer).as("calls go through again once the server answers").isEqualTo(1);
			}
			finally {
				scripts.close();
				factory.destroy();
			}
		}
	}

	@Test
	void throughSpringsConnectionFactoryTheLeaseWaitsForTheReplicaAndTheReplicaHasTheClaim() throws Exception {
		try (OwnRedisServer primary = OwnRedisServer.start();
				OwnRedisServer replica = OwnRedisServer.start("--replicaof", "127.0.0.1", Integer.toString(primary.port));
				RedisClient client = RedisClient.create(RedisURI.create("redis://127.0.0.1:" + replica.port));
				StatefulRedisConnection<String, String> onReplica = client.connect()) {
			long deadline = System.currentTimeMillis() + 10_000;
			while (!onReplica.sync().info("replication").contains("master_link_status:up")) {
				assertThat(System.currentTimeMillis()).as("the replica synced").isLessThan(deadline);
				Thread.sleep(50);
			}
			try (RedisClient seeding = RedisClient.create(RedisURI.create("redis://127.0.0.1:" + primary.port));
					StatefulRedisConnection<String, String> connection = seeding.connect()) {
				connection.sync().hset(this.key, "fence", "0"); // a hash in use: no wait for deleted records
			}
			new ApplicationContextRunner()
				.withConfiguration(AutoConfigurations.of(redisAutoConfiguration(),
						SnowflakeRedisAutoConfiguration.class, SnowflakeAutoConfiguration.class))
				// A durable server: nothing to accept.
				.withPropertyValues("snowflake.worker-assignment=redis", "snowflake.redis.key=" + this.key,
						"spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + primary.port)
				.run((context) -> {
					assertThat(context).hasNotFailed();
					ManagedGenerator managed = context.getBean(ManagedGenerator.class);
					String field = managed.lease().datacenterId() + ":" + managed.lease().workerId();
					// Started: the claim's WAIT 1, through the driver's own connection, was acknowledged (the
					// refusal when no replica acknowledges is tested in SnowflakeRedisAutoConfigurationTests).
					assertThat(onReplica.sync().hget(this.key, field)).contains("\"token\":\"")
						.doesNotContain("\"token\":\"\"");
					assertThat(context.getBean(SnowflakeIdGenerator.class).nextId()).isPositive();
				});
		}
	}

	private static long callThreads() {
		return Thread.getAllStackTraces().keySet().stream()
			.filter((thread) -> thread.isAlive() && thread.getName().equals("snowflake-redis-call"))
			.count();
	}

	@Test
	void stoppingTheContextSuspendsIdsAndStartingItResumesThemOnTheSamePair() {
		assumeTrue(!REDIS.isEmpty(), "No Redis server for the tests: run with -Dsnowflake.test.redis=host:port");
		String[] hostPort = REDIS.split(":");
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(redisAutoConfiguration(), SnowflakeRedisAutoConfiguration.class,
					SnowflakeAutoConfiguration.class))
			// The shared test server runs Redis' defaults (no append-only file): its risk is accepted.
			.withPropertyValues("snowflake.worker-assignment=redis", "snowflake.redis.key=" + this.key,
					"snowflake.redis.accept-data-loss-risk=true", "snowflake.lease.duration=3s",
					"spring.data.redis.host=" + hostPort[0], "spring.data.redis.port=" + hostPort[1])
			.run((context) -> {
				assertThat(context).hasNotFailed();
				SnowflakeIdGenerator generator = context.getBean(SnowflakeIdGenerator.class);
				ManagedGenerator managed = context.getBean(ManagedGenerator.class);
				long before = generator.nextId();
				context.stop(); // the connection factory stops with it
				assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(generator::nextId);
				context.start();
				long after = -1;
				long deadline = System.currentTimeMillis() + 5_000;
				while (after < 0 && System.currentTimeMillis() < deadline) {
					try {
						after = generator.nextId();
					}
					catch (WorkerLeaseExpiredException ex) {
						Thread.sleep(50);
					}
				}
				assertThat(after).as("ids again after start(), from the same bean").isGreaterThan(before);
				assertThat(generator.decode(after).workerId()).isEqualTo(managed.lease().workerId());
				assertThat(managed.lease().isLost()).isFalse();
				try (RedisClient client = RedisClient.create(RedisURI.create("redis://" + REDIS));
						StatefulRedisConnection<String, String> connection = client.connect()) {
					String field = managed.lease().datacenterId() + ":" + managed.lease().workerId();
					assertThat(connection.sync().hget(this.key, field)).as("still held by this instance")
						.doesNotContain("\"token\":\"\"");
				}
			});
		try (RedisClient client = RedisClient.create(RedisURI.create("redis://" + REDIS));
				StatefulRedisConnection<String, String> connection = client.connect()) {
			Map<String, String> records = connection.sync().hgetall(this.key);
			records.remove("fence"); // the wait for deleted records this test's first claim recorded
			assertThat(records.values()).as("released when the context closed")
				.allSatisfy((record) -> assertThat(record).contains("\"token\":\"\""));
			connection.sync().del(this.key);
		}
	}

	/** Spring Boot's Redis auto-configuration: Boot 4's module, or 3.5's class in spring-boot-autoconfigure. */
	private static Class<?> redisAutoConfiguration() {
		for (String name : new String[] { "org.springframework.boot.data.redis.autoconfigure.DataRedisAutoConfiguration",
				"org.springframework.boot.autoconfigure.data.redis.RedisAutoConfiguration" }) {
			try {
				return Class.forName(name);
			}
			catch (ClassNotFoundException ex) {
				// the other line
			}
		}
		throw new IllegalStateException("no Redis auto-configuration on the test class path");
	}
}
