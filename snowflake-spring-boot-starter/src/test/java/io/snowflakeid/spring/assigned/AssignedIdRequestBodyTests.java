package io.snowflakeid.spring.assigned;

import java.time.Duration;
import java.time.Instant;
import java.util.UUID;

import io.snowflakeid.SnowflakeIdGenerator;
import org.junit.jupiter.api.Test;

import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.http.MediaType;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Review of the assigned-id refusal (hostile reviewer) in a Spring MVC application using the starter: a client's id
 * in a request body bound to an entity and saved with Spring Data JPA is refused now (good), but the refusal is an
 * IllegalArgumentException from inside Hibernate, translated by Spring Data to InvalidDataAccessApiUsageException:
 * nothing maps it, so the client's bad request is a 500 (and an operator's alert), not a 4xx telling the client why.
 */
class AssignedIdRequestBodyTests {

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withUserConfiguration(AssignedIdApplication.class)
		.withPropertyValues("snowflake.datacenter-id=1", "snowflake.worker-id=2",
				"spring.datasource.url=jdbc:h2:mem:assigned-" + UUID.randomUUID(),
				"spring.jpa.hibernate.ddl-auto=create-drop", "springdoc.api-docs.enabled=false");

	@Test
	void aClientsIdAheadOfTheClockInARequestBodyIsA4xxNotA500() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasNotFailed();
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			SnowflakeIdGenerator generator = context.getBean(SnowflakeIdGenerator.class);
			long future = generator.layout().compose(Instant.now().plus(Duration.ofDays(1)), 1, 2, 0);

			assertThat(post(mvc, "{\"label\":\"fine\"}")).as("no id: one is generated").startsWith("200 ");
			assertThat(post(mvc, "{\"id\":\"" + future + "\",\"label\":\"tomorrow's id\"}"))
				.as("a client's id ahead of the clock: the client's mistake")
				.matches("4\\d\\d .*");
			assertThat(post(mvc, "{\"id\":\"-7\",\"label\":\"negative\"}")).as("a client's negative id")
				.matches("4\\d\\d .*");
		});
	}

	private static String post(MockMvc mvc, String json) {
		try {
			MockHttpServletResponse response = mvc
				.perform(org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post("/invoices")
					.contentType(MediaType.APPLICATION_JSON)
					.content(json))
				.andReturn()
				.getResponse();
			return response.getStatus() + " " + response.getContentAsString();
		}
		catch (Exception ex) { // MockMvc rethrows what a servlet container answers with a 500
			return "500 " + ex.getMessage();
		}
	}
}
