package io.snowflakeid.quarkus.deployment.json;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.json.bind.annotation.JsonbNumberFormat;

/** A JSON-B bean: an id on a field, one on its getter, one the application formats itself (grouped digits), and a plain number. */
public class Parcel {

	@SnowflakeId
	public Long id;

	private Long orderId;

	@SnowflakeId
	@JsonbNumberFormat("#,##0")
	public Long legacyId;

	public Long weight;

	@SnowflakeId
	public Long getOrderId() {
		return this.orderId;
	}

	public void setOrderId(Long orderId) {
		this.orderId = orderId;
	}
}
