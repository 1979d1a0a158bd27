package io.snowflakeid.publicid;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.security.GeneralSecurityException;

import javax.crypto.Cipher;
import javax.crypto.spec.SecretKeySpec;

/**
 * The AES block cipher of one key, one 16-byte block at a time: the JDK's {@code AES/ECB/NoPadding} (AES-NI where the
 * JVM has it), its key schedule expanded once. Blocks go in and out as two big-endian longs. A {@link Cipher} is not
 * thread-safe, and neither is this: one thread at a time ({@link VersionKey} pools them).
 */
final class Aes {

	private static final VarHandle LONGS = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.BIG_ENDIAN);

	private final Cipher cipher;

	private final byte[] in = new byte[16];

	private final byte[] out = new byte[16];

	/** @param key an AES key of 16, 24 or 32 bytes */
	Aes(SecretKeySpec key) {
		try {
			this.cipher = Cipher.getInstance("AES/ECB/NoPadding");
			this.cipher.init(Cipher.ENCRYPT_MODE, key);
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException("AES/ECB/NoPadding is not available from this JVM's security providers: "
					+ ex.getMessage(), ex);
		}
	}

	/** Encrypts the block {@code hi || lo}; returns the first 8 bytes of the result, {@link #lo()} the last 8. */
	long encrypt(long hi, long lo) {
		LONGS.set(this.in, 0, hi);
		LONGS.set(this.in, 8, lo);
		try {
			// doFinal, not update: one complete operation per block, so that no provider can hold a block back (as fast).
			if (this.cipher.doFinal(this.in, 0, 16, this.out, 0) != 16) {
				throw new IllegalStateException("AES/ECB/NoPadding did not return one block");
			}
		}
		catch (GeneralSecurityException ex) {
			throw new IllegalStateException(ex);
		}
		return (long) LONGS.get(this.out, 0);
	}

	/** The last 8 bytes of the block {@link #encrypt(long, long)} returned. */
	long lo() {
		return (long) LONGS.get(this.out, 8);
	}

	/** Bytes {@code offset} to {@code offset + 7} of {@code bytes}, big-endian. */
	static long hi(byte[] bytes, int offset) {
		return (long) LONGS.get(bytes, offset);
	}

	/** Bytes {@code offset + 8} to {@code offset + 15} of {@code bytes}, big-endian. */
	static long lo(byte[] bytes, int offset) {
		return (long) LONGS.get(bytes, offset + 8);
	}
}
