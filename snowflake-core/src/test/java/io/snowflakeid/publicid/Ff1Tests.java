package io.snowflakeid.publicid;

import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

import javax.crypto.spec.SecretKeySpec;

import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.fpe.FPEFF1Engine;
import org.bouncycastle.crypto.generators.HKDFBytesGenerator;
import org.bouncycastle.crypto.params.FPEParameters;
import org.bouncycastle.crypto.params.HKDFParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.util.encoders.Hex;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;

/**
 * {@link Ff1} is NIST SP 800-38G FF1: it reproduces every FF1 sample NIST publishes, agrees with Bouncy Castle's
 * FF1 (the reference, in tests only) on random radixes, lengths, keys and tweaks, and its 128-bit arithmetic agrees
 * with {@link BigInteger}. The codec's own parameters (radix 62, n = 16; radix 10, n = 29; radix 32, n = 19) are
 * checked against Bouncy Castle on a million ids each by {@code PublicIdBouncyCastleAgreementTests} (NIST publishes
 * no sample for radix 62 or 32: its samples are radix 10 and 36).
 */
class Ff1Tests {

	private static final String KEY_128 = "2B7E151628AED2A6ABF7158809CF4F3C";

	private static final String KEY_192 = KEY_128 + "EF4359D8D580AA4F";

	private static final String KEY_256 = KEY_192 + "7F036D6F04FC6A94";

	private static final String TWEAK_2 = "39383736353433323130";

	private static final String TWEAK_3 = "3737373770717273373737";

	private static final String DIGITS_36 = "0123456789abcdefghijklmnopqrstuvwxyz";

	@Test
	void reproducesTheNineNistFf1Samples() {
		// NIST SP 800-38G FF1 samples (csrc.nist.gov, "FF1samples.pdf"): AES-128 1-3, AES-192 4-6, AES-256 7-9.
		String[][] samples = { // key, radix, tweak, plaintext, ciphertext
				{ KEY_128, "10", "", "0123456789", "2433477484" },
				{ KEY_128, "10", TWEAK_2, "0123456789", "6124200773" },
				{ KEY_128, "36", TWEAK_3, "0123456789abcdefghi", "a9tv40mll9kdu509eum" },
				{ KEY_192, "10", "", "0123456789", "2830668132" },
				{ KEY_192, "10", TWEAK_2, "0123456789", "2496655549" },
				{ KEY_192, "36", TWEAK_3, "0123456789abcdefghi", "xbj3kv35jrawxv32ysr" },
				{ KEY_256, "10", "", "0123456789", "6657667009" },
				{ KEY_256, "10", TWEAK_2, "0123456789", "1001623463" },
				{ KEY_256, "36", TWEAK_3, "0123456789abcdefghi", "xs8a0azh2avyalyzuwd" } };
		for (String[] sample : samples) {
			Aes aes = aes(Hex.decode(sample[0]));
			int radix = Integer.parseInt(sample[1]);
			Ff1 ff1 = new Ff1(aes, radix, sample[3].length(), Hex.decode(sample[2]));
			int[] plain = digits(sample[3]);
			int[] cipher = digits(sample[4]);
			assertThat(ff1.encrypt(aes, plain)).as("sample %s", (Object) sample).containsExactly(cipher);
			assertThat(ff1.decrypt(aes, cipher)).as("sample %s", (Object) sample).containsExactly(plain);
		}
	}

