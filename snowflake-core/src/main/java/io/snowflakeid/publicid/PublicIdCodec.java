package io.snowflakeid.publicid;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;

import io.snowflakeid.SnowflakeConfigurationException;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.publicid.InvalidPublicIdException.Reason;

/**
 * Opaque, reversible public ids: the ordered 64-bit id stays the key inside, the outside sees a fixed-length token
 * that does not tell when the id was made, by which worker, how many came before, or which id comes next.
 *
 * <h2>Construction</h2>
 * A token is one key-version character followed by the NIST SP 800-38G FF1 encryption (AES, the JDK's
 * {@code javax.crypto}: no home-made cipher) of the numeral string of {@code N = id * 2^32 + check(id)} in the
 * alphabet's radix, {@link PublicIdAlphabet#payloadLength() payloadLength} digits, most significant first.
 * {@code check} is a keyed 32-bit function of the id (see {@code VersionKey} for the key derivation, the check
 * function and the tweak, which are needed to decode tokens elsewhere, and {@code Ff1} for the standard's algorithm).
 * FF1 is a keyed permutation of all numeral strings of that length, so:
 * <ul>
 * <li>tokens have a fixed length (17 characters in base62, 30 in decimal, 20 in crockford-base32), whatever the
 * id;</li>
 * <li>consecutive ids give unrelated tokens;</li>
 * <li>decoding is exact: {@code decode(encode(id)) == id} for every id {@code 0 <= id < 2^63}.</li>
 * </ul>
 *
 * <h2>Why a made-up or tampered token is refused</h2>
 * Under a key the attacker does not know, a token that was not produced by {@link #encode(long)} decrypts to a
 * value that is, for all the attacker can tell, uniform over the domain. It is accepted only if that value is one
 * of the valid plaintexts: below 2^95 (the id is below 2^63) and with the right check field for its id, exactly one
 * plaintext per id. So the probability is valid plaintexts / domain size:
 * <ul>
 * <li>base62: 2^63 / 62^16 = 2^63 / (4.77 * 10^28) ~ 1.93 * 10^-10 ~ 2^-32.27;</li>
 * <li>decimal: 2^63 / 10^29 ~ 9.2 * 10^-11 ~ 2^-33.34;</li>
 * <li>crockford-base32: 2^63 / 32^19 = 2^-32 exactly (32^19 = 2^95: every token decrypts to a value below 2^95,
 * so only the check field refuses it);</li>
 * <li>with a {@linkplain Builder#layout(SnowflakeLayout) layout} of fewer bits (ids above its largest id are refused
 * as well), smaller still: 2^53 / 62^16 ~ 2^-42.27 for {@link SnowflakeLayout#JAVASCRIPT_SAFE}.</li>
 * </ul>
 * Because the check field is keyed (not a constant), which plaintexts are valid is itself secret: a weakness in FF1
 * that let an attacker steer the decrypted value would still have to hit a check value they cannot compute.
 *
 * <h2>Keys and rotation</h2>
 * Each key has a version, one character of the alphabet, written first in the token. Encoding always uses the
 * current version; decoding uses the version the token names, so tokens of older keys still decode while their key
 * is configured. Remove a version and its tokens are refused as {@link Reason#UNKNOWN_KEY_VERSION}. Keys are AES
 * keys of 16, 24 or 32 bytes ({@code openssl rand -base64 32}); {@link #toString()} never shows them.
 *
 * <h2>What it does not do</h2>
 * A public id is not an authorization: anyone holding a valid token can send it back. It hides time, volume and
 * order, and makes guessing other ids hopeless; checking that the caller may see the entity is still the
 * application's job.
 *
 * <p>Instances are immutable and thread-safe. Nothing beyond {@code java.base} is needed: FF1 runs on the JDK's AES
 * (AES-NI where the JVM uses it), the key derivation on its HMAC-SHA256.
 */
public final class PublicIdCodec {

