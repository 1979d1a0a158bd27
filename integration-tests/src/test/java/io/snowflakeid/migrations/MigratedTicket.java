package io.snowflakeid.migrations;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A snowflake id in a table the application's own migration creates. */
@Entity
@Table(name = "mig_ticket")
public class MigratedTicket {

	@Id
	@SnowflakeId
	private Long id;

	@Column(length = 100)
	private String subject;

	protected MigratedTicket() {
	}

	public MigratedTicket(String subject) {
		this.subject = subject;
	}

	public Long getId() {
		return this.id;
	}
}
