package io.snowflakeid.zookeeper.hibernate;

import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** An entity with a snowflake id, for {@link PlainHibernateZooKeeperTests}. */
@Entity
public class Ticket {

	@Id
	@SnowflakeId
	private Long id;

	public Long getId() {
		return this.id;
	}
}
