package io.snowflakeid.examples.boot;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;

@Entity
public class PurchaseOrder {

	@Id
	@SnowflakeId
	private Long id;

	@ManyToOne(optional = false)
	private Customer customer;

	private long totalCents;

	protected PurchaseOrder() {
	}

	public PurchaseOrder(Customer customer, long totalCents) {
		this.customer = customer;
		this.totalCents = totalCents;
	}

	public Long getId() {
		return this.id;
	}

	public Customer getCustomer() {
		return this.customer;
	}
}
