package io.snowflakeid.it;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A primitive id plus a second snowflake on an ordinary column (the number quoted to customers). */
@Entity
@Table(name = "it_purchase_order")
public class PurchaseOrder {

	@Id
	@SnowflakeId
	private long id;

	@SnowflakeId
	@Column(name = "order_number", unique = true)
	private Long orderNumber;

	private long cents;

	protected PurchaseOrder() {
	}

	public PurchaseOrder(long cents) {
		this.cents = cents;
	}

	public long getId() {
		return this.id;
	}

	public Long getOrderNumber() {
		return this.orderNumber;
	}
}
