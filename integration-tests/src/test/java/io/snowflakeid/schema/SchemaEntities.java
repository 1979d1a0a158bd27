package io.snowflakeid.schema;

import io.snowflakeid.hibernate.SegmentId;
import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.JoinColumn;
import jakarta.persistence.ManyToOne;
import jakarta.persistence.Table;

/** Entities over tables the tests create themselves, as an application's existing schema would be. */
final class SchemaEntities {

	private SchemaEntities() {
	}

	/** A numeric snowflake id. */
	@Entity
	@Table(name = "it_check_thing")
	public static class CheckedThing {

		@Id
		@SnowflakeId
		Long id;
	}

	/** A snowflake id kept as decimal text. */
	@Entity
	@Table(name = "it_check_text")
	public static class CheckedText {

		@Id
		@SnowflakeId
		String id;
	}

	/** A segment-mode id. */
	@Entity
	@Table(name = "it_check_account")
	public static class CheckedAccount {

		@Id
		@SegmentId(step = 10)
		Long id;
	}

	/** An order table that used to be AUTO_INCREMENT / serial / identity, switched to snowflake ids. */
	@Entity
	@Table(name = "it_mig_order")
	public static class MigratedOrder {

		@Id
		@SnowflakeId
		Long id;

		String note;

		public MigratedOrder() {
		}

		MigratedOrder(String note) {
			this.note = note;
		}
	}

	/** A line whose foreign key points at orders, old and new. */
	@Entity
	@Table(name = "it_mig_line")
	public static class MigratedLine {

		@Id
		@SnowflakeId
		Long id;

		@ManyToOne(optional = false)
		@JoinColumn(name = "order_id")
		MigratedOrder order;

		public MigratedLine() {
		}

		MigratedLine(MigratedOrder order) {
			this.order = order;
		}
	}
}
