package io.snowflakeid.quarkus.deployment.jsonshapes;

import java.util.List;

import io.snowflakeid.hibernate.SnowflakeId;

/** JSON-B shapes beside those of {@link Shapes}. */
final class JsonbModel {

	private JsonbModel() {
	}

	/** A DTO record with a list of ids (the json tests' TicketLinks has the same shape). */
	public record Links(@SnowflakeId Long ticketId, @SnowflakeId List<Long> relatedIds) {
	}

	/** The annotation on the setter only (the getter is plain). */
	public static class SetterOnly {

		private Long ref;

		public Long getRef() {
			return this.ref;
		}

		@SnowflakeId
		public void setRef(Long ref) {
			this.ref = ref;
		}
	}

	/** A plain bean, for bad input. */
	public static class Plain {

		@SnowflakeId
		public Long id;
	}


	/** The annotation on the getter, the field private (JPA property access, Lombok-less beans). */
	public static class GetterAnnotated {

		private Long id;

		@SnowflakeId
		public Long getId() {
			return this.id;
		}

		public void setId(Long id) {
			this.id = id;
		}
	}

	/** The application's own JSON-B adapter on the id (hex), which the build should leave alone like its serializers. */
	public static class HexAdapted {

		@SnowflakeId
		@jakarta.json.bind.annotation.JsonbTypeAdapter(HexAdapter.class)
		public Long id;
	}

	public static class HexAdapter implements jakarta.json.bind.adapter.JsonbAdapter<Long, String> {

		@Override
		public String adaptToJson(Long id) {
			return "0x" + Long.toHexString(id);
		}

		@Override
		public Long adaptFromJson(String hex) {
			return Long.parseLong(hex.substring(2), 16);
		}
	}

	/** The id declared on an interface's getter (an API module's contract). */
	public interface HasId {

		@SnowflakeId
		Long getId();
	}

	public static class Implementing implements HasId {

		private Long id;

		@Override
		public Long getId() {
			return this.id;
		}

		public void setId(Long id) {
			this.id = id;
		}
	}
}
