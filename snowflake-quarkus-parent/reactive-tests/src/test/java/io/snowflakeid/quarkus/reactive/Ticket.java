package io.snowflakeid.quarkus.reactive;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A Hibernate Reactive Panache entity with its own id, as a user writes it. */
// a table no other test on the shared databases uses (CI runs this beside the main build)
@Entity
@Table(name = "quarkus_reactive_ticket")
public class Ticket extends PanacheEntityBase {

	@Id
	@SnowflakeId
	public Long id;

	public String title;

	public Ticket() {
	}

	public Ticket(String title) {
		this.title = title;
	}
}
