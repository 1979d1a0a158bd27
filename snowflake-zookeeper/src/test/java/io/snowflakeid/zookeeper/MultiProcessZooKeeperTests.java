package io.snowflakeid.zookeeper;

import java.io.DataInputStream;
import java.io.EOFException;
import java.io.File;
import java.io.FileInputStream;
import java.io.BufferedInputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import io.snowflakeid.testing.ChildJvm;
import org.apache.curator.test.InstanceSpec;
import org.apache.curator.test.TestingServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Four JVMs leasing the four worker ids of one datacenter in one real ZooKeeper server at once, while some are
 * killed (kill -9), others restarted one by one, and the server is stopped and restarted: no id is ever issued
 * twice, and killed processes' pairs are reused.
 */
class MultiProcessZooKeeperTests {

	private static final List<String> FAILURES = List.of("FAILED", "Exception", "READ-ERROR");

	@TempDir
	Path files;

	private final List<ChildJvm> children = new ArrayList<>();

	private final List<String> leased = new ArrayList<>();

	private int started;

	@Test
	void processesKilledRestartedAndCutOffFromTheServerNeverIssueAnIdTwice() throws Exception {
		int port = InstanceSpec.getRandomPort();
		TestingServer server = ZooKeeperTesting.server(port);
		long[] resumedBy = { Long.MAX_VALUE };
		try {
			String connect = server.getConnectString();
			for (int i = 0; i < 4; i++) {
				start(connect);
			}
			Thread.sleep(2_000);
			// Two crashes: their sessions end (at once: the sockets close), their pairs go to the replacements.
			for (int i = 0; i < 2; i++) {
				this.children.get(i).kill();
				start(connect);
			}
			Thread.sleep(2_000);
			// A rolling restart of the other two.
			for (int i = 2; i < 4; i++) {
				this.children.get(i).finish("stop", "STOPPED");
				start(connect);
			}
			Thread.sleep(2_000);
			// The server away for less than the session timeout: ids stop, then resume.
			server.stop();
			Thread.sleep(1_500);
			server.restart();
			resumedBy[0] = System.currentTimeMillis();
			Thread.sleep(4_000);
			this.children.get(4).kill();
			start(connect);
			Thread.sleep(2_000);
			for (ChildJvm child : this.children) {
				if (child.process.isAlive()) {
					child.finish("stop", "STOPPED");
				}
			}
		}
		finally {
			for (ChildJvm child : this.children) {
				child.kill();
			}
			server.close();
		}
		long[] ids = readAll();
		assertThat(ids.length).as("ids issued").isGreaterThan(10_000);
		Arrays.sort(ids);
		for (int i = 1; i < ids.length; i++) {
			assertThat(ids[i]).as("id issued twice").isNotEqualTo(ids[i - 1]);
		}
		assertThat(ZooKeeperLeaseProcess.FOUR_PAIRS.decode(ids[ids.length - 1]).timestamp().toEpochMilli())
			.as("ids issued again after the server came back").isGreaterThan(resumedBy[0]);
		Set<String> pairs = new HashSet<>(this.leased);
		assertThat(pairs).as("only four pairs exist").hasSizeLessThanOrEqualTo(4);
		assertThat(this.leased.size()).as("starts (and re-leases) reused the pairs").isGreaterThan(pairs.size());
	}

	private void start(String connect) throws Exception {
		File file = this.files.resolve("ids-" + (this.started++) + ".bin").toFile();
		ChildJvm child = ChildJvm.start(ZooKeeperLeaseProcess.class, FAILURES, connect, "/multi-process/leases",
				file.getPath());
		this.children.add(child);
		String line = child.expect("LEASED ");
		this.leased.add(line.substring("LEASED ".length()));
	}

	private long[] readAll() throws Exception {
		List<Long> all = new ArrayList<>();
		try (var list = Files.list(this.files)) {
			for (Path file : list.toList()) {
				try (DataInputStream in = new DataInputStream(new BufferedInputStream(new FileInputStream(file.toFile())))) {
					long size = Files.size(file) / 8;
					for (long i = 0; i < size; i++) {
						all.add(in.readLong());
					}
				}
				catch (EOFException ex) {
					// a killed process's last partial write
				}
			}
		}
		return all.stream().mapToLong(Long::longValue).toArray();
	}
}
