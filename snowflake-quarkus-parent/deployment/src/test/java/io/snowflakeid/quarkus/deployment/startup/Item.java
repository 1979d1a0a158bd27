package io.snowflakeid.quarkus.deployment.startup;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** An entity with a snowflake id. */
@Entity
@Table(name = "review_item")
public class Item {

	@Id
	@SnowflakeId
	public Long id;

	public String label;
}
