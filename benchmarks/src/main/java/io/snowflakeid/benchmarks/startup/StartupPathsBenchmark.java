package io.snowflakeid.benchmarks.startup;

import java.lang.reflect.Method;
import java.sql.Connection;
import java.sql.DriverManager;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import io.snowflakeid.internal.jdbc.ColumnCheck;

import org.springframework.core.io.support.PathMatchingResourcePatternResolver;

/**
 * The two start-up paths of docs/benchmarks-history.md (2026-11-26), timed alone and warm: the starter's
 * {@code @PublicId} search over a large package of jars, and the column check of {@link StartupCostBenchmark}'s 20
 * tables on PostgreSQL. Run with {@code java -cp <the benchmarks class path> ...StartupPathsBenchmark}; to compare
 * with older code, put the older starter or core jar first on the class path.
 */
public final class StartupPathsBenchmark {

	private StartupPathsBenchmark() {
	}

	public static void main(String[] args) throws Exception {
		// The search is package-private in the starter: reached by reflection, as a benchmark may.
		Class<?> check = Class.forName("io.snowflakeid.spring.publicid.PublicIdWithoutKeysCheck");
		Method usages = check.getDeclaredMethod("usages", List.class, ClassLoader.class);
		usages.setAccessible(true);
		for (String pkg : List.of("org.springframework", "org.hibernate")) {
			int classes = new PathMatchingResourcePatternResolver()
				.getResources("classpath*:" + pkg.replace('.', '/') + "/**/*.class").length;
			for (int round = 0; round < 3; round++) {
				long start = System.nanoTime();
				usages.invoke(null, List.of(pkg), StartupPathsBenchmark.class.getClassLoader());
				double millis = (System.nanoTime() - start) / 1e6;
				System.out.printf(Locale.ROOT, "@PublicId search of %s: %d classes, %.0f ms (%.1f µs a class)%n", pkg,
						classes, millis, millis * 1000 / classes);
			}
		}
		List<ColumnCheck.Target> targets = new ArrayList<>();
		for (int i = 1; i <= 20; i++) {
			targets.add(new ColumnCheck.Target("StartupEntity" + i + ".id", "@SnowflakeId", false, Long.MAX_VALUE, 19,
					null, null, String.format(Locale.ROOT, "startup_entity_%02d", i), "id"));
		}
		// At start the check runs on a connection the pool opened moments before: its server process has read
		// nothing of the catalog yet. So each round times the first check on a new connection, then a second one.
		String url = System.getProperty("bench.postgresql.url", "jdbc:postgresql://127.0.0.1:5432/test");
		String username = System.getProperty("bench.postgresql.username", "postgres");
		List<Double> first = new ArrayList<>();
		List<Double> second = new ArrayList<>();
		for (int round = 0; round < 25; round++) {
			try (Connection connection = DriverManager.getConnection(url, username, null)) {
				long start = System.nanoTime();
				ColumnCheck.check(connection, targets);
				long middle = System.nanoTime();
				ColumnCheck.check(connection, targets);
				long end = System.nanoTime();
				if (round >= 5) {
					first.add((middle - start) / 1e6);
					second.add((end - middle) / 1e6);
				}
			}
		}
		first.sort(null);
		second.sort(null);
		System.out.printf(Locale.ROOT, "column check of 20 tables, median (quartiles) of 20 rounds: first on a new "
				+ "connection %.1f ms (%.1f-%.1f), again on it %.1f ms (%.1f-%.1f)%n", first.get(10), first.get(5),
				first.get(15), second.get(10), second.get(5), second.get(15));
	}
}
