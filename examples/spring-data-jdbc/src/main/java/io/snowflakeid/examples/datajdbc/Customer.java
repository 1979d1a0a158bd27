package io.snowflakeid.examples.datajdbc;

import io.snowflakeid.hibernate.SnowflakeId;

import org.springframework.data.annotation.Id;

/** An aggregate root as a class: the id is set on the instance before the INSERT. */
public class Customer {

	@Id
	@SnowflakeId
	private Long id;

	private String name;

	public Customer(String name) {
		this.name = name;
	}

	public Long getId() {
		return this.id;
	}

	public void setId(Long id) {
		this.id = id;
	}

	public String getName() {
		return this.name;
	}
}
