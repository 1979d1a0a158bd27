package io.snowflakeid.quarkus.deployment.publicid;

import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.publicid.PublicId;

/** A response and request body: its own id public, the order it belongs to a plain snowflake id. */
public class Shipment {

	@PublicId
	public Long id;

	@SnowflakeId
	public Long orderId;

	public String label;
}
