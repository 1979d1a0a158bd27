package io.snowflakeid.quarkus.deployment.jsonshapes;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedMap;

import com.fasterxml.jackson.annotation.JsonIdentityInfo;
import com.fasterxml.jackson.annotation.JsonIdentityReference;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.JsonView;
import com.fasterxml.jackson.annotation.ObjectIdGenerators;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.quarkus.hibernate.orm.panache.PanacheEntityBase;
import io.quarkus.jackson.JacksonMixin;
import io.snowflakeid.hibernate.SnowflakeId;
import jakarta.persistence.Entity;
import jakarta.persistence.Id;
import jakarta.persistence.MappedSuperclass;
import jakarta.persistence.Table;

/** What ordinary Quarkus applications send: each class a shape of its own. */
final class Shapes {

	private Shapes() {
	}

	/**
	 * The usual cure for JPA cycles: each object once, then referred to by its id. The id property is written by its
	 * own serializer, and so is a reference (Jackson alone writes it with the id type's: a number).
	 */
	@JsonIdentityInfo(generator = ObjectIdGenerators.PropertyGenerator.class, property = "id")
	public static class Node {

		@SnowflakeId
		public Long id;

		public String name;

		public Node parent;

		public Node() {
		}

		Node(Long id, String name, Node parent) {
			this.id = id;
			this.name = name;
			this.parent = parent;
		}
	}

	/** A reference always written as the id alone. */
	public static class Assignment {

		@SnowflakeId
		public Long id;

		@JsonIdentityReference(alwaysAsId = true)
		public Node node;
	}

	/** A primitive id. */
	public static class Counter {

		@SnowflakeId
		public long id;

		public String name;
	}

	/** An id declared once, in a generic superclass. */
	public abstract static class Identified<I> {

		@SnowflakeId
		public I id;
	}

	public static class Shipment extends Identified<Long> {

		public String label;

		public Shipment() {
		}

		Shipment(Long id, String label) {
			this.id = id;
			this.label = label;
		}
	}

	/** A Panache entity with its own id (Panache adds getId/setId, without annotations). */
	@Entity(name = "Crate")
	@Table(name = "shapes_crate")
	public static class Crate extends PanacheEntityBase {

		@Id
		@SnowflakeId
		public Long id;

		public String name;
	}

	/** The id in a {@code @MappedSuperclass}, as many applications share it. */
	@MappedSuperclass
	public abstract static class BaseEntity extends PanacheEntityBase {

		@Id
		@SnowflakeId
		public Long id;
	}

	@Entity(name = "Warehouse")
	@Table(name = "shapes_warehouse")
	public static class Warehouse extends BaseEntity {

		public String name;
	}

	/** A class the application does not own (a library's), given an id by a Jackson mix-in. */
	public static class ExternalRef {

		public Long id;

		public String system;
	}

	@JacksonMixin(ExternalRef.class)
	public abstract static class ExternalRefMixin {

		@SnowflakeId
		public Long id;
	}

	public static class Views {

		public static class Public {
		}
	}

	/** A renamed id in a view. */
	public static class Viewed {

		@SnowflakeId
		@JsonView(Views.Public.class)
		@JsonProperty("orderId")
		public Long id;

		public String secret;
	}

	/** An id the application writes its own way (hex), as JSON-B's own choice is kept. */
	public static class HexId {

		@SnowflakeId
		@JsonSerialize(using = HexSerializer.class)
		public Long id;
	}

	public static class HexSerializer extends StdSerializer<Long> {

		public HexSerializer() {
			super(Long.class);
		}

		@Override
		public void serialize(Long value, JsonGenerator generator, SerializerProvider provider) throws IOException {
			generator.writeString("0x" + Long.toHexString(value));
		}
	}

	/** Ids inside containers (the Jackson module's content serializer covers them). */
	public static class IdBag {

		@SnowflakeId
		public List<Long> ids;

		@SnowflakeId
		public Long[] array;

		@SnowflakeId
		public Optional<Long> maybe;

		@SnowflakeId
		public long[] primitives;
	}

	/** Ids as the values of maps (by name, sorted). */
	public static class IdMaps {

		@SnowflakeId
		public Map<String, Long> byName;

		@SnowflakeId
		public SortedMap<String, Long> sorted;
	}

	/** A DTO record, as returned by resource methods. */
	public record Summary(@SnowflakeId Long id, String label) {
	}

	/** A typed id (DDD value object) written as its value. */
	public record OrderId(@SnowflakeId @com.fasterxml.jackson.annotation.JsonValue Long value) {
	}

	public static class OrderRef {

		public OrderId order;
	}
}
