package io.snowflakeid.quarkus.deployment.json;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** An entity sent and taken as JSON as it is, as many Quarkus REST applications do. */
@Entity
public class Ticket {

	@Id
	@SnowflakeId
	public Long id;

	public long quantity;
}
