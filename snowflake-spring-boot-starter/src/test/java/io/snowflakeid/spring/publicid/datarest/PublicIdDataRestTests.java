package io.snowflakeid.spring.publicid.datarest;

import java.util.UUID;

import com.jayway.jsonpath.JsonPath;
import io.snowflakeid.publicid.PublicIdCodec;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.MvcResult;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.delete;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * Spring Data REST on a real JPA context (H2, Hibernate, Boot's auto-configuration): a repository whose entity has an
 * {@code @Id @SnowflakeId @PublicId} id is addressed by tokens ({@code /orders/<token>}, in {@code Location} and
 * {@code _links}), shows the token as its JSON id, and refuses the raw id; other entities keep their plain ids.
 */
class PublicIdDataRestTests {

	/** The key of SnowflakePublicIdAutoConfigurationTests (another package). */
	private static final String KEY_1 = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withUserConfiguration(DataRestTestApplication.class)
		.withPropertyValues("snowflake.public-id.keys.1=" + KEY_1, "snowflake.datacenter-id=1",
				"snowflake.worker-id=2", "spring.datasource.url=jdbc:h2:mem:datarest-" + UUID.randomUUID(),
				"spring.jpa.hibernate.ddl-auto=create-drop",
				// springdoc-openapi-starter-common alone (the starter's optional OpenAPI support) fails next to Data REST
				"springdoc.api-docs.enabled=false");

	@Test
	void itemUrisLinksAndIdsCarryTheTokenAndARawIdIsRefused() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasNotFailed();
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			PublicIdCodec orders = context.getBean(PublicIdCodec.class).forDomain("order");
			MvcResult created = mvc.perform(post("/orders").contentType(MediaType.APPLICATION_JSON)
				.content("{\"item\":\"book\"}")).andExpect(status().isCreated()).andReturn();
			String location = created.getResponse().getHeader("Location");
			String token = location.substring(location.lastIndexOf('/') + 1);
			long id = orders.decode(token); // the Location carries a token of the "order" domain
			String raw = Long.toString(id);
			String item = mvc.perform(get("/orders/" + token))
				.andExpect(status().isOk())
				.andExpect(jsonPath("$.item").value("book"))
				// the token of the id's domain, as in the URI, not the number
				.andExpect(jsonPath("$.id").value(token))
				.andExpect(jsonPath("$._links.self.href").value("http://localhost/orders/" + token))
				.andReturn().getResponse().getContentAsString();
			assertThat(item).doesNotContain(raw);
			String list = mvc.perform(get("/orders")).andExpect(status().isOk())
				.andReturn().getResponse().getContentAsString();
			assertThat(list).doesNotContain(raw);
			assertThat((String) JsonPath.read(list, "$._embedded.purchaseOrders[0]._links.self.href"))
				.isEqualTo("http://localhost/orders/" + token);
			// the raw id, a bad token, a token of another domain: no such resource
			mvc.perform(get("/orders/" + raw)).andExpect(status().isNotFound());
			mvc.perform(get("/orders/1AAAAAAAAAAAAAAAA")).andExpect(status().isNotFound());
			mvc.perform(get("/orders/" + context.getBean(PublicIdCodec.class).encode(id)))
				.andExpect(status().isNotFound());
			mvc.perform(delete("/orders/" + raw)).andExpect(status().isNotFound());
			mvc.perform(delete("/orders/" + token)).andExpect(status().isNoContent());
		});
	}

	@Test
	void anAssociationUriInABodyTakesTheTokenAndRefusesTheRawId() {
		this.contextRunner.run((context) -> {
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			String location = mvc.perform(post("/orders").contentType(MediaType.APPLICATION_JSON)
				.content("{\"item\":\"book\"}")).andReturn().getResponse().getHeader("Location");
			String token = location.substring(location.lastIndexOf('/') + 1);
			String raw = Long.toString(context.getBean(PublicIdCodec.class).forDomain("order").decode(token));
			String shipment = mvc.perform(post("/shipments").contentType(MediaType.APPLICATION_JSON)
				.content("{\"order\":\"http://localhost/orders/" + token + "\"}"))
				.andExpect(status().isCreated()).andReturn().getResponse().getHeader("Location");
			String order = mvc.perform(get(shipment + "/order")).andExpect(status().isOk())
				.andExpect(jsonPath("$.item").value("book"))
				.andExpect(jsonPath("$._links.self.href").value("http://localhost/orders/" + token))
				.andReturn().getResponse().getContentAsString();
			assertThat(order).doesNotContain(raw);
			assertThat(mvc.perform(get(shipment)).andReturn().getResponse().getContentAsString()).doesNotContain(raw);
			mvc.perform(post("/shipments").contentType(MediaType.APPLICATION_JSON)
				.content("{\"order\":\"http://localhost/orders/" + raw + "\"}"))
				.andExpect(status().isBadRequest());
		});
	}

	@Test
	void entitiesWithoutAPublicIdKeepTheirIds() {
		this.contextRunner.run((context) -> {
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			MvcResult created = mvc.perform(post("/notes").contentType(MediaType.APPLICATION_JSON)
				.content("{\"text\":\"t\"}")).andExpect(status().isCreated()).andReturn();
			String location = created.getResponse().getHeader("Location");
			String raw = location.substring(location.lastIndexOf('/') + 1);
			Long.parseLong(raw);
			mvc.perform(get("/notes/" + raw)).andExpect(status().isOk()).andExpect(jsonPath("$.text").value("t"));
		});
	}
}
