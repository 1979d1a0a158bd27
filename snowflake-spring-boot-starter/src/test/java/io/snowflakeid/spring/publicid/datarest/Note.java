package io.snowflakeid.spring.publicid.datarest;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** An entity without a public id: Spring Data REST's own id handling. */
@Entity
public class Note {

	@Id
	@SnowflakeId
	private Long id;

	private String text;

	public Long getId() {
		return this.id;
	}

	public String getText() {
		return this.text;
	}

	public void setText(String text) {
		this.text = text;
	}
}
