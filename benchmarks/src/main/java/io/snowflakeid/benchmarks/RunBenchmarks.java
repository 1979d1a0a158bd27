package io.snowflakeid.benchmarks;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;

import io.snowflakeid.benchmarks.jpa.JpaInsertBenchmark;
import io.snowflakeid.benchmarks.startup.StartupCostBenchmark;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.util.Statistics;

/**
 * Runs the benchmarks and writes {@code docs/benchmarks.md}. Usage (from the repository root, see
 * {@code benchmarks/run}): {@code RunBenchmarks [all|generators|tails|segments|publicid|jpa|lease|startup|report]
 * [--quick]}.
 * Databases: {@code -Dbench.databases=h2,postgresql,mariadb} (the default).
 */
public final class RunBenchmarks {

	/** Outside target/, so that a `clean` does not take a run's raw results with it. */
	static final Path RESULTS = Path.of("benchmarks", "results");

	private RunBenchmarks() {
	}

	public static void main(String[] arguments) throws Exception {
		// Maven passes -Dbench.args as one argument: split it.
		String[] args = String.join(" ", arguments).trim().split("\\s+");
		String what = (args.length > 0 && !args[0].isBlank()) ? args[0] : "all";
		boolean quick = List.of(args).contains("--quick");
		String selected = System.getenv().getOrDefault("BENCH_DATABASES", "h2,postgresql,mariadb");
		List<String> databases = List.of(System.getProperty("bench.databases", selected).split(","));
		Files.createDirectories(RESULTS);
		if (what.equals("all") || what.equals("generators")) {
			for (int threads : new int[] { 1, 2 }) {
				generators(threads, quick);
			}
		}
		if (what.equals("all") || what.equals("generators") || what.equals("tails")) {
			TailLatencyBenchmark.run(RESULTS, quick ? 1_000_000 : 8_000_000, quick ? 1 : 3);
		}
		if (what.equals("all") || what.equals("segments")) {
			for (int threads : new int[] { 1, 2 }) {
				jmh(SegmentBenchmarks.class, "segments-" + threads + ".tsv", threads, quick);
			}
		}
		if (what.equals("all") || what.equals("publicid")) {
			jmh(PublicIdBenchmarks.class, "publicid-1.tsv", 1, quick);
		}
		if (what.equals("all") || what.equals("lease")) {
			for (String database : databases) {
				LeaseStartupBenchmark.run(database, quick ? 10 : 50, RESULTS.resolve("lease-" + database + ".tsv"));
			}
		}
		if (what.equals("all") || what.equals("startup")) {
			StartupCostBenchmark.run(quick ? 2 : 30, quick ? 2 : 25, RESULTS.resolve("startup-postgresql.tsv"));
		}
		if (what.equals("all") || what.equals("jpa")) {
			for (String database : databases) {
				JpaInsertBenchmark.run(database, quick ? 10_000 : 100_000, 1_000, quick ? 2 : 5,
						RESULTS.resolve("jpa-" + database + ".tsv"));
			}
		}
		if (!List.of("all", "generators", "tails", "segments", "publicid", "lease", "startup", "jpa", "report")
			.contains(what)) {
			throw new IllegalArgumentException("Unknown benchmark '" + what
					+ "': all, generators, tails, segments, publicid, lease, startup, jpa or report");
		}
		if (what.equals("all") || what.equals("report")) {
			BenchmarkReport.write(RESULTS, Path.of("docs"), databases);
		}
	}

	private static void generators(int threads, boolean quick) throws Exception {
		jmh(null, "generators-" + threads + ".tsv", threads, quick);
	}

	/** Runs one benchmark class (or, for null, the generator benchmarks) and writes a TSV of its results. */
	private static void jmh(Class<?> benchmark, String file, int threads, boolean quick) throws Exception {
		OptionsBuilder builder = new OptionsBuilder();
		if (benchmark == null) {
			builder.include(GeneratorBenchmarks.class.getName() + "\\..*");
			builder.include(LeasedGeneratorBenchmarks.class.getName() + "\\..*");
		}
		else {
			builder.include(benchmark.getName() + "\\..*");
		}
		Options options = builder
			.threads(threads)
			.addProfiler(CpuUtilizationProfiler.class)
			.warmupIterations(quick ? 1 : 2)
			.warmupTime(TimeValue.seconds(quick ? 1 : 2))
			.measurementIterations(quick ? 1 : 3)
			.measurementTime(TimeValue.seconds(quick ? 1 : 3))
			.forks(1)
			.build();
		Collection<RunResult> results = new Runner(options).run();
		List<String> lines = new ArrayList<>();
		for (RunResult run : results) {
			String label = run.getParams().getBenchmark();
			String name = label.substring(label.lastIndexOf('.') + 1);
			String mode = run.getParams().getMode().shortLabel();
			Result<?> primary = run.getPrimaryResult();
			Result<?> cpu = run.getSecondaryResults().get("cpu.cores");
			Statistics statistics = primary.getStatistics();
			boolean sample = mode.equals("sample");
			lines.add(String.join("\t", name, mode, number(primary.getScore()), number(primary.getScoreError()),
					primary.getScoreUnit(), sample ? number(statistics.getPercentile(50)) : "",
					sample ? number(statistics.getPercentile(99)) : "", sample ? number(statistics.getPercentile(99.9)) : "",
					(cpu != null) ? number(cpu.getScore()) : ""));
		}
		Files.write(RESULTS.resolve(file), lines);
	}

	private static String number(double value) {
		return String.format(Locale.ROOT, "%.6g", value);
	}
}
