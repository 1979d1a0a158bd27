package io.snowflakeid.publicid;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the tokens show and what a forger gets, counted on deterministic inputs (fixed keys and seeds: a failure
 * reproduces). Thresholds are set at a chance probability of about 10^-6 per check for an ideal permutation, so a
 * failure means structure, not bad luck.
 */
class PublicIdForgeryAndPatternTests {

	private static final int CONSECUTIVE = 100_000;

	/**
	 * Tokens whose every single-character change is tried (61 * 17 each in base62, 9 * 30 in decimal, 31 * 20 in
	 * crockford-base32): 1,000 by default (about 12 s), more with
	 * the environment variable SNOWFLAKE_PUBLICID_TAMPERED_TOKENS=10000 (surefire's forked JVM inherits it).
	 */
	private static final int TAMPERED_TOKENS = Integer
		.parseInt(System.getenv().getOrDefault("SNOWFLAKE_PUBLICID_TAMPERED_TOKENS", "1000"));

	private static final int RANDOM_TOKENS = 1_000_000;

	private final PublicIdCodec codec = PublicIdCodecTests.codec("1", PublicIdCodecTests.KEY_1, "2",
			PublicIdCodecTests.KEY_2);

	@Test
	void tokensOfConsecutiveIdsHaveUniformCharactersAtEveryPosition() {
		for (PublicIdAlphabet alphabet : PublicIdAlphabet.values()) {
			PublicIdCodec codec = PublicIdCodec.builder().alphabet(alphabet).key("1", PublicIdCodecTests.KEY_1).build();
			int radix = alphabet.radix();
			int length = alphabet.payloadLength();
			long[][] counts = new long[length][radix];
			long first = 912_207_628_317_364_225L;
			for (int i = 0; i < CONSECUTIVE; i++) {
				String token = codec.encode(first + i);
				for (int p = 0; p < length; p++) {
					counts[p][alphabet.digit(token.charAt(p + 1))]++;
				}
			}
			double limit = chiSquareQuantile(radix - 1, 4.75); // upper 10^-6 tail
			double expected = (double) CONSECUTIVE / radix;
			for (int p = 0; p < length; p++) {
				double chiSquare = 0;
				for (long count : counts[p]) {
					chiSquare += (count - expected) * (count - expected) / expected;
				}
				assertThat(chiSquare).as("%s position %d: chi-square, %d degrees of freedom", alphabet, p + 1, radix - 1)
					.isLessThan(limit);
			}
		}
	}

	@Test
	void tokensOfConsecutiveIdsAreNotOrderedAndShareNoPrefix() {
		long first = 912_207_628_317_364_225L;
		String previous = this.codec.encode(first);
		int ascents = 0;
		int run = 1;
		int longestRun = 1;
		boolean ascending = false;
		long sharedPrefix = 0;
		long differingPositions = 0;
		for (int i = 1; i < CONSECUTIVE; i++) {
			String token = this.codec.encode(first + i);
			boolean up = token.compareTo(previous) > 0;
			ascents += up ? 1 : 0;
			run = (i > 1 && up == ascending) ? run + 1 : 2;
			ascending = up;
			longestRun = Math.max(longestRun, run);
			int prefix = 1; // the version character is shared, by design
			while (prefix < token.length() && token.charAt(prefix) == previous.charAt(prefix)) {
				prefix++;
			}
			sharedPrefix += prefix - 1;
			for (int p = 1; p < token.length(); p++) {
				differingPositions += (token.charAt(p) != previous.charAt(p)) ? 1 : 0;
			}
			previous = token;
		}
		int pairs = CONSECUTIVE - 1;
		// Ascents of a random sequence: mean (n-1)/2, standard deviation sqrt((n+1)/12) ~ 91: allow 5 deviations.
		assertThat(Math.abs(ascents - pairs / 2.0)).as("ascents among %d consecutive pairs: %d", pairs, ascents)
			.isLessThan(5 * Math.sqrt((CONSECUTIVE + 1) / 12.0));
		// A monotonic run of length L somewhere among n: ~ 2n/L! (L = 12: ~ 4 * 10^-4).
		assertThat(longestRun).as("longest monotonic run").isLessThan(12);
		// Shared prefix after the version: mean 1/61 per pair (~ 1640 over 100k), nothing like the ids' 14 digits.
		assertThat(sharedPrefix / (double) pairs).isLessThan(0.03);
		// Differing positions of 16: mean 16 * 61/62 ~ 15.74.
		assertThat(differingPositions / (double) pairs).isBetween(15.7, 15.8);
	}

