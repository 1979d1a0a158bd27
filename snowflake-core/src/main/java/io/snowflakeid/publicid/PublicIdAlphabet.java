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
	DECIMAL("0123456789", 29);

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

	/** The number of characters, the radix of the FF1 numeral strings (62 or 10). */
	public int radix() {
		return this.characters.length();
	}

	/** Characters after the version character: 16 for {@link #BASE62}, 29 for {@link #DECIMAL}. */
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
		else {
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

	/** The setting's form: {@code base62} or {@code decimal}. */
	public String settingValue() {
		return name().toLowerCase(Locale.ROOT);
	}

	/**
	 * Reads {@code base62} or {@code decimal} (any case).
	 * @throws SnowflakeConfigurationException naming {@value PublicIdCodec#ALPHABET} for anything else
	 */
	public static PublicIdAlphabet parse(String value) {
		String text = (value == null) ? "" : value.trim();
		for (PublicIdAlphabet alphabet : values()) {
			if (alphabet.name().equalsIgnoreCase(text)) {
				return alphabet;
			}
		}
		throw new SnowflakeConfigurationException(PublicIdCodec.ALPHABET, value, "base62 or decimal");
	}
}
