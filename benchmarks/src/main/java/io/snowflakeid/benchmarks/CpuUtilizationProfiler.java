package io.snowflakeid.benchmarks;

import java.lang.management.ManagementFactory;
import java.util.Collection;
import java.util.List;

import org.openjdk.jmh.infra.BenchmarkParams;
import org.openjdk.jmh.infra.IterationParams;
import org.openjdk.jmh.profile.InternalProfiler;
import org.openjdk.jmh.results.AggregationPolicy;
import org.openjdk.jmh.results.IterationResult;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.ScalarResult;

/**
 * CPU time of the benchmark JVM per second of wall time, in cores, per iteration: a generator held at its cap that
 * spins burns one core per thread; one that parks does not. Use with {@code -prof} (RunBenchmarks adds it).
 */
public class CpuUtilizationProfiler implements InternalProfiler {

	private long cpuStart;

	private long wallStart;

	@Override
	public String getDescription() {
		return "Process CPU time per wall-clock second (cores busy)";
	}

	@Override
	public void beforeIteration(BenchmarkParams benchmarkParams, IterationParams iterationParams) {
		this.cpuStart = processCpuNanos();
		this.wallStart = System.nanoTime();
	}

	@Override
	public Collection<? extends Result> afterIteration(BenchmarkParams benchmarkParams,
			IterationParams iterationParams, IterationResult result) {
		double cores = (double) (processCpuNanos() - this.cpuStart) / (System.nanoTime() - this.wallStart);
		return List.of(new ScalarResult("cpu.cores", cores, "cores", AggregationPolicy.AVG));
	}

	private static long processCpuNanos() {
		return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
			.getProcessCpuTime();
	}
}
