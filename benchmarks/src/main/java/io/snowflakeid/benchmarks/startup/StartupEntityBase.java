package io.snowflakeid.benchmarks.startup;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;

/** The id and one column every entity of {@link StartupCostBenchmark}'s application has: 20 tables, 20 id columns. */
@MappedSuperclass
public abstract class StartupEntityBase {

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
