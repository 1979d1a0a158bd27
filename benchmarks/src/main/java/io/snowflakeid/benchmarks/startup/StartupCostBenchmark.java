package io.snowflakeid.benchmarks.startup;

import java.io.BufferedReader;
import java.io.File;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * What the starter adds to an application's start: the same application (20 {@code @SnowflakeId} entities on
 * PostgreSQL, {@code ddl-auto=none}) started with the starter's auto-configurations excluded (the generator then
 * configured through Hibernate properties, as in plain Hibernate, and the column check off), with the starter and static ids (the README's
 * quick start) with and without the column check, and with the starter leasing its worker id from the database.
 *
 * <p>Cold: each start in a JVM of its own (class loading included, what a deployment sees), variants interleaved,
 * median of the rounds. Warm: repeated starts in one JVM after three of each (the starter's own work: beans, the
 * {@code @PublicId} class scan, the column check's metadata queries, the lease claim), interleaved, median.
 */
public final class StartupCostBenchmark {

	enum Variant {

		WITHOUT_STARTER("without the starter (generator from Hibernate settings, no column check)"),
		STARTER_NO_CHECK("starter, static ids, schema-check=off"),
		STARTER("starter, static ids (quick start)"),
		STARTER_LEASE("starter, worker id leased from PostgreSQL");

		final String label;

		Variant(String label) {
			this.label = label;
		}
	}

	private static final int ENTITIES = 20;

	private StartupCostBenchmark() {
	}

	/**
	 * Writes {@code startup-postgresql.tsv}, a line per variant: variant, label, cold median, p25, p75, warm median
	 * (ms), the cold starts, the cold median CPU time of the starting thread (ms), the classes loaded by a cold start;
	 * then, attributed inside the cold starts ({@link StartupAttribution}), the starter's own wall time (its beans and
	 * the column check) median, p25, p75 and max, its beans' CPU median, the column check's median, the CPU median of
	 * reading the configuration classes, each bean's median wall/CPU; then the warm p25 and p75; then the column
	 * check's median on a thread of its own, beside the start (the starter runs it there; the start waits for it
	 * only where it is not done yet, which is in the starter's beans' time); then the whole cold start's paired
	 * difference to the start without the starter (median, and a 95 % interval of the median), in wall time and in the
	 * CPU time of every thread of the process.
	 */
	public static void run(int coldRounds, int warmRounds, Path output) throws IOException, InterruptedException,
			SQLException {
		createTables();
		Map<Variant, List<String[]>> cold = new LinkedHashMap<>();
		for (Variant variant : Variant.values()) {
			cold.put(variant, new ArrayList<>());
			fork("cold", variant.name()); // creates the lease table, fills the page cache: not counted
		}
		for (int round = 0; round < coldRounds; round++) {
			for (Variant variant : Variant.values()) {
				String[] result = fork("cold", variant.name()).split("\t");
				cold.get(variant).add(result);
				System.out.printf(Locale.ROOT, "startup cold, round %d: %s %s ms, %s ms CPU, %s classes, "
						+ "the starter's beans %s ms (%s ms CPU), column check %s ms%n", round + 1, variant, result[0],
						result[1], result[2], result[3], result[4], result[5]);
			}
		}
		Map<Variant, String[]> warm = new LinkedHashMap<>();
		for (String line : fork("warm", Integer.toString(warmRounds)).split("\n")) {
			String[] f = line.split("\t");
			warm.put(Variant.valueOf(f[0]), f);
		}
		List<String> lines = new ArrayList<>();
		List<String[]> baseline = cold.get(Variant.WITHOUT_STARTER);
		for (Variant variant : Variant.values()) {
			List<String[]> rounds = cold.get(variant);
			double[] added = pairedDifferences(rounds, baseline, 0);
			double[] addedCpu = pairedDifferences(rounds, baseline, 9);
			double[] wall = column(rounds, (r) -> Double.parseDouble(r[0]));
			double[] own = column(rounds, (r) -> Double.parseDouble(r[3]) + Double.parseDouble(r[5]));
			boolean checked = variant == Variant.STARTER || variant == Variant.STARTER_LEASE;
			if (checked && median(column(rounds, (r) -> Double.parseDouble(r[5]) + Double.parseDouble(r[8]))) == 0) {
				throw new IllegalStateException("The column check logged no time in " + variant + ": its debug line "
						+ "(SnowflakeSchemaCheck, 'Checked the columns ...') changed; StartupAttribution reads it");
			}
			lines.add(String.format(Locale.ROOT,
					"%s\t%s\t%.1f\t%.1f\t%.1f\t%s\t%s\t%.1f\t%s\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%s\t%s\t%s\t%.1f"
							+ "\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f\t%.1f",
					variant, variant.label, median(wall), wall[wall.length / 4], wall[(3 * wall.length) / 4],
					warm.get(variant)[1],
					Arrays.toString(rounds.stream().mapToDouble((r) -> Double.parseDouble(r[0])).toArray()),
					median(column(rounds, (r) -> Double.parseDouble(r[1]))), rounds.get(rounds.size() - 1)[2],
					median(own), own[own.length / 4], own[(3 * own.length) / 4], own[own.length - 1],
					median(column(rounds, (r) -> Double.parseDouble(r[4]))),
					median(column(rounds, (r) -> Double.parseDouble(r[5]))),
					median(column(rounds, (r) -> Double.parseDouble(r[7]))), beans(rounds), warm.get(variant)[2],
					warm.get(variant)[3], median(column(rounds, (r) -> Double.parseDouble(r[8]))), median(added),
					medianInterval(added)[0], medianInterval(added)[1], median(addedCpu), medianInterval(addedCpu)[0],
					medianInterval(addedCpu)[1]));
		}
		Files.createDirectories(output.getParent());
		Files.write(output, lines);
	}

	/**
	 * Round by round, this variant's field minus the baseline's in the same round (the variants of a round start one
	 * after the other, so a slower stretch of the machine weighs on both), sorted. A cold start varies by more than
	 * the starter adds; paired differences over many rounds are what can show the starter's share of the whole start.
	 */
	private static double[] pairedDifferences(List<String[]> rounds, List<String[]> baseline, int field) {
		double[] differences = new double[rounds.size()];
		for (int i = 0; i < differences.length; i++) {
			differences[i] = Double.parseDouble(rounds.get(i)[field]) - Double.parseDouble(baseline.get(i)[field]);
		}
		Arrays.sort(differences);
		return differences;
	}

	/**
	 * A 95 % confidence interval of the median of sorted values, from their order statistics (distribution-free: the
	 * number of values below the true median is binomial(n, 1/2)); the whole range below 6 values.
	 */
	static double[] medianInterval(double[] sorted) {
		int n = sorted.length;
		int k = (int) Math.floor(n / 2.0 - 0.98 * Math.sqrt(n)); // 1-based rank of the lower bound
		if (k < 1) {
			return new double[] { sorted[0], sorted[n - 1] };
		}
		return new double[] { sorted[k - 1], sorted[n - k] };
	}

	/** The values of one field over the rounds, sorted. */
	private static double[] column(List<String[]> rounds, java.util.function.ToDoubleFunction<String[]> field) {
		return rounds.stream().mapToDouble(field).sorted().toArray();
	}

	private static double median(double[] sorted) {
		return sorted[sorted.length / 2];
	}

	/** Each of the starter's beans: the median of its wall and of its CPU milliseconds over the rounds. */
	private static String beans(List<String[]> rounds) {
		Map<String, List<double[]>> byBean = new LinkedHashMap<>();
		for (String[] round : rounds) {
			if (round[6].equals("-")) {
				continue;
			}
			for (String bean : round[6].split(";")) {
				String[] nameAndTimes = bean.split("=");
				String[] times = nameAndTimes[1].split("/");
				byBean.computeIfAbsent(nameAndTimes[0], (n) -> new ArrayList<>())
					.add(new double[] { Double.parseDouble(times[0]), Double.parseDouble(times[1]) });
			}
		}
		StringBuilder beans = new StringBuilder();
		byBean.forEach((name, times) -> beans.append(String.format(Locale.ROOT, "%s=%.1f/%.1f;", name,
				median(times.stream().mapToDouble((t) -> t[0]).sorted().toArray()),
				median(times.stream().mapToDouble((t) -> t[1]).sorted().toArray()))));
		return (beans.length() == 0) ? "-" : beans.toString();
	}

	private static String fork(String mode, String argument) throws IOException, InterruptedException {
		Path java = Path.of(System.getProperty("java.home"), "bin", "java");
		String classPath = System.getProperty("java.class.path");
		if (mode.equals("cold") && argument.equals(Variant.WITHOUT_STARTER.name())) {
			// Cold, the baseline has no starter jar at all (its classes are not even looked at).
			classPath = String.join(File.pathSeparator, Arrays.stream(classPath.split(File.pathSeparator))
				.filter((entry) -> !entry.contains("snowflake-spring-boot-starter"))
				.toList());
		}
		Process process = new ProcessBuilder(java.toString(), "-cp", classPath,
				StartupCostBenchmark.class.getName(), mode, argument)
			.redirectError(ProcessBuilder.Redirect.INHERIT)
			.start();
		String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
		if (process.waitFor() != 0) {
			throw new IllegalStateException("The start-up fork (" + mode + " " + argument + ") failed: " + output);
		}
		String[] lines = output.split("\n");
		StringBuilder results = new StringBuilder();
		for (String line : lines) {
			if (line.startsWith("RESULT\t")) {
				results.append(line.substring("RESULT\t".length())).append('\n');
			}
		}
		return results.toString().trim();
	}

	/** In the fork: {@code cold <variant>} or {@code warm <rounds>}. */
	public static void main(String[] args) throws Exception {
		if (args[0].equals("cold")) {
			// The starting thread's CPU time is steadier than wall time in a cold JVM (class loading and bean
			// creation run on it; JIT and GC threads do not), and the classes loaded say what the starter brings.
			// Both still vary by more than the starter adds: its own share is attributed inside the start
			// (StartupAttribution), which a cold start's spread does not blur.
			long cpu = ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
			StartupAttribution attribution = new StartupAttribution();
			double millis = start(Variant.valueOf(args[1]), attribution);
			double cpuMillis = (ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() - cpu) / 1e6;
			System.out.printf(Locale.ROOT, "RESULT\t%.1f\t%.1f\t%d\t%s\t%.1f%n", millis, cpuMillis,
					ManagementFactory.getClassLoadingMXBean().getTotalLoadedClassCount(), attribution.result(),
					processCpuMillis());
			return;
		}
		int rounds = Integer.parseInt(args[1]);
		Map<Variant, double[]> times = new LinkedHashMap<>();
		for (int round = -3; round < rounds; round++) {
			for (Variant variant : Variant.values()) {
				double millis = start(variant);
				if (round >= 0) {
					times.computeIfAbsent(variant, (v) -> new double[rounds])[round] = millis;
				}
			}
		}
		times.forEach((variant, t) -> {
			Arrays.sort(t);
			System.out.printf(Locale.ROOT, "RESULT\t%s\t%.1f\t%.1f\t%.1f%n", variant, t[t.length / 2],
					t[t.length / 4], t[(3 * t.length) / 4]);
		});
	}

	/** The CPU time of every thread of this process so far (JIT, GC and the starter's background threads too). */
	private static double processCpuMillis() {
		return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
			.getProcessCpuTime() / 1e6;
	}

	/** Starts and closes the application; returns the milliseconds {@code run} took. */
	private static double start(Variant variant) throws IOException {
		return start(variant, null);
	}

	private static double start(Variant variant, StartupAttribution attribution) throws IOException {
		SpringApplicationBuilder builder = new SpringApplicationBuilder(StartupCostApplication.class)
			.web(WebApplicationType.NONE)
			.bannerMode(Banner.Mode.OFF)
			.logStartupInfo(false)
			.properties(properties(variant));
		if (attribution != null) {
			builder.applicationStartup(attribution.startup()).properties(attribution.properties());
		}
		long start = System.nanoTime();
		ConfigurableApplicationContext context = builder.run();
		double millis = (System.nanoTime() - start) / 1e6;
		if (attribution != null) {
			attribution.attribute(context);
		}
		context.close();
		return millis;
	}

	private static Map<String, Object> properties(Variant variant) throws IOException {
		Map<String, Object> properties = new LinkedHashMap<>();
		properties.put("spring.datasource.url", url());
		properties.put("spring.datasource.username", username());
		properties.put("spring.jpa.hibernate.ddl-auto", "none");
		properties.put("spring.jpa.open-in-view", "false");
		properties.put("logging.level.root", "WARN");
		switch (variant) {
			case WITHOUT_STARTER -> {
				List<String> starter = starterAutoConfigurations();
				if (!starter.isEmpty()) { // warm, in one JVM with the other variants: the starter is there, excluded
					properties.put("spring.autoconfigure.exclude", String.join(",", starter));
				}
				properties.put("spring.jpa.properties.snowflake.datacenter-id", "1");
				properties.put("spring.jpa.properties.snowflake.worker-id", "1");
				// The column check is the Hibernate module's, on by default there too: off, so that the baseline
				// is the application without what the library adds at start.
				properties.put("spring.jpa.properties.snowflake.schema-check", "off");
			}
			case STARTER_NO_CHECK -> {
				properties.put("snowflake.datacenter-id", "1");
				properties.put("snowflake.worker-id", "1");
				properties.put("snowflake.schema-check", "off");
			}
			case STARTER -> {
				properties.put("snowflake.datacenter-id", "1");
				properties.put("snowflake.worker-id", "1");
			}
			case STARTER_LEASE -> {
				properties.put("snowflake.datacenter-id", "1");
				properties.put("snowflake.lease.table-name", "startup_worker_lease");
			}
		}
		return properties;
	}

	/** Every auto-configuration the starter registers, read from its own imports file (none without its jar). */
	private static List<String> starterAutoConfigurations() throws IOException {
		List<String> names = new ArrayList<>();
		Enumeration<URL> files = StartupCostBenchmark.class.getClassLoader()
			.getResources("META-INF/spring/org.springframework.boot.autoconfigure.AutoConfiguration.imports");
		while (files.hasMoreElements()) {
			try (BufferedReader reader = new BufferedReader(
					new InputStreamReader(files.nextElement().openStream(), StandardCharsets.UTF_8))) {
				reader.lines().map(String::trim).filter((l) -> l.startsWith("io.snowflakeid.")).forEach(names::add);
			}
		}
		return names;
	}

	private static void createTables() throws SQLException {
		try (Connection connection = DriverManager.getConnection(url(), username(), null);
				Statement statement = connection.createStatement()) {
			for (int i = 1; i <= ENTITIES; i++) {
				statement.execute(String.format(Locale.ROOT,
						"create table if not exists startup_entity_%02d (id bigint primary key, name varchar(255))", i));
			}
		}
	}

	private static String url() {
		return System.getProperty("bench.postgresql.url", "jdbc:postgresql://127.0.0.1:5432/test");
	}

	private static String username() {
		return System.getProperty("bench.postgresql.username", "postgres");
	}
}
