package io.snowflakeid.jooq.schema;

import org.jooq.Record1;
import org.jooq.impl.UpdatableRecordImpl;

/** As jOOQ's code generator writes an updatable record. */
public class BookRecord extends UpdatableRecordImpl<BookRecord> {

	private static final long serialVersionUID = 1L;

	public BookRecord() {
		super(Book.BOOK);
	}

	public BookRecord(Long id, String title) {
		super(Book.BOOK);
		setId(id);
		setTitle(title);
	}

	public Long getId() {
		return (Long) get(0);
	}

	public BookRecord setId(Long value) {
		set(0, value);
		return this;
	}

	public String getTitle() {
		return (String) get(1);
	}

	public BookRecord setTitle(String value) {
		set(1, value);
		return this;
	}

	@Override
	public Record1<Long> key() {
		return (Record1<Long>) super.key();
	}
}
