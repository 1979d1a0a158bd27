package io.snowflakeid.jooq.schema;

import org.jooq.Name;
import org.jooq.TableField;
import org.jooq.UniqueKey;
import org.jooq.impl.DSL;
import org.jooq.impl.Internal;
import org.jooq.impl.SQLDataType;
import org.jooq.impl.TableImpl;

/** As jOOQ's code generator writes a table (without a schema: the tests' connection chooses it). */
public class Book extends TableImpl<BookRecord> {

	private static final long serialVersionUID = 1L;

	public static final Book BOOK = new Book();

	public final TableField<BookRecord, Long> ID = createField(DSL.name("id"), SQLDataType.BIGINT.nullable(false), this,
			"");

	public final TableField<BookRecord, String> TITLE = createField(DSL.name("title"), SQLDataType.VARCHAR(200), this,
			"");

	private Book() {
		super(DSL.name("book"));
	}

	Book(Name alias) {
		super(alias);
	}

	@Override
	public Class<BookRecord> getRecordType() {
		return BookRecord.class;
	}

	@Override
	public UniqueKey<BookRecord> getPrimaryKey() {
		return Internal.createUniqueKey(this, DSL.name("pk_book"), ID);
	}
}
