package io.snowflakeid.quarkus.deployment.jsonshapes;

import java.net.URI;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Optional;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.quarkus.test.QuarkusUnitTest;
import io.quarkus.test.common.http.TestHTTPResource;
import io.snowflakeid.quarkus.deployment.jsonshapes.Shapes.HexId;
import io.snowflakeid.quarkus.deployment.jsonshapes.Shapes.IdBag;
import jakarta.inject.Inject;
import org.assertj.core.api.SoftAssertions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Quarkus REST with Jackson, the shapes of ordinary applications: each @SnowflakeId id must go out as a JSON string
 * (a JSON number above 2^53 is rounded by JavaScript to another row's id), and bad input must be a 4xx.
 */
class JacksonShapesTest {

	@RegisterExtension
	static final QuarkusUnitTest app = ShapeApps.app("jackson-shapes")
		.withApplicationRoot((jar) -> jar.addClasses(ShapeApps.class, Shapes.class, ShapesResource.class)
			.addClasses(Shapes.class.getDeclaredClasses())
			.addClasses(JsonbModel.class)
			.addClasses(JsonbModel.class.getDeclaredClasses()));

	@TestHTTPResource("/shapes")
	URI shapes;

	@Inject
	ObjectMapper mapper;

	private HttpResponse<String> get(String path) throws Exception {
		HttpResponse<String> response = ShapeApps.send(URI.create(this.shapes + path), "GET", null);
		assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
		return response;
	}

	// ---- findings ----

	/** {@code @JsonIdentityInfo(property = "id")}: the second occurrence is the bare id, a string too (review J1). */
	@Test
	void anObjectIdReferenceIsAStringToo() throws Exception {
		String body = get("/nodes").body();
		assertThat(body).contains("\"id\":\"" + ShapeApps.ID_A + "\"", "\"parent\":\"" + ShapeApps.ID_A + "\"");
		assertThat(ShapeApps.asNumber(body, ShapeApps.ID_A)).as(body).isFalse();
	}

	/** {@code @JsonIdentityReference(alwaysAsId = true)}: the reference is the bare id, a string (review J1). */
	@Test
	void anAlwaysAsIdReferenceIsAString() throws Exception {
		String body = get("/assignment").body();
		assertThat(body).contains("\"node\":\"" + ShapeApps.ID_A + "\"");
		assertThat(ShapeApps.asNumber(body, ShapeApps.ID_A)).as(body).isFalse();
	}

	/** {@code @SnowflakeId Map<String, Long>}: the values strings, as JSON-B writes them (JsonbShapesTest). */
	@Test
	void idsAsMapValuesAreStrings() throws Exception {
		Shapes.IdMaps maps = new Shapes.IdMaps();
		maps.byName = java.util.Map.of("first", ShapeApps.ID_A);
		String json = this.mapper.writeValueAsString(maps);
		assertThat(json).contains("\"byName\":{\"first\":\"" + ShapeApps.ID_A + "\"}");
		assertThat(this.mapper.readValue("{\"byName\":{\"x\":\"" + ShapeApps.ID_B + "\"}}", Shapes.IdMaps.class).byName)
			.containsEntry("x", ShapeApps.ID_B);
	}

	/** The application's own {@code @JsonSerialize} is replaced by the module (JSON-B keeps the application's own). */
	@Test
	void theApplicationsOwnSerializerIsKept() throws Exception {
		HexId hex = new HexId();
		hex.id = 255L;
		assertThat(this.mapper.writeValueAsString(hex)).isEqualTo("{\"id\":\"0xff\"}");
	}


	/**
	 * {@code @SnowflakeId I id} in {@code Identified<I>}, {@code Shipment extends Identified<Long>}: the module looks at
	 * {@code Annotated.getRawType()}, the erased field type (Object), not the resolved one (Long).
	 */
	@Test
	void anIdInAGenericSuperclassIsAString() throws Exception {
		String body = get("/shipment").body();
		assertThat(body).contains("\"id\":\"" + ShapeApps.ID_A + "\"");
	}

	// ---- what held (passing) ----

	@Test
	void containersOfIdsAreStrings() throws Exception {
		IdBag bag = new IdBag();
		bag.ids = List.of(ShapeApps.ID_A);
		bag.array = new Long[] { ShapeApps.ID_A };
		bag.maybe = Optional.of(ShapeApps.ID_A);
		String json = this.mapper.writeValueAsString(bag);
		assertThat(ShapeApps.asNumber(json, ShapeApps.ID_A)).as(json).isFalse();
	}

	@Test
	void uniResponseListsAndRecordsAreStrings() throws Exception {
		for (String path : new String[] { "/uni", "/response", "/summary", "/summaries", "/external" }) {
			String body = get(path).body();
			assertThat(body).as(path).contains("\"" + ShapeApps.ID_A + "\"");
			assertThat(ShapeApps.asNumber(body, ShapeApps.ID_A)).as(path + ": " + body).isFalse();
		}
	}

	@Test
	void aTypedIdWithJsonValueAndAnInterfaceGetterAreStrings() throws Exception {
		Shapes.OrderRef ref = new Shapes.OrderRef();
		ref.order = new Shapes.OrderId(ShapeApps.ID_A);
		String json = this.mapper.writeValueAsString(ref);
		assertThat(json).isEqualTo("{\"order\":\"" + ShapeApps.ID_A + "\"}");
		JsonbModel.Implementing bean = new JsonbModel.Implementing();
		bean.setId(ShapeApps.ID_A);
		assertThat(this.mapper.writeValueAsString(bean)).contains("\"id\":\"" + ShapeApps.ID_A + "\"");
	}

	/** Vert.x JSON (JsonObject.mapFrom, reactive routes): Quarkus' codec copies the application's ObjectMapper. */
	@Test
	void vertxJsonIsAString() {
		String json = io.vertx.core.json.JsonObject.mapFrom(new Shapes.Summary(ShapeApps.ID_A, "v")).encode();
		assertThat(ShapeApps.asNumber(json, ShapeApps.ID_A)).as(json).isFalse();
	}

	@Test
	void aViewAndARenameKeepTheString() throws Exception {
		String body = get("/view").body();
		assertThat(body).contains("\"orderId\":\"" + ShapeApps.ID_A + "\"");
	}

	@Test
	void panacheEntitiesAndAMappedSuperclassAreStrings() throws Exception {
		HttpResponse<String> crate = ShapeApps.send(URI.create(this.shapes + "/crates"), "POST", "{\"name\":\"c\"}");
		assertThat(crate.statusCode()).as(crate.body()).isEqualTo(200);
		assertThat(crate.body()).matches(".*\"id\":\"\\d{16,19}\".*");
		assertThat(get("/crates").body()).matches(".*\"id\":\"\\d{16,19}\".*");
		HttpResponse<String> warehouse = ShapeApps.send(URI.create(this.shapes + "/warehouses"), "POST",
				"{\"name\":\"w\"}");
		assertThat(warehouse.statusCode()).as(warehouse.body()).isEqualTo(200);
		assertThat(warehouse.body()).matches(".*\"id\":\"\\d{16,19}\".*");
	}


	@Test
	void malformedIdsAreBadRequestsNever500() throws Exception {
		String[] bad = { "null", "99999999999999999999", "\"99999999999999999999\"", "1.5", "\"1e3\"", "{}", "[1]",
				"true", "\"\"", "\" \"", "\"0x10\"" };
		SoftAssertions softly = new SoftAssertions();
		for (String path : new String[] { "/counter", "/crates" }) {
			for (String value : bad) {
				HttpResponse<String> response = ShapeApps.send(URI.create(this.shapes + path), "POST",
						"{\"id\":" + value + ",\"name\":\"n\",\"label\":\"l\"}");
				if (value.equals("null")) {
					// a null Long is an absent id; a null long may be 0 or refused, but never a server error
					softly.assertThat(response.statusCode()).as(path + " " + value + ": " + response.body())
						.isLessThan(500);
				}
				else {
					softly.assertThat(response.statusCode()).as(path + " " + value + ": " + response.body())
						.isBetween(400, 499);
				}
			}
		}
		softly.assertAll();
	}
}
