package io.snowflakeid.publicid;

import java.util.Locale;

import io.snowflakeid.SnowflakeConfigurationException;

/**
 * The characters of a public id token, and how many of them carry the encrypted id: enough that every 63-bit id
 * with its 32-bit check field fits ({@code radix^length >= 2^95}), so that every token of an alphabet has the same
 * length whatever the id, and a token does not tell the magnitude of its id. One more character, the key version,
 * comes first.
 */
public enum PublicIdAlphabet {

	/**
	 * {@code 0-9A-Za-z}, URL-safe, case-sensitive: 1 version character and 16 characters (62^16 ~ 2^95.27), 17 in
	 * all. The default.
	 */
	BASE62("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz", 16),

	/**
	 * {@code 0-9}, for places that accept only digits: 1 version digit and 29 digits (10^29 ~ 2^96.34), 30 in all.
	 * Not a number to compute with: keep it as text (it exceeds a {@code long}).
	 */
	DECIMAL("0123456789", 29),

	/**
	 * Douglas Crockford's base32, {@code 0-9} and the upper-case letters without {@code I}, {@code L}, {@code O} and
	 * {@code U} ({@code 0123456789ABCDEFGHJKMNPQRSTVWXYZ}), for tokens that people read aloud or type: 1 version
	 * character and 19 characters (32^19 = 2^95 exactly, so every numeral string is a plaintext of some id below 2^63
	 * with some check field), 20 in all. Canonical, as the other alphabets: one id, one token. Decoding refuses lower
	 * case and Crockford's substitutions (O for 0, I and L for 1) rather than read them, and its error says which
	 * character was wrong and what to write instead; an application that takes tokens typed by people may upper-case
	 * them and replace O by 0, I and L by 1 before decoding. No check symbol, no hyphens.
	 */
	CROCKFORD_BASE32("0123456789ABCDEFGHJKMNPQRSTVWXYZ", 19);

	private final String characters;

	private final int payloadLength;

	private final int[] indexOf = new int[128];

	private final char[] digitCharacters;

	private final int radix;

	PublicIdAlphabet(String characters, int payloadLength) {
		this.characters = characters;
		this.digitCharacters = characters.toCharArray();
		this.radix = characters.length();
		this.payloadLength = payloadLength;
		java.util.Arrays.fill(this.indexOf, -1);
		for (int i = 0; i < characters.length(); i++) {
			this.indexOf[characters.charAt(i)] = i;
		}
	}

	/** The characters, in digit order: {@code characters().charAt(d)} is digit {@code d}. */
	public String characters() {
		return this.characters;
	}

	/** The number of characters, the radix of the FF1 numeral strings (62, 10 or 32). */
	public int radix() {
		return this.characters.length();
	}

	/**
	 * Characters after the version character: 16 for {@link #BASE62}, 29 for {@link #DECIMAL}, 19 for
	 * {@link #CROCKFORD_BASE32}.
	 */
	public int payloadLength() {
		return this.payloadLength;
	}

	/** Characters of every token: the version character and the payload. */
	public int tokenLength() {
		return this.payloadLength + 1;
	}

	/** Whether {@code c} is one of this alphabet's characters. */
	public boolean contains(char c) {
		return digit(c) >= 0;
	}

	/**
	 * The characters as ranges, in digit order, as in a regular expression's character class: {@code 0-9A-Za-z},
	 * {@code 0-9}, {@code 0-9A-HJKMNP-TV-Z}. Written in error messages and in the OpenAPI pattern of tokens.
	 */
	public String ranges() {
		StringBuilder ranges = new StringBuilder();
		int start = 0;
		for (int i = 1; i <= this.characters.length(); i++) {
			if (i == this.characters.length() || this.characters.charAt(i) != this.characters.charAt(i - 1) + 1) {
				ranges.append(this.characters.charAt(start));
				if (i - 1 > start) {
					ranges.append((i - 1 > start + 1) ? "-" : "").append(this.characters.charAt(i - 1));
				}
				start = i;
			}
		}
		return ranges.toString();
	}

