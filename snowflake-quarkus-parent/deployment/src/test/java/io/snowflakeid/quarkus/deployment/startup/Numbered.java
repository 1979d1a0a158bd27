package io.snowflakeid.quarkus.deployment.startup;

import io.snowflakeid.hibernate.SegmentId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** An entity with a dense segment id. */
@Entity
@Table(name = "numbered")
public class Numbered {

	@Id
	@SegmentId(key = "numbered", step = 10)
	public Long id;

	public String label;
}
