package io.snowflakeid.redis.internal;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.snowflakeid.testing.ChildJvm;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Four JVMs at once leasing from a {@code redis-server} this test started (append-only, fsync always): kill -9,
 * a rolling restart, and the server stopped and started again mid-run. Every id any of them issued is checked:
 * none twice, and killed holders' pairs are reused.
 */
class MultiProcessRedisTests {

	private static final List<String> FAILURES = List.of("Exception", "DUPLICATE");

	@Test
	void fourProcessesNeverIssueAnIdTwiceThroughKillsRestartsAndAServerRestart() throws Exception {
		RedisTestServers.assumeOwnServers();
		try (RedisTestServers.OwnServer server = RedisTestServers.OwnServer.durable()) {
			String key = RedisTestServers.uniqueKey();
			RedisTestServers.inUse(server.uri(), key); // the wait for deleted records: RedisLeaseFenceTests
			List<Path> files = new ArrayList<>();
			List<ChildJvm> running = new ArrayList<>();
			List<Integer> workers = new ArrayList<>();
			try {
				for (int i = 0; i < 4; i++) {
					start(server, key, files, running, workers);
				}
				assertThat(new HashSet<>(workers)).as("four distinct pairs").hasSize(4);
				Thread.sleep(1_500);
				// kill -9: the newcomer waits for the killed holder's lease end + margin, then reuses its pair
				int killedWorker = workers.remove(0);
				running.remove(0).kill();
				start(server, key, files, running, workers);
				assertThat(workers.get(workers.size() - 1)).as("the killed holder's pair, reused").isEqualTo(killedWorker);
				// a rolling restart: each released pair is taken over at once by its successor
				for (int i = 0; i < 4; i++) {
					running.remove(0).finish("release", "RELEASED");
					int released = workers.remove(0);
					start(server, key, files, running, workers);
					assertThat(workers.get(workers.size() - 1)).isEqualTo(released);
				}
				// the server stopped longer than the lease: every holder stops issuing; restarted, they go on
				server.stop();
				for (ChildJvm child : running) {
					child.expect("EXPIRED");
				}
				server.start();
				for (ChildJvm child : running) {
					child.expect("RESUMED");
				}
				Thread.sleep(1_000);
				// one more kill, its pair reused by a fresh process
				int killed = workers.remove(1);
				running.remove(1).kill();
				start(server, key, files, running, workers);
				assertThat(workers.get(workers.size() - 1)).isEqualTo(killed);
				Thread.sleep(1_000);
				for (ChildJvm child : running) {
					child.finish("release", "RELEASED");
				}
				running.clear();
			}
			finally {
				for (ChildJvm child : running) {
					child.kill();
				}
			}
			Set<Long> seen = new HashSet<>();
			long total = 0;
			for (Path file : files) {
				for (String line : Files.readAllLines(file)) {
					if (!line.isBlank()) {
						total++;
						assertThat(seen.add(Long.parseLong(line))).as("id " + line + " issued twice").isTrue();
					}
				}
				Files.deleteIfExists(file);
			}
			assertThat(total).as("ids issued").isGreaterThan(10_000);
			System.out.println("MultiProcessRedisTests: " + total + " ids from " + files.size() + " processes, none twice");
		}
	}

	private static void start(RedisTestServers.OwnServer server, String key, List<Path> files, List<ChildJvm> running,
			List<Integer> workers) throws Exception {
		Path file = Files.createTempFile("snowflake-redis-ids", ".txt");
		files.add(file);
		ChildJvm child = ChildJvm.start(RedisLeaseHolderProcess.class, FAILURES, server.uri(), key, file.toString());
		running.add(child);
		String claimed = child.expect("CLAIMED");
		workers.add(Integer.parseInt(claimed.split(" ")[2]));
	}
}
