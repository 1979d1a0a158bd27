package io.snowflakeid.spring.publicid;

import java.util.LinkedHashMap;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonAnyGetter;
import com.fasterxml.jackson.annotation.JsonAnySetter;
import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonValue;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.spring.boot3.PublicIdJackson2Module;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Both Jackson modules, on shapes where an id reaches JSON indirectly: a {@code @PublicId} value type as a map key or
 * read from a token, an any-setter method, a builder-built value. Each either uses the token or fails (fail closed),
 * never the raw number.
 */
class PublicIdJacksonIndirectShapesTests {

	private final PublicIdCodec codec = PublicIdCodec.builder().key("1", PublicIdTestKeys.KEY_32).build();

	private final tools.jackson.databind.json.JsonMapper jackson3 = tools.jackson.databind.json.JsonMapper.builder()
		.addModule(new PublicIdJackson3Module(this.codec))
		.build();

	private final com.fasterxml.jackson.databind.ObjectMapper jackson2 = new com.fasterxml.jackson.databind.ObjectMapper()
		.registerModule(new PublicIdJackson2Module(this.codec));

	interface Json {

		Object run() throws Exception;

	}

	/** What came out or in, or "refused" if Jackson failed (acceptable: fail closed). */
	private static Object orRefused(Json json) {
		try {
			return json.run();
		}
		catch (Exception ex) {
			return "refused";
		}
	}

	/**
	 * The documented value type {@code record OrderId(@JsonValue @PublicId Long value)} used as a map key
	 * ({@code Map<OrderId, Integer> quantities}): Jackson serializes a key through the {@code @JsonValue} accessor's
	 * plain key serializer and never asks the annotation introspector, so the raw id is the JSON key.
	 */
	@Test
	void aPublicIdValueTypeAsAMapKeyIsNeverWrittenRaw() {
		String token = this.codec.encode(42);
		assertThat(orRefused(() -> this.jackson3.writeValueAsString(new ByOrderId())))
			.isEqualTo("{\"quantities\":{\"" + token + "\":3}}");
		assertThat(orRefused(() -> this.jackson2.writeValueAsString(new ByOrderId())))
			.isEqualTo("{\"quantities\":{\"" + token + "\":3}}");
	}

	/**
	 * A class (not a record) value type with {@code @PublicId} on its field and on its creator's parameter, and
	 * {@code @JsonValue} on the getter: read from a token, but written as the raw id ({@code 42}). The reverse
	 * ({@code @PublicId @JsonValue} without a {@code @PublicId} creator) is refused at first use; this one is not.
	 */
	@Test
	void aValueTypeReadFromATokenIsNeverWrittenAsTheRawId() {
		String token = this.codec.encode(42);
		assertThat(orRefused(() -> this.jackson3.readValue("\"" + token + "\"", ClassOrderId.class).getValue()))
			.isEqualTo(42L);
		assertThat(orRefused(() -> this.jackson3.writeValueAsString(new ClassOrderId(42L))))
			.isIn("\"" + token + "\"", "refused");
		assertThat(orRefused(() -> this.jackson2.writeValueAsString(new ClassOrderId(42L))))
			.isIn("\"" + token + "\"", "refused");
	}

	/**
	 * {@code @JsonAnyGetter @PublicId Map<String, Long>} writes tokens; its twin {@code @JsonAnySetter @PublicId} on
	 * the two-argument setter method reads the raw number: the module looks for the type of a one-argument setter
	 * and finds no container in a two-argument one.
	 */
	@Test
	void aPublicIdAnySetterMethodNeverReadsARawId() {
		String token = this.codec.encode(42);
		assertThat(orRefused(() -> this.jackson3.writeValueAsString(new Extras(Map.of("order", 42L)))))
			.isEqualTo("{\"order\":\"" + token + "\"}");
		assertThat(orRefused(() -> this.jackson3.readValue("{\"order\":42}", Extras.class).extra))
			.isEqualTo("refused");
		assertThat(orRefused(() -> this.jackson2.readValue("{\"order\":42}", Extras.class).extra))
			.isEqualTo("refused");
		assertThat(orRefused(() -> this.jackson3.readValue("{\"order\":\"" + token + "\"}", Extras.class).extra))
			.isEqualTo(Map.of("order", 42L));
		assertThat(orRefused(() -> this.jackson2.readValue("{\"order\":\"" + token + "\"}", Extras.class).extra))
			.isEqualTo(Map.of("order", 42L));
	}

	/**
	 * A value class built by Jackson through its builder ({@code @JsonDeserialize(builder = ...)}, what Lombok's
	 * {@code @Builder @Jacksonized} generates; Lombok does not copy {@code @PublicId} to the builder's methods): the
	 * field's {@code @PublicId} writes the token, but Jackson reads the builder's plain {@code id(Long)} and takes the
	 * raw number.
	 */
	@Test
	void aBuilderBuiltValueWithAPublicIdNeverReadsARawId() {
		String token = this.codec.encode(42);
		assertThat(orRefused(() -> this.jackson3.writeValueAsString(Built.builder().id(42L).build())))
			.isEqualTo("{\"id\":\"" + token + "\"}");
		assertThat(orRefused(() -> this.jackson3.readValue("{\"id\":42}", Built.class).getId())).isEqualTo("refused");
		assertThat(orRefused(() -> this.jackson2.readValue("{\"id\":42}", Built.class).getId())).isEqualTo("refused");
	}

	@com.fasterxml.jackson.databind.annotation.JsonDeserialize(builder = Built.Builder.class)
	@tools.jackson.databind.annotation.JsonDeserialize(builder = Built.Builder.class)
	public static final class Built {

		@PublicId
		private final Long id;

		Built(Long id) {
			this.id = id;
		}

		public Long getId() {
			return this.id;
		}

		static Builder builder() {
			return new Builder();
		}

		@com.fasterxml.jackson.databind.annotation.JsonPOJOBuilder(withPrefix = "")
		@tools.jackson.databind.annotation.JsonPOJOBuilder(withPrefix = "")
		public static final class Builder {

			private Long id;

			public Builder id(Long id) {
				this.id = id;
				return this;
			}

			public Built build() {
				return new Built(this.id);
			}
		}
	}

	public record OrderId(@JsonValue @PublicId Long value) {

		@JsonCreator
		public OrderId(@PublicId Long value) {
			this.value = value;
		}
	}

	public static class ByOrderId {

		public Map<OrderId, Integer> quantities = Map.of(new OrderId(42L), 3);

	}

	public static class ClassOrderId {

		@PublicId
		private final Long value;

		@JsonCreator
		public ClassOrderId(@PublicId Long value) {
			this.value = value;
		}

		@JsonValue
		public Long getValue() {
			return this.value;
		}
	}

	public static class Extras {

		final Map<String, Long> extra = new LinkedHashMap<>();

		public Extras() {
		}

		Extras(Map<String, Long> extra) {
			this.extra.putAll(extra);
		}

		@JsonAnyGetter
		@PublicId
		public Map<String, Long> extra() {
			return this.extra;
		}

		@JsonAnySetter
		@PublicId
		public void put(String name, Long id) {
			this.extra.put(name, id);
		}
	}
}
