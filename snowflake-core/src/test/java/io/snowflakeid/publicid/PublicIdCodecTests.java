package io.snowflakeid.publicid;

import java.util.Base64;
import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.publicid.InvalidPublicIdException.Reason;
import org.bouncycastle.crypto.fpe.FPEFF1Engine;
import org.bouncycastle.crypto.params.FPEParameters;
import org.bouncycastle.crypto.params.KeyParameter;
import org.bouncycastle.util.encoders.Hex;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatIllegalArgumentException;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PublicIdCodecTests {

	static final String KEY_1 = "q83vEjRWeJCrze8SNFZ4kKvN7xI0VniQq83vEjRWeJA="; // 32 bytes

	static final String KEY_2 = "AAECAwQFBgcICQoLDA0ODw=="; // 16 bytes

	static final String KEY_3 = "ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4"; // 24 bytes

	static PublicIdCodec codec(String... versionsAndKeys) {
		PublicIdCodec.Builder builder = PublicIdCodec.builder();
		for (int i = 0; i < versionsAndKeys.length; i += 2) {
			builder.key(versionsAndKeys[i], versionsAndKeys[i + 1]);
		}
		return builder.currentVersion(versionsAndKeys[versionsAndKeys.length - 2].charAt(0)).build();
	}

	@Test
	void bouncyCastlesFf1MatchesTheNistSampleVectors() {
		// NIST SP 800-38G FF1 samples 1 and 2 (AES-128, radix 10): the primitive the codec is built on is the standard one.
		byte[] key = Hex.decode("2B7E151628AED2A6ABF7158809CF4F3C");
		byte[] plain = { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 };
		assertThat(ff1(key, new byte[0], plain)).containsExactly(2, 4, 3, 3, 4, 7, 7, 4, 8, 4);
		assertThat(ff1(key, Hex.decode("39383736353433323130"), plain)).containsExactly(6, 1, 2, 4, 2, 0, 0, 7, 7, 3);
	}

	private static byte[] ff1(byte[] key, byte[] tweak, byte[] plain) {
		FPEFF1Engine engine = new FPEFF1Engine();
		engine.init(true, new FPEParameters(new KeyParameter(key), 10, tweak));
		byte[] out = new byte[plain.length];
		engine.processBlock(plain, 0, plain.length, out, 0);
		return out;
	}

	@Test
	void edgeAndRandomIdsRoundTripWithEveryKeyVersionAndAlphabet() {
		long[] edges = { 0, 1, 2, (1L << 32) - 1, 1L << 32, SnowflakeLayout.MAX_SAFE_JAVASCRIPT_INTEGER,
				Long.MAX_VALUE - 1, Long.MAX_VALUE };
		for (PublicIdAlphabet alphabet : PublicIdAlphabet.values()) {
			for (char current : new char[] { '1', '7', '9' }) {
				PublicIdCodec codec = PublicIdCodec.builder().alphabet(alphabet).key("1", KEY_1).key("7", KEY_2)
					.key("9", KEY_3).currentVersion(current).build();
				SplittableRandom random = new SplittableRandom(current);
				for (int i = 0; i < 2_000 + edges.length; i++) {
					long id = (i < edges.length) ? edges[i] : random.nextLong(Long.MAX_VALUE);
					String token = codec.encode(id);
					assertThat(token).hasSize(alphabet.tokenLength()).startsWith(String.valueOf(current));
					assertThat(token.chars().allMatch((c) -> alphabet.contains((char) c))).as(token).isTrue();
					assertThat(codec.decode(token)).as(token).isEqualTo(id);
				}
			}
		}
	}

	@Test
	void tokensHaveTheDocumentedLengthsAndAreStableAcrossInstances() {
		PublicIdCodec base62 = codec("1", KEY_1);
		PublicIdCodec decimal = PublicIdCodec.builder().key("1", KEY_1).alphabet(PublicIdAlphabet.DECIMAL).build();
		assertThat(base62.tokenLength()).isEqualTo(17);
		assertThat(decimal.tokenLength()).isEqualTo(30);
		assertThat(decimal.encode(42)).matches("1[0-9]{29}");
		// Tokens are in URLs and databases of clients: the construction (key derivation, tweak, check, digit order) must
		// never change silently. These literals pin it.
		assertThat(base62.encode(912207628317364225L)).isEqualTo(codec("1", KEY_1).encode(912207628317364225L))
			.isEqualTo(PINNED_BASE62);
		assertThat(decimal.encode(912207628317364225L)).isEqualTo(PINNED_DECIMAL);
		assertThat(base62.decode(PINNED_BASE62)).isEqualTo(912207628317364225L);
	}

	static final String PINNED_BASE62 = "1wkNy9I8WjDwU3Lbl";

	static final String PINNED_DECIMAL = "121304858479903498473435304662";

	@Test
	void theAlphabetIsPartOfTheCipherSoDecimalAndBase62TokensNeverDecodeAsEachOther() {
		PublicIdCodec base62 = codec("1", KEY_1);
		PublicIdCodec decimal = PublicIdCodec.builder().key("1", KEY_1).alphabet(PublicIdAlphabet.DECIMAL).build();
		assertThatThrownBy(() -> base62.decode(decimal.encode(5))).isInstanceOf(InvalidPublicIdException.class);
		assertThatThrownBy(() -> decimal.decode(base62.encode(5))).isInstanceOf(InvalidPublicIdException.class);
	}

	@Test
	void anOldTokenDecodesAfterANewCurrentVersionAndIsUnknownOnceItsKeyIsRemoved() {
		PublicIdCodec before = codec("1", KEY_1);
		String old = before.encode(123_456_789L);
		PublicIdCodec rotated = codec("1", KEY_1, "2", KEY_2);
		assertThat(rotated.currentVersion()).isEqualTo('2');
		assertThat(rotated.decode(old)).isEqualTo(123_456_789L);
		String fresh = rotated.encode(123_456_789L);
		assertThat(fresh).startsWith("2").isNotEqualTo(old);
		assertThat(rotated.decode(fresh)).isEqualTo(123_456_789L);
		PublicIdCodec retired = codec("2", KEY_2);
		assertThat(retired.decode(fresh)).isEqualTo(123_456_789L);
		assertThatThrownBy(() -> retired.decode(old)).isInstanceOfSatisfying(InvalidPublicIdException.class,
				(ex) -> assertThat(ex.reason()).isEqualTo(Reason.UNKNOWN_KEY_VERSION));
	}

	@Test
	void aTokenOfOneDomainIsRefusedByAnotherAndByTheDefaultDomain() {
		PublicIdCodec codec = codec("1", KEY_1);
		PublicIdCodec invoice = codec.forDomain("invoice");
		PublicIdCodec account = codec.forDomain("account");
		SplittableRandom random = new SplittableRandom(20);
		for (int i = 0; i < 2_000; i++) {
			long id = (i < 100) ? i : random.nextLong(Long.MAX_VALUE);
			String token = invoice.encode(id);
			assertThat(invoice.decode(token)).isEqualTo(id);
			assertThat(token).isNotEqualTo(account.encode(id)).isNotEqualTo(codec.encode(id));
			assertThatThrownBy(() -> account.decode(token)).isInstanceOfSatisfying(InvalidPublicIdException.class,
					(ex) -> assertThat(ex.reason()).isEqualTo(Reason.FAILED_CHECK));
			assertThatThrownBy(() -> codec.decode(token)).isInstanceOf(InvalidPublicIdException.class);
		}
		// One codec per domain, from any codec of the same keys; the empty domain is the default one.
		assertThat(account.forDomain("invoice")).isSameAs(invoice);
		assertThat(invoice.forDomain("")).isSameAs(codec).isSameAs(codec.forDomain(null));
		assertThat(invoice.domain()).isEqualTo("invoice");
		assertThat(invoice.toString()).contains("domain=invoice").doesNotContain(KEY_1);
		// Rotation works per domain as for the default one.
		PublicIdCodec rotated = codec("1", KEY_1, "2", KEY_2).forDomain("invoice");
		assertThat(rotated.decode(invoice.encode(99))).isEqualTo(99);
		assertThat(rotated.encode(99)).startsWith("2");
	}

	@Test
	void aDomainNameOutsideTheAllowedCharactersIsRefusedNamingIt() {
		PublicIdCodec codec = codec("1", KEY_1);
		for (String bad : new String[] { " invoice", "in voice", "invoice:2", "ä", "x".repeat(65) }) {
			assertThatIllegalArgumentException().isThrownBy(() -> codec.forDomain(bad))
				.withMessageContaining("\"" + bad + "\"")
				.withMessageContaining("1 to 64 characters of A-Z, a-z, 0-9");
		}
		assertThat(codec.forDomain("Order-lines_2.v1").encode(1)).hasSize(17);
	}

	@Test
	void theDocumentedConstructionReproducesTheTokensOfEveryDomain() {
		// An independent encoder built from the javadoc and README (HKDF-SHA256 with an empty salt, the check of
		// AES-128 over 8 zero bytes and the big-endian id, N = id * 2^32 + check as a fixed-length numeral string,
		// most significant digit first, FF1 with the tweak "<alphabet>:<version>[:<domain>]", the version character
		// prefixed unenciphered): what another language needs to read our tokens.
		byte[] key = Base64.getDecoder().decode(KEY_1);
		for (String domain : new String[] { "", "invoice" }) {
			for (PublicIdAlphabet alphabet : PublicIdAlphabet.values()) {
				PublicIdCodec codec = PublicIdCodec.builder().key("1", KEY_1).alphabet(alphabet).build().forDomain(domain);
				for (long id : new long[] { 0, 42, 912207628317364225L, Long.MAX_VALUE }) {
					assertThat(codec.encode(id)).isEqualTo(documentedToken(key, alphabet, '1', domain, id));
				}
			}
		}
	}

	private static String documentedToken(byte[] key, PublicIdAlphabet alphabet, char version, String domain, long id) {
		byte[] ff1Key = hkdf(key, "io.snowflakeid.publicid/ff1", key.length);
		byte[] checkKey = hkdf(key, "io.snowflakeid.publicid/check", 16);
		byte[] block = new byte[16];
		java.nio.ByteBuffer.wrap(block, 8, 8).putLong(id);
		org.bouncycastle.crypto.engines.AESEngine aes = new org.bouncycastle.crypto.engines.AESEngine();
		aes.init(true, new KeyParameter(checkKey));
		aes.processBlock(block, 0, block, 0);
		long check = java.nio.ByteBuffer.wrap(block, 0, 4).getInt() & 0xFFFF_FFFFL;
		java.math.BigInteger n = java.math.BigInteger.valueOf(id).shiftLeft(32).add(java.math.BigInteger.valueOf(check));
		int length = alphabet.payloadLength();
		byte[] digits = new byte[length];
		java.math.BigInteger radix = java.math.BigInteger.valueOf(alphabet.radix());
		for (int i = length - 1; i >= 0; i--) {
			java.math.BigInteger[] division = n.divideAndRemainder(radix);
			digits[i] = (byte) division[1].intValue();
			n = division[0];
		}
		String tweak = alphabet.settingValue() + ":" + version + (domain.isEmpty() ? "" : ":" + domain);
		FPEFF1Engine engine = new FPEFF1Engine();
		engine.init(true, new FPEParameters(new KeyParameter(ff1Key), alphabet.radix(),
				tweak.getBytes(java.nio.charset.StandardCharsets.UTF_8)));
		byte[] out = new byte[length];
		engine.processBlock(digits, 0, length, out, 0);
		StringBuilder token = new StringBuilder().append(version);
		for (byte digit : out) {
			token.append(alphabet.characters().charAt(digit));
		}
		return token.toString();
	}

	private static byte[] hkdf(byte[] key, String info, int length) {
		org.bouncycastle.crypto.generators.HKDFBytesGenerator hkdf = new org.bouncycastle.crypto.generators.HKDFBytesGenerator(
				new org.bouncycastle.crypto.digests.SHA256Digest());
		hkdf.init(new org.bouncycastle.crypto.params.HKDFParameters(key, new byte[0],
				info.getBytes(java.nio.charset.StandardCharsets.US_ASCII)));
		byte[] out = new byte[length];
		hkdf.generateBytes(out, 0, length);
		return out;
	}

	@Test
	void aTokenOfAnotherKeyUnderTheSameVersionFailsTheCheck() {
		String token = codec("1", KEY_1).encode(77);
		assertThatThrownBy(() -> codec("1", KEY_2).decode(token)).isInstanceOfSatisfying(InvalidPublicIdException.class,
				(ex) -> assertThat(ex.reason()).isEqualTo(Reason.FAILED_CHECK));
	}

	@Test
	void malformedTokensAreRefusedAsMalformed() {
		PublicIdCodec codec = codec("1", KEY_1);
		String valid = codec.encode(5);
		for (String token : new String[] { null, "", "1", valid + "0", valid.substring(1), "1" + "-".repeat(16),
				"1" + "é".repeat(16), "1" + "\u0080".repeat(16), "\u0080" + valid.substring(1), "\u007f" + valid.substring(1),
				"-" + valid.substring(1), valid.substring(0, 16) + " " }) {
			assertThatThrownBy(() -> codec.decode(token)).as(String.valueOf(token))
				.isInstanceOfSatisfying(InvalidPublicIdException.class,
						(ex) -> assertThat(ex.reason()).isEqualTo(Reason.MALFORMED))
				.hasMessage("Invalid public id: malformed (expected 17 characters of the base62 alphabet)");
		}
		assertThat(codec.isValid(valid)).isTrue();
		assertThat(codec.isValid("x")).isFalse();
	}

	/**
	 * Zero digits are digits: a token whose halves are all zeros ({@code 0} is the alphabet's first character) is
	 * well formed, and refused only because it fails the check, in both alphabets.
	 */
	@Test
	void aTokenOfZeroDigitsIsWellFormedAndFailsTheCheck() {
		PublicIdCodec base62 = codec("1", KEY_1);
		PublicIdCodec decimal = PublicIdCodec.builder().key("1", KEY_1).alphabet(PublicIdAlphabet.DECIMAL).build();
		assertThat(decimal.alphabet()).isEqualTo(PublicIdAlphabet.DECIMAL);
		assertThat(base62.alphabet()).isEqualTo(PublicIdAlphabet.BASE62);
		for (String token : new String[] { "1" + "0".repeat(16), "1" + "Z".repeat(8) + "0".repeat(8),
				"1" + "0".repeat(8) + "Z".repeat(8) }) {
			assertThatThrownBy(() -> base62.decode(token)).as(token).isInstanceOfSatisfying(InvalidPublicIdException.class,
					(ex) -> assertThat(ex.reason()).isEqualTo(Reason.FAILED_CHECK));
		}
		for (String token : new String[] { "1" + "0".repeat(29), "1" + "9".repeat(14) + "0".repeat(15),
				"1" + "0".repeat(14) + "9".repeat(15) }) {
			assertThatThrownBy(() -> decimal.decode(token)).as(token).isInstanceOfSatisfying(
					InvalidPublicIdException.class, (ex) -> assertThat(ex.reason()).isEqualTo(Reason.FAILED_CHECK));
		}
	}

	@Test
	void withALayoutIdsAboveItsLargestAreNeitherEncodedNorDecoded() {
		PublicIdCodec wide = codec("1", KEY_1);
		PublicIdCodec narrow = PublicIdCodec.builder().key("1", KEY_1).layout(SnowflakeLayout.JAVASCRIPT_SAFE).build();
		long max = SnowflakeLayout.MAX_SAFE_JAVASCRIPT_INTEGER;
		assertThat(narrow.maxId()).isEqualTo(max);
		assertThat(narrow.decode(narrow.encode(max))).isEqualTo(max);
		assertThat(narrow.decode(wide.encode(max))).isEqualTo(max);
		assertThatIllegalArgumentException().isThrownBy(() -> narrow.encode(max + 1)).withMessageContaining("0.." + max);
		assertThatThrownBy(() -> narrow.decode(wide.encode(max + 1))).isInstanceOfSatisfying(
				InvalidPublicIdException.class, (ex) -> assertThat(ex.reason()).isEqualTo(Reason.OUT_OF_RANGE));
		assertThat(PublicIdCodec.builder().key("1", KEY_1).layout(SnowflakeLayout.DEFAULT).build().maxId())
			.isEqualTo(Long.MAX_VALUE);
	}

	@Test
	void negativeIdsHaveNoPublicId() {
		assertThatIllegalArgumentException().isThrownBy(() -> codec("1", KEY_1).encode(-1))
			.withMessageContaining("allowed 0..9223372036854775807");
	}

	@Test
	void aRefusedIdIsNotInTheMessage() {
		// the message reaches logs and error pages: where a token was meant, the id must not show
		PublicIdCodec narrow = PublicIdCodec.builder().key("1", KEY_1).layout(SnowflakeLayout.JAVASCRIPT_SAFE).build();
		long tooLarge = narrow.maxId() + 912207628L;
		assertThatIllegalArgumentException().isThrownBy(() -> narrow.encode(tooLarge))
			.withMessageNotContaining(Long.toString(tooLarge))
			.withMessageStartingWith("An id above " + narrow.maxId());
		assertThatIllegalArgumentException().isThrownBy(() -> narrow.encode(-912207628L))
			.withMessageNotContaining("912207628")
			.withMessageStartingWith("A negative id");
	}

	@Test
	void toStringAndErrorsNeverShowAKey() {
		PublicIdCodec codec = codec("1", KEY_1, "2", KEY_2);
		assertThat(codec.toString()).contains("versions=[1, 2]", "current=2", "(hidden)")
			.doesNotContain(KEY_1, KEY_2, KEY_1.substring(0, 8));
		String notBase64 = "secret!!secret!!secret!!";
		assertThatThrownBy(() -> PublicIdCodec.builder().key("1", notBase64)).isInstanceOf(SnowflakeConfigurationException.class)
			.hasMessageContaining("snowflake.public-id.keys.1").hasMessageNotContaining("secret");
		String tooShort = Base64.getEncoder().encodeToString(new byte[] { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 });
		assertThatThrownBy(() -> PublicIdCodec.builder().key("1", tooShort)).isInstanceOf(SnowflakeConfigurationException.class)
			.hasMessage("Invalid snowflake.public-id.keys.1 = (hidden, 10 bytes): allowed an AES key of 16, 24 or 32 bytes")
			.hasMessageNotContaining(tooShort);
	}

	@Test
	void settingsAreReadFromAMapAndAbsentKeysMeanNoCodec() {
		assertThat(PublicIdCodec.fromSettings(Map.of("snowflake.worker-id", "3"), null)).isEmpty();
		Map<String, Object> settings = new HashMap<>();
		settings.put("snowflake.public-id.keys.a", KEY_1);
		settings.put("snowflake.public-id.keys.B", KEY_2);
		settings.put("snowflake.public-id.current-version", "B");
		PublicIdCodec codec = PublicIdCodec.fromSettings(settings, SnowflakeLayout.DEFAULT).orElseThrow();
		assertThat(codec.versions()).containsExactly('B', 'a');
		assertThat(codec.encode(9)).startsWith("B");
		settings.put("snowflake.public-id.alphabet", "DECIMAL");
		assertThatThrownBy(() -> PublicIdCodec.fromSettings(settings, null)).isInstanceOf(SnowflakeConfigurationException.class)
			.hasMessageStartingWith("Invalid snowflake.public-id.keys.B = (hidden): allowed a version that is one character "
					+ "of the decimal alphabet (0-9)");
	}

	/**
	 * A key may be written in standard base64 ({@code +} and {@code /}) or URL-safe base64 ({@code -} and {@code _},
	 * anywhere, the first character included): either way it is the same key, giving the same tokens.
	 */
	@Test
	void aKeyInStandardOrUrlSafeBase64IsTheSameKey() {
		SplittableRandom random = new SplittableRandom(62);
		// URL-safe texts whose only - or _ is the first character (6 bits 62 or 63: a first byte of 0xF8 or 0xFC).
		for (String first : new String[] { "-", "_" }) {
			byte[] key = new byte[32];
			String urlSafe;
			do {
				random.nextBytes(key);
				key[0] = (byte) (first.equals("-") ? 0xF8 : 0xFC);
				urlSafe = Base64.getUrlEncoder().encodeToString(key);
			}
			while (urlSafe.substring(1).contains("-") || urlSafe.substring(1).contains("_"));
			String standard = Base64.getEncoder().encodeToString(key);
			assertThat(urlSafe).startsWith(first);
			assertThat(standard).startsWith(first.equals("-") ? "+" : "/");
			String expected = PublicIdCodec.builder().key('1', key).build().encode(123_456_789L);
			assertThat(PublicIdCodec.builder().key("1", standard).build().encode(123_456_789L)).as(standard)
				.isEqualTo(expected);
			assertThat(PublicIdCodec.builder().key("1", urlSafe).build().encode(123_456_789L)).as(urlSafe)
				.isEqualTo(expected);
		}
	}

	@Test
	void configurationErrorsNameTheSetting() {
		assertThatThrownBy(() -> PublicIdCodec.builder().build())
			.hasMessageStartingWith("Invalid snowflake.public-id.keys.<version> = (none)");
		assertThatThrownBy(() -> PublicIdCodec.builder().key("12", KEY_1))
			.hasMessageContaining("snowflake.public-id.keys.12").hasMessageContaining("exactly one character");
		assertThatThrownBy(() -> PublicIdCodec.builder().key("-", KEY_1).build())
			.hasMessageContaining("snowflake.public-id.keys.-").hasMessageContaining("0-9, A-Z, a-z");
		assertThatThrownBy(() -> PublicIdCodec.builder().key("1", KEY_1).key("1", KEY_2))
			.hasMessageContaining("snowflake.public-id.keys.1").hasMessageContaining("one key per version");
		assertThatThrownBy(() -> PublicIdCodec.builder().key("1", KEY_1).key("2", KEY_2).build())
			.hasMessage("Invalid snowflake.public-id.current-version = (not set): allowed one of the configured "
					+ "versions [1, 2]. With several keys, say which one encodes new tokens");
		assertThatThrownBy(() -> PublicIdCodec.builder().key("1", KEY_1).currentVersion('3').build())
			.hasMessage("Invalid snowflake.public-id.current-version = 3: allowed one of the configured versions [1]");
		// a key pasted into current-version stays out of the message (and so of the logs)
		assertThatThrownBy(() -> PublicIdCodec.fromSettings(
				Map.of("snowflake.public-id.keys.1", KEY_1, "snowflake.public-id.current-version", KEY_2), null))
			.hasMessage("Invalid snowflake.public-id.current-version = (" + KEY_2.length()
					+ " characters, not shown): allowed one of the configured versions [1]")
			.message()
			.doesNotContain(KEY_2);
		assertThatThrownBy(() -> PublicIdAlphabet.parse("base64"))
			.hasMessage("Invalid snowflake.public-id.alphabet = base64: allowed base62, decimal or crockford-base32");
		assertThat(PublicIdAlphabet.parse(" Base62 ")).isEqualTo(PublicIdAlphabet.BASE62);
		// URL-safe base64 is accepted as well
		assertThat(PublicIdCodec.builder().key("1", "gvoQo-dDcFS4ain_hlOIwQ==").build().versions()).containsExactly('1');
	}
}
