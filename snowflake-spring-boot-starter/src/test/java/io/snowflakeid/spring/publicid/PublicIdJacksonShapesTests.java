package io.snowflakeid.spring.publicid;

import java.math.BigInteger;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIdentityInfo;
import com.fasterxml.jackson.annotation.JsonIdentityReference;
import com.fasterxml.jackson.annotation.JsonKey;
import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.annotation.ObjectIdGenerators;
import io.snowflakeid.publicid.InvalidPublicIdException;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.spring.boot3.PublicIdJackson2Module;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Every shape of a {@code @PublicId} property either carries tokens, both ways, or fails naming the property: a
 * {@code String} id, the {@code Long} keys of a map, an object-identity reference to an entity whose id is public;
 * and {@code Integer}, {@code BigInteger}, a POJO, a list of POJOs fail. The modules are the auto-configured ones,
 * Jackson 3 and Jackson 2 alike.
 */
class PublicIdJacksonShapesTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class))
		.withPropertyValues("snowflake.public-id.keys.1=" + SnowflakePublicIdAutoConfigurationTests.KEY_1);

	/** Both Jacksons, as text in and out: write(value), read(json, type). */
	private void withBothJacksons(Check check) {
		this.contextRunner.run((context) -> {
			PublicIdCodec codec = context.getBean(PublicIdCodec.class);
			tools.jackson.databind.json.JsonMapper jackson3 = tools.jackson.databind.json.JsonMapper.builder()
				.addModule(context.getBean(PublicIdJackson3Module.class))
				.build();
			com.fasterxml.jackson.databind.ObjectMapper jackson2 = new com.fasterxml.jackson.databind.ObjectMapper()
				.registerModule(context.getBean(PublicIdJackson2Module.class));
			check.check(codec, new Json("Jackson 3", jackson3::writeValueAsString, (text, type) -> jackson3.readValue(text, type)));
			check.check(codec, new Json("Jackson 2", (value) -> {
				try {
					return jackson2.writeValueAsString(value);
				}
				catch (Exception ex) {
					throw new IllegalStateException(ex);
				}
			}, (json, type) -> {
				try {
					return jackson2.readValue(json, type);
				}
				catch (Exception ex) {
					throw new IllegalStateException(ex);
				}
			}));
		});
	}

	/**
	 * A map keyed by a value whose {@code @JsonKey} is its {@code @PublicId} id (review F7): the key written is the
	 * token, never the raw id.
	 */
	@Test
	void aJsonKeyThatIsAPublicIdIsWrittenAsTheTokenNeverTheRawId() {
		withBothJacksons((codec, json) -> {
			Map<KeyedRef, String> byRef = Map.of(new KeyedRef(912207628317364225L), "x");
			assertThat(json.write(byRef)).as(json.name).doesNotContain("912207628317364225")
				.isEqualTo("{\"" + codec.encode(912207628317364225L) + "\":\"x\"}");
		});
	}

	@Test
	void aStringIdIsWrittenAndReadAsTheTokenOfItsNumber() {
		withBothJacksons((codec, json) -> {
			StringId value = new StringId();
			value.id = "912207628317364225";
			String expected = "{\"id\":\"" + codec.encode(912207628317364225L) + "\"}";
			assertThat(json.write(value)).as(json.name).isEqualTo(expected);
			assertThat(json.read(expected, StringId.class).id).as(json.name).isEqualTo("912207628317364225");
			assertThatThrownBy(() -> json.read("{\"id\":\"912207628317364225\"}", StringId.class)).as(json.name)
				.hasRootCauseInstanceOf(InvalidPublicIdException.class);
			assertThatThrownBy(() -> json.read("{\"id\":42}", StringId.class)).as(json.name)
				.hasStackTraceContaining("never from a number");
			StringId notAnId = new StringId();
			notAnId.id = "ORD-42";
			assertThatThrownBy(() -> json.write(notAnId)).as(json.name).hasStackTraceContaining("StringId.id");
		});
	}

	@Test
	void theLongKeysOfAMapAreTokensBothWays() {
		withBothJacksons((codec, json) -> {
			KeyedByIds value = new KeyedByIds();
			value.names.put(42L, "Ada");
			String expected = "{\"names\":{\"" + codec.encode(42) + "\":\"Ada\"}}";
			assertThat(json.write(value)).as(json.name).isEqualTo(expected);
			assertThat(json.read(expected, KeyedByIds.class).names).as(json.name).containsEntry(42L, "Ada");
			assertThatThrownBy(() -> json.read("{\"names\":{\"42\":\"Ada\"}}", KeyedByIds.class)).as(json.name)
				.hasRootCauseInstanceOf(InvalidPublicIdException.class);
		});
	}

	@Test
	void anObjectIdentityReferenceToAPublicIdIsTheToken() {
		withBothJacksons((codec, json) -> {
			Order order = new Order();
			order.id = 42L;
			order.name = "first";
			Invoice invoice = new Invoice();
			invoice.order = order;
			invoice.orders = List.of(order, order);
			String token = codec.encode(42);
			assertThat(json.write(invoice)).as(json.name)
				.isEqualTo("{\"order\":\"" + token + "\",\"orders\":[\"" + token + "\",\"" + token + "\"]}");
			String full = "[{\"id\":\"" + token + "\",\"name\":\"first\"},\"" + token + "\"]";
			assertThat(json.write(List.of(order, order))).as(json.name).isEqualTo(full);
			Order[] read = json.read(full, Order[].class);
			assertThat(read[0].id).as(json.name).isEqualTo(42L);
			assertThat(read[1]).as(json.name).isSameAs(read[0]);
			assertThatThrownBy(() -> json.read("[{\"id\":\"" + token + "\",\"name\":\"first\"},42]", Order[].class))
				.as(json.name)
				.hasStackTraceContaining("never from a number");
			assertThatThrownBy(() -> json.read("[{\"id\":42,\"name\":\"first\"}]", Order[].class)).as(json.name)
				.hasStackTraceContaining("never from a number");
		});
	}

	@Test
	void anyOtherShapeFailsNamingThePropertyNeverWritesARawNumber() {
		withBothJacksons((codec, json) -> {
			for (Object value : List.of(new IntegerId(), new BigIntegerId(), new PojoId(), new PojoList(),
					new NamesOnly())) {
				String property = value.getClass().getSimpleName() + ".value";
				assertThatThrownBy(() -> json.write(value)).as(json.name + " " + property)
					.hasStackTraceContaining(property)
					.hasStackTraceContaining("@PublicId");
				assertThatThrownBy(() -> json.read("{\"value\":null}", value.getClass())).as(json.name + " " + property)
					.hasStackTraceContaining(property);
			}
		});
	}

	/**
	 * {@code @PublicId} on the field only, the object built by a creator (a Kotlin {@code @field:PublicId} constructor
	 * property is this shape): written as the token through the field, so read as one through the creator parameter
	 * of the same property, never a raw number.
	 */
	@Test
	void aFieldOnlyPublicIdReadThroughACreatorTakesTokensNeverNumbers() {
		withBothJacksons((codec, json) -> {
			for (Class<?> type : List.of(CreatorFieldOnly.class, CreatorRecordFieldOnly.class)) {
				Object value = (type == CreatorFieldOnly.class) ? new CreatorFieldOnly(42L, "x")
						: new CreatorRecordFieldOnly(42L, "x");
				String expected = "{\"id\":\"" + codec.encode(42) + "\",\"name\":\"x\"}";
				String as = json.name + " " + type.getSimpleName();
				assertThat(json.write(value)).as(as).isEqualTo(expected);
				assertThat(json.read(expected, type)).as(as).hasFieldOrPropertyWithValue("id", 42L);
				assertThatThrownBy(() -> json.read("{\"id\":42,\"name\":\"x\"}", type)).as(as + ": a raw number")
					.hasStackTraceContaining("never from a number");
				assertThatThrownBy(() -> json.read("{\"id\":\"42\",\"name\":\"x\"}", type)).as(as + ": a raw id")
					.hasRootCauseInstanceOf(InvalidPublicIdException.class);
			}
		});
	}

	interface Check {

		void check(PublicIdCodec codec, Json json) throws Exception;
	}

	record Json(String name, Function<Object, String> writer, BiFunction<String, Class<?>, Object> reader) {

		String write(Object value) {
			return this.writer.apply(value);
		}

		<T> T read(String json, Class<T> type) {
			return type.cast(this.reader.apply(json, type));
		}
	}

	public static final class CreatorFieldOnly {

		@PublicId
		private final Long id;

		private final String name;

		@JsonCreator
		public CreatorFieldOnly(@JsonProperty("id") Long id, @JsonProperty("name") String name) {
			this.id = id;
			this.name = name;
		}

		public Long getId() {
			return this.id;
		}

		public String getName() {
			return this.name;
		}
	}

	/** The annotation on the component reaches the field and the accessor, not an explicit constructor's parameter. */
	public record CreatorRecordFieldOnly(@PublicId Long id, String name) {

		@JsonCreator
		public CreatorRecordFieldOnly(@JsonProperty("id") Long id, @JsonProperty("name") String name) {
			this.id = id;
			this.name = name;
		}
	}

	public static class StringId {

		@PublicId
		public String id;
	}

	public static class KeyedByIds {

		@PublicId
		public Map<Long, String> names = new LinkedHashMap<>();
	}

	@JsonIdentityInfo(generator = ObjectIdGenerators.PropertyGenerator.class, property = "id")
	public static class Order {

		@PublicId
		public Long id;

		public String name;
	}

	public static class Invoice {

		@JsonIdentityReference(alwaysAsId = true)
		public Order order;

		@JsonIdentityReference(alwaysAsId = true)
		public List<Order> orders = new ArrayList<>();
	}

	public static class IntegerId {

		@PublicId
		public Integer value = 42;
	}

	public static class BigIntegerId {

		@PublicId
		public BigInteger value = BigInteger.valueOf(42);
	}

	public static class Name {

		public String first = "Ada";
	}

	public static class PojoId {

		@PublicId
		public Name value = new Name();
	}

	public static class PojoList {

		@PublicId
		public List<Name> value = List.of(new Name());
	}

	public static class NamesOnly {

		@PublicId
		public Map<String, String> value = Map.of("a", "b");
	}
	public static class KeyedRef {

		@JsonKey
		@PublicId
		public Long id;

		KeyedRef(Long id) {
			this.id = id;
		}
	}
}
