package io.snowflakeid.it;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import io.snowflakeid.SnowflakeIdParts;
import io.snowflakeid.SnowflakeLayout;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * springdoc's real {@code /v3/api-docs} (OpenAPI 3.1, springdoc's default) describes {@code @SnowflakeId Long}
 * properties as the JSON strings Jackson writes, and nothing else: each claim is checked against a real response.
 */
@SpringBootTest(classes = IntegrationTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.datasource.url=jdbc:h2:mem:openapi-31;DB_CLOSE_DELAY=-1",
				"spring.jpa.hibernate.ddl-auto=create-drop", "snowflake.datacenter-id=1", "snowflake.worker-id=1" })
class OpenApiIntegrationTests {

	/** The pattern the document gives a decimal id (docs/operations.md), written out as the contract says it. */
	private static final String DECIMAL_ID = "^-?[0-9]{1,19}$";

	@Value("${local.server.port}")
	private String port;

	private OpenApiDocument api;

	@BeforeEach
	void fetchTheDocument() throws Exception {
		this.api = new OpenApiDocument(this.port);
	}

	@Test
	void documentsSnowflakeIdsAsTheStringsJacksonWrites() throws Exception {
		assertThat(this.api.version()).startsWith("3.1");
		String shipment = this.api.get("/shipments/sample");
		for (String property : new String[] { "id", "trackingNumber", "parcelId" }) {
			Map<String, Object> schema = this.api.property("ShipmentView", property);
			assertThat(schema).as(property).containsEntry("type", "string")
				.containsEntry("pattern", DECIMAL_ID)
				.doesNotContainKeys("format", "minimum", "maximum");
			Object onTheWire = JsonPath.read(shipment, "$." + property);
			assertThat(onTheWire).as("%s in %s", property, shipment).isInstanceOf(String.class);
			assertThat((String) onTheWire).matches(DECIMAL_ID);
			assertThat((String) schema.get("example")).as("example of %s", property)
				.matches(DECIMAL_ID);
		}
		assertThat(this.api.property("ShipmentView", "parcelId")).as("what the application wrote is kept")
			.containsEntry("description", "The parcel's id");
	}

	@Test
	void theExampleIsAnIdOfTheApplicationsLayout() {
		String example = (String) this.api.property("ShipmentView", "id").get("example");
		SnowflakeIdParts parts = SnowflakeLayout.DEFAULT.decode(Long.parseLong(example));
		assertThat(parts.timestamp()).isEqualTo(Instant.parse("2026-01-01T00:00:00Z"));
		assertThat(List.of(parts.datacenterId(), parts.workerId(), parts.sequence())).containsExactly(1L, 1L, 1L);
	}

	@Test
	void leavesNumbersThatJacksonWritesAsNumbersAlone() throws Exception {
		String shipment = this.api.get("/shipments/sample");
		assertThat(this.api.property("ShipmentView", "quantity")).as("a plain Long")
			.contains(entry("type", "integer"), entry("format", "int64"));
		assertThat((Object) JsonPath.read(shipment, "$.quantity")).isInstanceOf(Number.class);
		assertThat(this.api.property("ShipmentView", "accountNumber")).as("an @SegmentId Long")
			.contains(entry("type", "integer"), entry("format", "int64"));
		assertThat((Object) JsonPath.read(shipment, "$.accountNumber")).isInstanceOf(Number.class);
		assertThat(this.api.property("ShipmentView", "code")).as("a String id: a string already")
			.containsEntry("type", "string")
			.doesNotContainKey("pattern");
	}

	@Test
	void entitiesAndRequestBodiesShareTheStringSchema() throws Exception {
		assertThat(this.api.property("Customer", "id")).as("an entity's field with a getter")
			.containsEntry("type", "string")
			.containsEntry("pattern", DECIMAL_ID);
		assertThat(this.api.ref("$.paths['/customers/echo'].post.requestBody.content['application/json'].schema.$ref"))
			.isEqualTo("#/components/schemas/CustomerReference");
		assertThat(this.api.property("CustomerReference", "id")).as("a record read from a request body")
			.containsEntry("type", "string")
			.containsEntry("pattern", DECIMAL_ID);
	}

	@Test
	void pathVariablesStayIntegersBecauseSpringParsesThemFromTextNotJson() {
		assertThat(this.api.parameter("/customers/{id}", "get", "id")).contains(entry("type", "integer"),
				entry("format", "int64"));
	}
}
