package io.snowflakeid.quarkus.deployment.startup;

import io.snowflakeid.hibernate.SegmentId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A dense segment id, in a table no other test on the shared databases uses. */
@Entity
@Table(name = "quarkus_segment_ticket")
public class SegmentTicket {

	@Id
	@SegmentId(key = "ticket", step = 20)
	public Long id;

	public String label;
}
