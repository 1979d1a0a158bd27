package io.snowflakeid.publicid;

import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Arrays;

import javax.crypto.AEADBadTagException;
import javax.crypto.Cipher;
import javax.crypto.Mac;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Authenticated encryption of short text for one key version ({@link PublicIdCodec#seal}). Each message gets an
 * AES-256 key of its own, HMAC-SHA256 of 16 random bytes under the version's seal key (the XAES-256-GCM idea), and
 * AES-GCM runs under it with a random 96-bit nonce: random nonces under one key would allow about 2^32 messages
 * (NIST SP 800-38D), which a busy pagination API can reach in a key's life. The plaintext is padded to a multiple of
 * 32 bytes (0x80, then zeros), so that its length shows only in steps of 32. Format: a format byte (1), the 16
 * random bytes, the nonce, the ciphertext with its 128-bit tag; the format byte is authenticated with the caller's
 * context.
 */
final class Sealer {

	private static final byte FORMAT = 1;

	private static final int SALT_BYTES = 16;

	private static final int NONCE_BYTES = 12;

	private static final int TAG_BYTES = 16;

	private static final int PAD_TO = 32;

	private static final int HEADER = 1 + SALT_BYTES + NONCE_BYTES;

	private final SecretKeySpec key;

	/** {@code key}: the version's seal subkey (32 bytes; copied). */
	Sealer(byte[] key) {
		this.key = new SecretKeySpec(key, "HmacSHA256");
	}

	byte[] seal(byte[] plain, byte[] context) {
		byte[] out = new byte[HEADER + padded(plain.length) + TAG_BYTES];
		byte[] random = new byte[SALT_BYTES + NONCE_BYTES];
		Randomness.INSTANCE.nextBytes(random);
		out[0] = FORMAT;
		System.arraycopy(random, 0, out, 1, random.length);
		byte[] padded = Arrays.copyOf(plain, padded(plain.length));
		padded[plain.length] = (byte) 0x80;
		try {
			Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
			cipher.init(Cipher.ENCRYPT_MODE, messageKey(out), new GCMParameterSpec(TAG_BYTES * 8, out, 1 + SALT_BYTES,
					NONCE_BYTES));
			cipher.updateAAD(new byte[] { FORMAT });
			cipher.updateAAD(context);
			cipher.doFinal(padded, 0, padded.length, out, HEADER);
			return out;
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("AES-GCM or HMAC-SHA256 is not available", ex);
		}
	}

	/** What {@link #seal} sealed with this key and {@code context}, or {@code null}: altered, made up or not ours. */
	byte[] open(byte[] sealed, byte[] context) {
		if (sealed.length < HEADER + PAD_TO + TAG_BYTES || sealed[0] != FORMAT
				|| (sealed.length - HEADER - TAG_BYTES) % PAD_TO != 0) {
			return null;
		}
		byte[] padded;
		try {
			Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
			cipher.init(Cipher.DECRYPT_MODE, messageKey(sealed), new GCMParameterSpec(TAG_BYTES * 8, sealed,
					1 + SALT_BYTES, NONCE_BYTES));
			cipher.updateAAD(new byte[] { FORMAT });
			cipher.updateAAD(context);
			padded = cipher.doFinal(sealed, HEADER, sealed.length - HEADER);
		}
		catch (AEADBadTagException ex) {
			return null;
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("AES-GCM or HMAC-SHA256 is not available", ex);
		}
		int end = padded.length - 1;
		while (end >= 0 && padded[end] == 0) {
			end--;
		}
		return (end >= 0 && padded[end] == (byte) 0x80) ? Arrays.copyOf(padded, end) : null;
	}

	/** The message's AES-256 key: HMAC-SHA256 of its random bytes under the seal key. */
	private SecretKeySpec messageKey(byte[] message) throws GeneralSecurityException {
		Mac mac = Mac.getInstance("HmacSHA256");
		mac.init(this.key);
		mac.update(message, 1, SALT_BYTES);
		byte[] derived = mac.doFinal();
		try {
			return new SecretKeySpec(derived, "AES");
		}
		finally {
			Arrays.fill(derived, (byte) 0);
		}
	}

	/** Multiple of 32 bytes with room for the 0x80 marker. */
	private static int padded(int length) {
		return (length / PAD_TO + 1) * PAD_TO;
	}

	/** Created when first used: a native image initialised at build time must not hold a seeded generator. */
	private static final class Randomness {

		static final SecureRandom INSTANCE = new SecureRandom();
	}
}
