package io.snowflakeid.jooq.schema;

import org.jooq.TableField;
import org.jooq.UniqueKey;
import org.jooq.impl.DSL;
import org.jooq.impl.Internal;
import org.jooq.impl.SQLDataType;
import org.jooq.impl.TableImpl;
import org.jooq.impl.UpdatableRecordImpl;

/** A table whose key is text: the ids' fixed-width decimal form. */
public class Note extends TableImpl<Note.NoteRecord> {

	private static final long serialVersionUID = 1L;

	public static final Note NOTE = new Note();

	public final TableField<NoteRecord, String> CODE = createField(DSL.name("code"),
			SQLDataType.VARCHAR(19).nullable(false), this, "");

	public final TableField<NoteRecord, String> BODY = createField(DSL.name("body"), SQLDataType.VARCHAR(200), this,
			"");

	private Note() {
		super(DSL.name("note"));
	}

	@Override
	public Class<NoteRecord> getRecordType() {
		return NoteRecord.class;
	}

	@Override
	public UniqueKey<NoteRecord> getPrimaryKey() {
		return Internal.createUniqueKey(this, DSL.name("pk_note"), CODE);
	}

	public static class NoteRecord extends UpdatableRecordImpl<NoteRecord> {

		private static final long serialVersionUID = 1L;

		public NoteRecord() {
			super(NOTE);
		}
	}
}
