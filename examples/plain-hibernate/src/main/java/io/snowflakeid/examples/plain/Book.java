package io.snowflakeid.examples.plain;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

@Entity
public class Book {

	@Id
	@SnowflakeId
	private Long id;

	private String title;

	protected Book() {
	}

	public Book(String title) {
		this.title = title;
	}

	public Long getId() {
		return this.id;
	}

	public String getTitle() {
		return this.title;
	}
}
