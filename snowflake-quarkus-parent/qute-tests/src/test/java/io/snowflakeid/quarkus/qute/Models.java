package io.snowflakeid.quarkus.qute;

import io.quarkus.qute.TemplateData;
import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.publicid.PublicId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;

/** What templates render: each shape a {@code @PublicId} takes. */
final class Models {

	private Models() {
	}

	/** A public field (Qute's reflection resolver reads it). */
	public static class Order {

		@PublicId
		public Long id;

		public String label = "order";
	}

	/** A subclass: native reflection must open it too (the resolver reads the rendered class). */
	public static class RushOrder extends Order {
	}

	/** A private field behind a getter, in {@code @TemplateData} (a resolver the build generates, priority 10). */
	@TemplateData
	public static class Invoice {

		@PublicId
		private Long id;

		public Invoice(Long id) {
			this.id = id;
		}

		public Long getId() {
			return this.id;
		}
	}

	/** The annotation on the getter of a subclass, a domain, a decimal String. */
	public static class Voucher {

		private final String code;

		public Voucher(String code) {
			this.code = code;
		}

		@PublicId("voucher")
		public String getCode() {
			return this.code;
		}
	}

	public record Receipt(@PublicId Long id, String total) {
	}

	/** An entity, rendered through an unloaded reference too. */
	@Entity
	public static class Parcel {

		@Id
		@SnowflakeId
		@PublicId
		private Long id;

		private String destination;

		public Long getId() {
			return this.id;
		}

		public String getDestination() {
			return this.destination;
		}

		public void setDestination(String destination) {
			this.destination = destination;
		}
	}
}
