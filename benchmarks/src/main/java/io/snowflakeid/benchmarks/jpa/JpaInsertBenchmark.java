package io.snowflakeid.benchmarks.jpa;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.LongFunction;

import com.github.f4b6a3.uuid.UuidCreator;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.benchmarks.jpa.Rows.AssignedRow;
import io.snowflakeid.benchmarks.jpa.Rows.IdentityRow;
import io.snowflakeid.benchmarks.jpa.Rows.Payload;
import io.snowflakeid.benchmarks.jpa.Rows.SegmentRow;
import io.snowflakeid.benchmarks.jpa.Rows.SequenceRow;
import io.snowflakeid.benchmarks.jpa.Rows.SnowflakeRow;
import io.snowflakeid.benchmarks.jpa.Rows.UuidV4Row;
import io.snowflakeid.benchmarks.jpa.Rows.UuidV7Row;
import jakarta.persistence.EntityManager;
import jakarta.persistence.EntityManagerFactory;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * Inserts {@code rows} rows in transactions of {@code batch} for each id strategy, after a warm-up, {@code runs}
 * times, on one database, and writes the medians (rows/s) and, on PostgreSQL, the primary key index size. Every
 * strategy runs in the same Spring Boot application with the same settings: the starter's defaults, i.e. the
 * README's quick start.
 */
public final class JpaInsertBenchmark {

	/** Strategy name to a factory of transient entities. */
	private static Map<String, LongFunction<Payload>> strategies(SnowflakeIdGenerator ids) {
		Map<String, LongFunction<Payload>> strategies = new LinkedHashMap<>();
		strategies.put("@SnowflakeId", (i) -> new SnowflakeRow());
		strategies.put("IDENTITY", (i) -> new IdentityRow());
		strategies.put("SEQUENCE pooled (50)", (i) -> new SequenceRow());
		strategies.put("@SegmentId (step 1000)", (i) -> new SegmentRow());
		strategies.put("UUIDv4", (i) -> new UuidV4Row());
		strategies.put("UUIDv7", (i) -> {
			UuidV7Row row = new UuidV7Row();
			row.setId(UuidCreator.getTimeOrderedEpoch());
			return row;
		});
		strategies.put("assigned snowflake", (i) -> {
			AssignedRow row = new AssignedRow();
			row.setId(ids.nextId());
			return row;
		});
		return strategies;
	}

	private static final Map<String, String> TABLES = Map.of("@SnowflakeId", "bench_snowflake", "IDENTITY",
			"bench_identity", "SEQUENCE pooled (50)", "bench_sequence", "@SegmentId (step 1000)", "bench_segment", "UUIDv4", "bench_uuid_v4", "UUIDv7",
			"bench_uuid_v7", "assigned snowflake", "bench_assigned");

	private JpaInsertBenchmark() {
	}

