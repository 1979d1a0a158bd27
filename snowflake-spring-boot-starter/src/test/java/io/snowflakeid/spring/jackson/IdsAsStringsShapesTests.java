package io.snowflakeid.spring.jackson;

import java.io.IOException;
import java.util.List;

import com.fasterxml.jackson.annotation.JsonIdentityInfo;
import com.fasterxml.jackson.annotation.JsonIdentityReference;
import com.fasterxml.jackson.annotation.ObjectIdGenerators;
import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.hibernate.internal.SnowflakeIdJackson2Module;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Both Jackson modules (3 for Spring Boot 4, 2 for Spring Boot 3.5 and Quarkus) on shapes ordinary applications have:
 * an id declared once in a generic superclass and the ids of a {@code long[]} are strings, and a serializer the
 * application put on the property is kept (found by the 2026-12-06 review of the Quarkus extension's JSON); an object
 * id taken from the id is a string where Jackson writes it alone (review finding J1).
 */
class IdsAsStringsShapesTests {

	private final tools.jackson.databind.json.JsonMapper jackson3 = tools.jackson.databind.json.JsonMapper.builder()
		.addModule(new SnowflakeIdJackson3Module())
		.build();

	private final com.fasterxml.jackson.databind.ObjectMapper jackson2 = new com.fasterxml.jackson.databind.ObjectMapper()
		.registerModule(new SnowflakeIdJackson2Module());

	private List<String> both(Object value) throws Exception {
		return List.of(this.jackson3.writeValueAsString(value), this.jackson2.writeValueAsString(value));
	}

	@Test
	void anIdDeclaredInAGenericSuperclassIsAString() throws Exception {
		Shipment shipment = new Shipment();
		shipment.id = 912207628317364225L;
		for (String json : both(shipment)) {
			assertThat(json).contains("\"id\":\"912207628317364225\"");
		}
		assertThat(this.jackson3.readValue("{\"id\":\"912207628317364225\"}", Shipment.class).id)
			.isEqualTo(912207628317364225L);
		assertThat(this.jackson2.readValue("{\"id\":\"912207628317364225\"}", Shipment.class).id)
			.isEqualTo(912207628317364225L);
	}

	@Test
	void theApplicationsOwnSerializerIsKept() throws Exception {
		Hex hex = new Hex();
		hex.id = 255L;
		for (String json : both(hex)) {
			assertThat(json).isEqualTo("{\"id\":\"0xff\"}");
		}
	}

	@Test
	void aPrimitiveArrayOfIdsIsStringsAndReadsBack() throws Exception {
		Batch batch = new Batch();
		batch.ids = new long[] { 912207628317364225L, 912207628317364226L };
		for (String json : both(batch)) {
			assertThat(json).isEqualTo("{\"ids\":[\"912207628317364225\",\"912207628317364226\"]}");
		}
		String mixed = "{\"ids\":[\"912207628317364225\",912207628317364226]}";
		assertThat(this.jackson3.readValue(mixed, Batch.class).ids).containsExactly(912207628317364225L,
				912207628317364226L);
		assertThat(this.jackson2.readValue(mixed, Batch.class).ids).containsExactly(912207628317364225L,
				912207628317364226L);
	}

	@Test
	void theSecondOccurrenceOfAnObjectIsItsIdAsAString() throws Exception {
		Node root = new Node(912207628317364225L, null);
		Node child = new Node(912207628317364226L, root);
		for (String json : both(List.of(root, child))) {
			assertThat(json).isEqualTo("[{\"id\":\"912207628317364225\",\"parent\":null},"
					+ "{\"id\":\"912207628317364226\",\"parent\":\"912207628317364225\"}]");
		}
	}

	@Test
	void aReferenceWrittenAlwaysAsIdIsAString() throws Exception {
		Assignment assignment = new Assignment();
		assignment.node = new Node(912207628317364225L, null);
		for (String json : both(assignment)) {
			assertThat(json).isEqualTo("{\"node\":\"912207628317364225\"}");
		}
	}

	@Test
	void aStringReferenceReadsBackAsTheSameObject() throws Exception {
		String json = "[{\"id\":\"912207628317364225\",\"parent\":null},"
				+ "{\"id\":\"912207628317364226\",\"parent\":\"912207628317364225\"}]";
		Node[] read3 = this.jackson3.readValue(json, Node[].class);
		assertThat(read3[1].parent).isSameAs(read3[0]);
		Node[] read2 = this.jackson2.readValue(json, Node[].class);
		assertThat(read2[1].parent).isSameAs(read2[0]);
	}

	@Test
	void anObjectIdOfAnotherPropertyIsLeftAsJacksonWritesIt() throws Exception {
		Labelled first = new Labelled();
		first.code = 7L;
		first.id = 912207628317364225L;
		for (String json : both(List.of(first, first))) {
			assertThat(json).isEqualTo("[{\"code\":7,\"id\":\"912207628317364225\"},7]");
		}
	}

	/** Another module wrapping bean serializers, registered before (so run after) ours: references stay strings. */
	@Test
	void anotherModulesBeanSerializerKeepsTheReferenceAString() throws Exception {
		tools.jackson.databind.json.JsonMapper jackson3 = tools.jackson.databind.json.JsonMapper.builder()
			.addModule(new tools.jackson.databind.module.SimpleModule("wrapping")
				.setSerializerModifier(new tools.jackson.databind.ser.ValueSerializerModifier() {

					private static final long serialVersionUID = 1L;

					@Override
					public tools.jackson.databind.ValueSerializer<?> modifySerializer(
							tools.jackson.databind.SerializationConfig config,
							tools.jackson.databind.BeanDescription.Supplier description,
							tools.jackson.databind.ValueSerializer<?> serializer) {
						return (serializer instanceof tools.jackson.databind.ser.bean.BeanSerializerBase bean)
								? new Wrapped3(bean) : serializer;
					}
				}))
			.addModule(new SnowflakeIdJackson3Module())
			.build();
		com.fasterxml.jackson.databind.ObjectMapper jackson2 = new com.fasterxml.jackson.databind.ObjectMapper()
			.registerModule(new com.fasterxml.jackson.databind.module.SimpleModule("wrapping")
				.setSerializerModifier(new com.fasterxml.jackson.databind.ser.BeanSerializerModifier() {

					private static final long serialVersionUID = 1L;

					@Override
					public com.fasterxml.jackson.databind.JsonSerializer<?> modifySerializer(
							com.fasterxml.jackson.databind.SerializationConfig config,
							com.fasterxml.jackson.databind.BeanDescription description,
							com.fasterxml.jackson.databind.JsonSerializer<?> serializer) {
						return (serializer instanceof com.fasterxml.jackson.databind.ser.std.BeanSerializerBase bean)
								? new Wrapped2(bean) : serializer;
					}
				}))
			.registerModule(new SnowflakeIdJackson2Module());
		Node root = new Node(912207628317364225L, null);
		List<Node> nodes = List.of(root, new Node(912207628317364226L, root));
		for (String json : List.of(jackson3.writeValueAsString(nodes), jackson2.writeValueAsString(nodes))) {
			assertThat(json).contains("\"parent\":\"912207628317364225\"");
		}
	}

	static final class Wrapped3 extends tools.jackson.databind.ser.BeanSerializer {

		Wrapped3(tools.jackson.databind.ser.bean.BeanSerializerBase source) {
			super(source);
		}
	}

	static final class Wrapped2 extends com.fasterxml.jackson.databind.ser.BeanSerializer {

		private static final long serialVersionUID = 1L;

		Wrapped2(com.fasterxml.jackson.databind.ser.std.BeanSerializerBase source) {
			super(source);
		}
	}

	@JsonIdentityInfo(generator = ObjectIdGenerators.PropertyGenerator.class, property = "id")
	public static class Node {

		@SnowflakeId
		public Long id;

		public Node parent;

		public Node() {
		}

		Node(Long id, Node parent) {
			this.id = id;
			this.parent = parent;
		}
	}

	public static class Assignment {

		@JsonIdentityReference(alwaysAsId = true)
		public Node node;
	}

	/** The object id is another property (a plain number): Jackson's own writing. */
	@JsonIdentityInfo(generator = ObjectIdGenerators.PropertyGenerator.class, property = "code")
	public static class Labelled {

		public Long code;

		@SnowflakeId
		public Long id;
	}

	public static class Batch {

		@SnowflakeId
		public long[] ids;
	}

	public abstract static class Identified<I> {

		@SnowflakeId
		public I id;
	}

	public static class Shipment extends Identified<Long> {
	}

	public static class Hex {

		@SnowflakeId
		@tools.jackson.databind.annotation.JsonSerialize(using = Hex3.class)
		@com.fasterxml.jackson.databind.annotation.JsonSerialize(using = Hex2.class)
		public Long id;
	}

	public static class Hex3 extends tools.jackson.databind.ser.std.StdSerializer<Long> {

		public Hex3() {
			super(Long.class);
		}

		@Override
		public void serialize(Long value, tools.jackson.core.JsonGenerator generator,
				tools.jackson.databind.SerializationContext context) {
			generator.writeString("0x" + Long.toHexString(value));
		}
	}

	public static class Hex2 extends com.fasterxml.jackson.databind.ser.std.StdSerializer<Long> {

		public Hex2() {
			super(Long.class);
		}

		@Override
		public void serialize(Long value, com.fasterxml.jackson.core.JsonGenerator generator,
				com.fasterxml.jackson.databind.SerializerProvider provider) throws IOException {
			generator.writeString("0x" + Long.toHexString(value));
		}
	}
}
