package io.snowflakeid.redis.internal;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import io.lettuce.core.RedisURI;
import io.snowflakeid.redis.internal.RedisLeaseStoreProvider;
import io.snowflakeid.redis.internal.LettuceRedisScripts;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.internal.config.Setting;
import io.snowflakeid.internal.config.Settings;
import io.snowflakeid.WorkerLeaseExpiredException;
import io.snowflakeid.testing.ManualScheduler;
import io.snowflakeid.worker.WorkerLease;
import io.snowflakeid.worker.WorkerLeaseException;
import io.snowflakeid.worker.WorkerLeaseSettings;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

/**
 * What the lease refuses to build on: servers of the test's own (ports 6390-6399) configured the way that loses an
 * acknowledged write (no append-only file, {@code appendfsync everysec}, an {@code allkeys-*} eviction policy, a
 * replica that has not received the write when the primary dies), at start and at a renewal.
 */
class RedisServerSafetyTests {

	private static final SnowflakeLayout FOUR_WORKERS = SnowflakeLayout.builder().timestampBits(41).datacenterBits(5)
		.workerBits(2).sequenceBits(15).build();

	/** Where the leases the test renews by hand schedule their renewals: nothing runs unless the test says so. */
	private final ManualScheduler scheduler = new ManualScheduler();

	private final String key = RedisTestServers.uniqueKey();

	private final List<AutoCloseable> resources = new ArrayList<>();

	@AfterEach
	void cleanUp() throws Exception {
		for (int i = this.resources.size() - 1; i >= 0; i--) {
			try {
				this.resources.get(i).close();
			}
			catch (Exception ex) {
				// a server already killed
			}
		}
	}

	private RedisTestServers.OwnServer server(boolean appendOnly, String... extra) throws Exception {
		RedisTestServers.assumeOwnServers();
		RedisTestServers.OwnServer server = new RedisTestServers.OwnServer(appendOnly, List.of(extra)).start();
		this.resources.add(server);
		return server;
	}

	private RedisLeaseStore store(RedisTestServers.OwnServer server) {
		RedisLeaseStore store = new RedisLeaseStore(
				LettuceRedisScripts.open(RedisURI.create(server.uri()), Duration.ofSeconds(2)), this.key, true);
		this.resources.add(store);
		return store;
	}

	private RedisTestServers.Direct direct(RedisTestServers.OwnServer server) {
		RedisTestServers.Direct direct = RedisTestServers.direct(server.uri());
		this.resources.add(direct);
		return direct;
	}

	private static WorkerLeaseSettings.Builder settings(RedisLeaseStore store) {
		return WorkerLeaseSettings.builder(store).layout(FOUR_WORKERS).datacenterId(0).duration(Duration.ofSeconds(3))
			.safetyMargin(Duration.ofSeconds(1));
	}

	private WorkerLease acquire(WorkerLeaseSettings settings) {
		WorkerLease lease = WorkerLease.acquire(settings);
		this.resources.add(lease);
		return lease;
	}

	@Test
	void aServerWithoutAnAppendOnlyFileIsRefusedAtStartNamingTheSettingTheFixAndTheProperty() throws Exception {
		// Redis' own defaults: RDB snapshots only. A restart from the last snapshot forgets the claim, and a second
		// JVM would lease the same pair while the first issues ids with it.
		RedisTestServers.OwnServer server = server(false, "--save", "900 1");
		RedisLeaseStore store = store(server);
		assertThatExceptionOfType(WorkerLeaseException.class).isThrownBy(() -> acquire(settings(store).build()))
			.satisfies((ex) -> assertThat(ex.getReason())
				.isEqualTo(WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION))
			.withMessageContaining("appendonly is no")
			.withMessageContaining("appendonly yes")
			.withMessageContaining("appendfsync always")
			.withMessageContaining("snowflake.redis.accept-data-loss-risk=true");
		assertThat(direct(server).all(this.key)).as("nothing was written").isEmpty();
	}

	@Test
	void anAppendOnlyFileSyncedOnlyEverySecondIsRefused() throws Exception {
		RedisTestServers.OwnServer server = server(true, "--appendfsync", "everysec");
		RedisLeaseStore store = store(server);
		assertThatExceptionOfType(WorkerLeaseException.class).isThrownBy(() -> acquire(settings(store).build()))
			.withMessageContaining("appendfsync is everysec")
			.withMessageContaining("snowflake.redis.accept-data-loss-risk=true");
	}

