package io.snowflakeid.hibernate;

import jakarta.persistence.Entity;
import jakarta.persistence.GeneratedValue;
import jakarta.persistence.Id;
import jakarta.persistence.Table;

/** Entities covering each supported attribute type, plus one that is not supported. */
final class Entities {

	private Entities() {
	}

	@Entity(name = "Invoice")
	@Table(name = "invoice")
	static class Invoice {

		@Id
		@SnowflakeId
		Long id;

		String customer;

		Invoice() {
		}

		Invoice(String customer) {
			this.customer = customer;
		}
	}

	@Entity(name = "Payment")
	@Table(name = "payment")
	static class Payment {

		@Id
		@SnowflakeId
		long id;

		long cents;
	}

	@Entity(name = "Ticket")
	@Table(name = "ticket")
	static class Ticket {

		@Id
		@SnowflakeId
		String id;
	}

	/** A snowflake on a non-id column: the order number people quote, next to a database-generated key. */
	@Entity(name = "Shipment")
	@Table(name = "shipment")
	static class Shipment {

		@Id
		@GeneratedValue
		Long id;

		@SnowflakeId
		Long trackingNumber;
	}

	/** A short account number people can read out to a support desk. */
	@Entity(name = "Account")
	@Table(name = "account")
	static class Account {

		@Id
		@SegmentId(step = 50)
		Long id;
	}

	@Entity(name = "IntegerId")
	@Table(name = "bad_integer")
	static class IntegerId {

		@Id
		@SnowflakeId
		Integer id;
	}

	@Entity(name = "HalfMigrated")
	@Table(name = "half_migrated")
	static class HalfMigrated {

		@Id
		@SnowflakeId
		@jakarta.persistence.GeneratedValue(strategy = jakarta.persistence.GenerationType.IDENTITY)
		Long id;
	}

	@Entity(name = "HalfMigratedSegment")
	@Table(name = "half_migrated_segment")
	static class HalfMigratedSegment {

		@Id
		@SegmentId
		@jakarta.persistence.GeneratedValue
		Long id;
	}

	@Entity(name = "IntegerIdCustomer")
	@Table(name = "integer_id_customer")
	static class IntegerIdCustomer {

		@Id
		@SnowflakeId
		Integer id;
	}
}
