package io.snowflakeid.benchmarks;

import java.util.concurrent.TimeUnit;

import io.snowflakeid.segment.SegmentIdGenerator;
import io.snowflakeid.segment.SegmentIdGenerators;
import io.snowflakeid.segment.SegmentSettings;
import io.snowflakeid.worker.ConnectionSource;
import me.ahoo.cosid.segment.IdSegmentDistributor;
import me.ahoo.cosid.segment.SegmentChainId;
import org.h2.jdbcx.JdbcDataSource;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Segment mode's in-memory issue rate against CosId's {@code SegmentChainId}, both with segments of
 * {@value #STEP}: ours fetched from an in-memory H2 table by the background prefetch, CosId's from its in-memory
 * {@code Atomic} distributor. SampleTime's upper percentiles include the segment switches.
 */
@State(Scope.Benchmark)
@BenchmarkMode({ Mode.Throughput, Mode.SampleTime })
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(1)
public class SegmentBenchmarks {

	static final int STEP = 100_000;

	private SegmentIdGenerators generators;

	private SegmentIdGenerator segmentId;

	private SegmentChainId cosId;

	@Setup
	public void setUp() {
		JdbcDataSource dataSource = new JdbcDataSource();
		dataSource.setURL("jdbc:h2:mem:segment-bench;DB_CLOSE_DELAY=-1");
		this.generators = new SegmentIdGenerators(SegmentSettings.builder(ConnectionSource.of(dataSource)).build());
		this.segmentId = this.generators.generator("bench", 1, STEP);
		this.cosId = new SegmentChainId(new IdSegmentDistributor.Atomic(STEP));
	}

	@TearDown
	public void tearDown() {
		this.generators.close();
	}

	@Benchmark
	public long segmentId() {
		return this.segmentId.nextId();
	}

	@Benchmark
	public long cosIdSegmentChainId() {
		return this.cosId.generate();
	}
}
