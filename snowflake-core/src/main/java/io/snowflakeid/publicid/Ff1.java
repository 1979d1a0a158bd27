package io.snowflakeid.publicid;

import java.math.BigInteger;

/**
 * FF1, NIST SP 800-38G (Rev. 1) section 5.1, Algorithm 7 (encryption) and Algorithm 8 (decryption), with AES from the
 * JDK as CIPH_K ({@link Aes}). This is the standard cipher, not a variant: it reproduces NIST's FF1 samples and
 * agrees with Bouncy Castle's {@code FPEFF1Engine} (both checked by {@code Ff1Tests}). What is specific is only the
 * range of parameters, chosen so that all arithmetic fits in 64-bit words:
 * <ul>
 * <li>{@code radix^v <= 2^56} ({@code v = ceil(n/2)}), so each half's value fits in a {@code long}, {@code b <= 7}
 * bytes and {@code d <= 12} bytes: the public id codec has radix 62, n = 16 (b = 6), radix 10, n = 29 (b = 7) and
 * radix 32, n = 19 (b = 7);
 * NIST's samples have b = 3 and b = 7;</li>
 * <li>{@code radix^n >= 1,000,000} (the standard's minimum domain size).</li>
 * </ul>
 *
 * <p>The halves A and B are kept as their values NUM_radix(A) and NUM_radix(B), never as digits: FF1 only ever uses
 * a half through NUM_radix (step 6.i and 6.vi) and makes a new one with STR^m_radix of a value below radix^m (step
 * 6.vii), so carrying the value is exactly carrying the numeral string of length m. {@link #encrypt(Aes, int[])}
 * takes and returns digits, as the standard states it.
 *
 * <p>Where the time goes, all of it exact: the PRF of step 6.ii is CBC-MAC over P || Q, and every block of P || Q
 * but the last depends only on the key, radix, n and tweak. Their chaining value is computed once, with the constant
 * bytes of the last block folded in ({@link #lastBlockHi}, {@link #lastBlockLo}), so a round costs one AES block
 * (d <= 16, so S in step 6.iii is R itself, cut to d bytes). And y mod radix^m in step 6.vi divides by a constant,
 * with its precomputed reciprocal ({@link Modulus}), not with big integers.
 *
 * <p>Immutable and thread-safe; the {@link Aes} passed in must be used by one thread at a time.
 */
final class Ff1 {

	/** The standard's number of Feistel rounds. */
	private static final int ROUNDS = 10;

	/** The largest radix^v this implementation takes: halves in a long, b <= 7. */
	static final long MAX_HALF_DOMAIN = 1L << 56;

	private final int radix;

	private final int n;

	private final int u;

	private final int v;

	/** Step 3: bytes of NUM_radix(B) in Q. */
	private final int b;

	/** Step 4: bytes of S used, 8 or 12. */
	private final int d;

	/** radix^u and radix^v: the moduli of step 6.vi for even and odd rounds. */
	private final Modulus modU;

	private final Modulus modV;

	/** Chaining value before the last block of P || Q, XORed with that block's constant bytes (see the class doc). */
	private final long lastBlockHi;

	private final long lastBlockLo;

