package io.snowflakeid.benchmarks;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import io.snowflakeid.SnowflakeIdGenerator;
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
 * The generator of a database worker lease that renews every second (3 s lease) while ids are generated: compare
 * with {@link GeneratorBenchmarks#snowflakeId()} to see what the lease costs the hot path: the permit check, a
 * volatile read and a {@code System.nanoTime()} call (about 25 ns per id, see {@link UncappedGeneratorBenchmarks}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Warmup(iterations = 2, time = 2)
@Measurement(iterations = 3, time = 3)
@Fork(1)
public class LeasedGeneratorBenchmarks {

	private WorkerLease lease;

	private SnowflakeIdGenerator generator;

	@Setup
	public void setUp() {
		JdbcDataSource dataSource = new JdbcDataSource();
		dataSource.setURL("jdbc:h2:mem:leased-bench;DB_CLOSE_DELAY=-1");
		this.lease = WorkerLease.acquire(WorkerLeaseSettings.builder(ConnectionSource.of(dataSource))
			.duration(Duration.ofSeconds(3))
			.build());
		this.generator = this.lease.generator();
	}

	@TearDown
	public void tearDown() {
		if (this.lease.renewals() == 0) {
			throw new IllegalStateException("The lease was never renewed during the benchmark");
		}
		this.lease.close();
	}

	@Benchmark
	public long snowflakeIdWithLeaseRenewingEverySecond() {
		return this.generator.nextId();
	}
}
