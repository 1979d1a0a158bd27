package io.snowflakeid.quarkus.it;

import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** An order with a snowflake id; every instance of the application inserts some at start. */
@Entity
@Table(name = "orders")
public class Order extends PanacheEntityBase {

	@Id
	@SnowflakeId
	public Long id;

	public String instance;
}