	@Test
	void anEvictionPolicyThatCanRemoveTheLeaseHashIsRefusedNamingThePolicy() throws Exception {
		// allkeys-lru may evict the hash (it has no TTL), and a second JVM takes the pair still held.
		RedisTestServers.OwnServer server = server(true, "--maxmemory", "64mb", "--maxmemory-policy", "allkeys-lru");
		RedisLeaseStore store = store(server);
		assertThatExceptionOfType(WorkerLeaseException.class).isThrownBy(() -> acquire(settings(store).build()))
			.satisfies((ex) -> assertThat(ex.getReason())
				.isEqualTo(WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION))
			.withMessageContaining("maxmemory-policy is allkeys-lru")
			.withMessageContaining("noeviction");
	}

	@Test
	void aServerThatRefusesConfigIsNotTakenForSafeSinceInfoDoesNotTellTheFsyncPolicy() throws Exception {
		// What managed services do: CONFIG is renamed away (or denied by an ACL).
		RedisTestServers.OwnServer server = server(true, "--rename-command", "CONFIG", "");
		assertThatExceptionOfType(WorkerLeaseException.class)
			.isThrownBy(() -> acquire(settings(store(server)).build()))
			.withMessageContaining("appendfsync could not be read (CONFIG GET appendfsync")
			.withMessageContaining("snowflake.redis.accept-data-loss-risk=true");
		RedisLeaseStore accepting = new RedisLeaseStore(
				LettuceRedisScripts.open(RedisURI.create(server.uri()), Duration.ofSeconds(2)), this.key, true, true);
		this.resources.add(accepting);
		assertThat(acquire(settings(accepting).build()).generator().nextId()).isPositive();
	}

	@Test
	void aServerThatRefusesInfoIsRefusedSayingWhatTheLeaseMustRead() throws Exception {
		RedisTestServers.OwnServer server = server(true, "--rename-command", "INFO", "");
		assertThatExceptionOfType(WorkerLeaseException.class)
			.isThrownBy(() -> acquire(settings(store(server)).build()))
			.satisfies((ex) -> assertThat(ex.getReason())
				.isEqualTo(WorkerLeaseException.Reason.UNSUPPORTED_CONFIGURATION))
			.withMessageContaining("INFO could not be read")
			.withMessageContaining("persistence, eviction policy and replicas");
	}

	@Test
	void theRiskOfLosingWritesCanBeAcceptedExplicitlyButNotAnEvictionPolicyThatDropsTheHash() throws Exception {
		RedisTestServers.OwnServer server = server(false);
		RedisLeaseStore accepting = new RedisLeaseStore(
				LettuceRedisScripts.open(RedisURI.create(server.uri()), Duration.ofSeconds(2)), this.key, true, true);
		this.resources.add(accepting);
		WorkerLease lease = acquire(settings(accepting).scheduler(this.scheduler).build());
		direct(server).connection.sync().configSet("maxmemory-policy", "allkeys-lfu");
		this.scheduler.runPending(); // the lease's renewal, now
		assertThat(lease.renewals()).as("eviction is refused whatever is accepted").isZero();
		assertThat(lease.renewalFailures()).isEqualTo(1);
		assertThatExceptionOfType(WorkerLeaseException.class).isThrownBy(() -> acquire(settings(accepting).build()))
			.withMessageContaining("maxmemory-policy is allkeys-lfu")
			.withMessageNotContaining("appendonly");
	}

	@Test
	void aTtlSomeoneSetOnTheLeaseHashIsRemovedByTheNextWrite() throws Exception {
		// EXPIRE on the hash (by hand, or a tool that sets TTLs on every key) would drop every record when it runs
		// out, or make the hash evictable under a volatile-* policy: every claim and renewal removes it.
		RedisTestServers.OwnServer server = server(true);
		RedisTestServers.Direct direct = direct(server);
		WorkerLease lease = acquire(settings(store(server)).scheduler(this.scheduler).build());
		direct.connection.sync().expire(this.key, 3_600);
		this.scheduler.runPending(); // the lease's renewal, now
		assertThat(lease.renewals()).isEqualTo(1);
		assertThat(direct.connection.sync().pttl(this.key)).as("no TTL left on the lease hash").isEqualTo(-1);
	}

