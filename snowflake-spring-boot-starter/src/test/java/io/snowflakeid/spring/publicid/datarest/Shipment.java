package io.snowflakeid.spring.publicid.datarest;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;

/** An entity that refers to a purchase order: Data REST links them by URI in request bodies. */
@Entity
public class Shipment {

	@Id
	@SnowflakeId
	private Long id;

	@ManyToOne
	private PurchaseOrder order;

	public Long getId() {
		return this.id;
	}

	public PurchaseOrder getOrder() {
		return this.order;
	}

	public void setOrder(PurchaseOrder order) {
		this.order = order;
	}
}
