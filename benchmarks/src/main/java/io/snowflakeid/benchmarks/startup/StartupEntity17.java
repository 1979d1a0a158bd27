package io.snowflakeid.benchmarks.startup;

import jakarta.persistence.Entity;
import jakarta.persistence.Table;

/** One of the 20 entities of {@link StartupCostBenchmark}'s application. */
@Entity
@Table(name = "startup_entity_17")
public class StartupEntity17 extends StartupEntityBase {
}