	@Test
	void agreesWithBouncyCastleOnRandomRadixesLengthsKeysAndTweaks() {
		SplittableRandom random = new SplittableRandom(38);
		for (int test = 0; test < 3_000; test++) {
			int radix = 2 + random.nextInt(255);
			int minLength = 2;
			while (BigInteger.valueOf(radix).pow(minLength).compareTo(BigInteger.valueOf(1_000_000)) < 0) {
				minLength++;
			}
			int maxLength = minLength;
			while (BigInteger.valueOf(radix).pow((maxLength + 2) / 2).compareTo(BigInteger.ONE.shiftLeft(56)) <= 0) {
				maxLength++;
			}
			int n = minLength + random.nextInt(maxLength - minLength + 1);
			byte[] key = bytes(random, 16 + 8 * random.nextInt(3));
			byte[] tweak = bytes(random, (test % 10 == 0) ? 0 : random.nextInt(48)); // 1 to 4 blocks of Q
			Aes aes = aes(key);
			Ff1 ff1 = new Ff1(aes, radix, n, tweak);
			FPEFF1Engine encrypt = new FPEFF1Engine(AESEngine.newInstance());
			encrypt.init(true, new FPEParameters(new KeyParameter(key), radix, tweak));
			for (int i = 0; i < 20; i++) {
				int[] plain = new int[n];
				byte[] plainBytes = new byte[n];
				for (int j = 0; j < n; j++) {
					// Some all-zero and all-(radix - 1) strings: the ends of the domain.
					plain[j] = (i == 0) ? 0 : (i == 1) ? radix - 1 : random.nextInt(radix);
					plainBytes[j] = (byte) plain[j];
				}
				byte[] expected = new byte[n];
				encrypt.processBlock(plainBytes, 0, n, expected, 0);
				int[] cipher = ff1.encrypt(aes, plain);
				for (int j = 0; j < n; j++) {
					assertThat(cipher[j]).as("radix %d, n %d, tweak %d bytes, digit %d", radix, n, tweak.length, j)
						.isEqualTo(expected[j] & 0xFF);
				}
				assertThat(ff1.decrypt(aes, cipher)).containsExactly(plain);
			}
		}
	}

	@Test
	void parametersOutsideTheStandardOrThisImplementationAreRefused() {
		Aes aes = aes(Hex.decode(KEY_128));
		byte[] tweak = new byte[0];
		assertThatIllegalArgumentException().isThrownBy(() -> new Ff1(aes, 1, 30, tweak)).withMessageContaining("radix");
		assertThatIllegalArgumentException().isThrownBy(() -> new Ff1(aes, (1 << 16) + 1, 4, tweak))
			.withMessageContaining("radix");
		// The domain must hold a million values: 10^5 does not.
		assertThatIllegalArgumentException().isThrownBy(() -> new Ff1(aes, 10, 5, tweak)).withMessageContaining("1,000,000");
		// Halves above 2^56 would not fit this implementation's arithmetic: 10^17 > 2^56 > 10^16.
		assertThatIllegalArgumentException().isThrownBy(() -> new Ff1(aes, 10, 34, tweak)).withMessageContaining("2^56");
		assertThat(new Ff1(aes, 10, 32, tweak).v()).isEqualTo(16);
		assertThat(new Ff1(aes, 62, 16, tweak).v()).isEqualTo(8);
		assertThat(new Ff1(aes, 10, 29, tweak).u()).isEqualTo(14);
		Ff1 ff1 = new Ff1(aes, 10, 10, tweak);
		assertThatIllegalArgumentException().isThrownBy(() -> ff1.encrypt(aes, new int[9])).withMessageContaining("10 digits");
		assertThatIllegalArgumentException().isThrownBy(() -> ff1.encrypt(aes, new int[] { 0, 1, 2, 3, 4, 5, 6, 7, 8, 10 }))
			.withMessageContaining("digit 10");
	}

	/**
	 * The ends of the parameters the standard and this implementation take: radix 2^16, a domain of exactly a million
	 * (10^6), radix 2 with the fewest digits (2^20). Each is accepted and round-trips.
	 */
	@Test
	void theLimitsOfTheParametersAreAccepted() {
		Aes aes = aes(Hex.decode(KEY_128));
		byte[] tweak = new byte[0];
		int[][] parameters = { { 1 << 16, 2 }, { 10, 6 }, { 1000, 2 }, { 2, 20 } };
		for (int[] radixAndLength : parameters) {
			Ff1 ff1 = new Ff1(aes, radixAndLength[0], radixAndLength[1], tweak);
			int[] plain = new int[radixAndLength[1]];
			plain[0] = radixAndLength[0] - 1;
			assertThat(ff1.decrypt(aes, ff1.encrypt(aes, plain))).as("radix %d, n %d", radixAndLength[0],
					radixAndLength[1]).containsExactly(plain);
		}
	}

