package io.snowflakeid.compat.hibernate;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A snowflake id in its decimal String form. */
@Entity
@Table(name = "ticket")
public class Ticket {

	@Id
	@SnowflakeId
	public String id;

	public String subject;

	public Ticket() {
	}

	public Ticket(String subject) {
		this.subject = subject;
	}
}