	/** Prefix of the settings (Spring Boot properties and Hibernate settings alike). */
	public static final String PREFIX = "snowflake.public-id.";

	/** {@code snowflake.public-id.keys.<version>=<base64 AES key of 16, 24 or 32 bytes>}: one entry per version. */
	public static final String KEYS = PREFIX + "keys";

	/** The version new tokens are encoded with; optional when there is only one key. */
	public static final String CURRENT_VERSION = PREFIX + "current-version";

	/** {@code base62} (default), {@code decimal} or {@code crockford-base32}. */
	public static final String ALPHABET = PREFIX + "alphabet";

	/**
	 * The fewest distinct byte values a key may have: 32 zero bytes, or a short pattern repeated, are refused (a random
	 * key of 16 bytes or more has fewer with a probability far below 2^-60).
	 */
	public static final int MIN_DISTINCT_KEY_BYTES = 8;

	/** The longest {@link #forDomain(String) domain} name. */
	public static final int MAX_DOMAIN_LENGTH = 64;

	private final PublicIdAlphabet alphabet;

	private final char currentVersion;

	private final VersionKey currentKey;

	/** By version character: at most 62 entries, indexed directly. */
	private final VersionKey[] keys = new VersionKey[128];

	private final Set<Character> versions;

	private final long maxId;

	private final SnowflakeLayout layout;

	/** {@code ""} for the default domain. */
	private final String domain;

	/** The default-domain codec the domains are derived from (this one for the default domain). */
	private final PublicIdCodec root;

	/** The codecs of the domains used so far, on the root only. */
	private final ConcurrentMap<String, PublicIdCodec> domains;

	private PublicIdCodec(Builder builder, PublicIdAlphabet alphabet, char currentVersion) {
		this.domain = "";
		this.root = this;
		this.domains = new ConcurrentHashMap<>();
		this.alphabet = alphabet;
		this.currentVersion = currentVersion;
		for (Map.Entry<Character, byte[]> entry : builder.keys.entrySet()) {
			this.keys[entry.getKey()] = new VersionKey(entry.getValue(), alphabet, entry.getKey());
		}
		this.currentKey = this.keys[currentVersion];
		this.versions = Collections.unmodifiableSet(new java.util.TreeSet<>(builder.keys.keySet()));
		this.layout = builder.layout;
		this.maxId = (builder.layout == null) ? Long.MAX_VALUE
				: (builder.layout.totalBits() == 63 ? Long.MAX_VALUE : (1L << builder.layout.totalBits()) - 1);
	}

	private PublicIdCodec(PublicIdCodec root, String domain) {
		this.domain = domain;
		this.root = root;
		this.domains = null;
		this.alphabet = root.alphabet;
		this.currentVersion = root.currentVersion;
		for (char version : root.versions) {
			this.keys[version] = root.keys[version].forDomain(domain);
		}
		this.currentKey = this.keys[this.currentVersion];
		this.versions = root.versions;
		this.layout = root.layout;
		this.maxId = root.maxId;
	}

	public static Builder builder() {
		return new Builder();
	}

	/**
	 * A codec from {@code snowflake.public-id.*} settings (Hibernate settings, {@link java.util.Properties}), or
	 * empty when no {@code snowflake.public-id.keys.*} entry is set: no key, no public ids (never a keyless codec).
	 * @param layout the layout of the ids, to refuse ids outside it; {@code null} for any id below 2^63
	 * @throws SnowflakeConfigurationException naming the setting at fault (never showing a key)
	 */
	public static Optional<PublicIdCodec> fromSettings(Map<String, ?> settings, SnowflakeLayout layout) {
		Builder builder = builder();
		String keyPrefix = KEYS + ".";
		boolean anyKey = false;
		for (Map.Entry<String, ?> entry : settings.entrySet()) {
			if (entry.getKey().startsWith(keyPrefix) && entry.getValue() != null) {
				builder.key(entry.getKey().substring(keyPrefix.length()), entry.getValue().toString());
				anyKey = true;
			}
		}
		if (!anyKey) {
			return Optional.empty();
		}
		Object alphabet = settings.get(ALPHABET);
		if (alphabet != null) {
			builder.alphabet(PublicIdAlphabet.parse(alphabet.toString()));
		}
		Object current = settings.get(CURRENT_VERSION);
		if (current != null) {
			builder.currentVersion(current.toString().trim());
		}
		return Optional.of(builder.layout(layout).build());
	}

