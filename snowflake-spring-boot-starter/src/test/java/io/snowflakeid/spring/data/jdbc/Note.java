package io.snowflakeid.spring.data.jdbc;

import io.snowflakeid.hibernate.SnowflakeId;

import org.springframework.data.annotation.Id;
import org.springframework.data.relational.core.mapping.Table;

/** A mutable aggregate root with a snowflake id. */
@Table
public class Note {

	@Id
	@SnowflakeId
	private Long id;

	private String text;

	public Note(String text) {
		this.text = text;
	}

	public Long getId() {
		return this.id;
	}

	public void setId(Long id) {
		this.id = id;
	}

	public String getText() {
		return this.text;
	}
}