	/**
	 * Radixes above 256 and tweaks longer than 255 and 65,535 bytes: the radix and the tweak length are written into
	 * the first block P as 3 and 4 bytes, so their higher bytes count. Bouncy Castle takes such digits as 2-byte
	 * values. (Not radix 2^16 itself: Bouncy Castle 1.87 gives other results there, where a plain BigInteger
	 * transcription of the standard agrees with {@link Ff1}; the codec uses radix 62 and 10.)
	 */
	@Test
	void agreesWithBouncyCastleOnRadixesAbove256AndLongTweaks() {
		SplittableRandom random = new SplittableRandom(4_096);
		int[][] radixesAndLengths = { { 300, 4 }, { 1000, 8 }, { 40_000, 3 }, { (1 << 16) - 1, 2 }, { (1 << 16) - 1, 6 } };
		for (int[] radixAndLength : radixesAndLengths) {
			for (int tweakLength : new int[] { 0, 300, 70_000 }) {
				int radix = radixAndLength[0];
				int n = radixAndLength[1];
				byte[] key = bytes(random, 16);
				byte[] tweak = bytes(random, tweakLength);
				Aes aes = aes(key);
				Ff1 ff1 = new Ff1(aes, radix, n, tweak);
				FPEFF1Engine encrypt = new FPEFF1Engine(AESEngine.newInstance());
				encrypt.init(true, new FPEParameters(new KeyParameter(key), radix, tweak));
				int[] plain = new int[n];
				byte[] plainBytes = new byte[2 * n]; // big-endian 2-byte digits
				for (int j = 0; j < n; j++) {
					plain[j] = random.nextInt(radix);
					plainBytes[2 * j] = (byte) (plain[j] >>> 8);
					plainBytes[2 * j + 1] = (byte) plain[j];
				}
				byte[] expected = new byte[2 * n];
				encrypt.processBlock(plainBytes, 0, 2 * n, expected, 0);
				int[] cipher = ff1.encrypt(aes, plain);
				for (int j = 0; j < n; j++) {
					assertThat(cipher[j]).as("radix %d, n %d, tweak %d bytes, digit %d", radix, n, tweakLength, j)
						.isEqualTo(((expected[2 * j] & 0xFF) << 8) | (expected[2 * j + 1] & 0xFF));
				}
				assertThat(ff1.decrypt(aes, cipher)).containsExactly(plain);
			}
		}
	}

