package io.snowflakeid.jooq.schema;

import io.snowflakeid.hibernate.SnowflakeId;

/** A POJO of the application's own (not generated) for table book, its id annotated. */
public class BookPojo {

	@SnowflakeId
	private Long id;

	private String title;

	public BookPojo() {
	}

	public BookPojo(String title) {
		this.title = title;
	}

	public Long getId() {
		return this.id;
	}

	public void setId(Long id) {
		this.id = id;
	}

	public String getTitle() {
		return this.title;
	}

	public void setTitle(String title) {
		this.title = title;
	}
}
