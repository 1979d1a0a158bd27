package io.snowflakeid.publicid;

import java.math.BigInteger;
import java.util.HashMap;
import java.util.Map;

import io.snowflakeid.publicid.InvalidPublicIdException.Reason;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The {@code crockford-base32} alphabet: its length, its pinned token, and canonical decoding (one id, one token):
 * lower case and Crockford's substitutions are refused, the error saying which character and what to write. Its
 * agreement with Bouncy Castle's FF1 is in {@code PublicIdBouncyCastleAgreementTests}, and the tests that run over
 * every alphabet (round trips, the documented construction, uniformity, threads) cover it too.
 */
class PublicIdCrockfordBase32Tests {

	private static final PublicIdAlphabet CROCKFORD = PublicIdAlphabet.CROCKFORD_BASE32;

	static final String PINNED_CROCKFORD_BASE32 = "1WZSXF1Z77AA8P7F62T6";

	private final PublicIdCodec codec = PublicIdCodec.builder().key("1", PublicIdCodecTests.KEY_1).alphabet(CROCKFORD)
		.build();

	@Test
	void theAlphabetIsCrockfordsAndItsLengthTheShortestThatHoldsEveryId() {
		assertThat(CROCKFORD.characters()).isEqualTo("0123456789ABCDEFGHJKMNPQRSTVWXYZ").doesNotContain("I", "L", "O", "U");
		assertThat(CROCKFORD.radix()).isEqualTo(32);
		// 2^95 plaintexts (id below 2^63, 32-bit check): 32^19 = 2^95 exactly, 32^18 = 2^90 too few.
		assertThat(BigInteger.valueOf(32).pow(CROCKFORD.payloadLength())).isEqualTo(BigInteger.ONE.shiftLeft(95));
		assertThat(BigInteger.valueOf(32).pow(CROCKFORD.payloadLength() - 1)).isLessThan(BigInteger.ONE.shiftLeft(95));
		assertThat(CROCKFORD.tokenLength()).isEqualTo(20);
		assertThat(this.codec.tokenLength()).isEqualTo(20);
		assertThat(CROCKFORD.ranges()).isEqualTo("0-9A-HJKMNP-TV-Z");
		assertThat(PublicIdAlphabet.BASE62.ranges()).isEqualTo("0-9A-Za-z");
		assertThat(PublicIdAlphabet.DECIMAL.ranges()).isEqualTo("0-9");
	}

	@Test
	void theTokenIsPinned() {
		// Tokens are in URLs and databases of clients: this literal pins the construction for this alphabet (tweak
		// "crockford-base32:1").
		assertThat(this.codec.encode(912207628317364225L)).isEqualTo(PINNED_CROCKFORD_BASE32)
			.matches("[0-9A-HJKMNP-TV-Z]{20}");
		assertThat(this.codec.decode(PINNED_CROCKFORD_BASE32)).isEqualTo(912207628317364225L);
	}

	@Test
	void theSettingIsCrockfordBase32() {
		assertThat(CROCKFORD.settingValue()).isEqualTo("crockford-base32");
		assertThat(PublicIdAlphabet.parse(" Crockford-Base32 ")).isEqualTo(CROCKFORD);
		assertThat(PublicIdAlphabet.parse("crockford_base32")).isEqualTo(CROCKFORD);
		assertThat(PublicIdAlphabet.parse("CROCKFORD_BASE32")).isEqualTo(CROCKFORD);
		assertThatThrownBy(() -> PublicIdAlphabet.parse("base32")).hasMessage(
				"Invalid snowflake.public-id.alphabet = base32: allowed base62, decimal or crockford-base32");
		Map<String, Object> settings = new HashMap<>();
		settings.put("snowflake.public-id.keys.1", PublicIdCodecTests.KEY_1);
		settings.put("snowflake.public-id.alphabet", "crockford-base32");
		PublicIdCodec fromSettings = PublicIdCodec.fromSettings(settings, null).orElseThrow();
		assertThat(fromSettings.alphabet()).isEqualTo(CROCKFORD);
		assertThat(fromSettings.encode(912207628317364225L)).isEqualTo(PINNED_CROCKFORD_BASE32);
		assertThat(fromSettings.toString()).contains("alphabet=crockford-base32");
	}

	@Test
	void keyVersionsAreCharactersOfTheAlphabet() {
		assertThat(PublicIdCodec.builder().key("Z", PublicIdCodecTests.KEY_1).alphabet(CROCKFORD).build().encode(1))
			.startsWith("Z").hasSize(20);
		for (String version : new String[] { "I", "L", "O", "U", "a", "z" }) {
			assertThatThrownBy(() -> PublicIdCodec.builder().key(version, PublicIdCodecTests.KEY_1).alphabet(CROCKFORD)
				.build()).as(version)
				.hasMessage("Invalid snowflake.public-id.keys." + version + " = (hidden): allowed a version that is one "
						+ "character of the crockford-base32 alphabet (0-9A-HJKMNP-TV-Z)");
		}
	}