	/**
	 * @param database h2, postgresql or mariadb
	 * @param output TSV file: database, strategy, median rows/s, every run's rows/s, PK index bytes
	 */
	public static void run(String database, int rows, int batch, int runs, Path output, String... extraProperties)
			throws IOException {
		List<String> properties = new ArrayList<>(List.of(datasource(database)));
		properties.addAll(List.of("spring.jpa.hibernate.ddl-auto=create", "spring.jpa.open-in-view=false",
				"spring.main.web-application-type=none", "spring.main.banner-mode=off", "logging.level.root=WARN",
				"snowflake.datacenter-id=1", "snowflake.worker-id=1"));
		properties.addAll(Arrays.asList(extraProperties));
		List<String> lines = new ArrayList<>();
		try (ConfigurableApplicationContext context = new SpringApplicationBuilder(JpaBenchmarkApplication.class)
			.properties(properties.toArray(String[]::new))
			.run()) {
			EntityManagerFactory emf = context.getBean(EntityManagerFactory.class);
			SnowflakeIdGenerator ids = context.getBean(SnowflakeIdGenerator.class);
			Map<String, LongFunction<Payload>> strategies = strategies(ids);
			// Warm every strategy up first, then interleave the measured runs, so that JIT warm-up and drift
			// over the run (autovacuum, page cache) do not favour whichever strategy happens to run last.
			for (Map.Entry<String, LongFunction<Payload>> strategy : strategies.entrySet()) {
				insert(emf, strategy.getValue(), Math.max(batch, rows / 5), batch);
				truncate(emf, TABLES.get(strategy.getKey()));
			}
			Map<String, double[]> rates = new LinkedHashMap<>();
			Map<String, Long> indexBytes = new LinkedHashMap<>();
			for (int run = 0; run < runs; run++) {
				for (Map.Entry<String, LongFunction<Payload>> strategy : strategies.entrySet()) {
					String table = TABLES.get(strategy.getKey());
					truncate(emf, table);
					rates.computeIfAbsent(strategy.getKey(), (k) -> new double[runs])[run] = insert(emf,
							strategy.getValue(), rows, batch);
					indexBytes.put(strategy.getKey(),
							database.equals("postgresql") ? primaryKeyIndexBytes(emf, table) : -1L);
				}
			}
			for (Map.Entry<String, double[]> rate : rates.entrySet()) {
				String line = database + "\t" + rate.getKey() + "\t" + Math.round(median(rate.getValue())) + "\t"
						+ Arrays.toString(Arrays.stream(rate.getValue()).mapToLong(Math::round).toArray()) + "\t"
						+ indexBytes.get(rate.getKey());
				System.out.println(line);
				lines.add(line);
				truncate(emf, TABLES.get(rate.getKey()));
			}
		}
		Files.createDirectories(output.getParent());
		Files.write(output, lines);
	}

	private static String[] datasource(String database) {
		return switch (database) {
			case "h2" -> new String[] { "spring.datasource.url=jdbc:h2:mem:bench;DB_CLOSE_DELAY=-1" };
			case "postgresql" -> new String[] {
					"spring.datasource.url=" + System.getProperty("bench.postgresql.url",
							"jdbc:postgresql://127.0.0.1:5432/test"),
					"spring.datasource.username=" + System.getProperty("bench.postgresql.username", "postgres"),
					"spring.datasource.hikari.data-source-properties.reWriteBatchedInserts="
							+ System.getProperty("bench.postgresql.rewrite", "true") };
			case "mariadb" -> new String[] {
					"spring.datasource.url=" + System.getProperty("bench.mariadb.url", "jdbc:mariadb://127.0.0.1:3306/test"),
					"spring.datasource.username=" + System.getProperty("bench.mariadb.username", "root") };
			default -> throw new IllegalArgumentException("Unknown database " + database + ": h2, postgresql, mariadb");
		};
	}

	/** Rows per second for inserting {@code rows} rows in transactions of {@code batch}. */
	private static double insert(EntityManagerFactory emf, LongFunction<Payload> factory, int rows, int batch) {
		EntityManager em = emf.createEntityManager();
		try {
			long start = System.nanoTime();
			for (int done = 0; done < rows;) {
				em.getTransaction().begin();
				for (int i = 0; i < batch && done < rows; i++, done++) {
					Payload row = factory.apply(done);
					row.fill(done);
					em.persist(row);
				}
				em.getTransaction().commit();
				em.clear();
			}
			return rows / ((System.nanoTime() - start) / 1e9);
		}
		finally {
			em.close();
		}
	}

	private static void truncate(EntityManagerFactory emf, String table) {
		EntityManager em = emf.createEntityManager();
		try {
			em.getTransaction().begin();
			em.createNativeQuery("TRUNCATE TABLE " + table).executeUpdate();
			em.getTransaction().commit();
		}
		finally {
			em.close();
		}
	}

	private static long primaryKeyIndexBytes(EntityManagerFactory emf, String table) {
		EntityManager em = emf.createEntityManager();
		try {
			Number bytes = (Number) em
				.createNativeQuery("SELECT pg_relation_size(i.indexrelid) FROM pg_index i WHERE i.indrelid = '"
						+ table + "'::regclass AND i.indisprimary")
				.getSingleResult();
			return bytes.longValue();
		}
		finally {
			em.close();
		}
	}

	static double median(double[] values) {
		double[] sorted = values.clone();
		Arrays.sort(sorted);
		int n = sorted.length;
		return (n % 2 == 1) ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
	}
}