	/**
	 * The token of an id, with the current key version.
	 * @throws IllegalArgumentException if the id is negative, or above the layout's largest id
	 */
	public String encode(long id) {
		if (id < 0 || id > this.maxId) {
			// the id itself stays out of the message: it would reach logs and error pages where its token was meant
			throw new IllegalArgumentException(((id < 0) ? "A negative id" : "An id above " + this.maxId)
					+ " has no public id: allowed 0.." + this.maxId
					+ ((this.layout != null) ? " (" + this.layout.totalBits() + "-bit layout)" : ""));
		}
		long[] halves = new long[2];
		this.currentKey.encrypt(id, halves);
		int length = this.alphabet.payloadLength();
		int u = length / 2; // FF1's halves: A, the first floor(n/2) digits, then B
		char[] token = new char[length + 1];
		token[0] = this.currentVersion;
		this.alphabet.write(halves[0], token, 1, u);
		this.alphabet.write(halves[1], token, 1 + u, length - u);
		return new String(token);
	}

	/**
	 * The id of a token made by {@link #encode(long)} with any configured key version.
	 * @throws InvalidPublicIdException if the token is malformed, names an unknown key version, fails the check, or
	 * (with a layout) its id is outside the layout
	 */
	public long decode(String token) {
		int length = this.alphabet.payloadLength();
		if (token == null || token.length() != length + 1) {
			throw new InvalidPublicIdException(Reason.MALFORMED, this.alphabet);
		}
		char version = token.charAt(0);
		int u = length / 2;
		long a = this.alphabet.read(token, 1, u);
		long b = this.alphabet.read(token, 1 + u, length - u);
		if (!this.alphabet.contains(version) || a < 0 || b < 0) {
			throw new InvalidPublicIdException(Reason.MALFORMED, this.alphabet, this.alphabet.mistake(token));
		}
		VersionKey key = this.keys[version];
		if (key == null) {
			throw new InvalidPublicIdException(Reason.UNKNOWN_KEY_VERSION, this.alphabet);
		}
		long id = key.decrypt(new long[] { a, b });
		if (id < 0) {
			throw new InvalidPublicIdException(Reason.FAILED_CHECK, this.alphabet);
		}
		if (id > this.maxId) {
			throw new InvalidPublicIdException(Reason.OUT_OF_RANGE, this.alphabet);
		}
		return id;
	}

	/** The longest sealed text {@link #open(String, String)} reads (anything longer is refused unread). */
	public static final int MAX_SEALED_LENGTH = 4096;

	/**
	 * Seals text that makes a round trip through a client and may hold ids: a pagination cursor (a keyset position
	 * holds the row's id), a continuation token. Authenticated encryption (AES-256-GCM under a key of its own per
	 * message, derived from the current key version for this purpose only; with a 16-byte configured key the strength
	 * is that key's 128 bits), bound to this codec's domain and to {@code purpose}, so that a cursor is not taken for
	 * another kind of token. The result is the version character and URL-safe base64 (unpadded): it shows nothing of
	 * the text but its length in steps of 32 bytes, and differs each time. {@link #open(String, String)} gives it back.
	 * @param purpose what the text is for, e.g. {@code "graphql-cursor"}
	 */
	public String seal(String purpose, String text) {
		byte[] sealed = this.currentKey.sealer().seal(text.getBytes(StandardCharsets.UTF_8), sealContext(purpose));
		return this.currentVersion + Base64.getUrlEncoder().withoutPadding().encodeToString(sealed);
	}