	/**
	 * What is wrong with a token of the right length that has a character outside this alphabet, for the mistakes
	 * people make typing a {@link #CROCKFORD_BASE32} token (lower case; I, L, O or U): {@code null} for anything else,
	 * and for the other alphabets. Names only those characters, never anything else of the token.
	 */
	String mistake(String token) {
		if (this != CROCKFORD_BASE32) {
			return null;
		}
		for (int i = 0; i < token.length(); i++) {
			char c = token.charAt(i);
			if (contains(c)) {
				continue;
			}
			char upper = (c >= 'a' && c <= 'z') ? (char) (c - 'a' + 'A') : c;
			int position = i + 1;
			switch (upper) {
				case 'O':
					return "character " + position + " is " + c + ", which the alphabet leaves out: write 0 (zero)";
				case 'I', 'L':
					return "character " + position + " is " + c + ", which the alphabet leaves out: write 1 (one)";
				case 'U':
					return "character " + position + " is " + c + ", which the alphabet leaves out";
				default:
					return contains(upper) ? "character " + position + " is lower case: tokens are upper case" : null;
			}
		}
		return null;
	}

	/** The digit of a character, -1 if it is not in this alphabet. */
	int digit(char c) {
		return (c < 128) ? this.indexOf[c] : -1;
	}

	/**
	 * Writes STR^count_radix(value), the {@code count}-digit numeral string of {@code value < radix^count}, most
	 * significant digit first, as characters from {@code out[from]}.
	 */
	void write(long value, char[] out, int from, int count) {
		char[] digits = this.digitCharacters;
		// One loop per radix, so that the division is by a constant, which the JIT turns into a multiplication.
		if (this.radix == 62) {
			for (int i = from + count - 1; i >= from; i--) {
				long quotient = value / 62;
				out[i] = digits[(int) (value - quotient * 62)];
				value = quotient;
			}
		}
		else if (this.radix == 10) {
			for (int i = from + count - 1; i >= from; i--) {
				long quotient = value / 10;
				out[i] = digits[(int) (value - quotient * 10)];
				value = quotient;
			}
		}
		else if (this.radix == 32) {
			for (int i = from + count - 1; i >= from; i--) {
				out[i] = digits[(int) (value & 31)];
				value >>>= 5;
			}
		}
		else {
			// A new alphabet needs a loop here (and a test of its tokens: PublicIdBouncyCastleAgreementTests).
			throw new IllegalStateException("radix " + this.radix);
		}
	}

	/**
	 * NUM_radix of the {@code count} characters of {@code token} from {@code from}, most significant first, or -1 if
	 * one of them is not in this alphabet. {@code radix^count} must fit in a long.
	 */
	long read(String token, int from, int count) {
		long value = 0;
		for (int i = from; i < from + count; i++) {
			int digit = digit(token.charAt(i));
			if (digit < 0) {
				return -1;
			}
			value = value * this.radix + digit;
		}
		return value;
	}

	/**
	 * The setting's form: {@code base62}, {@code decimal} or {@code crockford-base32}. Also the first part of the FF1
	 * tweak, so it must never change.
	 */
	public String settingValue() {
		return name().toLowerCase(Locale.ROOT).replace('_', '-');
	}

	/**
	 * Reads {@code base62}, {@code decimal} or {@code crockford-base32} (any case, {@code _} for {@code -} too, as
	 * Spring binds it).
	 * @throws SnowflakeConfigurationException naming {@value PublicIdCodec#ALPHABET} for anything else
	 */
	public static PublicIdAlphabet parse(String value) {
		String text = (value == null) ? "" : value.trim().replace('_', '-');
		StringBuilder allowed = new StringBuilder();
		for (PublicIdAlphabet alphabet : values()) {
			if (alphabet.settingValue().equalsIgnoreCase(text)) {
				return alphabet;
			}
			allowed.append((alphabet.ordinal() == 0) ? "" : (alphabet.ordinal() == values().length - 1) ? " or " : ", ")
				.append(alphabet.settingValue());
		}
		throw new SnowflakeConfigurationException(PublicIdCodec.ALPHABET, value, allowed.toString());
	}
}
