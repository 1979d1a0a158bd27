package io.snowflakeid.quarkus.reactive;

import io.quarkus.hibernate.reactive.panache.PanacheEntityBase;
import io.snowflakeid.hibernate.SegmentId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A reactive entity with a segment id, which the build refuses. */
// a table no other test on the shared databases uses (CI runs this beside the main build)
@Entity
@Table(name = "quarkus_reactive_counter")
public class Counter extends PanacheEntityBase {

	@Id
	@SegmentId
	public Long id;
}
