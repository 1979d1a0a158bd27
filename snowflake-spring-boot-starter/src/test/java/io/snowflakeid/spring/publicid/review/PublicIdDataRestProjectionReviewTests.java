package io.snowflakeid.spring.publicid.review;

import java.util.UUID;

import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.spring.publicid.datarest.DataRestTestApplication;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

/**
 * Spring Data REST projections ({@code ?projection=summary}, also excerpts): the entity's id is
 * {@code @Id @PublicId("order")}, Data REST addresses it by token, but a projection's {@code Long getId()} writes the
 * raw id in the body.
 */
class PublicIdDataRestProjectionReviewTests {

	private static final String KEY_1 = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withUserConfiguration(DataRestTestApplication.class)
		.withPropertyValues("snowflake.public-id.keys.1=" + KEY_1, "snowflake.datacenter-id=1",
				"snowflake.worker-id=2", "spring.datasource.url=jdbc:h2:mem:review-proj-" + UUID.randomUUID(),
				"spring.jpa.hibernate.ddl-auto=create-drop", "springdoc.api-docs.enabled=false");

	@Test
	void aProjectionOfAnEntityWithAPublicIdNeverWritesTheRawId() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasNotFailed();
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			String location = mvc.perform(post("/orders").contentType(MediaType.APPLICATION_JSON)
				.content("{\"item\":\"book\"}")).andReturn().getResponse().getHeader("Location");
			String token = location.substring(location.lastIndexOf('/') + 1);
			String raw = Long.toString(context.getBean(PublicIdCodec.class).forDomain("order").decode(token));
			String body = mvc.perform(get("/orders/" + token).param("projection", "summary")).andReturn().getResponse()
				.getContentAsString();
			assertThat(body).contains("book").doesNotContain(raw);
		});
	}
}
