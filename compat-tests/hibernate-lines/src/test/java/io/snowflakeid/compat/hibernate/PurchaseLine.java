package io.snowflakeid.compat.hibernate;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;

/** A foreign key to a snowflake id in a column too narrow for it: the start-up column check must refuse it. */
@Entity
@Table(name = "purchase_line")
public class PurchaseLine {

	@Id
	@SnowflakeId
	public Long id;

	@ManyToOne
	@JoinColumn(name = "purchase_id", columnDefinition = "integer")
	public Purchase purchase;
}
