package io.snowflakeid.redis.internal;

import java.time.Duration;
import java.util.List;

import io.lettuce.core.RedisURI;
import io.snowflakeid.redis.internal.LettuceRedisScripts;
import io.snowflakeid.spi.LeaseRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The five operations of {@link RedisLeaseStore} on a real server: the same conditions as the lease table's SQL. */
class RedisLeaseStoreTests {

	private static final Duration TIMEOUT = Duration.ofSeconds(2);

	private final String key = RedisTestServers.uniqueKey();

	private RedisLeaseStore store;

	private RedisTestServers.Direct direct;

	@BeforeEach
	void open() {
		String uri = RedisTestServers.sharedUri();
		this.store = new RedisLeaseStore(LettuceRedisScripts.open(RedisURI.create(uri), Duration.ofSeconds(2)),
				this.key, true, true); // the shared server runs Redis' defaults (no append-only file)
		this.direct = RedisTestServers.direct(uri);
	}

	/** What every claim does first: reads (here: records, 0) the fence, which the inserts then require unchanged. */
	private void fenceRead() throws Exception {
		assertThat(this.store.forgottenHoldersFence(0, TIMEOUT)).isZero();
	}

	@Test
	void anInsertIsRefusedOnceTheHashWasDeletedOrFencedAgainSinceTheClaimReadTheFence() throws Exception {
		fenceRead();
		this.direct.delete(this.key);
		assertThat(this.store.insertNew(0, 1, "a", "t1", 1000, 900, TIMEOUT)).as("the hash deleted since").isFalse();
		assertThat(this.direct.all(this.key)).as("nothing created").isEmpty();
		this.direct.connection.sync().hset(this.key, "fence", "12345");
		assertThat(this.store.insertNew(0, 1, "a", "t1", 1000, 900, TIMEOUT)).as("fenced again since").isFalse();
		assertThat(this.store.forgottenHoldersFence(0, TIMEOUT)).isEqualTo(12345);
		assertThat(this.store.insertNew(0, 1, "a", "t1", 1000, 900, TIMEOUT)).as("the fence read again").isTrue();
	}

	@AfterEach
	void close() {
		if (this.direct != null) {
			this.direct.delete(this.key);
			this.direct.close();
			this.store.close();
		}
	}

	@Test
	void insertNewCreatesARecordOnlyOnce() throws Exception {
		fenceRead();
		assertThat(this.store.insertNew(0, 1, "a", "t1", 1000, 900, TIMEOUT)).isTrue();
		assertThat(this.store.insertNew(0, 1, "b", "t2", 2000, 1900, TIMEOUT)).as("another claimant loses").isFalse();
		assertThat(this.store.insertNew(0, 1, "a", "t1", 1000, 900, TIMEOUT))
			.as("the same claim executed twice (a client re-sending after a reconnect) still won").isTrue();
		assertThat(this.store.records(null, TIMEOUT)).containsExactly(new LeaseRecord(0, 1, 1000, 900));
		assertThat(this.direct.token(this.key, 0, 1)).isEqualTo("t1");
	}

	@Test
	void recordsOfOneDatacenterOrAll() throws Exception {
		fenceRead();
		this.store.insertNew(0, 3, "a", "t1", 10, 20, TIMEOUT);
		this.store.insertNew(1, 3, "a", "t2", 30, 40, TIMEOUT);
		this.store.insertNew(11, 0, "a", "t3", 50, 60, TIMEOUT);
		assertThat(this.store.records(1, TIMEOUT)).containsExactly(new LeaseRecord(1, 3, 30, 40));
		assertThat(this.store.records(null, TIMEOUT)).hasSize(3);
		assertThat(this.store.records(2, TIMEOUT)).isEmpty();
	}

	@Test
	void takeFreeNeedsTheLeaseEndedBeforeTheBoundAndTheMarkUnchanged() throws Exception {
		fenceRead();
		this.direct.put(this.key, 0, 0, 1000, 5000, "old", "crashed");
		LeaseRecord read = new LeaseRecord(0, 0, 1000, 5000);
		assertThat(this.store.takeFree(read, "me", "new", 9000, 8000, 1000, TIMEOUT))
			.as("lease end not before the bound (equal)").isFalse();
		assertThat(this.store.takeFree(new LeaseRecord(0, 0, 1000, 4999), "me", "new", 9000, 8000, 2000, TIMEOUT))
			.as("the mark changed since it was read").isFalse();
		assertThat(this.store.takeFree(read, "me", "new", 9000, 8000, 1001, TIMEOUT)).isTrue();
		assertThat(this.store.records(0, TIMEOUT)).containsExactly(new LeaseRecord(0, 0, 9000, 8000));
		assertThat(this.direct.token(this.key, 0, 0)).isEqualTo("new");
		assertThat(this.store.takeFree(read, "me", "new", 9000, 8000, 1001, TIMEOUT))
			.as("the same take executed twice still won").isTrue();
		assertThat(this.store.takeFree(read, "other", "other", 9000, 8000, 99_999, TIMEOUT)).isFalse();
		assertThat(this.store.takeFree(new LeaseRecord(0, 7, 0, 0), "me", "x", 1, 1, 1, TIMEOUT))
			.as("no record").isFalse();
	}

