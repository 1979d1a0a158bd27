package io.snowflakeid.benchmarks;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.worker.ConnectionSource;
import io.snowflakeid.worker.WorkerLease;
import io.snowflakeid.worker.WorkerLeaseSettings;
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
 * The same nextId() hot path as {@link GeneratorBenchmarks} and {@link LeasedGeneratorBenchmarks}, static and
 * leased, but with an 18-bit sequence (262,144 ids per ms): the time per call is measured instead of the
 * 4,096,000 ids/s cap of the default 12-bit layout, so a slower hot path shows even while it stays under the cap.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(1)
public class UncappedGeneratorBenchmarks {

	static final SnowflakeLayout WIDE_SEQUENCE = SnowflakeLayout.builder().timestampBits(41).datacenterBits(2)
		.workerBits(2).sequenceBits(18).build();

	@State(Scope.Benchmark)
	public static class Static {

		SnowflakeIdGenerator generator;

		@Setup
		public void setUp() {
			this.generator = SnowflakeIdGenerator.builder().layout(WIDE_SEQUENCE).datacenterId(1).workerId(1).build();
		}

		@TearDown
		public void tearDown() {
			System.out.println("\nstatistics " + this.generator.statistics());
		}
	}

	@State(Scope.Benchmark)
	public static class Leased {

		WorkerLease lease;

		SnowflakeIdGenerator generator;

		@Setup
		public void setUp() {
			JdbcDataSource dataSource = new JdbcDataSource();
			dataSource.setURL("jdbc:h2:mem:uncapped-leased-bench;DB_CLOSE_DELAY=-1");
			this.lease = WorkerLease.acquire(WorkerLeaseSettings.builder(ConnectionSource.of(dataSource))
				.layout(WIDE_SEQUENCE)
				.duration(Duration.ofSeconds(3))
				.build());
			this.generator = this.lease.generator();
		}

		@TearDown
		public void tearDown() {
			System.out.println("\nstatistics " + this.generator.statistics() + ", renewals " + this.lease.renewals());
			if (this.lease.renewals() == 0) {
				throw new IllegalStateException("The lease was never renewed during the benchmark");
			}
			this.lease.close();
		}
	}

	@Benchmark
	public long snowflakeIdUncapped(Static state) {
		return state.generator.nextId();
	}

	@Benchmark
	public long snowflakeIdLeasedUncapped(Leased state) {
		return state.generator.nextId();
	}
}
