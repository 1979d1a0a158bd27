package io.snowflakeid.examples.boot;

import io.snowflakeid.hibernate.SegmentId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.ManyToOne;

/** Invoice numbers people read out on the phone: short and dense, from database segments. */
@Entity
public class Invoice {

	@Id
	@SegmentId(initialValue = 10_000, step = 100)
	private Long number;

	@ManyToOne(optional = false)
	private PurchaseOrder purchaseOrder;

	private long totalCents;

	protected Invoice() {
	}

	public Invoice(PurchaseOrder purchaseOrder, long totalCents) {
		this.purchaseOrder = purchaseOrder;
		this.totalCents = totalCents;
	}

	public Long getNumber() {
		return this.number;
	}

	public long getTotalCents() {
		return this.totalCents;
	}
}
