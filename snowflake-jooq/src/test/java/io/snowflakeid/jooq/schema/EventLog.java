package io.snowflakeid.jooq.schema;

import org.jooq.TableField;
import org.jooq.impl.DSL;
import org.jooq.impl.SQLDataType;
import org.jooq.impl.TableImpl;
import org.jooq.impl.TableRecordImpl;

/** A table without a primary key: its records are TableRecords (insert, no store). */
public class EventLog extends TableImpl<EventLog.EventLogRecord> {

	private static final long serialVersionUID = 1L;

	public static final EventLog EVENT_LOG = new EventLog();

	public final TableField<EventLogRecord, Long> EVENT_ID = createField(DSL.name("event_id"), SQLDataType.BIGINT,
			this, "");

	public final TableField<EventLogRecord, Long> TRACKING_NO = createField(DSL.name("tracking_no"),
			SQLDataType.BIGINT, this, "");

	public final TableField<EventLogRecord, String> WHAT = createField(DSL.name("what"), SQLDataType.VARCHAR(50), this,
			"");

	private EventLog() {
		super(DSL.name("event_log"));
	}

	@Override
	public Class<EventLogRecord> getRecordType() {
		return EventLogRecord.class;
	}

	public static class EventLogRecord extends TableRecordImpl<EventLogRecord> {

		private static final long serialVersionUID = 1L;

		public EventLogRecord() {
			super(EVENT_LOG);
		}
	}
}