	@Test
	void renewNeedsOneOfTheTokensAndNeverLowersTheMark() throws Exception {
		fenceRead();
		this.store.insertNew(0, 2, "me", "t1", 1000, 5000, TIMEOUT);
		assertThat(this.store.renew(0, 2, List.of("other"), "t2", 2000, 6000, TIMEOUT)).isFalse();
		assertThat(this.store.renew(0, 2, List.of("unknown", "t1"), "t2", 2000, 4000, TIMEOUT)).isTrue();
		assertThat(this.store.records(0, TIMEOUT)).as("lease extended, mark kept")
			.containsExactly(new LeaseRecord(0, 2, 2000, 5000));
		assertThat(this.store.renew(0, 2, List.of("t1"), "t2", 2000, 4000, TIMEOUT))
			.as("the same renewal executed twice still holds").isTrue();
		assertThat(this.store.renew(0, 2, List.of("t1"), "t3", 3000, 7000, TIMEOUT))
			.as("a stale token no longer matches").isFalse();
		assertThat(this.store.renew(0, 2, List.of("t2"), "t3", 3000, 7000, TIMEOUT)).isTrue();
		assertThat(this.store.records(0, TIMEOUT)).containsExactly(new LeaseRecord(0, 2, 3000, 7000));
		assertThat(this.store.renew(0, 9, List.of("t2"), "t4", 3000, 7000, TIMEOUT)).as("no record").isFalse();
	}

	@Test
	void releaseStoresTheExactMarkEvenLowerAndFreesTheRecord() throws Exception {
		fenceRead();
		this.store.insertNew(0, 0, "me", "t1", 1000, 5000, TIMEOUT);
		assertThat(this.store.release(0, 0, List.of("x"), 10, TIMEOUT)).isFalse();
		assertThat(this.store.release(0, 0, List.of("x", "t1"), 4321, TIMEOUT)).isTrue();
		assertThat(this.store.records(0, TIMEOUT)).containsExactly(new LeaseRecord(0, 0, 0, 4321));
		assertThat(this.direct.token(this.key, 0, 0)).isEmpty();
		assertThat(this.store.release(0, 0, List.of("t1"), 4321, TIMEOUT)).as("already free").isFalse();
		assertThat(this.store.renew(0, 0, List.of("t1"), "t2", 1, 1, TIMEOUT))
			.as("a released record is not renewed").isFalse();
	}

	@Test
	void numbersAreComparedExactlyBeyondTheDoublePrecisionOfLua() throws Exception {
		fenceRead();
		long big = (1L << 53) + 1; // a Lua double rounds it to 2^53
		this.store.insertNew(0, 0, "me", "t1", big, big + 1, TIMEOUT);
		assertThat(this.store.renew(0, 0, List.of("t1"), "t2", big + 2, big, TIMEOUT)).isTrue();
		assertThat(this.store.records(0, TIMEOUT)).as("mark big + 1 kept over big")
			.containsExactly(new LeaseRecord(0, 0, big + 2, big + 1));
		assertThat(this.store.takeFree(new LeaseRecord(0, 0, big + 2, big), "x", "t9", 1, 1, Long.MAX_VALUE, TIMEOUT))
			.as("mark big is not big + 1").isFalse();
		assertThat(this.store.takeFree(new LeaseRecord(0, 0, big + 2, big + 1), "x", "t9", 1, 1, big + 2, TIMEOUT))
			.as("lease end big + 2 is not before big + 2").isFalse();
		this.store.insertNew(0, 1, "me", "n1", -5, -12, TIMEOUT);
		assertThat(this.store.renew(0, 1, List.of("n1"), "n2", 3, -5, TIMEOUT)).isTrue();
		assertThat(this.store.takeFree(new LeaseRecord(0, 1, 3, -5), "x", "n3", 1, 1, 4, TIMEOUT))
			.as("negative numbers compare as numbers").isTrue();
		assertThat(this.store.records(0, TIMEOUT)).contains(new LeaseRecord(0, 1, 1, 1));
	}

	@Test
	void aForeignFieldInTheHashIsAnErrorNotSkipped() {
		this.direct.connection.sync().hset(this.key, "x:y", "{\"leaseEnd\":\"1\",\"highWaterMark\":\"1\"}");
		org.assertj.core.api.Assertions.assertThatIllegalStateException()
			.isThrownBy(() -> this.store.records(null, TIMEOUT))
			.withMessageContaining("snowflake.redis.key");
	}

	@Test
	void aRecordOfAPairWithoutItsNumbersIsAnErrorNotSkipped() {
		// The last (here only) record of the hash lacking its mark: it could be a pair in use, never to be ignored.
		this.direct.connection.sync().hset(this.key, "0:0", "{\"leaseEnd\":\"99\",\"token\":\"t\"}");
		org.assertj.core.api.Assertions.assertThatException()
			.isThrownBy(() -> this.store.records(null, TIMEOUT))
			.withMessageContaining("0:0")
			.withMessageContaining("snowflake.redis.key");
	}

	@Test
	void aRecordWhoseNumbersAreNotCanonicalIsAnErrorNotMisread() {
		// 0099 parses as 99 in Java, but the scripts compare it by length as above 100: never act on such a record.
		this.direct.connection.sync().hset(this.key, "0:1", "{\"leaseEnd\":\"0\",\"highWaterMark\":\"0099\","
				+ "\"token\":\"\",\"owner\":\"\"}");
		org.assertj.core.api.Assertions.assertThatException()
			.isThrownBy(() -> this.store.records(0, TIMEOUT))
			.withMessageContaining("0:1")
			.withMessageContaining("snowflake.redis.key");
	}
}
