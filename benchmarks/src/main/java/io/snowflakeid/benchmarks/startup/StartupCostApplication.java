package io.snowflakeid.benchmarks.startup;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/** The application {@link StartupCostBenchmark} starts: 20 entities with {@code @SnowflakeId}, on PostgreSQL. */
@SpringBootApplication
public class StartupCostApplication {

}
