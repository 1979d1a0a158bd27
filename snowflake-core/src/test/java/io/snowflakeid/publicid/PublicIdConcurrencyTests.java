package io.snowflakeid.publicid;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * One codec shared by many threads gives every thread the tokens it gives one thread: the ciphers (not thread-safe)
 * are never used by two threads at once. More threads than the pool has slots, so that sets are also made and
 * dropped under contention, on several key versions and domains at once (they share their version's ciphers).
 */
class PublicIdConcurrencyTests {

	private static final int THREADS = 16;

	private static final int IDS = 4_000;

	@Test
	void threadsSharingACodecGetTheTokensOfASingleThread() throws Exception {
		for (PublicIdAlphabet alphabet : PublicIdAlphabet.values()) {
			PublicIdCodec root = PublicIdCodec.builder().alphabet(alphabet).key("1", PublicIdCodecTests.KEY_1)
				.key("2", PublicIdCodecTests.KEY_2).currentVersion('2').build();
			PublicIdCodec retired = PublicIdCodec.builder().alphabet(alphabet).key("1", PublicIdCodecTests.KEY_1).build();
			String[] domains = { "", "invoice", "account" };
			long[] ids = new SplittableRandom(16).longs(IDS, 0, Long.MAX_VALUE).toArray();
			// Single-threaded, on other instances of the same keys: what every thread must get.
			PublicIdCodec reference = PublicIdCodec.builder().alphabet(alphabet).key("1", PublicIdCodecTests.KEY_1)
				.key("2", PublicIdCodecTests.KEY_2).currentVersion('2').build();
			PublicIdCodec referenceRetired = PublicIdCodec.builder().alphabet(alphabet).key("1", PublicIdCodecTests.KEY_1)
				.build();
			String[][] expected = new String[domains.length * 2][IDS];
			for (int d = 0; d < domains.length; d++) {
				for (int i = 0; i < IDS; i++) {
					expected[2 * d][i] = reference.forDomain(domains[d]).encode(ids[i]);
					expected[2 * d + 1][i] = referenceRetired.forDomain(domains[d]).encode(ids[i]);
				}
			}
			ExecutorService executor = Executors.newFixedThreadPool(THREADS);
			try {
				CountDownLatch start = new CountDownLatch(1);
				List<Future<Integer>> results = new ArrayList<>();
				for (int t = 0; t < THREADS; t++) {
					int thread = t;
					results.add(executor.submit(() -> {
						start.await();
						int checked = 0;
						for (int k = 0; k < IDS; k++) {
							int i = (k * 7 + thread * 251) % IDS; // every thread in its own order
							int d = (k + thread) % domains.length;
							PublicIdCodec codec = root.forDomain(domains[d]); // domain codecs made concurrently too
							String token = codec.encode(ids[i]);
							assertThat(token).isEqualTo(expected[2 * d][i]);
							assertThat(codec.decode(token)).isEqualTo(ids[i]);
							// A token of version 1 (the retired codec's) decodes on the rotated codec.
							String old = retired.forDomain(domains[d]).encode(ids[i]);
							assertThat(old).isEqualTo(expected[2 * d + 1][i]);
							assertThat(codec.decode(old)).isEqualTo(ids[i]);
							checked++;
						}
						return checked;
					}));
				}
				start.countDown();
				for (Future<Integer> result : results) {
					assertThat(result.get(2, TimeUnit.MINUTES)).isEqualTo(IDS);
				}
			}
			finally {
				executor.shutdownNow();
			}
		}
	}
}