	@Test
	void theModulusArithmeticAgreesWithBigInteger() {
		SplittableRandom random = new SplittableRandom(800);
		long[] moduli = { 2, 3, 10, 62, 1L << 32, (1L << 32) + 1, 218_340_105_584_896L /* 62^8 */,
				100_000_000_000_000L, 1_000_000_000_000_000L, 3_656_158_440_062_976L /* 36^10 */, (1L << 56) - 1,
				1L << 56, (1L << 62) + 1, Long.MAX_VALUE, 1L << 45 /* 32^9 */, 1L << 50 /* 32^10 */ };
		for (int test = 0; test < 100_000; test++) {
			long value = (test < moduli.length * 1000) ? moduli[test % moduli.length]
					: 2 + (random.nextLong(Long.MAX_VALUE - 1) >>> random.nextInt(62));
			Ff1.Modulus modulus = new Ff1.Modulus(value);
			for (int i = 0; i < 8; i++) {
				long hi = word(random);
				long lo = word(random);
				BigInteger dividend = unsigned(hi).shiftLeft(64).add(unsigned(lo));
				BigInteger m = BigInteger.valueOf(value);
				assertThat(modulus.mod(hi, lo)).as("%s mod %d", dividend, value)
					.isEqualTo(dividend.mod(m).longValueExact());
				long smallHi = Long.remainderUnsigned(hi, value);
				BigInteger small = unsigned(smallHi).shiftLeft(64).add(unsigned(lo));
				long quotient = modulus.divide(smallHi, lo);
				assertThat(unsigned(quotient)).as("%s / %d", small, value).isEqualTo(small.divide(m));
				assertThat(lo - quotient * value).isEqualTo(small.mod(m).longValueExact());
			}
		}
		// The edges of the dividends: a high word equal to the modulus (or one below it with every low bit set),
		// and the largest dividend whose quotient fits in 64 bits.
		for (long value : moduli) {
			Ff1.Modulus modulus = new Ff1.Modulus(value);
			BigInteger m = BigInteger.valueOf(value);
			long[][] dividends = { { value, 0 }, { value, 1 }, { value, value - 1 }, { value - 1, -1L }, { 0, value },
					{ 0, value - 1 }, { -1L, -1L } };
			for (long[] dividend : dividends) {
				BigInteger big = unsigned(dividend[0]).shiftLeft(64).add(unsigned(dividend[1]));
				assertThat(modulus.mod(dividend[0], dividend[1])).as("%s mod %d", big, value)
					.isEqualTo(big.mod(m).longValueExact());
			}
			assertThat(unsigned(modulus.divide(value - 1, -1L))).as("largest dividend / %d", value)
				.isEqualTo(unsigned(value - 1).shiftLeft(64).add(unsigned(-1L)).divide(m));
			assertThatExceptionOfType(ArithmeticException.class).isThrownBy(() -> modulus.divide(value, 0))
				.withMessage("quotient above 2^64");
		}
		assertThat(Ff1.Modulus.unsignedMultiplyHigh(-1L, -1L)).isEqualTo(-2L);
		assertThatIllegalArgumentException().isThrownBy(() -> new Ff1.Modulus(1));
	}

	/** Edge words (0, 1, all ones, the top bit alone) now and then, random otherwise. */
	private static long word(SplittableRandom random) {
		return switch (random.nextInt(12)) {
			case 0 -> 0;
			case 1 -> 1;
			case 2 -> -1L;
			case 3 -> Long.MIN_VALUE;
			case 4 -> random.nextLong() >>> random.nextInt(64);
			default -> random.nextLong();
		};
	}

	@Test
	void hkdfIsRfc5869WithHmacSha256() {
		// RFC 5869 A.3 (SHA-256, zero-length salt and info): the first 32 bytes of its 42-byte OKM.
		byte[] ikm = new byte[22];
		java.util.Arrays.fill(ikm, (byte) 0x0b);
		assertThat(VersionKey.hkdfSha256(ikm, new byte[0], 32))
			.isEqualTo(Hex.decode("8da4e775a563c18f715f802a063c5a31b8a11f5c5ee1879ec3454e5f3c738d2d"));
		// And Bouncy Castle's HKDF (no salt), for the codec's infos and lengths.
		SplittableRandom random = new SplittableRandom(5869);
		for (int i = 0; i < 500; i++) {
			byte[] key = bytes(random, 16 + 8 * random.nextInt(3));
			for (String info : new String[] { "io.snowflakeid.publicid/ff1", "io.snowflakeid.publicid/check" }) {
				int length = info.endsWith("ff1") ? key.length : 16;
				byte[] infoBytes = info.getBytes(StandardCharsets.US_ASCII);
				HKDFBytesGenerator hkdf = new HKDFBytesGenerator(new SHA256Digest());
				hkdf.init(new HKDFParameters(key, null, infoBytes));
				byte[] expected = new byte[length];
				hkdf.generateBytes(expected, 0, length);
				assertThat(VersionKey.hkdfSha256(key, infoBytes, length)).isEqualTo(expected);
			}
		}
	}

	static Aes aes(byte[] key) {
		return new Aes(new SecretKeySpec(key, "AES"));
	}

	static byte[] bytes(SplittableRandom random, int length) {
		byte[] bytes = new byte[length];
		random.nextBytes(bytes);
		return bytes;
	}

	private static BigInteger unsigned(long word) {
		return new BigInteger(Long.toUnsignedString(word));
	}

	private static int[] digits(String text) {
		return text.chars().map(DIGITS_36::indexOf).toArray();
	}
}
