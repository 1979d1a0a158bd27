package io.snowflakeid.it;

import java.util.UUID;

import com.jayway.jsonpath.JsonPath;
import org.junit.jupiter.api.Test;

import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.entry;

/**
 * With {@code snowflake.jackson.ids-as-strings=false} Jackson writes numbers, and the document says integer/int64,
 * even in an application started after one that writes strings in the same JVM: springdoc keeps its model converters
 * in swagger-core's JVM-wide registry, so the customizer of the first would otherwise document the second.
 */
class OpenApiIdsAsNumbersIntegrationTests {

	@Test
	void documentsIntegersWhenIdsAreWrittenAsNumbersEvenAfterAnApplicationThatWritesStrings() throws Exception {
		try (ConfigurableApplicationContext strings = start(true)) {
			assertThat(new OpenApiDocument(port(strings)).property("ShipmentView", "id")).containsEntry("type",
					"string");
		}
		try (ConfigurableApplicationContext numbers = start(false)) {
			OpenApiDocument api = new OpenApiDocument(port(numbers));
			String shipment = api.get("/shipments/sample");
			for (String property : new String[] { "id", "trackingNumber", "parcelId" }) {
				assertThat(api.property("ShipmentView", property)).as(property)
					.contains(entry("type", "integer"), entry("format", "int64"))
					.doesNotContainKey("pattern");
				assertThat((Object) JsonPath.read(shipment, "$." + property)).as(property)
					.isInstanceOf(Number.class);
			}
			assertThat(api.property("Customer", "id")).contains(entry("type", "integer"), entry("format", "int64"));
		}
	}

	private static ConfigurableApplicationContext start(boolean idsAsStrings) {
		return new SpringApplicationBuilder(IntegrationTestApplication.class)
			.properties("server.port=0", "spring.datasource.url=jdbc:h2:mem:openapi-" + UUID.randomUUID(),
					"spring.jpa.hibernate.ddl-auto=create-drop", "snowflake.datacenter-id=1",
					"snowflake.worker-id=" + (idsAsStrings ? 3 : 4), "snowflake.jackson.ids-as-strings=" + idsAsStrings)
			.run();
	}

	private static String port(ConfigurableApplicationContext context) {
		return context.getEnvironment().getProperty("local.server.port");
	}
}
