package io.snowflakeid.jooq.schema;

import org.jooq.Configuration;
import org.jooq.impl.DAOImpl;

/** A DAO as the code generator writes one, over the application's POJO. */
public class BookDao extends DAOImpl<BookRecord, BookPojo, Long> {

	public BookDao(Configuration configuration) {
		super(Book.BOOK, BookPojo.class, configuration);
	}

	@Override
	public Long getId(BookPojo pojo) {
		return pojo.getId();
	}
}
