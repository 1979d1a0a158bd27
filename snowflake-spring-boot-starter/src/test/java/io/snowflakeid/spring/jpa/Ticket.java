package io.snowflakeid.spring.jpa;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "ticket")
public class Ticket {

	@Id
	@SnowflakeId
	private Long id;

	public Long getId() {
		return this.id;
	}
}