	/**
	 * @param aes CIPH_K, used here to precompute the CBC-MAC of the constant blocks
	 * @param tweak T, any length up to 2^32 - 1 bytes
	 * @throws IllegalArgumentException for parameters outside the standard or this implementation's range
	 */
	Ff1(Aes aes, int radix, int n, byte[] tweak) {
		if (radix < 2 || radix > (1 << 16)) {
			throw new IllegalArgumentException("FF1 radix must be in [2, 2^16]: " + radix);
		}
		BigInteger bigRadix = BigInteger.valueOf(radix);
		if (n < 2 || bigRadix.pow(n).compareTo(BigInteger.valueOf(1_000_000)) < 0) {
			throw new IllegalArgumentException("FF1 needs n >= 2 and radix^n >= 1,000,000: radix " + radix + ", n " + n);
		}
		// 1. Let u = floor(n/2); v = n - u.
		this.radix = radix;
		this.n = n;
		this.u = n / 2;
		this.v = n - this.u;
		BigInteger radixV = bigRadix.pow(this.v);
		if (radixV.compareTo(BigInteger.valueOf(MAX_HALF_DOMAIN)) > 0) {
			throw new IllegalArgumentException("This FF1 takes radix^ceil(n/2) <= 2^56: radix " + radix + ", n " + n);
		}
		// 3. Let b = ceil(ceil(v * LOG2(radix)) / 8). ceil(LOG2(x)) is exactly bitLength(x - 1), no floating point.
		this.b = (radixV.subtract(BigInteger.ONE).bitLength() + 7) / 8;
		// 4. Let d = 4 * ceil(b/4) + 4.
		this.d = 4 * ((this.b + 3) / 4) + 4;
		this.modU = new Modulus(bigRadix.pow(this.u).longValueExact());
		this.modV = new Modulus(radixV.longValueExact());
		// 5. Let P = [1]^1 || [2]^1 || [1]^1 || [radix]^3 || [10]^1 || [u mod 256]^1 || [n]^4 || [t]^4.
		int t = tweak.length;
		byte[] p = { 1, 2, 1, (byte) (radix >>> 16), (byte) (radix >>> 8), (byte) radix, 10, (byte) this.u,
				(byte) (this.n >>> 24), (byte) (this.n >>> 16), (byte) (this.n >>> 8), (byte) this.n, (byte) (t >>> 24),
				(byte) (t >>> 16), (byte) (t >>> 8), (byte) t };
		// 6.i. Q = T || [0]^((-t-b-1) mod 16) || [i]^1 || [NUM_radix(B)]^b: the same bytes in every round but the last
		// b + 1. Here with i = 0 and NUM_radix(B) = 0, so that XORing them in later is all a round has to do.
		int pad = Math.floorMod(-t - this.b - 1, 16);
		byte[] q = new byte[t + pad + 1 + this.b];
		System.arraycopy(tweak, 0, q, 0, t);
		// 6.ii. R = PRF(P || Q): CBC-MAC with a zero IV (Algorithm 6). Chain through P and every block of Q but the last.
		long hi = aes.encrypt(Aes.hi(p, 0), Aes.lo(p, 0));
		long lo = aes.lo();
		int last = q.length - 16;
		for (int offset = 0; offset < last; offset += 16) {
			hi = aes.encrypt(hi ^ Aes.hi(q, offset), lo ^ Aes.lo(q, offset));
			lo = aes.lo();
		}
		this.lastBlockHi = hi ^ Aes.hi(q, last);
		this.lastBlockLo = lo ^ Aes.lo(q, last);
	}

	/** Digits of A, the first half. */
	int u() {
		return this.u;
	}

	/** Digits of B, the second half. */
	int v() {
		return this.v;
	}

	/** radix^v. */
	long radixPowV() {
		return this.modV.value;
	}

	/** radix^v, to split a numeral string's value into its halves. */
	Modulus modV() {
		return this.modV;
	}

	/**
	 * Algorithm 7 on the values of the halves: {@code halves[0] = NUM_radix(A) < radix^u}, {@code halves[1] =
	 * NUM_radix(B) < radix^v} (step 2), replaced by the values of the halves of the output (step 7: A || B).
	 */
	void encrypt(Aes aes, long[] halves) {
		long a = halves[0];
		long bValue = halves[1];
		// 6. For i from 0 to 9:
		for (int i = 0; i < ROUNDS; i++) {
			// 6.i-iv. y = NUM(S), S the first d bytes of R = PRF(P || Q), Q ending in [i]^1 || [NUM_radix(B)]^b.
			// 6.v. m = u for even i, v for odd i. 6.vi. c = (NUM_radix(A) + y) mod radix^m.
			Modulus m = ((i & 1) == 0) ? this.modU : this.modV;
			long c = a + round(aes, i, bValue, m);
			if (c >= m.value) {
				c -= m.value;
			}
			// 6.vii-ix. C = STR^m_radix(c) (kept as its value c); A = B; B = C.
			a = bValue;
			bValue = c;
		}
		halves[0] = a;
		halves[1] = bValue;
	}

