package io.snowflakeid.jooq.schema;

import io.snowflakeid.hibernate.SnowflakeId;

/** A POJO with primitive longs: 0 is "not set"; trackingNo maps to column tracking_no by jOOQ's camel case rule. */
public class EventPojo {

	@SnowflakeId
	public long eventId;

	@SnowflakeId
	public long trackingNo;

	public String what;
}
