package io.snowflakeid.examples.quarkus;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/**
 * A Panache entity with a snowflake id: {@code PanacheEntityBase} with its own {@code @Id} ({@code PanacheEntity}'s
 * id is a database sequence).
 */
@Entity
@Table(name = "orders")
public class Order extends PanacheEntityBase {

	@Id
	@SnowflakeId
	public Long id;

	public String item;

	public static Order of(String item) {
		Order order = new Order();
		order.item = item;
		return order;
	}
}
