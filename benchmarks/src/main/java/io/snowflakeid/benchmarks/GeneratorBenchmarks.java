package io.snowflakeid.benchmarks;

import java.util.UUID;
import java.util.concurrent.TimeUnit;

import cn.hutool.core.lang.Snowflake;
import com.baomidou.mybatisplus.core.incrementer.DefaultIdentifierGenerator;
import com.github.f4b6a3.tsid.TsidFactory;
import com.github.f4b6a3.uuid.UuidCreator;
import io.snowflakeid.SnowflakeIdGenerator;
import me.ahoo.cosid.snowflake.MillisecondSnowflakeId;
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
 * One id per call from each generator, all in one run. Every Snowflake-style generator here is capped by its
 * layout (4,096 ids per millisecond for a 12-bit sequence): the interesting numbers are how close each gets to its
 * cap and the CPU it burns while held there (see {@link CpuUtilizationProfiler}). Per-call latency comes from
 * {@link TailLatencyBenchmark}, which times every call: JMH's {@code SampleTime} samples every 2^k-th call (the low
 * bits of its LCG cycle), in step with a 4,096-id millisecond, so its upper percentiles depend on where the stride
 * falls in the millisecond (docs/benchmarks.md).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(1)
public class GeneratorBenchmarks {

	private SnowflakeIdGenerator snowflakeId;

	private MillisecondSnowflakeId cosId;

	private Snowflake hutool;

	private DefaultIdentifierGenerator mybatisPlus;

	private TsidFactory tsid;

	@Setup
	public void setUp() {
		// Exactly what the Spring Boot starter builds for snowflake.datacenter-id=1, snowflake.worker-id=1.
		this.snowflakeId = SnowflakeIdGenerator.builder().datacenterId(1).workerId(1).build();
		this.cosId = new MillisecondSnowflakeId(1);
		this.hutool = new Snowflake(1, 1);
		this.mybatisPlus = new DefaultIdentifierGenerator(1, 1);
		this.tsid = TsidFactory.builder().withNode(1).build();
	}

	@Benchmark
	public long snowflakeId() {
		return this.snowflakeId.nextId();
	}

	@Benchmark
	public long cosIdMillisecondSnowflakeId() {
		return this.cosId.generate();
	}

	@Benchmark
	public long hutoolSnowflake() {
		return this.hutool.nextId();
	}

	@Benchmark
	public long mybatisPlusDefaultIdentifierGenerator() {
		return this.mybatisPlus.nextId(null);
	}

	@Benchmark
	public long tsidCreator() {
		return this.tsid.create().toLong();
	}

	@Benchmark
	public UUID uuidRandomV4() {
		return UUID.randomUUID();
	}

	@Benchmark
	public UUID uuidCreatorTimeOrderedEpochV7() {
		return UuidCreator.getTimeOrderedEpoch();
	}
}
