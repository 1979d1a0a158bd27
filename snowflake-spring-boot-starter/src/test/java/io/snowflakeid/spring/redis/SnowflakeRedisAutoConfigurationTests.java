package io.snowflakeid.spring.redis;

import java.time.Duration;
import java.util.Map;
import java.util.UUID;

import io.lettuce.core.RedisClient;
import io.lettuce.core.RedisURI;
import io.lettuce.core.api.StatefulRedisConnection;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.internal.ManagedGenerator;
import io.snowflakeid.redis.internal.RedisLeaseStore;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.spring.SnowflakeAutoConfiguration;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.springframework.boot.diagnostics.FailureAnalysis;
import org.springframework.boot.diagnostics.FailureAnalyzer;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.core.io.support.SpringFactoriesLoader;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * {@link SnowflakeRedisAutoConfiguration} on a real server ({@code -Dsnowflake.test.redis=host:port}; the tests
 * that need one are skipped without it): the lease through Spring Boot's Redis auto-configuration
 * ({@code spring.data.redis.*}) or {@code snowflake.redis.uri}, released when the context closes.
 */
class SnowflakeRedisAutoConfigurationTests {

	private static final String REDIS = System.getProperty("snowflake.test.redis", "").trim();

	private final String key = "snowflake-test:" + UUID.randomUUID();

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(redisAutoConfiguration(), SnowflakeRedisAutoConfiguration.class,
				SnowflakeAutoConfiguration.class))
		// The shared test server runs Redis' defaults (no append-only file): its risk is accepted.
		.withPropertyValues("snowflake.redis.key=" + this.key, "snowflake.redis.accept-data-loss-risk=true");

	private RedisClient client;

	private StatefulRedisConnection<String, String> connection;

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

	/** The lease records of the test's key (every field but the fence). */
	private Map<String, String> records() {
		Map<String, String> records = connection().sync().hgetall(this.key);
		records.remove("fence");
		return records;
	}

	private StatefulRedisConnection<String, String> connection() {
		if (this.connection == null) {
			this.client = RedisClient.create(RedisURI.create("redis://" + REDIS));
			this.connection = this.client.connect();
		}
		return this.connection;
	}

	/**
	 * The key as a hash in use: a claim finding no hash at all waits a lease duration and the safety margin for
	 * holders whose records were deleted (snowflake-redis' RedisLeaseFenceTests), which these tests do not test.
	 */
	@org.junit.jupiter.api.BeforeEach
	void keyInUse() {
		if (!REDIS.isEmpty()) {
			connection().sync().hset(this.key, "fence", "0");
		}
	}

	private static void assumeRedis() {
		assumeTrue(!REDIS.isEmpty(), "No Redis server for the tests: run with -Dsnowflake.test.redis=host:port");
	}

	@AfterEach
	void deleteKey() {
		if (this.connection != null) {
			this.connection.sync().del(this.key);
			this.connection.close();
			this.client.shutdown(Duration.ZERO, Duration.ofSeconds(2));
		}
	}

	@Test
	void leasesInRedisThroughSpringsConnectionFactory() {
		assumeRedis();
		String[] hostPort = REDIS.split(":");
		this.contextRunner
			.withPropertyValues("snowflake.worker-assignment=redis", "spring.data.redis.host=" + hostPort[0],
					"spring.data.redis.port=" + hostPort[1])
			.run((context) -> {
				assertThat(context).hasNotFailed();
				LeaseStore store = context.getBean(LeaseStore.class);
				assertThat(store.description()).contains(this.key).contains("RedisConnectionFactory");
				SnowflakeIdGenerator generator = context.getBean(SnowflakeIdGenerator.class);
				ManagedGenerator managed = context.getBean(ManagedGenerator.class);
				var parts = generator.decode(generator.nextId());
				assertThat(parts.workerId()).isEqualTo(managed.lease().workerId());
				assertThat(records()).containsKey(parts.datacenterId() + ":" + parts.workerId());
			});
	}

	@Test
	void leasesThroughSnowflakeRedisUriWithAClientOfItsOwn() {
		assumeRedis();
		this.contextRunner.withPropertyValues("snowflake.worker-assignment=redis", "snowflake.redis.uri=redis://" + REDIS)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context.getBean(LeaseStore.class).description()).contains("redis://" + REDIS + "/0");
				SnowflakeIdGenerator generator = context.getBean(SnowflakeIdGenerator.class);
				var parts = generator.decode(generator.nextId());
				assertThat(records()).containsOnlyKeys(parts.datacenterId() + ":" + parts.workerId());
			});
	}

	@Test
	void closingTheContextReleasesTheWorkerIdAtOnce() {
		assumeRedis();
		ConfigurableApplicationContext[] kept = new ConfigurableApplicationContext[1];
		String[] field = new String[1];
		this.contextRunner.withPropertyValues("snowflake.worker-assignment=redis", "snowflake.redis.uri=redis://" + REDIS)
			.run((context) -> {
				ManagedGenerator managed = context.getBean(ManagedGenerator.class);
				managed.generator().nextId();
				field[0] = managed.lease().datacenterId() + ":" + managed.lease().workerId();
				assertThat(records().get(field[0])).doesNotContain("\"leaseEnd\":\"0\"");
				kept[0] = context;
			});
		assertThat(kept[0].isActive()).isFalse();
		assertThat(records().get(field[0])).as("released by the context's close, before the client was closed")
			.contains("\"leaseEnd\":\"0\"").contains("\"token\":\"\"");
	}

	@Test
	void closingTheContextReleasesTheWorkerIdAtOnceThroughSpringsConnectionFactory() {
		assumeRedis();
		String[] hostPort = REDIS.split(":");
		ConfigurableApplicationContext[] kept = new ConfigurableApplicationContext[1];
		String[] field = new String[1];
		this.contextRunner
			.withPropertyValues("snowflake.worker-assignment=redis", "spring.data.redis.host=" + hostPort[0],
					"spring.data.redis.port=" + hostPort[1])
			.run((context) -> {
				ManagedGenerator managed = context.getBean(ManagedGenerator.class);
				managed.generator().nextId();
				field[0] = managed.lease().datacenterId() + ":" + managed.lease().workerId();
				assertThat(records().get(field[0])).doesNotContain("\"leaseEnd\":\"0\"");
				kept[0] = context;
			});
		assertThat(kept[0].isActive()).isFalse();
		assertThat(records().get(field[0]))
			.as("released by the context's close, before the connection factory was stopped")
			.contains("\"leaseEnd\":\"0\"").contains("\"token\":\"\"");
	}

	/**
	 * What the starter's lease failure analyzer (package-private, as Spring Boot's own) makes of a failure: the
	 * instance spring.factories registers, as Spring Boot loads it at a failed start.
	 */
	private static FailureAnalysis analyze(Throwable failure) {
		String name = "io.snowflakeid.spring.WorkerLeaseFailureAnalyzer";
		FailureAnalyzer analyzer = SpringFactoriesLoader
			.forDefaultResourceLocation(SnowflakeRedisAutoConfigurationTests.class.getClassLoader())
			.load(FailureAnalyzer.class, SpringFactoriesLoader.ArgumentResolver.none(),
					SpringFactoriesLoader.FailureHandler.logging(org.apache.commons.logging.LogFactory.getLog(
							SnowflakeRedisAutoConfigurationTests.class)))
			.stream()
			.filter((candidate) -> candidate.getClass().getName().equals(name))
			.findFirst()
			.orElseThrow(() -> new AssertionError(name + " is not registered in spring.factories"));
		return analyzer.analyze(failure);
	}

	@Test
	void aServerThatCanLoseTheLeaseIsRefusedNamingTheSettingAndThePropertyThatAcceptsTheRisk() {
		assumeRedis();
		String[] hostPort = REDIS.split(":");
		assumeTrue(records().isEmpty() && !"1".equals(infoField("aof_enabled")),
				"the shared test server has an append-only file: nothing to refuse");
		this.contextRunner
			.withPropertyValues("snowflake.worker-assignment=redis", "snowflake.redis.accept-data-loss-risk=false",
					"spring.data.redis.host=" + hostPort[0], "spring.data.redis.port=" + hostPort[1])
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("appendonly is no")
				.hasMessageContaining("snowflake.redis.accept-data-loss-risk=true"));
		this.contextRunner
			.withPropertyValues("snowflake.worker-assignment=redis", "snowflake.redis.accept-data-loss-risk=false",
					"spring.data.redis.host=" + hostPort[0], "spring.data.redis.port=" + hostPort[1])
			.run((context) -> {
				assertThat(context).hasFailed();
				// Spring Boot's failure report: Redis's own advice, never the DataSource's
				FailureAnalysis analysis = analyze(context.getStartupFailure());
				assertThat(analysis).isNotNull();
				assertThat(analysis.getAction()).contains("change it on the server", "accept-data-loss-risk")
					.doesNotContain("spring.datasource", "lease table");
			});
		assertThat(records()).as("nothing written").isEmpty();
	}

	@Test
	void throughSpringsConnectionFactoryAWriteWaitsForTheReplicasOnItsOwnConnection() throws Exception {
		assumeRedis();
		String[] hostPort = REDIS.split(":");
		var factory = new org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory(
				new org.springframework.data.redis.connection.RedisStandaloneConfiguration(hostPort[0],
						Integer.parseInt(hostPort[1])));
		factory.afterPropertiesSet();
		factory.start();
		SpringDataRedisScripts scripts = new SpringDataRedisScripts(factory);
		try {
			String write = "redis.call('HSET', KEYS[1], 'probe', ARGV[1]) return 1";
			assertThat(scripts.evalLong(write, this.key, java.util.List.of("a"), 0, Duration.ofSeconds(2))).isEqualTo(1);
			// The shared server has no replica: WAIT 1 times out with 0 acknowledgements, and the write does not count.
			org.assertj.core.api.Assertions
				.assertThatExceptionOfType(java.util.concurrent.TimeoutException.class)
				.isThrownBy(() -> scripts.evalLong(write, this.key, java.util.List.of("b"), 1, Duration.ofMillis(300)))
				.withMessageContaining("acknowledged by 0 of 1 replicas")
				.withMessageContaining("WAIT 1");
			assertThat(scripts.info(Duration.ofSeconds(2))).containsKeys("role", "aof_enabled", "maxmemory_policy",
					"connected_slaves");
		}
		finally {
			scripts.close();
			factory.destroy();
		}
	}

	private String infoField(String name) {
		records();
		for (String line : this.connection.sync().info().split("\\r?\\n")) {
			if (line.startsWith(name + ":")) {
				return line.substring(name.length() + 1).strip();
			}
		}
		return null;
	}

	@Test
	void otherAssignmentsCreateNoRedisStore() {
		this.contextRunner.withPropertyValues("snowflake.worker-assignment=static", "snowflake.datacenter-id=1",
				"snowflake.worker-id=2", "snowflake.redis.uri=redis://127.0.0.1:1")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				assertThat(context).doesNotHaveBean(LeaseStore.class);
				assertThat(context).doesNotHaveBean(RedisLeaseStore.class);
			});
	}

	/**
	 * A worker id in the shared configuration beside worker-assignment=redis set per deployment: the start is refused
	 * naming the worker id, first, not with a complaint about Redis (no server configured, unreachable) that, once
	 * fixed, only leads to the refusal.
	 */
	@Test
	void aWorkerIdBesideRedisIsRefusedNamingItBeforeAnythingAboutRedis() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SnowflakeRedisAutoConfiguration.class, SnowflakeAutoConfiguration.class))
			.withPropertyValues("snowflake.worker-assignment=redis", "snowflake.datacenter-id=1", "snowflake.worker-id=2")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.isInstanceOf(io.snowflakeid.SnowflakeConfigurationException.class)
				.hasMessageStartingWith("Invalid snowflake.worker-id = 2: allowed only with "
						+ "snowflake.worker-assignment=static or auto, not with redis"));
	}

	@Test
	void withoutAConnectionFactoryOrUriTheFailureSaysWhatToConfigure() {
		new ApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SnowflakeRedisAutoConfiguration.class, SnowflakeAutoConfiguration.class))
			.withPropertyValues("snowflake.worker-assignment=redis")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("spring.data.redis")
				.hasMessageContaining("snowflake.redis.uri"));
	}

	@Test
	void aServerUnreachableAtStartIsAWorkerLeaseFailureNamingTheUriProperty() {
		this.contextRunner.withPropertyValues("snowflake.worker-assignment=redis", "snowflake.redis.uri=redis://127.0.0.1:1")
			.run((context) -> {
				assertThat(context).hasFailed();
				Throwable failure = context.getStartupFailure();
				java.util.List<Throwable> chain = new java.util.ArrayList<>();
				for (Throwable t = failure; t != null && !chain.contains(t); t = t.getCause()) {
					chain.add(t);
				}
				assertThat(chain).as("the failure's causes").anySatisfy((cause) -> {
					assertThat(cause).isInstanceOf(io.snowflakeid.worker.WorkerLeaseException.class);
					assertThat(cause.getMessage()).contains("snowflake.redis.uri").contains("redis://127.0.0.1:1/0");
				});
			});
	}

	@Test
	void aServerThatDoesNotAnswerInTimeFailsTheStartSayingSoAndNamingTheBound() throws Exception {
		// Accepts connections and never answers: the first call of the lease waits out its bound (at least 5 s).
		try (java.net.ServerSocket silent = new java.net.ServerSocket(0)) {
			java.util.List<java.net.Socket> accepted = new java.util.concurrent.CopyOnWriteArrayList<>();
			Thread acceptor = new Thread(() -> {
				try {
					while (true) {
						accepted.add(silent.accept());
					}
				}
				catch (java.io.IOException ex) {
					// closed
				}
			});
			acceptor.setDaemon(true);
			acceptor.start();
			this.contextRunner
				.withPropertyValues("snowflake.worker-assignment=redis", "snowflake.lease.duration=3s",
						"spring.data.redis.host=127.0.0.1", "spring.data.redis.port=" + silent.getLocalPort())
				.run((context) -> assertThat(context).hasFailed()
					.getFailure()
					.rootCause()
					.hasMessageContaining("5000 ms") // the first operation's floor: it may open the connection
					.hasMessageContaining("snowflake.lease.duration"));
			for (java.net.Socket socket : accepted) {
				socket.close();
			}
		}
	}

	@Test
	void aBadUriNamesTheProperty() {
		this.contextRunner.withPropertyValues("snowflake.worker-assignment=redis", "snowflake.redis.uri=http://x")
			.run((context) -> assertThat(context).hasFailed()
				.getFailure()
				.rootCause()
				.hasMessageContaining("snowflake.redis.uri")
				.hasMessageContaining("redis://host:port/database"));
	}
}