	/**
	 * The text {@link #seal(String, String)} sealed for {@code purpose}, with any configured key version and this
	 * codec's domain.
	 * @throws IllegalArgumentException if it was altered, made up, sealed with another key, in another domain or for
	 * another purpose, or is longer than {@link #MAX_SEALED_LENGTH} (the message says nothing more)
	 */
	public String open(String purpose, String sealed) {
		if (sealed != null && sealed.length() > 1 && sealed.length() <= MAX_SEALED_LENGTH
				&& sealed.charAt(0) < this.keys.length && this.keys[sealed.charAt(0)] != null) {
			String text = sealed.substring(1);
			try {
				byte[] bytes = Base64.getUrlDecoder().decode(text);
				// one spelling only: the decoder ignores the unused bits of a last character
				if (Base64.getUrlEncoder().withoutPadding().encodeToString(bytes).equals(text)) {
					byte[] plain = this.keys[sealed.charAt(0)].sealer().open(bytes, sealContext(purpose));
					if (plain != null) {
						return new String(plain, StandardCharsets.UTF_8);
					}
				}
			}
			catch (IllegalArgumentException ex) {
				// not base64: refused below, as anything else that is not ours
			}
		}
		throw new IllegalArgumentException("Invalid sealed value: altered, made up, or sealed with another key, domain "
				+ "or purpose");
	}

	/** Domains have no ':', so the domain and the purpose cannot be confused. */
	private byte[] sealContext(String purpose) {
		return ("io.snowflakeid.publicid/seal:" + this.domain + ":" + purpose).getBytes(StandardCharsets.UTF_8);
	}

	/**
	 * The codec of a domain: the same keys, versions and alphabet, but its own permutation (the domain is part of the
	 * FF1 tweak), so that the token of invoice 42 is not the token of account 42, and a token of one domain is
	 * refused by another as {@link Reason#FAILED_CHECK} (but for the 2^-32 chance any made-up token has). Use it where
	 * ids of several tables share one number space, as dense {@code @SegmentId} numbers do; snowflake ids are unique
	 * across tables already. {@code forDomain("")} is the default domain, this codec's root.
	 * @param domain 1 to 64 characters of {@code A-Z a-z 0-9 . _ -}, or empty for the default domain
	 * @throws IllegalArgumentException naming the bad domain and the allowed characters
	 */
	public PublicIdCodec forDomain(String domain) {
		if (domain == null || domain.isEmpty()) {
			return this.root;
		}
		PublicIdCodec known = this.root.domains.get(domain);
		if (known != null) {
			return known;
		}
		if (!isValidDomain(domain)) {
			throw new IllegalArgumentException("Invalid public id domain \"" + domain + "\": allowed 1 to "
					+ MAX_DOMAIN_LENGTH + " characters of A-Z, a-z, 0-9, '.', '_' and '-' (e.g. @PublicId(\"invoice\"))");
		}
		return this.root.domains.computeIfAbsent(domain, (name) -> new PublicIdCodec(this.root, name));
	}

	/** The domain of this codec: {@code ""} for the default domain. */
	public String domain() {
		return this.domain;
	}

	/** Whether {@code domain} is a valid {@link #forDomain(String) domain} name (the empty default included). */
	public static boolean isValidDomain(String domain) {
		if (domain == null || domain.length() > MAX_DOMAIN_LENGTH) {
			return false;
		}
		for (int i = 0; i < domain.length(); i++) {
			char c = domain.charAt(i);
			boolean allowed = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.'
					|| c == '_' || c == '-';
			if (!allowed) {
				return false;
			}
		}
		return true;
	}

	/** Whether {@code token} decodes; {@link #decode(String)} says why not. */
	public boolean isValid(String token) {
		try {
			decode(token);
			return true;
		}
		catch (InvalidPublicIdException ex) {
			return false;
		}
	}

