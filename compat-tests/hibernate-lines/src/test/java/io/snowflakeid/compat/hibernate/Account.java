package io.snowflakeid.compat.hibernate;

import io.snowflakeid.hibernate.SegmentId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A short, dense id from database segments. */
@Entity
@Table(name = "account")
public class Account {

	@Id
	@SegmentId(step = 50)
	public Long id;

	public String owner;

	public Account() {
	}

	public Account(String owner) {
		this.owner = owner;
	}
}
