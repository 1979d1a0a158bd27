package io.snowflakeid.jooq.schema;

import org.jooq.TableField;
import org.jooq.UniqueKey;
import org.jooq.impl.DSL;
import org.jooq.impl.Internal;
import org.jooq.impl.SQLDataType;
import org.jooq.impl.TableImpl;
import org.jooq.impl.UpdatableRecordImpl;

/** A table whose key is a 32-bit INTEGER: cannot hold snowflake ids. */
public class Tally extends TableImpl<Tally.TallyRecord> {

	private static final long serialVersionUID = 1L;

	public static final Tally TALLY = new Tally();

	public final TableField<TallyRecord, Integer> ID = createField(DSL.name("id"), SQLDataType.INTEGER.nullable(false),
			this, "");

	public final TableField<TallyRecord, String> LABEL = createField(DSL.name("label"), SQLDataType.VARCHAR(50), this,
			"");

	public final TableField<TallyRecord, String> CODE = createField(DSL.name("code"), SQLDataType.VARCHAR(10), this,
			"");

	private Tally() {
		super(DSL.name("tally"));
	}

	@Override
	public Class<TallyRecord> getRecordType() {
		return TallyRecord.class;
	}

	@Override
	public UniqueKey<TallyRecord> getPrimaryKey() {
		return Internal.createUniqueKey(this, DSL.name("pk_tally"), ID);
	}

	public static class TallyRecord extends UpdatableRecordImpl<TallyRecord> {

		private static final long serialVersionUID = 1L;

		public TallyRecord() {
			super(TALLY);
		}
	}
}
