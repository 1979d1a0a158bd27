package io.snowflakeid.it;

import java.util.Map;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.test.context.SpringBootTest;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/** The same in an OpenAPI 3.0 document (springdoc.api-docs.version=openapi_3_0), where swagger-core's model differs. */
@SpringBootTest(classes = IntegrationTestApplication.class, webEnvironment = SpringBootTest.WebEnvironment.RANDOM_PORT,
		properties = { "spring.datasource.url=jdbc:h2:mem:openapi-30;DB_CLOSE_DELAY=-1",
				"spring.jpa.hibernate.ddl-auto=create-drop", "snowflake.datacenter-id=1", "snowflake.worker-id=2",
				"springdoc.api-docs.version=openapi_3_0" })
class OpenApi30IntegrationTests {

	/** The pattern the document gives a decimal id (docs/operations.md), written out as the contract says it. */
	private static final String DECIMAL_ID = "^-?[0-9]{1,19}$";

	@Value("${local.server.port}")
	private String port;

	@Test
	void documentsSnowflakeIdsAsStringsInAnOpenApi30Document() throws Exception {
		OpenApiDocument api = new OpenApiDocument(this.port);
		assertThat(api.version()).startsWith("3.0");
		String shipment = api.get("/shipments/sample");
		for (String property : new String[] { "id", "trackingNumber", "parcelId" }) {
			Map<String, Object> schema = api.property("ShipmentView", property);
			assertThat(schema).as(property)
				.containsEntry("type", "string")
				.containsEntry("pattern", DECIMAL_ID)
				.doesNotContainKey("format");
			assertThat(schema.get("example")).as("example of %s", property).isInstanceOf(String.class);
			assertThat((Object) JsonPath.read(shipment, "$." + property)).isInstanceOf(String.class);
		}
		assertThat(api.property("ShipmentView", "parcelId")).containsEntry("description", "The parcel's id");
		assertThat(api.property("ShipmentView", "quantity")).contains(entry("type", "integer"),
				entry("format", "int64"));
		assertThat(api.property("ShipmentView", "accountNumber")).contains(entry("type", "integer"),
				entry("format", "int64"));
		assertThat(api.property("Customer", "id")).containsEntry("type", "string");
		assertThat(api.property("CustomerReference", "id")).containsEntry("type", "string");
	}
}
