package io.snowflakeid.it;

import io.snowflakeid.hibernate.SegmentId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A short, dense account number from database segments. */
@Entity
@Table(name = "it_account")
public class Account {

	@Id
	@SegmentId(step = 20)
	private Long id;

	public Long getId() {
		return this.id;
	}
}
