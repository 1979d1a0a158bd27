package io.snowflakeid.benchmarks;

import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CyclicBarrier;
import java.util.function.LongSupplier;
import java.util.function.Supplier;

import cn.hutool.core.lang.Snowflake;
import com.baomidou.mybatisplus.core.incrementer.DefaultIdentifierGenerator;
import com.github.f4b6a3.tsid.TsidFactory;
import com.github.f4b6a3.uuid.UuidCreator;
import io.snowflakeid.SnowflakeIdGenerator;
import me.ahoo.cosid.snowflake.MillisecondSnowflakeId;
import org.HdrHistogram.Histogram;

/**
 * Every call timed, not a sample: each thread reads {@link System#nanoTime()} once per call and records the time
 * since its previous call in a histogram, so a call's figure includes one timer read and the loop (about 20 ns
 * here, the same for every generator). JMH's {@code SampleTime} mode times a random subset of calls; its upper
 * percentiles rest on few samples and move with whatever else runs on the machine, which is why this harness is
 * the source of the published tail figures (docs/benchmarks.md says more).
 *
 * <p>Each (generator, threads, run) runs in a JVM of its own, so no generator's code shapes another's JIT profile;
 * runs are interleaved across generators. CPU is the JVM's process CPU time per wall-clock second over the timed
 * calls (JIT and GC threads included, as in {@link CpuUtilizationProfiler}).
 */
public final class TailLatencyBenchmark {

	/** The same generators, built the same way, as {@link GeneratorBenchmarks}. */
	static final Map<String, Supplier<LongSupplier>> GENERATORS = Map.of(
			"snowflakeId", () -> SnowflakeIdGenerator.builder().datacenterId(1).workerId(1).build()::nextId,
			"cosIdMillisecondSnowflakeId", () -> new MillisecondSnowflakeId(1)::generate,
			"hutoolSnowflake", () -> new Snowflake(1, 1)::nextId,
			"mybatisPlusDefaultIdentifierGenerator", () -> {
				DefaultIdentifierGenerator generator = new DefaultIdentifierGenerator(1, 1);
				return () -> generator.nextId(null);
			}, "tsidCreator", () -> {
				TsidFactory factory = TsidFactory.builder().withNode(1).build();
				return () -> factory.create().toLong();
			}, "uuidRandomV4", () -> () -> java.util.UUID.randomUUID().getLeastSignificantBits(),
			"uuidCreatorTimeOrderedEpochV7", () -> () -> UuidCreator.getTimeOrderedEpoch().getLeastSignificantBits());

	static final List<String> ORDER = List.of("snowflakeId", "cosIdMillisecondSnowflakeId", "hutoolSnowflake",
			"mybatisPlusDefaultIdentifierGenerator", "tsidCreator", "uuidRandomV4", "uuidCreatorTimeOrderedEpochV7");

	private static volatile long sink;

	private TailLatencyBenchmark() {
	}

	/**
	 * Forks one JVM per (generator, threads, run), runs interleaved, and writes {@code tails-<threads>.tsv}:
	 * generator, run, ids/s, p50, p99, p99.9, p99.99, max (ns) and CPU (cores).
	 */
	static void run(Path results, int calls, int runs) throws IOException, InterruptedException {
		for (int threads : new int[] { 1, 2 }) {
			Path file = results.resolve("tails-" + threads + ".tsv");
			Files.deleteIfExists(file);
			for (int run = 1; run <= runs; run++) {
				for (String name : ORDER) {
					String line = fork(name, threads, calls);
					Files.writeString(file, name + "\t" + run + "\t" + line + "\n", StandardOpenOption.CREATE,
							StandardOpenOption.APPEND);
					System.out.println("tails " + threads + " thread(s), run " + run + ": " + name + "\t" + line);
				}
			}
		}
	}

	private static String fork(String name, int threads, int calls) throws IOException, InterruptedException {
		Path java = Path.of(System.getProperty("java.home"), "bin", "java");
		Process process = new ProcessBuilder(java.toString(), "-Xms1g", "-Xmx1g", "-XX:+AlwaysPreTouch", "-cp",
				System.getProperty("java.class.path"), TailLatencyBenchmark.class.getName(), name,
				Integer.toString(threads), Integer.toString(calls))
			.redirectError(ProcessBuilder.Redirect.INHERIT)
			.start();
		String output = new String(process.getInputStream().readAllBytes()).trim();
		if (process.waitFor() != 0 || output.isEmpty()) {
			throw new IllegalStateException("The tail-latency fork for " + name + " failed: " + output);
		}
		return output;
	}

	/** In the fork: {@code TailLatencyBenchmark <generator> <threads> <calls per thread>}. */
	public static void main(String[] args) throws Exception {
		LongSupplier generator = GENERATORS.get(args[0]).get();
		int threads = Integer.parseInt(args[1]);
		int calls = Integer.parseInt(args[2]);
		// Warm-up: the same loop, long enough for C2 to compile it and the generator (≈ 2 s at the cap).
		measure(generator, threads, calls);
		System.gc();
		Result result = measure(generator, threads, calls);
		Histogram h = result.histogram();
		System.out.println(String.format(Locale.ROOT, "%.0f\t%d\t%d\t%d\t%d\t%d\t%.3f",
				threads * (double) calls / result.seconds(), h.getValueAtPercentile(50), h.getValueAtPercentile(99),
				h.getValueAtPercentile(99.9), h.getValueAtPercentile(99.99), h.getMaxValue(), result.cores()));
	}

	private record Result(Histogram histogram, double seconds, double cores) {
	}

	private static Result measure(LongSupplier generator, int threads, int calls) throws Exception {
		CyclicBarrier start = new CyclicBarrier(threads + 1);
		List<Histogram> histograms = new ArrayList<>();
		List<Thread> workers = new ArrayList<>();
		for (int t = 0; t < threads; t++) {
			Histogram histogram = new Histogram(60_000_000_000L, 3);
			histograms.add(histogram);
			Thread worker = new Thread(() -> {
				try {
					start.await();
				}
				catch (Exception ex) {
					throw new IllegalStateException(ex);
				}
				timeEveryCall(generator, calls, histogram);
			});
			workers.add(worker);
			worker.start();
		}
		start.await();
		long cpu = processCpuNanos();
		long wall = System.nanoTime();
		for (Thread worker : workers) {
			worker.join();
		}
		long elapsed = System.nanoTime() - wall;
		double cores = (double) (processCpuNanos() - cpu) / elapsed;
		Histogram all = new Histogram(60_000_000_000L, 3);
		histograms.forEach(all::add);
		return new Result(all, elapsed / 1e9, cores);
	}

	private static void timeEveryCall(LongSupplier generator, int calls, Histogram histogram) {
		long ids = 0;
		long previous = System.nanoTime();
		for (int i = 0; i < calls; i++) {
			ids ^= generator.getAsLong();
			long now = System.nanoTime();
			histogram.recordValue(now - previous);
			previous = now;
		}
		sink = ids;
	}

	private static long processCpuNanos() {
		return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
			.getProcessCpuTime();
	}
}