	@Test
	void lowerCaseAndCrockfordsSubstitutionsAreRefusedSayingWhatToWrite() {
		String valid = this.codec.encode(42);
		assertThat(valid).isEqualTo(valid.toUpperCase(java.util.Locale.ROOT));
		String prefix = "Invalid public id: malformed (expected 20 characters of the crockford-base32 alphabet)";
		// one id, one token: the lower-case spelling of a valid token is refused, not read
		String lower = valid.toLowerCase(java.util.Locale.ROOT);
		int firstLetter = firstLetter(valid);
		assertThatThrownBy(() -> this.codec.decode(lower)).isInstanceOfSatisfying(InvalidPublicIdException.class,
				(ex) -> assertThat(ex.reason()).isEqualTo(Reason.MALFORMED))
			.hasMessage(prefix + ": character " + (firstLetter + 1) + " is lower case: tokens are upper case");
		String zero = "1" + "0".repeat(19);
		assertThatThrownBy(() -> this.codec.decode("1" + "0".repeat(5) + "O" + "0".repeat(13)))
			.hasMessage(prefix + ": character 7 is O, which the alphabet leaves out: write 0 (zero)");
		assertThatThrownBy(() -> this.codec.decode("1" + "0".repeat(18) + "o"))
			.hasMessage(prefix + ": character 20 is o, which the alphabet leaves out: write 0 (zero)");
		assertThatThrownBy(() -> this.codec.decode("I" + "0".repeat(19)))
			.hasMessage(prefix + ": character 1 is I, which the alphabet leaves out: write 1 (one)");
		assertThatThrownBy(() -> this.codec.decode("1l" + "0".repeat(18)))
			.hasMessage(prefix + ": character 2 is l, which the alphabet leaves out: write 1 (one)");
		assertThatThrownBy(() -> this.codec.decode("1" + "U".repeat(19)))
			.hasMessage(prefix + ": character 2 is U, which the alphabet leaves out");
		// anything else outside the alphabet (or the wrong length) gets the message of the other alphabets
		for (String token : new String[] { null, "", "1", valid + "0", valid.substring(1), "1-" + "0".repeat(18),
				"1" + "é".repeat(19), "1" + "0".repeat(18) + " ", "1" + "0".repeat(9) + "-" + "0".repeat(9) }) {
			assertThatThrownBy(() -> this.codec.decode(token)).as(String.valueOf(token))
				.isInstanceOfSatisfying(InvalidPublicIdException.class,
						(ex) -> assertThat(ex.reason()).isEqualTo(Reason.MALFORMED))
				.hasMessage(prefix);
		}
		// well formed: zero digits are digits, and refused only by the check
		assertThatThrownBy(() -> this.codec.decode(zero)).isInstanceOfSatisfying(InvalidPublicIdException.class,
				(ex) -> assertThat(ex.reason()).isEqualTo(Reason.FAILED_CHECK));
		assertThatThrownBy(() -> this.codec.decode("1" + "Z".repeat(19))).isInstanceOfSatisfying(
				InvalidPublicIdException.class, (ex) -> assertThat(ex.reason()).isEqualTo(Reason.FAILED_CHECK));
	}

	@Test
	void base62AndDecimalMessagesAreUnchanged() {
		PublicIdCodec base62 = PublicIdCodecTests.codec("1", PublicIdCodecTests.KEY_1);
		assertThatThrownBy(() -> base62.decode("1" + "O".repeat(15) + "-"))
			.hasMessage("Invalid public id: malformed (expected 17 characters of the base62 alphabet)");
	}

	@Test
	void tokensOfTheOtherAlphabetsNeverDecodeHere() {
		PublicIdCodec base62 = PublicIdCodecTests.codec("1", PublicIdCodecTests.KEY_1);
		PublicIdCodec decimal = PublicIdCodec.builder().key("1", PublicIdCodecTests.KEY_1)
			.alphabet(PublicIdAlphabet.DECIMAL).build();
		assertThatThrownBy(() -> this.codec.decode(base62.encode(5))).isInstanceOf(InvalidPublicIdException.class);
		assertThatThrownBy(() -> this.codec.decode(decimal.encode(5))).isInstanceOf(InvalidPublicIdException.class);
		assertThatThrownBy(() -> base62.decode(this.codec.encode(5))).isInstanceOf(InvalidPublicIdException.class);
	}

	private static int firstLetter(String token) {
		for (int i = 0; i < token.length(); i++) {
			if (Character.isLetter(token.charAt(i))) {
				return i;
			}
		}
		throw new AssertionError("no letter in " + token);
	}
}