	@Test
	void aServerThatAcceptsConnectionsButDoesNotAnswerFailsTheStartWithinTheConnectTimeout() throws Exception {
		RedisTestServers.OwnServer server = server(true);
		server.signal("STOP"); // the kernel still accepts connections; the handshake gets no answer
		long start = System.nanoTime();
		assertThatExceptionOfType(WorkerLeaseException.class)
			.isThrownBy(() -> new RedisLeaseStoreProvider().create(java.util.Map.of(RedisSettings.URI, server.uri())))
			.withMessageContaining("snowflake.redis.uri")
			.withMessageContaining("5000 ms");
		assertThat(Duration.ofNanos(System.nanoTime() - start)).as("bounded by the connect timeout, not Lettuce's 60 s")
			.isLessThan(Duration.ofSeconds(15));
	}

	@Test
	void theAcceptanceIsTrueOrFalseAndNothingElse() {
		Setting<Boolean> acceptance = Settings.REDIS_ACCEPT_DATA_LOSS_RISK; // what the provider reads it with
		assertThat(acceptance.readOrDefault(java.util.Map.of())).isFalse();
		assertThat(acceptance.readOrDefault(java.util.Map.of(RedisSettings.ACCEPT_DATA_LOSS_RISK, " TRUE "))).isTrue();
		assertThat(acceptance.readOrDefault(java.util.Map.of(RedisSettings.ACCEPT_DATA_LOSS_RISK, Boolean.FALSE)))
			.isFalse();
		assertThatExceptionOfType(io.snowflakeid.SnowflakeConfigurationException.class)
			.isThrownBy(() -> acceptance.readOrDefault(java.util.Map.of(RedisSettings.ACCEPT_DATA_LOSS_RISK, "yes")))
			.withMessage("Invalid snowflake.redis.accept-data-loss-risk = 'yes': allowed true or false");
	}

	/** Plain Hibernate's settings, as written: refused before any connection is tried (the port is closed). */
	@Test
	void theProviderRefusesAKeyWithBlanksAndAnAcceptanceThatIsNotTrueOrFalse() {
		assertThatExceptionOfType(io.snowflakeid.SnowflakeConfigurationException.class)
			.isThrownBy(() -> new RedisLeaseStoreProvider()
				.create(java.util.Map.of(RedisSettings.URI, "redis://127.0.0.1:1", RedisSettings.KEY, " orders:lease ")))
			.satisfies((ex) -> assertThat(ex.getSetting()).isEqualTo(RedisSettings.KEY))
			.withMessageContaining("without leading or trailing blanks");
		assertThatExceptionOfType(io.snowflakeid.SnowflakeConfigurationException.class)
			.isThrownBy(() -> new RedisLeaseStoreProvider().create(java.util.Map.of(RedisSettings.URI,
					"redis://127.0.0.1:1", RedisSettings.ACCEPT_DATA_LOSS_RISK, "yes")))
			.withMessage("Invalid snowflake.redis.accept-data-loss-risk = 'yes': allowed true or false");
	}

	@Test
	void aRenewalOnAServerMadeUnsafeIsRefusedSoIdsStopAtTheLeaseEndSayingWhyAndResumeOnceFixed() throws Exception {
		RedisTestServers.OwnServer server = server(true);
		RedisLeaseStore store = store(server);
		RedisTestServers.Direct direct = direct(server);
		WorkerLease lease = acquire(settings(store).scheduler(this.scheduler).build());
		long first = lease.generator().nextId();
		direct.connection.sync().configSet("appendonly", "no");
		this.scheduler.runPending(); // the lease's renewal, now
		assertThat(lease.renewals()).as("the renewal on a server that can now lose it is refused").isZero();
		assertThat(lease.renewalFailures()).isEqualTo(1);
		direct.connection.sync().configSet("appendonly", "yes");
		direct.connection.sync().configSet("maxmemory-policy", "allkeys-random");
		this.scheduler.runPending(); // the lease's renewal, now
		assertThat(lease.renewals()).isZero();
		awaitExpired(lease);
		assertThatExceptionOfType(WorkerLeaseExpiredException.class).isThrownBy(lease.generator()::nextId)
			.withMessageContaining("maxmemory-policy is allkeys-random");
		direct.connection.sync().configSet("maxmemory-policy", "noeviction");
		this.scheduler.runPending(); // the lease's renewal, now
		assertThat(lease.renewals()).as("a safe server again: renewed").isEqualTo(1);
		assertThat(lease.generator().nextId()).isGreaterThan(first);
	}

