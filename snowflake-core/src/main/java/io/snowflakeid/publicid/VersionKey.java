package io.snowflakeid.publicid;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicReferenceArray;

import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * One key version of one domain: from an id to the two halves of the FF1 output and back. Two subkeys are derived
 * from the configured key with HKDF-SHA256 (RFC 5869, no salt), so that no AES key serves two purposes: the FF1 key
 * (info {@code io.snowflakeid.publicid/ff1}, the configured key's length) and the check key (info
 * {@code io.snowflakeid.publicid/check}, 16 bytes). The check field of an id is the first 4 bytes, big endian, of
 * AES-128(check key, 8 zero bytes || id big endian). The FF1 tweak is the UTF-8 bytes of {@code <alphabet>:<version>},
 * e.g. {@code base62:1}, and for a {@linkplain PublicIdCodec#forDomain domain} {@code <alphabet>:<version>:<domain>},
 * e.g. {@code base62:1:invoice}: another tweak is another permutation, so a token of one domain decrypts to an
 * unrelated value in another and fails its check there. FF1 ({@link Ff1}) and HKDF run on the JDK's AES and
 * HMAC-SHA256 ({@code javax.crypto}): no other dependency.
 *
 * <p>The plaintext is the numeral string of {@code N = id * 2^32 + check(id)}, {@code n} digits; FF1 sees it as its
 * halves A (the first u digits, {@code N / radix^v}) and B (the last v, {@code N mod radix^v}), carried as values.
 *
 * <p>A {@link javax.crypto.Cipher} is not thread-safe and costs microseconds to create, so the version's ciphers
 * (key schedules expanded once) are lent to one thread at a time from a small pool, shared by all its domains:
 * no cipher per call, none per thread (a virtual thread per request would create one per request), no sharing.
 */
final class VersionKey {

	private static final byte[] FF1_INFO = "io.snowflakeid.publicid/ff1".getBytes(StandardCharsets.US_ASCII);

	private static final byte[] CHECK_INFO = "io.snowflakeid.publicid/check".getBytes(StandardCharsets.US_ASCII);

	private static final byte[] SEAL_INFO = "io.snowflakeid.publicid/seal".getBytes(StandardCharsets.US_ASCII);

	private static final long MASK_32 = 0xFFFF_FFFFL;

	/** {@link PublicIdCodec#seal}: under a third subkey, so that no key of the ids serves it. Shared by domains. */
	private final Sealer sealer;

	private final Pool pool;

	private final PublicIdAlphabet alphabet;

	private final char version;

	private final Ff1 ff1;

	VersionKey(byte[] key, PublicIdAlphabet alphabet, char version) {
		byte[] ff1Key = hkdfSha256(key, FF1_INFO, key.length);
		byte[] checkKey = hkdfSha256(key, CHECK_INFO, 16);
		byte[] sealKey = hkdfSha256(key, SEAL_INFO, 32);
		this.sealer = new Sealer(sealKey);
		Arrays.fill(sealKey, (byte) 0);
		this.pool = new Pool(new SecretKeySpec(ff1Key, "AES"), new SecretKeySpec(checkKey, "AES"));
		Arrays.fill(ff1Key, (byte) 0);
		Arrays.fill(checkKey, (byte) 0);
		this.alphabet = alphabet;
		this.version = version;
		this.ff1 = ff1(tweak(""));
	}

	private VersionKey(VersionKey base, String domain) {
		this.pool = base.pool;
		this.sealer = base.sealer;
		this.alphabet = base.alphabet;
		this.version = base.version;
		this.ff1 = ff1(tweak(domain));
	}

	Sealer sealer() {
		return this.sealer;
	}

	/** The same key for another domain: the same subkeys and ciphers, another FF1 tweak. */
	VersionKey forDomain(String domain) {
		return new VersionKey(this, domain);
	}

	private Ff1 ff1(byte[] tweak) {
		Ciphers ciphers = this.pool.borrow();
		try {
			return new Ff1(ciphers.ff1, this.alphabet.radix(), this.alphabet.payloadLength(), tweak);
		}
		finally {
			this.pool.release(ciphers);
		}
	}

	private byte[] tweak(String domain) {
		String tweak = this.alphabet.settingValue() + ":" + this.version + (domain.isEmpty() ? "" : ":" + domain);
		return tweak.getBytes(StandardCharsets.UTF_8);
	}

	/** HKDF (RFC 5869) with HMAC-SHA256, no salt (HashLen zero bytes), for up to 32 bytes of output (one block). */
	static byte[] hkdfSha256(byte[] key, byte[] info, int length) {
		try {
			Mac hmac = Mac.getInstance("HmacSHA256");
			// 2.2 Extract: PRK = HMAC-Hash(salt, IKM), salt "not provided": a string of HashLen zeros.
			hmac.init(new SecretKeySpec(new byte[32], "HmacSHA256"));
			byte[] prk = hmac.doFinal(key);
			// 2.3 Expand: T(1) = HMAC-Hash(PRK, T(0) | info | 0x01), T(0) empty; OKM = the first L octets of T(1).
			hmac.init(new SecretKeySpec(prk, "HmacSHA256"));
			hmac.update(info);
			hmac.update((byte) 1);
			byte[] t1 = hmac.doFinal();
			byte[] okm = Arrays.copyOf(t1, length);
			Arrays.fill(prk, (byte) 0);
			Arrays.fill(t1, (byte) 0);
			return okm;
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("HmacSHA256 is not available from this JVM's security providers: "
					+ ex.getMessage(), ex);
		}
	}

	/**
	 * Encrypts the id: {@code halves} receives the values of the two halves of the FF1 output, the first
	 * {@link Ff1#u()} digits and the last {@link Ff1#v()} digits of the token's payload.
	 */
	void encrypt(long id, long[] halves) {
		Ciphers ciphers = this.pool.borrow();
		try {
			long check = check(ciphers.check, id) & MASK_32;
			// N = id * 2^32 + check, as two words: id < 2^63 gives N < 2^95 <= radix^n.
			long high = id >>> 32;
			long low = (id << 32) | check;
			Ff1.Modulus radixPowV = this.ff1.modV();
			long a = radixPowV.divide(high, low);
			halves[0] = a;
			halves[1] = low - a * radixPowV.value;
			this.ff1.encrypt(ciphers.ff1, halves);
		}
		finally {
			this.pool.release(ciphers);
		}
	}

	/**
	 * The id whose encryption has these halves (destroyed), or -1 if there is none: the plaintext is 2^95 or more, or
	 * its low 32 bits are not the check of its id.
	 */
	long decrypt(long[] halves) {
		Ciphers ciphers = this.pool.borrow();
		try {
			this.ff1.decrypt(ciphers.ff1, halves);
			// N = A * radix^v + B, as two words (A < radix^u < 2^56 and radix^v <= 2^56: below 2^112).
			long radixPowV = this.ff1.radixPowV();
			long low = halves[0] * radixPowV;
			long high = Math.multiplyHigh(halves[0], radixPowV);
			long sum = low + halves[1];
			high += (Long.compareUnsigned(sum, low) < 0) ? 1 : 0;
			low = sum;
			if (high >>> 31 != 0) {
				return -1; // N >= 2^95: no id has this plaintext.
			}
			long id = (high << 32) | (low >>> 32);
			return ((int) low == check(ciphers.check, id)) ? id : -1;
		}
		finally {
			this.pool.release(ciphers);
		}
	}

	/** The keyed 32-bit check field of an id: the first 4 bytes of AES-128(check key, 0^8 || id). */
	private static int check(Aes checkAes, long id) {
		return (int) (checkAes.encrypt(0, id) >>> 32);
	}

	/** The two ciphers of a version, lent to one thread at a time. */
	private static final class Ciphers {

		final Aes ff1;

		final Aes check;

		Ciphers(SecretKeySpec ff1Key, SecretKeySpec checkKey) {
			this.ff1 = new Aes(ff1Key);
			this.check = new Aes(checkKey);
		}
	}

	/**
	 * Idle {@link Ciphers} in a few slots, each thread starting at its own: a borrow and a release are one compare-and-set
	 * each, and allocate nothing. When every slot is empty (more threads at once than slots) a new set is made; when
	 * every slot is full on release, the set is dropped.
	 */
	private static final class Pool {

		private final SecretKeySpec ff1Key;

		private final SecretKeySpec checkKey;

		private final AtomicReferenceArray<Ciphers> slots;

		Pool(SecretKeySpec ff1Key, SecretKeySpec checkKey) {
			this.ff1Key = ff1Key;
			this.checkKey = checkKey;
			int size = Integer.highestOneBit(Math.min(64, Math.max(4, 2 * Runtime.getRuntime().availableProcessors())));
			this.slots = new AtomicReferenceArray<>(size);
			// Fails here, at build time, if the JVM has no AES.
			this.slots.set(0, new Ciphers(ff1Key, checkKey));
		}

		Ciphers borrow() {
			int mask = this.slots.length() - 1;
			int start = start();
			for (int i = 0; i <= mask; i++) {
				int slot = (start + i) & mask;
				Ciphers ciphers = this.slots.get(slot);
				if (ciphers != null && this.slots.compareAndSet(slot, ciphers, null)) {
					return ciphers;
				}
			}
			return new Ciphers(this.ff1Key, this.checkKey);
		}

		void release(Ciphers ciphers) {
			int mask = this.slots.length() - 1;
			int start = start();
			for (int i = 0; i <= mask; i++) {
				int slot = (start + i) & mask;
				if (this.slots.get(slot) == null && this.slots.compareAndSet(slot, null, ciphers)) {
					return;
				}
			}
		}

		private static int start() {
			int hash = System.identityHashCode(Thread.currentThread());
			return hash ^ (hash >>> 16);
		}
	}
}
