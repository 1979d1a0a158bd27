package io.snowflakeid.publicid;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

import org.bouncycastle.crypto.BlockCipher;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.fpe.FPEFF1Engine;
import org.bouncycastle.crypto.generators.HKDFBytesGenerator;
import org.bouncycastle.crypto.params.FPEParameters;
import org.bouncycastle.crypto.params.HKDFParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The codec's FF1 on the JDK's AES gives the tokens the construction gives with Bouncy Castle (the FF1, AES and HKDF
 * the codec used before, and the reference here): a million random ids per alphabet, under random keys of every
 * size, random key versions and random domains, and the ids at the edges. Tokens made by either decode to the same
 * id, and random tokens are accepted or refused alike. Seeded: every run checks the same ids. The work is split into
 * chunks of their own key and seed, run in parallel; which thread runs a chunk changes nothing.
 */
class PublicIdBouncyCastleAgreementTests {

	private static final int CHUNKS = 100;

	private static final int IDS_PER_CHUNK = 10_000; // 1,000,000 per alphabet

	private static final int RANDOM_TOKENS_PER_CHUNK = 500;

	private static final String DOMAIN_CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-";

	private static final long[] EDGE_IDS = { 0, 1, 2, 61, 62, 63, (1L << 32) - 1, 1L << 32, (1L << 32) + 1,
			(1L << 53) - 1, 912207628317364225L, Long.MAX_VALUE - 1, Long.MAX_VALUE };

	@Test
	void aMillionRandomIdsGiveBouncyCastlesTokensInBase62() {
		assertThat(agree(PublicIdAlphabet.BASE62)).isEqualTo((long) CHUNKS * IDS_PER_CHUNK);
	}

	@Test
	void aMillionRandomIdsGiveBouncyCastlesTokensInDecimal() {
		assertThat(agree(PublicIdAlphabet.DECIMAL)).isEqualTo((long) CHUNKS * IDS_PER_CHUNK);
	}

	/**
	 * Radix 32, n = 19: NIST publishes no FF1 sample for radix 32 (its samples are radix 10 and 36), so this agreement
	 * with Bouncy Castle is the check of the cipher at this radix.
	 */
	@Test
	void aMillionRandomIdsGiveBouncyCastlesTokensInCrockfordBase32() {
		assertThat(agree(PublicIdAlphabet.CROCKFORD_BASE32)).isEqualTo((long) CHUNKS * IDS_PER_CHUNK);
	}

	/** The number of ids checked. */
	private static long agree(PublicIdAlphabet alphabet) {
		return IntStream.range(0, CHUNKS).parallel().mapToLong((chunk) -> agree(alphabet, chunk)).sum();
	}

	private static long agree(PublicIdAlphabet alphabet, int chunk) {
		SplittableRandom random = new SplittableRandom(22_000L * (alphabet.ordinal() + 1) + chunk);
		byte[] key;
		do {
			key = Ff1Tests.bytes(random, 16 + 8 * random.nextInt(3));
		}
		while (distinct(key) < PublicIdCodec.MIN_DISTINCT_KEY_BYTES);
		char version = alphabet.characters().charAt(random.nextInt(alphabet.radix()));
		String domain = "";
		if (chunk % 4 != 0) {
			StringBuilder name = new StringBuilder();
			for (int i = 1 + random.nextInt(PublicIdCodec.MAX_DOMAIN_LENGTH); i > 0; i--) {
				name.append(DOMAIN_CHARACTERS.charAt(random.nextInt(DOMAIN_CHARACTERS.length())));
			}
			domain = name.toString();
		}
		PublicIdCodec codec = PublicIdCodec.builder().key(version, key).alphabet(alphabet).build().forDomain(domain);
		Reference reference = new Reference(key, alphabet, version, domain);
		for (int i = 0; i < IDS_PER_CHUNK; i++) {
			// Ids of every magnitude: snowflake ids near 2^62, segment ids and JavaScript-safe ids far below.
			long id = (i < EDGE_IDS.length) ? EDGE_IDS[i] : (random.nextLong() >>> 1) >>> random.nextInt(63);
			String expected = reference.encode(id);
			String token = codec.encode(id);
			if (!token.equals(expected)) {
				throw new AssertionError(alphabet + " chunk " + chunk + " (domain \"" + domain + "\", " + key.length
						+ "-byte key): id " + id + " gives " + token + ", Bouncy Castle " + expected);
			}
			if (codec.decode(token) != id) {
				throw new AssertionError(alphabet + " chunk " + chunk + ": " + token + " does not decode to " + id);
			}
		}
		for (int i = 0; i < RANDOM_TOKENS_PER_CHUNK; i++) {
			char[] token = new char[alphabet.tokenLength()];
			token[0] = version;
			for (int j = 1; j < token.length; j++) {
				token[j] = alphabet.characters().charAt(random.nextInt(alphabet.radix()));
			}
			String text = new String(token);
			long expected = reference.decode(text);
			long decoded;
			try {
				decoded = codec.decode(text);
			}
			catch (InvalidPublicIdException ex) {
				assertThat(ex.reason()).isEqualTo(InvalidPublicIdException.Reason.FAILED_CHECK);
				decoded = -1;
			}
			if (decoded != expected) {
				throw new AssertionError(alphabet + " chunk " + chunk + ": random token " + text + " decodes to "
						+ decoded + ", with Bouncy Castle to " + expected);
			}
		}
		return IDS_PER_CHUNK;
	}

