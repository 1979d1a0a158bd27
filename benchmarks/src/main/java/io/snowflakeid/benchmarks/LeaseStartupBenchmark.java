package io.snowflakeid.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import io.snowflakeid.worker.ConnectionSource;
import io.snowflakeid.worker.WorkerLease;
import io.snowflakeid.worker.WorkerLeaseSettings;

/**
 * Time to claim a worker lease (table present, pool warm, as at an application's start after the first
 * deployment) and to release it, repeated; plus the very first claim, which also creates the table.
 */
public final class LeaseStartupBenchmark {

	private LeaseStartupBenchmark() {
	}

	public static void run(String database, int claims, Path output) throws IOException, SQLException {
		HikariConfig config = new HikariConfig();
		config.setJdbcUrl(switch (database) {
			case "postgresql" -> System.getProperty("bench.postgresql.url", "jdbc:postgresql://127.0.0.1:5432/test");
			case "mariadb" -> System.getProperty("bench.mariadb.url", "jdbc:mariadb://127.0.0.1:3306/test");
			case "h2" -> "jdbc:h2:mem:lease-bench;DB_CLOSE_DELAY=-1";
			default -> throw new IllegalArgumentException(database);
		});
		config.setUsername(switch (database) {
			case "postgresql" -> System.getProperty("bench.postgresql.username", "postgres");
			case "mariadb" -> System.getProperty("bench.mariadb.username", "root");
			default -> "sa";
		});
		config.setMaximumPoolSize(2);
		List<String> lines = new ArrayList<>();
		try (HikariDataSource dataSource = new HikariDataSource(config)) {
			try (Connection connection = dataSource.getConnection(); Statement statement = connection.createStatement()) {
				statement.execute("DROP TABLE IF EXISTS bench_worker_lease");
			}
			WorkerLeaseSettings settings = WorkerLeaseSettings.builder(ConnectionSource.of(dataSource))
				.tableName("bench_worker_lease")
				.datacenterId(1)
				.build();
			long firstStart = System.nanoTime();
			WorkerLease first = WorkerLease.acquire(settings);
			double firstMillis = (System.nanoTime() - firstStart) / 1e6;
			first.close();
			double[] claim = new double[claims];
			double[] release = new double[claims];
			for (int i = 0; i < claims; i++) {
				long start = System.nanoTime();
				WorkerLease lease = WorkerLease.acquire(settings);
				claim[i] = (System.nanoTime() - start) / 1e6;
				start = System.nanoTime();
				lease.close();
				release[i] = (System.nanoTime() - start) / 1e6;
			}
			Arrays.sort(claim);
			Arrays.sort(release);
			String line = String.format(java.util.Locale.ROOT, "%s\t%.2f\t%.2f\t%.2f\t%.2f\t%.2f", database,
					firstMillis, claim[claims / 2], claim[(int) (claims * 0.95)], claim[claims - 1],
					release[claims / 2]);
			System.out.println("lease\t" + line);
			lines.add(line);
		}
		Files.createDirectories(output.getParent());
		Files.write(output, lines);
	}
}
