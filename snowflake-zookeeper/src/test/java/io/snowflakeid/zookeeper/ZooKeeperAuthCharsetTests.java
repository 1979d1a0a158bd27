package io.snowflakeid.zookeeper;

import java.io.File;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

import io.snowflakeid.SnowflakeConfigurationException;
import org.apache.curator.framework.CuratorFramework;
import org.apache.curator.framework.CuratorFrameworkFactory;
import org.apache.curator.retry.RetryOneTime;
import org.apache.zookeeper.KeeperException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * {@code snowflake.zookeeper.auth} is sent as UTF-8 bytes, but ZooKeeper's digest provider decodes them with the
 * SERVER's default charset ({@code new String(authData)} in DigestAuthenticationProvider). On a server JVM whose
 * default charset is not UTF-8 (Java 17 and earlier under LANG=C / POSIX, common in containers) every non-ASCII byte
 * becomes U+FFFD: two passwords that differ only in their non-ASCII characters (of the same byte length) are the same
 * identity, and a password made of non-ASCII letters only is as weak as its length.
 */
class ZooKeeperAuthCharsetTests {

	@Test
	void aNonAsciiPasswordIsRefusedOrCannotBeGuessedFromItsLengthOnAServerWhoseCharsetIsNotUtf8() throws Exception {
		int port;
		try (ServerSocket socket = new ServerSocket(0)) {
			port = socket.getLocalPort();
		}
		Path data = Files.createTempDirectory("zk-ascii");
		String java = System.getProperty("java.home") + File.separator + "bin" + File.separator + "java";
		Process server = new ProcessBuilder(List.of(java, "-Dfile.encoding=US-ASCII",
				"-Dzookeeper.admin.enableServer=false", "-cp", System.getProperty("java.class.path"),
				"org.apache.zookeeper.server.ZooKeeperServerMain", String.valueOf(port), data.toString()))
			.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
		try {
			String connect = "127.0.0.1:" + port;
			awaitServer(connect);
			String password = "пароль"; // 12 bytes in UTF-8
			ZooKeeperLeaseStore store;
			try {
				store = ZooKeeperLeaseStore.connect(connect, "/charset", Duration.ofSeconds(10), Duration.ofSeconds(10),
						"digest:app:" + password);
			}
			catch (SnowflakeConfigurationException refused) {
				assertThat(refused.getMessage()).doesNotContain(password);
				return; // refused at start: fine
			}
			try (store) {
				store.maxLeaseDuration();
				store.prepare(Duration.ofSeconds(10)); // the base node, for app:<password> only
				try (CuratorFramework guesser = client(connect, "app:секрет")) { // another word, 12 bytes too
					assertThatExceptionOfType(KeeperException.NoAuthException.class)
						.as("a client with another password must not be the lease identity")
						.isThrownBy(() -> guesser.create().forPath("/charset/0-0",
								"leaseEnd=0\nmark=0\ntoken=\nowner=\n".getBytes(StandardCharsets.UTF_8)));
				}
			}
		}
		finally {
			server.destroyForcibly();
			server.waitFor(30, TimeUnit.SECONDS);
		}
	}

	private static void awaitServer(String connect) throws Exception {
		long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
		while (true) {
			try (CuratorFramework probe = CuratorFrameworkFactory.newClient(connect, 5_000, 2_000,
					new RetryOneTime(100))) {
				probe.start();
				if (probe.blockUntilConnected(2, TimeUnit.SECONDS)) {
					return;
				}
			}
			if (System.nanoTime() > deadline) {
				throw new IllegalStateException("the ZooKeeper server did not start");
			}
		}
	}

	private static CuratorFramework client(String connect, String digest) throws Exception {
		CuratorFramework client = CuratorFrameworkFactory.builder().connectString(connect).sessionTimeoutMs(10_000)
			.connectionTimeoutMs(5_000).retryPolicy(new RetryOneTime(100))
			.authorization("digest", digest.getBytes(StandardCharsets.UTF_8)).build();
		client.start();
		assertThat(client.blockUntilConnected(10, TimeUnit.SECONDS)).isTrue();
		return client;
	}
}
