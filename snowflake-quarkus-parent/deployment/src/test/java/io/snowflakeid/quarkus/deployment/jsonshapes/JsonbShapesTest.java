package io.snowflakeid.quarkus.deployment.jsonshapes;

import java.util.List;
import java.util.Optional;

import io.quarkus.narayana.jta.QuarkusTransaction;
import io.quarkus.test.QuarkusUnitTest;
import io.snowflakeid.quarkus.deployment.jsonshapes.Shapes.Counter;
import io.snowflakeid.quarkus.deployment.jsonshapes.Shapes.Crate;
import io.snowflakeid.quarkus.deployment.jsonshapes.Shapes.IdBag;
import io.snowflakeid.quarkus.deployment.jsonshapes.Shapes.IdMaps;
import io.snowflakeid.quarkus.deployment.jsonshapes.Shapes.Shipment;
import io.snowflakeid.quarkus.deployment.jsonshapes.Shapes.Warehouse;
import io.snowflakeid.quarkus.deployment.jsonshapes.JsonbModel.HexAdapted;
import io.snowflakeid.quarkus.deployment.jsonshapes.JsonbModel.Implementing;
import io.snowflakeid.quarkus.deployment.jsonshapes.JsonbModel.Links;
import io.snowflakeid.quarkus.deployment.jsonshapes.JsonbModel.Plain;
import io.snowflakeid.quarkus.deployment.jsonshapes.JsonbModel.SetterOnly;
import jakarta.inject.Inject;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * JSON-B (the Jsonb Quarkus REST's JSON-B provider uses): each @SnowflakeId id must go out as a JSON string. The build
 * annotates only @SnowflakeId fields, getters and setters of type Long/long in the index.
 */
class JsonbShapesTest {

	@RegisterExtension
	static final QuarkusUnitTest app = ShapeApps.app("jsonb-shapes")
		.withApplicationRoot((jar) -> jar.addClasses(ShapeApps.class, Shapes.class, ShapesResource.class)
			.addClasses(Shapes.class.getDeclaredClasses())
			.addClasses(JsonbModel.class)
			.addClasses(JsonbModel.class.getDeclaredClasses()));

	@Inject
	Jsonb jsonb;

	// ---- findings ----

	/** {@code @SnowflakeId List<Long>}, {@code Long[]}, {@code long[]}, {@code Optional<Long>} (review J3). */
	@Test
	void idsInContainersAreStringsAndReadBack() {
		IdBag bag = new IdBag();
		bag.ids = List.of(ShapeApps.ID_A, ShapeApps.ID_B);
		bag.array = new Long[] { ShapeApps.ID_A, null };
		bag.maybe = Optional.of(ShapeApps.ID_B);
		bag.primitives = new long[] { ShapeApps.ID_A };
		String json = this.jsonb.toJson(bag);
		String a = "\"" + ShapeApps.ID_A + "\"";
		String b = "\"" + ShapeApps.ID_B + "\"";
		assertThat(json).contains("\"ids\":[" + a + "," + b + "]", "\"array\":[" + a + ",null]",
				"\"maybe\":" + b, "\"primitives\":[" + a + "]");
		assertThat(ShapeApps.asNumber(json, ShapeApps.ID_A)).as(json).isFalse();
		IdBag read = this.jsonb.fromJson("{\"ids\":[" + a + "," + ShapeApps.ID_B + "],\"array\":[" + a
				+ "],\"maybe\":" + b + ",\"primitives\":[" + a + "," + ShapeApps.ID_B + "]}", IdBag.class);
		assertThat(read.ids).containsExactly(ShapeApps.ID_A, ShapeApps.ID_B);
		assertThat(read.array).containsExactly(ShapeApps.ID_A);
		assertThat(read.maybe).contains(ShapeApps.ID_B);
		assertThat(read.primitives).containsExactly(ShapeApps.ID_A, ShapeApps.ID_B);
	}

	/** {@code @SnowflakeId Map<String, Long>}: each value a string, read back from strings or numbers (as Jackson does). */
	@Test
	void idsAsMapValuesAreStringsAndReadBack() {
		IdMaps maps = new IdMaps();
		maps.byName = new java.util.LinkedHashMap<>();
		maps.byName.put("first", ShapeApps.ID_A);
		maps.byName.put("none", null);
		maps.sorted = new java.util.TreeMap<>(java.util.Map.of("b", ShapeApps.ID_B));
		String json = this.jsonb.toJson(maps);
		String a = "\"" + ShapeApps.ID_A + "\"";
		String b = "\"" + ShapeApps.ID_B + "\"";
		assertThat(json).contains("\"byName\":{\"first\":" + a, "\"sorted\":{\"b\":" + b + "}");
		assertThat(ShapeApps.asNumber(json, ShapeApps.ID_A)).as(json).isFalse();
		IdMaps read = this.jsonb.fromJson("{\"byName\":{\"x\":" + a + ",\"y\":" + ShapeApps.ID_B + ",\"z\":null},"
				+ "\"sorted\":{\"q\":" + b + "}}", IdMaps.class);
		assertThat(read.byName).containsEntry("x", ShapeApps.ID_A).containsEntry("y", ShapeApps.ID_B).containsEntry("z", null);
		assertThat(read.sorted).isInstanceOf(java.util.SortedMap.class).containsEntry("q", ShapeApps.ID_B);
		Throwable thrown = catchThrowable(() -> this.jsonb.fromJson("{\"byName\":{\"x\":\"12ab\"}}", IdMaps.class));
		assertThat(thrown).isInstanceOf(JsonbException.class);
	}

	/** JSON null where ids belong reads as null (an absent value, not the client's mistake). */
	@Test
	void nullReadsAsNull() {
		assertThat(this.jsonb.fromJson("{\"ids\":null,\"array\":null,\"primitives\":null}", IdBag.class))
			.satisfies((bag) -> assertThat(bag.ids).isNull())
			.satisfies((bag) -> assertThat(bag.array).isNull())
			.satisfies((bag) -> assertThat(bag.primitives).isNull());
		assertThat(this.jsonb.fromJson("{\"byName\":null}", IdMaps.class).byName).isNull();
		assertThat(this.jsonb.fromJson("{\"id\":null}", Plain.class).id).isNull();
		assertThat(this.jsonb.fromJson("{\"maybe\":null}", IdBag.class).maybe).isNotPresent();
		// one value where several belong is still refused
		for (String json : new String[] { "{\"ids\":\"1\"}", "{\"ids\":1}" }) {
			assertThat(catchThrowable(() -> this.jsonb.fromJson(json, IdBag.class))).as(json)
				.isInstanceOf(JsonbException.class);
		}
	}

	/** A JSON array where a map of ids belongs is the client's mistake (a JsonbException: a 400), not a 500. */
	@Test
	void anArrayForAMapOfIdsIsRefused() {
		for (String value : new String[] { "[\"1\"]", "[]", "\"1\"", "{\"a\":[1]}", "{\"a\":{}}" }) {
			Throwable thrown = catchThrowable(() -> this.jsonb.fromJson("{\"sorted\":" + value + "}", IdMaps.class));
			assertThat(thrown).as(value).isInstanceOf(JsonbException.class);
			assertThat(messages(thrown)).as(value).doesNotContain("NullPointerException");
		}
	}

	private static String messages(Throwable failure) {
		StringBuilder messages = new StringBuilder();
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			messages.append(cause).append('\n');
		}
		return messages.toString();
	}

	/** A record is read through its constructor: its ids as strings, and a malformed one refused by the extension. */
	@Test
	void aRecordIsReadWithTheExtensionsDeserializers() {
		Links read = this.jsonb.fromJson("{\"ticketId\":\"" + ShapeApps.ID_A + "\",\"relatedIds\":[\"" + ShapeApps.ID_B
				+ "\"]}", Links.class);
		assertThat(read.ticketId()).isEqualTo(ShapeApps.ID_A);
		assertThat(read.relatedIds()).containsExactly(ShapeApps.ID_B);
		Throwable thrown = catchThrowable(() -> this.jsonb.fromJson("{\"ticketId\":\"12ab\"}", Links.class));
		assertThat(messages(thrown)).contains("RejectedJsonbValue");
	}

	/** A record's list of ids (review J3). */
	@Test
	void aRecordsListOfIdsIsStrings() {
		String json = this.jsonb.toJson(new Links(ShapeApps.ID_A, List.of(ShapeApps.ID_B)));
		assertThat(json).contains("\"ticketId\":\"" + ShapeApps.ID_A + "\"",
				"\"relatedIds\":[\"" + ShapeApps.ID_B + "\"]");
	}

	/** {@code @SnowflakeId I id} in {@code Identified<I>}, {@code Shipment extends Identified<Long>} (review J3). */
	@Test
	void anIdInAGenericSuperclassIsAStringAndReadsBack() {
		String json = this.jsonb.toJson(new Shipment(ShapeApps.ID_A, "s"));
		assertThat(json).contains("\"id\":\"" + ShapeApps.ID_A + "\"");
		assertThat(this.jsonb.fromJson("{\"id\":\"" + ShapeApps.ID_A + "\"}", Shipment.class).id)
			.isEqualTo(ShapeApps.ID_A);
	}

	/** What is no id in a container is refused naming it, as for one id. */
	@Test
	void badInputInAContainerIsAJsonbException() {
		for (String value : new String[] { "[\"12ab\"]", "[true]", "[[1]]", "[{}]" }) {
			Throwable thrown = catchThrowable(() -> this.jsonb.fromJson("{\"ids\":" + value + "}", IdBag.class));
			assertThat(thrown).as(value).isInstanceOf(JsonbException.class);
		}
	}

	/**
	 * Bad input: the deserializer's JsonbException, which Quarkus REST's JSON-B reader rethrows (no mapper): a 500.
	 * Here only the exception is checked (quarkus-rest-jsonb is not on this module's test classpath).
	 */
	@Test
	void badInputIsAJsonbExceptionNamingTheValue() {
		for (String value : new String[] { "\"12ab\"", "true", "{}", "[1]", "1.5", "99999999999999999999" }) {
			Throwable thrown = catchThrowable(() -> this.jsonb.fromJson("{\"id\":" + value + "}", Plain.class));
			assertThat(thrown).as(value).isInstanceOf(JsonbException.class);
		}
	}

	/** The application's own {@code @JsonbTypeAdapter} is not in the build's "own choice" list. */
	@Test
	void theApplicationsOwnAdapterIsKept() {
		HexAdapted hex = new HexAdapted();
		hex.id = 255L;
		assertThat(this.jsonb.toJson(hex)).isEqualTo("{\"id\":\"0xff\"}");
	}

	// ---- what held (passing) ----

	@Test
	void anIdOnAnInterfaceGetterIsAString() {
		Implementing bean = new Implementing();
		bean.setId(ShapeApps.ID_A);
		assertThat(this.jsonb.toJson(bean)).contains("\"id\":\"" + ShapeApps.ID_A + "\"");
	}

	@Test
	void aPanacheEntityAndAMappedSuperclassAreStrings() {
		Crate crate = new Crate();
		crate.name = "c";
		QuarkusTransaction.requiringNew().run(crate::persist);
		assertThat(this.jsonb.toJson(crate)).contains("\"id\":\"" + crate.id + "\"");
		Crate found = QuarkusTransaction.requiringNew().call(() -> Crate.<Crate>findById(crate.id));
		assertThat(this.jsonb.toJson(found)).contains("\"id\":\"" + crate.id + "\"");
		Warehouse warehouse = new Warehouse();
		warehouse.name = "w";
		QuarkusTransaction.requiringNew().run(warehouse::persist);
		assertThat(this.jsonb.toJson(warehouse)).contains("\"id\":\"" + warehouse.id + "\"");
		assertThat(this.jsonb.fromJson("{\"id\":\"" + ShapeApps.ID_A + "\"}", Warehouse.class).id)
			.isEqualTo(ShapeApps.ID_A);
	}

	@Test
	void aPrimitiveIdIsAString() {
		Counter counter = new Counter();
		counter.id = ShapeApps.ID_A;
		assertThat(this.jsonb.toJson(counter)).contains("\"id\":\"" + ShapeApps.ID_A + "\"");
		assertThat(this.jsonb.fromJson("{\"id\":\"" + ShapeApps.ID_A + "\"}", Counter.class).id)
			.isEqualTo(ShapeApps.ID_A);
	}

	@Test
	void anIdAnnotatedOnTheSetterOnlyIsAString() {
		SetterOnly bean = new SetterOnly();
		bean.setRef(ShapeApps.ID_A);
		assertThat(this.jsonb.toJson(bean)).contains("\"ref\":\"" + ShapeApps.ID_A + "\"");
	}
}
