package io.snowflakeid.compat.hibernate;

import io.snowflakeid.hibernate.SegmentId;
import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.GenerationType;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** Entities a migration from auto_increment left half done: the generator annotation beside {@code @GeneratedValue}. */
final class HalfMigrated {

	private HalfMigrated() {
	}

	@Entity
	@Table(name = "half_migrated_order")
	public static class Order {

		@Id
		@SnowflakeId
		@GeneratedValue(strategy = GenerationType.IDENTITY)
		public Long id;
	}

	@Entity
	@Table(name = "half_migrated_account")
	public static class Account {

		@Id
		@SegmentId
		@GeneratedValue
		public Long id;
	}

	/** An {@code Integer} id: the column a migration keeps, the type it forgot. */
	@Entity
	@Table(name = "integer_id_customer")
	public static class IntegerIdCustomer {

		@Id
		@SnowflakeId
		public Integer id;
	}
}
