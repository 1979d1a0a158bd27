package io.snowflakeid.quarkus.jsonb;

import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.hibernate.SnowflakeId;

/** A request body with a public id and a snowflake id, read by Quarkus REST through JSON-B. */
public class Voucher {

	@PublicId
	public Long id;

	@SnowflakeId
	public Long orderId;
}
