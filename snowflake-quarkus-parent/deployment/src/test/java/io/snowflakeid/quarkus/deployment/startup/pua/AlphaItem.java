package io.snowflakeid.quarkus.deployment.startup.pua;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** An entity of the default persistence unit. */
@Entity
public class AlphaItem {

	@Id
	@SnowflakeId
	public Long id;

	public String label;
}
