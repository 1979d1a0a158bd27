package io.snowflakeid.spring.jackson;

import java.util.List;
import java.util.Map;

import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.spring.publicid.PublicIdJackson3Module;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.json.JsonMapper;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A Jackson 3 mapper built by hand with the ids-as-strings module: a {@code @PublicId} property is refused when the
 * public-id module is missing (it went out as the raw id, review J1-4), and left to that module when it is there,
 * whichever of the two was registered first.
 */
class SnowflakeIdJackson3ModuleWithPublicIdsTests {

	private static final long ID = 912207628317364225L;

	private final PublicIdCodec codec = PublicIdCodec.builder().key("1", "AAECAwQFBgcICQoLDA0ODw==").build();

	@Test
	void withoutThePublicIdModuleWritingOrReadingOneFailsNamingIt() {
		JsonMapper mapper = JsonMapper.builder().addModule(new SnowflakeIdJackson3Module()).build();
		assertThatThrownBy(() -> mapper.writeValueAsString(new Order(ID, ID, List.of(ID))))
			.hasMessageContaining("@PublicId " + Order.class.getName() + ".id cannot be written or read as JSON by this"
					+ " mapper")
			.hasMessageContaining("Register the public-id module")
			.hasMessageNotContaining(Long.toString(ID));
		// "null": the refused type read as a whole from JSON null (it read as null: Jackson 2 refused it)
		for (String json : List.of("{\"id\":\"" + ID + "\"}", "{\"id\":" + ID + "}", "{\"id\":null}",
				"{\"refs\":[\"" + ID + "\"]}", "null")) {
			assertThatThrownBy(() -> mapper.readValue(json, Order.class)).as(json)
				.hasMessageContaining("cannot be written or read as JSON by this mapper");
		}
		assertThat(mapper.writeValueAsString(Map.of("plain", ID))).as("no @PublicId: untouched").contains(Long.toString(ID));
		// the refused type as a null property or element, as with Jackson 2 (SnowflakeIdJackson2ModuleTests)
		for (String json : List.of("{\"order\":null}", "{\"orders\":[null]}")) {
			assertThatThrownBy(() -> mapper.readValue(json, Shipment.class)).as(json)
				.hasMessageContaining("cannot be written or read as JSON by this mapper");
		}
	}

	/**
	 * Both modules, and an annotation introspector of the application's set on the builder, or on a rebuild (the
	 * no-key review's F3): Jackson 3 applies the modules when it builds, so the public-id introspector is inserted
	 * into the new one and the token goes out, never the raw id.
	 */
	@Test
	void anIntrospectorSetOnTheBuilderKeepsThePublicIdModules() {
		JsonMapper replaced = JsonMapper.builder().addModule(new SnowflakeIdJackson3Module())
			.addModule(new PublicIdJackson3Module(this.codec))
			.annotationIntrospector(new tools.jackson.databind.introspect.JacksonAnnotationIntrospector())
			.build();
		JsonMapper rebuilt = replaced.rebuild()
			.annotationIntrospector(new tools.jackson.databind.introspect.JacksonAnnotationIntrospector())
			.build();
		for (JsonMapper mapper : List.of(replaced, rebuilt)) {
			assertThat(mapper.writeValueAsString(new Order(ID, ID, List.of(ID))))
				.contains("\"id\":\"" + this.codec.encode(ID) + "\"")
				.doesNotContain("\"id\":\"" + ID + "\"");
		}
	}

	/**
	 * The shapes Jackson writes past the annotation introspector, refused too (session-39 review, 3): a reference
	 * written as the referred object's id, a value type as a map key, a value type read through its creator.
	 */
	@Test
	void identityReferencesValueTypeKeysAndCreatorsAreRefusedToo() {
		JsonMapper mapper = JsonMapper.builder().addModule(new SnowflakeIdJackson3Module()).build();
		Ordered order = new Ordered();
		order.id = ID;
		Invoice invoice = new Invoice();
		invoice.order = order;
		assertThatThrownBy(() -> mapper.writeValueAsString(invoice)).hasMessageContaining("by this mapper")
			.hasMessageNotContaining(Long.toString(ID));
		Map<OrderId, String> byId = Map
			.of(new OrderId(ID), "x");
		// (Jackson's reference chain names the map key by its toString(): the record's own, out of this module's hands)
		assertThatThrownBy(() -> mapper.writeValueAsString(byId)).hasMessageContaining("by this mapper");
		assertThatThrownBy(() -> mapper.readValue("\"" + ID + "\"",
				OrderId.class))
			.hasMessageContaining("by this mapper");
	}

	@Test
	void withThePublicIdModuleInEitherOrderTheTokenGoesOut() {
		JsonMapper after = JsonMapper.builder().addModule(new SnowflakeIdJackson3Module())
			.addModule(new PublicIdJackson3Module(this.codec)).build();
		JsonMapper before = JsonMapper.builder().addModule(new PublicIdJackson3Module(this.codec))
			.addModule(new SnowflakeIdJackson3Module()).build();
		for (JsonMapper mapper : List.of(after, before)) {
			String json = mapper.writeValueAsString(new Order(ID, ID, List.of(ID)));
			String token = this.codec.encode(ID);
			assertThat(json).isEqualTo("{\"id\":\"" + token + "\",\"internal\":\"" + ID + "\",\"refs\":[\"" + token
					+ "\"]}");
			assertThat(mapper.readValue(json, Order.class).id).isEqualTo(ID);
		}
	}

	public static class Order {

		@PublicId
		public Long id;

		@SnowflakeId
		public Long internal;

		@PublicId
		public List<Long> refs;

		public Order() {
		}

		Order(Long id, Long internal, List<Long> refs) {
			this.id = id;
			this.internal = internal;
			this.refs = refs;
		}
	}

	public static class Shipment {

		public Order order;

		public List<Order> orders;
	}

	@com.fasterxml.jackson.annotation.JsonIdentityInfo(
			generator = com.fasterxml.jackson.annotation.ObjectIdGenerators.PropertyGenerator.class, property = "id")
	public static class Ordered {

		@PublicId
		public Long id;
	}

	public static class Invoice {

		@com.fasterxml.jackson.annotation.JsonIdentityReference(alwaysAsId = true)
		public Ordered order;
	}

	public record OrderId(@com.fasterxml.jackson.annotation.JsonValue @PublicId Long value) {
	}
}
