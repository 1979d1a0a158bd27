package io.snowflakeid.redis.internal;

import java.time.Duration;

import io.lettuce.core.RedisURI;
import io.snowflakeid.redis.internal.LettuceRedisScripts;
import io.snowflakeid.spi.LeaseStore;
import io.snowflakeid.testing.LeaseStoreContract;
import org.junit.jupiter.api.AfterEach;

/** The Redis store (on the shared server, a key of its own per test) holds to every store's contract. */
class RedisLeaseStoreContractTests extends LeaseStoreContract {

	private final String key = RedisTestServers.uniqueKey();

	private String uri;

	@Override
	protected LeaseStore openStore() {
		this.uri = RedisTestServers.sharedUri(); // skips the class without a server
		// the shared server runs Redis' defaults (no append-only file): accepted here, as in RedisLeaseStoreTests
		return new RedisLeaseStore(LettuceRedisScripts.open(RedisURI.create(this.uri), Duration.ofSeconds(2)),
				this.key, true, true);
	}

	@AfterEach
	void deleteTheKey() {
		if (this.uri != null) {
			try (RedisTestServers.Direct direct = RedisTestServers.direct(this.uri)) {
				direct.delete(this.key);
			}
		}
	}
}
