package io.snowflakeid.spring.publicid;

import java.util.UUID;

import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.spring.publicid.datarest.DataRestTestApplication;
import io.snowflakeid.spring.publicid.datarest.PurchaseOrder;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

/**
 * An entity looked up from a path variable or request parameter by Spring Data's web support
 * ({@code DomainClassConverter}, registered by Boot and by Data REST): {@code @PathVariable("id") PurchaseOrder order}
 * whose id is {@code @Id @PublicId("order")}. The converter would take the raw id, and {@code @PublicId} cannot be put
 * on such a parameter (not a Long), so such a parameter stops the start, naming it (decoding the token there is not
 * offered yet); Data REST's own item URIs refuse the raw id.
 */
class PublicIdEntityLookupParameterTests {

	private static final String KEY_1 = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withUserConfiguration(DataRestTestApplication.class, OrderController.class)
		.withPropertyValues("snowflake.public-id.keys.1=" + KEY_1, "snowflake.datacenter-id=1",
				"snowflake.worker-id=2", "spring.datasource.url=jdbc:h2:mem:entity-lookup-" + UUID.randomUUID(),
				"spring.jpa.hibernate.ddl-auto=create-drop", "springdoc.api-docs.enabled=false");

	@Test
	void anEntityLookedUpFromAPathVariableOrParameterByItsPublicIdStopsTheStartNamingTheParameter() {
		// The raw id would find it (DomainClassConverter); refused at start rather than reading raw ids.
		this.contextRunner.run((context) -> assertThat(context).hasFailed()
			.getFailure()
			.hasMessageContaining("Parameter 'order' of")
			.hasMessageContaining("looks up a PurchaseOrder by its id, whose id is @PublicId")
			.hasMessageContaining("@PathVariable @PublicId Long id"));
	}

	@RestController
	static class OrderController {

		@GetMapping("/lookup/orders/{id}")
		String byPath(@PathVariable("id") PurchaseOrder order) {
			return (order != null) ? order.getItem() : "none";
		}

		@GetMapping("/lookup/order")
		String byParam(@RequestParam("order") PurchaseOrder order) {
			return (order != null) ? order.getItem() : "none";
		}
	}
}