	/** Algorithm 8 on the values of the halves, as {@link #encrypt(Aes, long[])}. */
	void decrypt(Aes aes, long[] halves) {
		long a = halves[0];
		long bValue = halves[1];
		// 6. For i from 9 to 0:
		for (int i = ROUNDS - 1; i >= 0; i--) {
			// 6.i-iv. y from Q ending in [i]^1 || [NUM_radix(A)]^b. 6.v. m = u for even i, v for odd i.
			// 6.vi. c = (NUM_radix(B) - y) mod radix^m.
			Modulus m = ((i & 1) == 0) ? this.modU : this.modV;
			long c = bValue - round(aes, i, a, m);
			if (c < 0) {
				c += m.value;
			}
			// 6.vii-ix. C = STR^m_radix(c); B = A; A = C.
			bValue = a;
			a = c;
		}
		halves[0] = a;
		halves[1] = bValue;
	}

	/**
	 * Steps 6.i to 6.iv, and y reduced mod radix^m: {@code NUM(S) mod radix^m} for the round {@code i} whose Q ends in
	 * {@code [i]^1 || [num]^b}. Since b <= 7, those b + 1 bytes sit in the low word of the last block, byte i just
	 * above NUM_radix(B).
	 */
	private long round(Aes aes, int i, long num, Modulus m) {
		// 6.ii. R = PRF(P || Q): the last CBC-MAC block. 6.iii. S = the first d bytes of R (d <= 16: no more blocks).
		long r0 = aes.encrypt(this.lastBlockHi, this.lastBlockLo ^ ((long) i << (8 * this.b)) ^ num);
		if (this.d == 8) {
			// 6.iv. y = NUM_2(S), 64 bits.
			return m.mod(0, r0);
		}
		// 6.iv. y = NUM_2(S), 96 bits: the high word is S's first 4 bytes.
		long r1 = aes.lo();
		return m.mod(r0 >>> 32, (r0 << 32) | (r1 >>> 32));
	}

	/** Algorithm 7 as the standard states it: a numeral string of n digits in, one out. */
	int[] encrypt(Aes aes, int[] x) {
		long[] halves = num(x);
		encrypt(aes, halves);
		return str(halves);
	}

	/** Algorithm 8 as the standard states it. */
	int[] decrypt(Aes aes, int[] x) {
		long[] halves = num(x);
		decrypt(aes, halves);
		return str(halves);
	}

	/** Step 2 (A = X[1..u], B = X[u+1..n]) with NUM_radix (Algorithm 2) of each half. */
	private long[] num(int[] x) {
		if (x.length != this.n) {
			throw new IllegalArgumentException("FF1 set up for " + this.n + " digits, given " + x.length);
		}
		long[] halves = new long[2];
		for (int i = 0; i < this.n; i++) {
			if (x[i] < 0 || x[i] >= this.radix) {
				throw new IllegalArgumentException("digit " + x[i] + " outside radix " + this.radix);
			}
			int half = (i < this.u) ? 0 : 1;
			halves[half] = halves[half] * this.radix + x[i];
		}
		return halves;
	}

	/** Step 7, A || B, with STR^m_radix (Algorithm 3) of each half. */
	private int[] str(long[] halves) {
		int[] y = new int[this.n];
		long a = halves[0];
		for (int i = this.u - 1; i >= 0; i--) {
			y[i] = (int) (a % this.radix);
			a /= this.radix;
		}
		long bValue = halves[1];
		for (int i = this.n - 1; i >= this.u; i--) {
			y[i] = (int) (bValue % this.radix);
			bValue /= this.radix;
		}
		return y;
	}

	/**
	 * A modulus below 2^63 with its precomputed reciprocal, to divide a 128-bit number by it without a division
	 * instruction: Möller and Granlund, "Improved division by invariant integers" (IEEE Transactions on Computers 60(2),
	 * 2011), Algorithm 4 (div_2by1), on the modulus shifted left until its top bit is set. The same algorithm GMP uses;
	 * checked against {@link BigInteger} by {@code Ff1Tests}.
	 */
	static final class Modulus {

