package io.snowflakeid.quarkus.deployment;

import io.snowflakeid.hibernate.SegmentId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

@Entity
public class Ticket {

	@Id
	@SegmentId(key = "tickets")
	public Long id;
}