	@Test
	void aClaimIsNotGrantedUntilEveryConnectedReplicaHasItSoAPromotedReplicaNeverHandsThePairOutAgain()
			throws Exception {
		RedisTestServers.OwnServer primary = server(true);
		RedisTestServers.DroppingLink link = new RedisTestServers.DroppingLink(primary.port);
		this.resources.add(link);
		RedisTestServers.OwnServer replica = server(true, "--replicaof", "127.0.0.1", Integer.toString(link.port));
		RedisTestServers.Direct onReplica = direct(replica);
		awaitLinkUp(onReplica);
		RedisLeaseConnectionReplicaAndAclTests.awaitOnlineAtThePrimary(direct(primary)); // WAIT counts replicas the primary sees online
		// A replica that lags (or a network that loses the stream): still connected, but it receives nothing.
		link.drop();
		WorkerLease first = null;
		WorkerLeaseException refused = null;
		try {
			first = acquire(settings(store(primary)).build());
		}
		catch (WorkerLeaseException ex) {
			refused = ex;
		}
		// The primary dies; the replica is promoted without the claim.
		primary.kill();
		onReplica.connection.sync().replicaofNoOne();
		int firstWorker = (first != null) ? first.workerId() : -1;
		if (first != null) {
			// As if it ran in another JVM (one JVM never leases a pair twice): its hand-back cannot reach the dead
			// primary, so the promoted server's record is what decides.
			first.close();
		}
		WorkerLease second = acquire(settings(store(replica)).build());
		if (first != null) {
			assertThat(second.workerId()).as("the pair of a lease that may still be valid, handed out again")
				.isNotEqualTo(firstWorker);
		}
		assertThat(refused).as("the claim no replica confirmed is refused").isNotNull();
		assertThat(refused.getMessage()).contains("0 of 1 replicas").contains("WAIT");
	}

	@Test
	void aClaimEveryReplicaConfirmedSurvivesTheReplicasPromotion() throws Exception {
		RedisTestServers.OwnServer primary = server(true);
		RedisTestServers.OwnServer replica = server(true, "--replicaof", "127.0.0.1", Integer.toString(primary.port));
		RedisTestServers.Direct onReplica = direct(replica);
		awaitLinkUp(onReplica);
		RedisLeaseConnectionReplicaAndAclTests.awaitOnlineAtThePrimary(direct(primary)); // WAIT counts replicas the primary sees online
		WorkerLease first = acquire(settings(store(primary)).build());
		primary.kill();
		onReplica.connection.sync().replicaofNoOne();
		assertThat(first.isValid()).as("the first lease may still issue ids").isTrue();
		assertThat(onReplica.token(this.key, 0, first.workerId())).as("the promoted server has the claim")
			.isNotEmpty();
		first.close(); // as if in another JVM: see above
		WorkerLease second = acquire(settings(store(replica)).build());
		assertThat(second.workerId()).isNotEqualTo(first.workerId());
	}

	private static void awaitLinkUp(RedisTestServers.Direct replica) throws InterruptedException {
		long deadline = System.currentTimeMillis() + 10_000;
		while (!replica.connection.sync().info("replication").contains("master_link_status:up")) {
			if (System.currentTimeMillis() > deadline) {
				throw new AssertionError("the replica did not sync: " + replica.connection.sync().info("replication"));
			}
			Thread.sleep(50);
		}
	}

	private static void awaitExpired(WorkerLease lease) throws InterruptedException {
		long deadline = System.currentTimeMillis() + 10_000;
		while (lease.isValid() && System.currentTimeMillis() < deadline) {
			Thread.sleep(50);
		}
		assertThat(lease.isValid()).as("the permit ran out").isFalse();
	}
}
