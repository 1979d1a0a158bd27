package io.snowflakeid.spring.redis;

import java.time.Duration;
import java.util.List;

import io.snowflakeid.spi.LeaseStore;
import org.junit.jupiter.api.Test;
import org.springframework.data.redis.connection.RedisStandaloneConfiguration;
import org.springframework.data.redis.connection.lettuce.LettuceConnectionFactory;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

/**
 * The Spring adapter's bound of two calls at once, on a busy host: a call is refused as "not sent: the 2 calls
 * before it are still waiting for an answer (the server hangs)" only if two calls really are still running, never
 * because the threads of calls that already answered have not yet gone back to the pool (seen once: the lifecycle
 * test's claim with a replica failed to start that way on this loaded machine).
 */
class SpringDataRedisScriptsConcurrencyTests {

	private static final String REDIS = System.getProperty("snowflake.test.redis", "").trim();

	@Test
	void aCallAfterAnsweredCallsIsNeverRefusedAsIfTheServerHung() throws Exception {
		assumeTrue(!REDIS.isEmpty(), "No Redis server for the tests: run with -Dsnowflake.test.redis=host:port");
		String[] hostPort = REDIS.split(":");
		LettuceConnectionFactory factory = new LettuceConnectionFactory(
				new RedisStandaloneConfiguration(hostPort[0], Integer.parseInt(hostPort[1])));
		factory.afterPropertiesSet();
		factory.start();
		SpringDataRedisScripts scripts = new SpringDataRedisScripts(factory);
		// The first call connects and loads the client's classes: made before the host is busy (run alone in a cold
		// JVM, with the threads below already spinning on 2 cores, it took longer than the 5 s bound).
		assertThat(scripts.evalLong("return 1", "snowflake-test:review", List.of(), Duration.ofSeconds(30))).isEqualTo(1);
		// A busy host: many runnable threads, so that a pool thread that has just answered is often preempted
		// before it is back waiting for the next call.
		List<Thread> busy = new java.util.ArrayList<>();
		for (int i = 0; i < 12; i++) {
			Thread thread = new Thread(() -> {
				long x = 0;
				while (!Thread.currentThread().isInterrupted()) {
					x++;
					if ((x & 0xFFFFF) == 0) {
						Thread.yield();
					}
				}
			});
			thread.setDaemon(true);
			thread.start();
			busy.add(thread);
		}
		int refused = 0;
		int calls = 0;
		String firstRefusal = null;
		try {
			long end = System.nanoTime() + Duration.ofSeconds(15).toNanos();
			while (System.nanoTime() < end && refused == 0) {
				try {
					// One caller, one call at a time: never two calls waiting for the server.
					scripts.evalLong("return 1", "snowflake-test:review", List.of(), Duration.ofSeconds(5));
				}
				catch (LeaseStore.NotAppliedException ex) {
					refused++;
					firstRefusal = ex.getMessage();
				}
				calls++;
			}
		}
		finally {
			busy.forEach(Thread::interrupt);
			scripts.close();
			factory.destroy();
		}
		System.out.println("SpringDataRedisScriptsConcurrencyTests: " + calls + " calls, " + refused + " refused");
		assertThat(refused).as("call " + calls + " refused though the one before had answered: " + firstRefusal)
			.isZero();
	}
}
