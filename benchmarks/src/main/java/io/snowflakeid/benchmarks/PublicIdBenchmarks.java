package io.snowflakeid.benchmarks;

import java.util.UUID;
import java.util.concurrent.TimeUnit;

import io.snowflakeid.publicid.PublicIdAlphabet;
import io.snowflakeid.publicid.PublicIdCodec;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Public ids (FF1): tokens per second encoded, decoded, and both (a round trip), base62, decimal and Crockford base32, beside
 * {@code UUID.randomUUID()} (and its string), the usual other way of showing an opaque id. Each call works on a
 * different id, so nothing is cached.
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(1)
public class PublicIdBenchmarks {

	private static final int TOKENS = 1024;

	private PublicIdCodec base62;

	private PublicIdCodec decimal;

	private final String[] base62Tokens = new String[TOKENS];

	private final String[] decimalTokens = new String[TOKENS];

	private PublicIdCodec crockford;

	private final String[] crockfordTokens = new String[TOKENS];

	private long id = 912_207_628_317_364_225L;

	private int next;

	@Setup
	public void setUp() {
		String key = "5WaQliQiN6Y8mF/bx0uC6Q3hmxxQTxZMQJVCgM3BQXk="; // a fixed random key: zero bytes are refused
		this.base62 = PublicIdCodec.builder().key("1", key).build();
		this.decimal = PublicIdCodec.builder().key("1", key).alphabet(PublicIdAlphabet.DECIMAL).build();
		this.crockford = PublicIdCodec.builder().key("1", key).alphabet(PublicIdAlphabet.CROCKFORD_BASE32).build();
		for (int i = 0; i < TOKENS; i++) {
			this.base62Tokens[i] = this.base62.encode(this.id + i);
			this.decimalTokens[i] = this.decimal.encode(this.id + i);
			this.crockfordTokens[i] = this.crockford.encode(this.id + i);
		}
	}

	@Benchmark
	public String encodeBase62() {
		return this.base62.encode(this.id++);
	}

	@Benchmark
	public long decodeBase62() {
		return this.base62.decode(this.base62Tokens[this.next++ & (TOKENS - 1)]);
	}

	@Benchmark
	public String encodeDecimal() {
		return this.decimal.encode(this.id++);
	}

	@Benchmark
	public long decodeDecimal() {
		return this.decimal.decode(this.decimalTokens[this.next++ & (TOKENS - 1)]);
	}

	@Benchmark
	public String encodeCrockford() {
		return this.crockford.encode(this.id++);
	}

	@Benchmark
	public long decodeCrockford() {
		return this.crockford.decode(this.crockfordTokens[this.next++ & (TOKENS - 1)]);
	}

	/** One encode and one decode of the token just made: what a request that returns and receives an id pays. */
	@Benchmark
	public long roundTripBase62() {
		return this.base62.decode(this.base62.encode(this.id++));
	}

	@Benchmark
	public long roundTripDecimal() {
		return this.decimal.decode(this.decimal.encode(this.id++));
	}

	@Benchmark
	public long roundTripCrockford() {
		return this.crockford.decode(this.crockford.encode(this.id++));
	}

	@Benchmark
	public UUID uuidRandom() {
		return UUID.randomUUID();
	}

	@Benchmark
	public String uuidRandomString() {
		return UUID.randomUUID().toString();
	}
}
