package io.snowflakeid.it;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A String id: the decimal form, for APIs whose clients cannot hold 64-bit numbers. */
@Entity
@Table(name = "it_support_ticket")
public class SupportTicket {

	@Id
	@SnowflakeId
	@Column(length = 20)
	private String id;

	private String subject;

	protected SupportTicket() {
	}

	public SupportTicket(String subject) {
		this.subject = subject;
	}

	public String getId() {
		return this.id;
	}
}
