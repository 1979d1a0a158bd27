package io.snowflakeid.quarkus.deployment.devmode;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** An entity with a snowflake id, persisted by {@link DevResource}. */
@Entity
@Table(name = "dev_item")
public class DevItem {

	@Id
	@SnowflakeId
	public Long id;
}