	public PublicIdAlphabet alphabet() {
		return this.alphabet;
	}

	/** Length of every token: 17 (base62), 30 (decimal) or 20 (crockford-base32). */
	public int tokenLength() {
		return this.alphabet.tokenLength();
	}

	/** The version new tokens are encoded with. */
	public char currentVersion() {
		return this.currentVersion;
	}

	/** Every version that decodes. */
	public Set<Character> versions() {
		return this.versions;
	}

	/** The largest id encoded and decoded: {@code Long.MAX_VALUE}, or the layout's largest id. */
	public long maxId() {
		return this.maxId;
	}

	/** Never shows a key. */
	@Override
	public String toString() {
		return "PublicIdCodec[alphabet=" + this.alphabet.settingValue() + ", versions=" + this.versions + ", current="
				+ this.currentVersion + ", maxId=" + this.maxId + (this.domain.isEmpty() ? "" : ", domain=" + this.domain)
				+ ", keys=(hidden)]";
	}

	/** Builds a {@link PublicIdCodec}; errors name the {@code snowflake.public-id.*} setting, never a key. */
	public static final class Builder {

		private final Map<Character, byte[]> keys = new TreeMap<>();

		/** Versions as given, checked against the alphabet in {@link #build()}. */
		private final Map<Character, String> versionSettings = new TreeMap<>();

		private String currentVersion;

		private PublicIdAlphabet alphabet = PublicIdAlphabet.BASE62;

		private SnowflakeLayout layout;

		private Builder() {
		}

		/**
		 * Adds a key version: one character of the alphabet ({@code 0-9A-Za-z}, {@code 0-9} for decimal,
		 * {@code 0-9A-HJKMNP-TV-Z} for crockford-base32) and an AES key of 16, 24 or 32 bytes. The array is copied.
		 */
		public Builder key(char version, byte[] key) {
			String setting = KEYS + "." + version;
			if (key == null || (key.length != 16 && key.length != 24 && key.length != 32)) {
				throw new SnowflakeConfigurationException(setting, masked(key == null ? 0 : key.length, "bytes"),
						"an AES key of 16, 24 or 32 bytes");
			}
			if (distinctByteValues(key) < MIN_DISTINCT_KEY_BYTES) {
				// A random key of 16 bytes or more has fewer than 8 distinct byte values with a probability far below
				// 2^-60: such a key was typed, zeroed or patterned, and anyone can guess it.
				throw new SnowflakeConfigurationException(setting, masked(key.length, "bytes"),
						"a random AES key of 16, 24 or 32 bytes (e.g. from openssl rand -base64 32)",
						"This key has fewer than " + MIN_DISTINCT_KEY_BYTES + " distinct byte values (all zeros, or a "
								+ "repeated pattern): it is not random");
			}
			if (this.keys.containsKey(version)) {
				throw new SnowflakeConfigurationException(setting, "(hidden, given twice)", "one key per version");
			}
			this.keys.put(version, key.clone());
			this.versionSettings.put(version, setting);
			return this;
		}

		/** Adds a key version from its setting's form: the version as text, the key in base64 (standard or URL-safe). */
		public Builder key(String version, String base64Key) {
			String setting = KEYS + "." + version;
			if (version == null || version.length() != 1) {
				throw new SnowflakeConfigurationException(setting, "(hidden)",
						"a version of exactly one character of the alphabet (0-9A-Za-z for base62, 0-9 for decimal, "
								+ "0-9A-HJKMNP-TV-Z for crockford-base32)");
			}
			String text = (base64Key == null) ? "" : base64Key.trim();
			if (text.startsWith("${") && text.endsWith("}")) {
				// A placeholder nothing resolved (Spring keeps it as text): the variable is missing, not the base64.
				String variable = text.substring(2, text.length() - 1);
				throw new SnowflakeConfigurationException(setting, text + " (unresolved)",
						"a base64 AES key of 16, 24 or 32 bytes (e.g. from openssl rand -base64 32)",
						"The environment variable or property " + variable + " is not set");
			}
			byte[] key;
			try {
				key = (text.indexOf('-') >= 0 || text.indexOf('_') >= 0) ? Base64.getUrlDecoder().decode(text)
						: Base64.getDecoder().decode(text);
			}
			catch (IllegalArgumentException ex) {
				throw new SnowflakeConfigurationException(setting, masked(text.length(), "characters"),
						"a base64 AES key of 16, 24 or 32 bytes (e.g. from openssl rand -base64 32)", "It is not base64");
			}
			return key(version.charAt(0), key);
		}

