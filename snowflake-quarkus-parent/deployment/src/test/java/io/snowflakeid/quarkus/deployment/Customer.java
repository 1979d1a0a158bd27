package io.snowflakeid.quarkus.deployment;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** A Panache entity with its own id ({@code PanacheEntity}'s is a {@code @GeneratedValue}). */
@Entity
public class Customer extends PanacheEntityBase {

	@Id
	@SnowflakeId
	public Long id;

	public String name;
}
