package io.snowflakeid.spring.jooq;

import org.jooq.TableField;
import org.jooq.UniqueKey;
import org.jooq.impl.DSL;
import org.jooq.impl.Internal;
import org.jooq.impl.SQLDataType;
import org.jooq.impl.TableImpl;
import org.jooq.impl.UpdatableRecordImpl;

/** Table book of jooq-schema.sql, as jOOQ's code generator writes it (H2 folds unquoted names to upper case). */
public class Book extends TableImpl<Book.BookRecord> {

	private static final long serialVersionUID = 1L;

	public static final Book BOOK = new Book();

	public final TableField<BookRecord, Long> ID = createField(DSL.name("ID"), SQLDataType.BIGINT.nullable(false), this,
			"");

	public final TableField<BookRecord, String> TITLE = createField(DSL.name("TITLE"), SQLDataType.VARCHAR(200), this,
			"");

	private Book() {
		super(DSL.name("BOOK"));
	}

	@Override
	public Class<BookRecord> getRecordType() {
		return BookRecord.class;
	}

	@Override
	public UniqueKey<BookRecord> getPrimaryKey() {
		return Internal.createUniqueKey(this, DSL.name("PK_BOOK"), ID);
	}

	public static class BookRecord extends UpdatableRecordImpl<BookRecord> {

		private static final long serialVersionUID = 1L;

		public BookRecord() {
			super(BOOK);
		}

		public BookRecord title(String title) {
			set(BOOK.TITLE, title);
			return this;
		}

		public Long id() {
			return get(BOOK.ID);
		}
	}
}
