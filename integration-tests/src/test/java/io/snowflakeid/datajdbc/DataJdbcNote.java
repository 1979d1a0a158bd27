package io.snowflakeid.datajdbc;

import io.snowflakeid.hibernate.SnowflakeId;

import org.springframework.data.annotation.Id;

/** A mutable aggregate root (table data_jdbc_note). */
public class DataJdbcNote {

	@Id
	@SnowflakeId
	private Long id;

	private String text;

	public DataJdbcNote(String text) {
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