	private static int distinct(byte[] key) {
		return (int) IntStream.range(0, key.length).map((i) -> key[i]).distinct().count();
	}

	/**
	 * The construction as the README states it, with Bouncy Castle's HKDF, AES and FF1, and the numeral string
	 * written digit by digit: what the codec computed before it ran FF1 itself.
	 */
	private static final class Reference {

		private final PublicIdAlphabet alphabet;

		private final char version;

		private final BlockCipher check = AESEngine.newInstance();

		private final FPEFF1Engine encrypt = new FPEFF1Engine(AESEngine.newInstance());

		private final FPEFF1Engine decrypt = new FPEFF1Engine(AESEngine.newInstance());

		Reference(byte[] key, PublicIdAlphabet alphabet, char version, String domain) {
			this.alphabet = alphabet;
			this.version = version;
			byte[] tweak = (alphabet.settingValue() + ":" + version + (domain.isEmpty() ? "" : ":" + domain))
				.getBytes(StandardCharsets.UTF_8);
			FPEParameters ff1 = new FPEParameters(new KeyParameter(hkdf(key, "io.snowflakeid.publicid/ff1", key.length)),
					alphabet.radix(), tweak);
			this.encrypt.init(true, ff1);
			this.decrypt.init(false, ff1);
			this.check.init(true, new KeyParameter(hkdf(key, "io.snowflakeid.publicid/check", 16)));
		}

		String encode(long id) {
			int length = this.alphabet.payloadLength();
			long radix = this.alphabet.radix();
			byte[] digits = new byte[length];
			// N = id * 2^32 + check as two longs (high: id, low: 32 bits), divided by the radix digit by digit.
			long high = id;
			long low = check(id) & 0xFFFF_FFFFL;
			for (int i = length - 1; i >= 0; i--) {
				long remainder = high % radix;
				high /= radix;
				long middle = (remainder << 32) | low;
				low = middle / radix;
				digits[i] = (byte) (middle % radix);
			}
			byte[] out = new byte[length];
			this.encrypt.processBlock(digits, 0, length, out, 0);
			StringBuilder token = new StringBuilder().append(this.version);
			for (byte digit : out) {
				token.append(this.alphabet.characters().charAt(digit));
			}
			return token.toString();
		}

		/** The id of a token of this version, or -1 if it fails the check. */
		long decode(String token) {
			int length = this.alphabet.payloadLength();
			byte[] digits = new byte[length];
			for (int i = 0; i < length; i++) {
				digits[i] = (byte) this.alphabet.characters().indexOf(token.charAt(i + 1));
			}
			byte[] plain = new byte[length];
			this.decrypt.processBlock(digits, 0, length, plain, 0);
			java.math.BigInteger n = java.math.BigInteger.ZERO;
			for (byte digit : plain) {
				n = n.multiply(java.math.BigInteger.valueOf(this.alphabet.radix())).add(java.math.BigInteger.valueOf(digit));
			}
			if (n.bitLength() > 95) {
				return -1;
			}
			long id = n.shiftRight(32).longValueExact();
			return (n.intValue() == check(id)) ? id : -1;
		}

		private int check(long id) {
			byte[] block = new byte[16];
			java.nio.ByteBuffer.wrap(block, 8, 8).putLong(id);
			this.check.processBlock(block, 0, block, 0);
			return java.nio.ByteBuffer.wrap(block, 0, 4).getInt();
		}

		private static byte[] hkdf(byte[] key, String info, int length) {
			HKDFBytesGenerator hkdf = new HKDFBytesGenerator(new SHA256Digest());
			hkdf.init(new HKDFParameters(key, null, info.getBytes(StandardCharsets.US_ASCII)));
			byte[] out = new byte[length];
			hkdf.generateBytes(out, 0, length);
			return out;
		}
	}
}
