package io.snowflakeid.spring.publicid.datarest;

import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.publicid.PublicId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** An entity whose id is shown as a public id of the "order" domain. */
@Entity
public class PurchaseOrder {

	@Id
	@SnowflakeId
	@PublicId("order")
	private Long id;

	private String item;

	public Long getId() {
		return this.id;
	}

	public String getItem() {
		return this.item;
	}

	public void setItem(String item) {
		this.item = item;
	}
}
