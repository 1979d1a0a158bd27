package io.snowflakeid.examples.boot;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

@Entity
public class Customer {

	@Id
	@SnowflakeId
	private Long id;

	private String name;

	protected Customer() {
	}

	public Customer(String name) {
		this.name = name;
	}

	public Long getId() {
		return this.id;
	}

	public String getName() {
		return this.name;
	}
}
