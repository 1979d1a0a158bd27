package io.snowflakeid.quarkus.deployment.startup;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A Panache entity with its own snowflake id, in a table no other test on the shared databases uses. */
@Entity
@Table(name = "quarkus_panache_order")
public class PanacheOrder extends PanacheEntityBase {

	@Id
	@SnowflakeId
	public Long id;

	public String label;
}
