package io.snowflakeid.spring.publicid;

import java.util.List;
import java.util.Map;

import com.fasterxml.jackson.annotation.JsonCreator;
import com.fasterxml.jackson.annotation.JsonIdentityInfo;
import com.fasterxml.jackson.annotation.JsonIdentityReference;
import com.fasterxml.jackson.annotation.JsonValue;
import com.fasterxml.jackson.annotation.ObjectIdGenerators;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.spring.boot3.PublicIdJackson2Module;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Shapes an attacker tried after the first round: a map whose values are lists of ids, a {@code @JsonSerialize(using)}
 * that would replace the module's serializer on a container, object identity declared on the referencing property,
 * {@code @JsonValue} wrapper types and mix-ins. Each one carries tokens or fails naming the property.
 */
class PublicIdJacksonAttackTests {

	private final PublicIdCodec codec = PublicIdCodec.builder().key("1", PublicIdTestKeys.KEY_32).build();

	private final tools.jackson.databind.json.JsonMapper jackson3 = tools.jackson.databind.json.JsonMapper.builder()
		.addModule(new PublicIdJackson3Module(this.codec))
		.addMixIn(MixedIn.class, MixIn.class)
		.build();

	private final com.fasterxml.jackson.databind.ObjectMapper jackson2 = new com.fasterxml.jackson.databind.ObjectMapper()
		.registerModule(new PublicIdJackson2Module(this.codec))
		.addMixIn(MixedIn.class, MixIn.class);

	@Test
	void aMapOfListsOfIdsFailsNamingThePropertyRatherThanWritingTheListsRaw() {
		ListsById value = new ListsById();
		assertThatThrownBy(() -> this.jackson3.writeValueAsString(value)).hasStackTraceContaining("ListsById.value");
		assertThatThrownBy(() -> this.jackson2.writeValueAsString(value)).hasStackTraceContaining("ListsById.value");
	}

	@Test
	void aCustomSerializerOnAPublicIdContainerFailsRatherThanWritingRaw() {
		CustomSerializer value = new CustomSerializer();
		assertThatThrownBy(() -> this.jackson3.writeValueAsString(value)).hasStackTraceContaining("CustomSerializer.value");
		assertThatThrownBy(() -> this.jackson2.writeValueAsString(value)).hasStackTraceContaining("CustomSerializer.value");
	}

	@Test
	void objectIdentityDeclaredOnTheReferenceFailsRatherThanWritingTheRawId() {
		Shipment value = new Shipment();
		value.parcel = new Parcel();
		value.parcel.id = 42L;
		assertThatThrownBy(() -> this.jackson3.writeValueAsString(value)).hasStackTraceContaining("Shipment.parcel");
		assertThatThrownBy(() -> this.jackson2.writeValueAsString(value)).hasStackTraceContaining("Shipment.parcel");
		assertThatThrownBy(() -> this.jackson3.readValue("{\"parcel\":42}", Shipment.class))
			.hasStackTraceContaining("Shipment.parcel");
		assertThatThrownBy(() -> this.jackson2.readValue("{\"parcel\":42}", Shipment.class))
			.hasStackTraceContaining("Shipment.parcel");
	}

	@Test
	void aJsonValueWrapperAndAMixInCarryTokens() throws Exception {
		String token = this.codec.encode(42);
		assertThat(this.jackson3.writeValueAsString(new Wrapped(new OrderId(42L)))).isEqualTo("{\"id\":\"" + token + "\"}");
		assertThat(this.jackson2.writeValueAsString(new Wrapped(new OrderId(42L)))).isEqualTo("{\"id\":\"" + token + "\"}");
		assertThat(this.jackson3.readValue("{\"id\":\"" + token + "\"}", Wrapped.class).id().value()).isEqualTo(42L);
		assertThat(this.jackson2.readValue("{\"id\":\"" + token + "\"}", Wrapped.class).id().value()).isEqualTo(42L);
		assertThatThrownBy(() -> this.jackson3.readValue("{\"id\":42}", Wrapped.class))
			.hasStackTraceContaining("never from a number");
		assertThatThrownBy(() -> this.jackson2.readValue("{\"id\":42}", Wrapped.class))
			.hasStackTraceContaining("never from a number");
		assertThatThrownBy(() -> this.jackson3.readValue("{\"id\":\"42\"}", Wrapped.class))
			.hasRootCauseInstanceOf(io.snowflakeid.publicid.InvalidPublicIdException.class);
		assertThatThrownBy(() -> this.jackson2.readValue("{\"id\":\"42\"}", Wrapped.class))
			.hasRootCauseInstanceOf(io.snowflakeid.publicid.InvalidPublicIdException.class);
		MixedIn mixedIn = new MixedIn();
		assertThat(this.jackson3.writeValueAsString(mixedIn)).isEqualTo("{\"id\":\"" + token + "\"}");
		assertThat(this.jackson2.writeValueAsString(mixedIn)).isEqualTo("{\"id\":\"" + token + "\"}");
	}

	/** The id written as a token by its @PublicId @JsonValue, but read by a creator whose parameter is not @PublicId. */
	@Test
	void aJsonValueTypeWhoseCreatorIsNotPublicIdFailsNamingItRatherThanReadingRaw() throws Exception {
		assertThat(this.jackson3.writeValueAsString(new LooseId(42L))).isEqualTo("\"" + this.codec.encode(42) + "\"");
		assertThatThrownBy(() -> this.jackson3.readValue("42", LooseId.class)).hasStackTraceContaining("LooseId")
			.hasStackTraceContaining("@PublicId");
		assertThatThrownBy(() -> this.jackson2.readValue("42", LooseId.class)).hasStackTraceContaining("LooseId")
			.hasStackTraceContaining("@PublicId");
	}

	public static class LooseId {

		@JsonValue
		@PublicId
		public final Long value;

		@JsonCreator(mode = JsonCreator.Mode.DELEGATING)
		public LooseId(Long value) {
			this.value = value;
		}
	}

	public static class ListsById {

		@PublicId
		public Map<Long, List<Long>> value = Map.of(1L, List.of(2L));
	}

	public static class CustomSerializer {

		@PublicId
		@tools.jackson.databind.annotation.JsonSerialize(using = tools.jackson.databind.ser.std.ToStringSerializer.class)
		@com.fasterxml.jackson.databind.annotation.JsonSerialize(
				using = com.fasterxml.jackson.databind.ser.std.ToStringSerializer.class)
		public List<Long> value = List.of(42L);
	}

	public static class Parcel {

		@PublicId
		public Long id;
	}

	public static class Shipment {

		@JsonIdentityInfo(generator = ObjectIdGenerators.PropertyGenerator.class, property = "id")
		@JsonIdentityReference(alwaysAsId = true)
		public Parcel parcel;
	}

	public record OrderId(@JsonValue @PublicId Long value) {

		@JsonCreator(mode = JsonCreator.Mode.DELEGATING)
		public OrderId(@PublicId Long value) {
			this.value = value;
		}
	}

	public record Wrapped(OrderId id) {
	}

	public static class MixedIn {

		public Long id = 42L;
	}

	abstract static class MixIn {

		@PublicId
		public Long id;
	}
}