		/** The version new tokens get; may be left out when there is a single key. */
		public Builder currentVersion(char version) {
			this.currentVersion = String.valueOf(version);
			return this;
		}

		Builder currentVersion(String version) {
			this.currentVersion = version;
			return this;
		}

		/** {@link PublicIdAlphabet#BASE62} unless set. */
		public Builder alphabet(PublicIdAlphabet alphabet) {
			this.alphabet = java.util.Objects.requireNonNull(alphabet, "alphabet");
			return this;
		}

		/** The layout of the ids: encoding and decoding refuse ids above its largest. Optional. */
		public Builder layout(SnowflakeLayout layout) {
			this.layout = layout;
			return this;
		}

		/**
		 * @throws SnowflakeConfigurationException naming the setting at fault: no key, a version outside the
		 * alphabet, a current version that has no key (or none chosen among several)
		 * @throws IllegalStateException if the JVM's security providers offer no AES or HmacSHA256
		 */
		public PublicIdCodec build() {
			if (this.keys.isEmpty()) {
				throw new SnowflakeConfigurationException(KEYS + ".<version>", "(none)",
						"at least one base64 AES key of 16, 24 or 32 bytes");
			}
			for (Map.Entry<Character, String> entry : this.versionSettings.entrySet()) {
				if (!this.alphabet.contains(entry.getKey())) {
					throw new SnowflakeConfigurationException(entry.getValue(), "(hidden)", "a version that is one character of the "
							+ this.alphabet.settingValue() + " alphabet (" + rangeOf(this.alphabet) + ")");
				}
			}
			char current;
			if (this.currentVersion == null) {
				if (this.keys.size() > 1) {
					throw new SnowflakeConfigurationException(CURRENT_VERSION, "(not set)",
							"one of the configured versions " + this.keys.keySet(),
							"With several keys, say which one encodes new tokens");
				}
				current = this.keys.keySet().iterator().next();
			}
			else {
				if (this.currentVersion.length() != 1 || !this.keys.containsKey(this.currentVersion.charAt(0))) {
					// a version is one character: a longer value is not shown (a key pasted into the wrong property
					// must not reach the logs)
					throw new SnowflakeConfigurationException(CURRENT_VERSION,
							(this.currentVersion.length() == 1) ? this.currentVersion
									: "(" + this.currentVersion.length() + " characters, not shown)",
							"one of the configured versions " + this.keys.keySet());
				}
				current = this.currentVersion.charAt(0);
			}
			return new PublicIdCodec(this, this.alphabet, current);
		}

		private static int distinctByteValues(byte[] key) {
			boolean[] seen = new boolean[256];
			int distinct = 0;
			for (byte b : key) {
				if (!seen[b & 0xFF]) {
					seen[b & 0xFF] = true;
					distinct++;
				}
			}
			return distinct;
		}

		private static String rangeOf(PublicIdAlphabet alphabet) {
			return switch (alphabet) {
				case BASE62 -> "0-9, A-Z, a-z";
				case DECIMAL -> "0-9";
				default -> alphabet.ranges();
			};
		}

		private static String masked(int length, String unit) {
			return "(hidden, " + length + " " + unit + ")";
		}
	}
}