		/** The modulus. */
		final long value;

		/** Left shift that sets the top bit of {@link #value}. */
		private final int shift;

		/** value << shift: the normalised divisor d, 2^63 <= d < 2^64. */
		private final long divisor;

		/** floor((2^128 - 1) / d) - 2^64. */
		private final long reciprocal;

		Modulus(long value) {
			if (value < 2) {
				throw new IllegalArgumentException("modulus " + value);
			}
			this.value = value;
			this.shift = Long.numberOfLeadingZeros(value);
			this.divisor = value << this.shift;
			BigInteger d = new BigInteger(Long.toUnsignedString(this.divisor));
			this.reciprocal = BigInteger.ONE.shiftLeft(128).subtract(BigInteger.ONE).divide(d)
				.subtract(BigInteger.ONE.shiftLeft(64)).longValue();
		}

		/** (hi * 2^64 + lo) mod value, both words unsigned. */
		long mod(long hi, long lo) {
			// Shift the dividend as the divisor (1 <= shift <= 62, as 2 <= value < 2^63): three words w2 w1 w0, with
			// w2 < 2^shift < d.
			int s = this.shift;
			long w2 = hi >>> (64 - s);
			long w1 = (hi << s) | (lo >>> (64 - s));
			long w0 = lo << s;
			// Schoolbook division one word at a time; each step's remainder is below d, the next step's precondition.
			// When w2 is 0 (always for y of 96 bits and a modulus of 2^32 or more, as in every round of the codec),
			// the first step is at most one subtraction.
			long r;
			if (w2 == 0) {
				r = (Long.compareUnsigned(w1, this.divisor) >= 0) ? w1 - this.divisor : w1;
			}
			else {
				r = w1 - quotient(w2, w1) * this.divisor;
			}
			r = w0 - quotient(r, w0) * this.divisor;
			return r >>> s;
		}

		/**
		 * floor((hi * 2^64 + lo) / value), both words unsigned, for dividends whose quotient is below 2^64 (that is,
		 * hi < value). The remainder is then {@code lo - quotient * value}.
		 */
		long divide(long hi, long lo) {
			if (Long.compareUnsigned(hi, this.value) >= 0) {
				throw new ArithmeticException("quotient above 2^64");
			}
			int s = this.shift;
			// hi < value < 2^(64 - s), so the shifted dividend has two words, the high one below d.
			long w1 = (hi << s) | (lo >>> (64 - s));
			long w0 = lo << s;
			return quotient(w1, w0);
		}

		/** Algorithm 4 (div_2by1): floor((u1 * 2^64 + u0) / d) for u1 < d, all unsigned. */
		private long quotient(long u1, long u0) {
			long d = this.divisor;
			// (q1, q0) = v * u1
			long q0 = this.reciprocal * u1;
			long q1 = unsignedMultiplyHigh(this.reciprocal, u1);
			// (q1, q0) = (q1, q0) + (u1, u0); q1 = (q1 + 1) mod 2^64
			long sum = q0 + u0;
			q1 += u1 + 1 + ((Long.compareUnsigned(sum, q0) < 0) ? 1 : 0);
			q0 = sum;
			// r = (u0 - q1 * d) mod 2^64
			long r = u0 - q1 * d;
			// if r > q0: q1 = q1 - 1, r = r + d
			if (Long.compareUnsigned(r, q0) > 0) {
				q1--;
				r += d;
			}
			// if r >= d: q1 = q1 + 1 (unlikely)
			if (Long.compareUnsigned(r, d) >= 0) {
				q1++;
			}
			return q1;
		}

		/** The high word of the unsigned 128-bit product (Math.unsignedMultiplyHigh is JDK 18+). */
		static long unsignedMultiplyHigh(long x, long y) {
			return Math.multiplyHigh(x, y) + ((x >> 63) & y) + ((y >> 63) & x);
		}
	}
}
