package io.snowflakeid.quarkus.deployment;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

@Entity
public class Invoice {

	@Id
	@SnowflakeId
	public Long id;

	public String label;
}
