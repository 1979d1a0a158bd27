package io.snowflakeid.migrations;

import io.snowflakeid.hibernate.SegmentId;
import jakarta.persistence.Column;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** A segment id in a table the application's own migration creates. */
@Entity
@Table(name = "mig_member")
public class MigratedMember {

	public static final String KEY = "mig_member";

	@Id
	@SegmentId(key = KEY, initialValue = 1000, step = 10)
	private Long id;

	@Column(length = 100)
	private String name;

	protected MigratedMember() {
	}

	public MigratedMember(String name) {
		this.name = name;
	}

	public Long getId() {
		return this.id;
	}
}
