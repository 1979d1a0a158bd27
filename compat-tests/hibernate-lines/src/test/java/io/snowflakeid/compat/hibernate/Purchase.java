package io.snowflakeid.compat.hibernate;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A snowflake id, and a snowflake on an ordinary column (the number people quote): the two generator paths. */
@Entity
@Table(name = "purchase")
public class Purchase {

	@Id
	@SnowflakeId
	public Long id;

	@SnowflakeId
	public Long number;

	public String customer;

	public Purchase() {
	}

	public Purchase(String customer) {
		this.customer = customer;
	}
}