	@Test
	void randomTokensAreAllRefusedInEveryAlphabet() {
		for (PublicIdAlphabet alphabet : PublicIdAlphabet.values()) {
			PublicIdCodec codec = twoVersions(alphabet);
			SplittableRandom random = new SplittableRandom(20260101);
			String characters = alphabet.characters();
			int accepted = 0;
			char[] token = new char[alphabet.payloadLength() + 1];
			// a refused token costs ~6 us (its exception): the other alphabets try a quarter as many
			int tokens = (alphabet == PublicIdAlphabet.BASE62) ? RANDOM_TOKENS : RANDOM_TOKENS / 4;
			for (int i = 0; i < tokens; i++) {
				token[0] = (char) ('1' + random.nextInt(2)); // a configured version, so that every token is decrypted
				for (int p = 1; p < token.length; p++) {
					token[p] = characters.charAt(random.nextInt(alphabet.radix()));
				}
				accepted += codec.isValid(new String(token)) ? 1 : 0;
			}
			// Expected: tokens * 2^63 / radix^payloadLength: 2^-32.27 (base62), 2^-33.3 (decimal), 2^-32
			// (crockford-base32) a token, so about 2 * 10^-4 for a million.
			assertThat(accepted).as("%s: random tokens accepted of %d", alphabet, tokens).isZero();
		}
	}

	@Test
	void everySingleCharacterChangeOfATokenIsRefusedInEveryAlphabet() {
		for (PublicIdAlphabet alphabet : PublicIdAlphabet.values()) {
			PublicIdCodec codec = twoVersions(alphabet);
			int tokens = TAMPERED_TOKENS;
			SplittableRandom random = new SplittableRandom(7);
			String characters = alphabet.characters();
			long tried = 0;
			int accepted = 0;
			for (int t = 0; t < tokens; t++) {
				char[] token = codec.encode(random.nextLong(Long.MAX_VALUE)).toCharArray();
				for (int p = 0; p < token.length; p++) {
					char original = token[p];
					for (int c = 0; c < alphabet.radix(); c++) {
						if (characters.charAt(c) == original) {
							continue;
						}
						token[p] = characters.charAt(c);
						tried++;
						accepted += codec.isValid(new String(token)) ? 1 : 0;
					}
					token[p] = original;
				}
			}
			// Changing the version character to the other configured version decrypts under the other key: also
			// refused.
			assertThat(tried).isEqualTo(tokens * (alphabet.payloadLength() + 1L) * (alphabet.radix() - 1));
			assertThat(accepted).as("%s: tampered tokens accepted of %d", alphabet, tried).isZero();
		}
	}

	/** Keys of versions 1 and 2, encoding with 2, as {@link #codec} (base62) does. */
	private static PublicIdCodec twoVersions(PublicIdAlphabet alphabet) {
		return PublicIdCodec.builder()
			.alphabet(alphabet)
			.key("1", PublicIdCodecTests.KEY_1)
			.key("2", PublicIdCodecTests.KEY_2)
			.currentVersion('2')
			.build();
	}

	/** Wilson-Hilferty: the chi-square quantile for {@code k} degrees of freedom at normal quantile {@code z}. */
	private static double chiSquareQuantile(int k, double z) {
		double a = 2.0 / (9 * k);
		return k * Math.pow(1 - a + z * Math.sqrt(a), 3);
	}
}
