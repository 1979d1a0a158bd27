package io.snowflakeid.quarkus.deployment.startup.pub;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** An entity of the persistence unit "other". */
@Entity
public class BetaItem {

	@Id
	@SnowflakeId
	public Long id;

	public String label;
}
