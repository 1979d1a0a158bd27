package io.snowflakeid.publicid;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.bouncycastle.crypto.BlockCipher;
import org.bouncycastle.crypto.digests.SHA256Digest;
import org.bouncycastle.crypto.engines.AESEngine;
import org.bouncycastle.crypto.fpe.FPEFF1Engine;
import org.bouncycastle.crypto.generators.HKDFBytesGenerator;
import org.bouncycastle.crypto.params.FPEParameters;
import org.bouncycastle.crypto.params.HKDFParameters;
import org.bouncycastle.crypto.params.KeyParameter;

/**
 * One key version, and the only class that touches Bouncy Castle (so that the rest of the core loads without it).
 * Two subkeys are derived from the configured key with HKDF-SHA256 (RFC 5869, no salt), so that no AES key serves
 * two purposes: the FF1 key (info {@code io.snowflakeid.publicid/ff1}, the configured key's length) and the check
 * key (info {@code io.snowflakeid.publicid/check}, 16 bytes). The check field of an id is the first 4 bytes, big
 * endian, of AES-128(check key, 8 zero bytes || id big endian). The FF1 tweak is the UTF-8 bytes of
 * {@code <alphabet>:<version>}, e.g. {@code base62:1}, and for a {@linkplain PublicIdCodec#forDomain domain}
 * {@code <alphabet>:<version>:<domain>}, e.g. {@code base62:1:invoice}: another tweak is another permutation, so a
 * token of one domain decrypts to an unrelated value in another and fails its check there.
 *
 * <p>Bouncy Castle's engines keep state between {@code init} and {@code processBlock} and are not documented as
 * thread-safe, so each thread borrows initialised engines from a pool: no key schedule per call, no sharing.
 */
final class VersionKey {

	private static final byte[] FF1_INFO = "io.snowflakeid.publicid/ff1".getBytes(StandardCharsets.US_ASCII);

	private static final byte[] CHECK_INFO = "io.snowflakeid.publicid/check".getBytes(StandardCharsets.US_ASCII);

	private final KeyParameter ff1Key;

	private final FPEParameters ff1Parameters;

	private final KeyParameter checkKey;

	private final PublicIdAlphabet alphabet;

	private final char version;

	private final ConcurrentLinkedQueue<Engines> pool = new ConcurrentLinkedQueue<>();

	VersionKey(byte[] key, PublicIdAlphabet alphabet, char version) {
		byte[] ff1Key = derive(key, FF1_INFO, key.length);
		byte[] checkKey = derive(key, CHECK_INFO, 16);
		this.ff1Key = new KeyParameter(ff1Key);
		this.checkKey = new KeyParameter(checkKey);
		Arrays.fill(ff1Key, (byte) 0);
		Arrays.fill(checkKey, (byte) 0);
		this.alphabet = alphabet;
		this.version = version;
		this.ff1Parameters = new FPEParameters(this.ff1Key, alphabet.radix(), tweak(""));
		// Fails here, at build time, if FF1 is disabled (org.bouncycastle.fpe.disable) or the parameters are refused.
		this.pool.add(new Engines());
	}

	private VersionKey(VersionKey base, String domain) {
		this.ff1Key = base.ff1Key;
		this.checkKey = base.checkKey;
		this.alphabet = base.alphabet;
		this.version = base.version;
		this.ff1Parameters = new FPEParameters(this.ff1Key, this.alphabet.radix(), tweak(domain));
		this.pool.add(new Engines());
	}

	/** The same key for another domain: the same subkeys, another FF1 tweak. */
	VersionKey forDomain(String domain) {
		return new VersionKey(this, domain);
	}

	private byte[] tweak(String domain) {
		String tweak = this.alphabet.settingValue() + ":" + this.version + (domain.isEmpty() ? "" : ":" + domain);
		return tweak.getBytes(StandardCharsets.UTF_8);
	}

	private static byte[] derive(byte[] key, byte[] info, int length) {
		HKDFBytesGenerator hkdf = new HKDFBytesGenerator(new SHA256Digest());
		hkdf.init(new HKDFParameters(key, null, info));
		byte[] out = new byte[length];
		hkdf.generateBytes(out, 0, length);
		return out;
	}

	/** FF1-encrypts a numeral string (one digit per byte, most significant first). */
	byte[] encrypt(byte[] digits) {
		Engines engines = borrow();
		try {
			byte[] out = new byte[digits.length];
			engines.encrypt.processBlock(digits, 0, digits.length, out, 0);
			return out;
		}
		finally {
			this.pool.offer(engines);
		}
	}

	byte[] decrypt(byte[] digits) {
		Engines engines = borrow();
		try {
			byte[] out = new byte[digits.length];
			engines.decrypt.processBlock(digits, 0, digits.length, out, 0);
			return out;
		}
		finally {
			this.pool.offer(engines);
		}
	}

	/** The keyed 32-bit check field of an id. */
	int check(long id) {
		byte[] block = new byte[16];
		for (int i = 0; i < 8; i++) {
			block[8 + i] = (byte) (id >>> (56 - 8 * i));
		}
		Engines engines = borrow();
		try {
			engines.check.processBlock(block, 0, block, 0);
		}
		finally {
			this.pool.offer(engines);
		}
		return ((block[0] & 0xFF) << 24) | ((block[1] & 0xFF) << 16) | ((block[2] & 0xFF) << 8) | (block[3] & 0xFF);
	}

	private Engines borrow() {
		Engines engines = this.pool.poll();
		return (engines != null) ? engines : new Engines();
	}

	/** A thread's private set of initialised engines while it holds them. */
	private final class Engines {

		final FPEFF1Engine encrypt = new FPEFF1Engine(AESEngine.newInstance());

		final FPEFF1Engine decrypt = new FPEFF1Engine(AESEngine.newInstance());

		final BlockCipher check = AESEngine.newInstance();

		Engines() {
			this.encrypt.init(true, VersionKey.this.ff1Parameters);
			this.decrypt.init(false, VersionKey.this.ff1Parameters);
			this.check.init(true, VersionKey.this.checkKey);
		}
	}
}
