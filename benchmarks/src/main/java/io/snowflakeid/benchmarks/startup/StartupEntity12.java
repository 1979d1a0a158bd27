package io.snowflakeid.benchmarks.startup;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** One of the 20 entities of {@link StartupCostBenchmark}'s application. */
@Entity
@Table(name = "startup_entity_12")
public class StartupEntity12 {

	@Id
	@SnowflakeId
	private Long id;

	private String name;

	public Long getId() {
		return this.id;
	}

	public String getName() {
		return this.name;
	}

	public void setName(String name) {
		this.name = name;
	}
}
