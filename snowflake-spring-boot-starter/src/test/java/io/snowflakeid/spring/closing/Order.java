package io.snowflakeid.spring.closing;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

@Entity
@Table(name = "purchase_order")
public class Order {

	@Id
	@SnowflakeId
	private Long id;

	public Long getId() {
		return this.id;
	}
}
