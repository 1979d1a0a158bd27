package io.snowflakeid.quarkus.reactive;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A Hibernate Reactive Panache entity, persisted through Panache's own session. */
// a table no other test on the shared databases uses (CI runs this beside the main build)
@Entity
@Table(name = "quarkus_reactive_receipt")
public class Receipt extends PanacheEntityBase {

	@Id
	@SnowflakeId
	public Long id;

	public long amount;
}
