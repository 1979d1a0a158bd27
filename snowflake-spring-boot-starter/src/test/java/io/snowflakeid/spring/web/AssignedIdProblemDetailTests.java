package io.snowflakeid.spring.web;

import java.util.UUID;

import io.snowflakeid.AssignedIdRefusedException;
import io.snowflakeid.SnowflakeIdGenerator;
import io.snowflakeid.spring.assigned.AssignedIdApplication;
import io.snowflakeid.spring.SnowflakeAutoConfiguration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.dao.InvalidDataAccessApiUsageException;
import org.springframework.http.HttpStatus;
import org.springframework.http.MediaType;
import org.springframework.http.ResponseEntity;
import org.springframework.mock.web.MockHttpServletResponse;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.ExceptionHandler;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.bind.annotation.RestControllerAdvice;
import org.springframework.web.reactive.config.EnableWebFlux;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

/**
 * A client's id refused as assigned ({@link AssignedIdRefusedException}, wrapped by Spring Data) is a 400 problem
 * detail naming the attribute, without internals, in Spring MVC and WebFlux; an application's own handler wins; no
 * WARN line per request.
 */
@ExtendWith(OutputCaptureExtension.class)
class AssignedIdProblemDetailTests {

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withUserConfiguration(AssignedIdApplication.class)
		.withPropertyValues("snowflake.datacenter-id=1", "snowflake.worker-id=2",
				"spring.datasource.url=jdbc:h2:mem:assigned-" + UUID.randomUUID(),
				"spring.jpa.hibernate.ddl-auto=create-drop", "springdoc.api-docs.enabled=false");

	@Test
	void springMvcAnswersANegativeIdWithA400ProblemDetailNamingTheAttribute(CapturedOutput output) {
		this.contextRunner.run((context) -> {
			assertThat(context).hasNotFailed();
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			MockHttpServletResponse response = mvc
				.perform(post("/invoices").contentType(MediaType.APPLICATION_JSON)
					.content("{\"id\":\"-7\",\"label\":\"negative\"}"))
				.andReturn()
				.getResponse();
			assertThat(response.getStatus()).isEqualTo(400);
			assertThat(response.getContentType()).contains("problem+json");
			String body = response.getContentAsString();
			assertThat(body).contains("\"attribute\":\"Invoice.id\"", "\"title\":\"Id refused\"")
				.doesNotContain("Exception", "at io.", "Refusing", "JsonProperty");
		});
		assertThat(output).doesNotContain("WARN").doesNotContain("Invoice.id = -7");
	}

	@Test
	void theApplicationsOwnHandlerWins() {
		this.contextRunner.withUserConfiguration(OwnHandler.class).run((context) -> {
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			MockHttpServletResponse response = mvc
				.perform(post("/invoices").contentType(MediaType.APPLICATION_JSON)
					.content("{\"id\":\"-7\",\"label\":\"negative\"}"))
				.andReturn()
				.getResponse();
			assertThat(response.getStatus()).isEqualTo(422);
			assertThat(response.getContentAsString()).isEqualTo("own");
		});
	}

	@Test
	void webFluxAnswersARefusedIdWithA400ProblemDetailNamingTheAttribute(CapturedOutput output) {
		new ReactiveWebApplicationContextRunner().withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class))
			.withUserConfiguration(FluxConfiguration.class)
			.withPropertyValues("snowflake.datacenter-id=1", "snowflake.worker-id=2")
			.run((context) -> {
				assertThat(context).hasNotFailed();
				WebTestClient client = WebTestClient.bindToApplicationContext(context).build();
				String body = client.post()
					.uri("/invoices")
					.exchange()
					.expectStatus()
					.isBadRequest()
					.expectBody(String.class)
					.returnResult()
					.getResponseBody();
				assertThat(body).contains("\"attribute\":\"Invoice.id\"").doesNotContain("Exception", "Refusing");
			});
		assertThat(output).doesNotContain("WARN");
	}

	@RestControllerAdvice
	static class OwnHandler {

		@ExceptionHandler(InvalidDataAccessApiUsageException.class)
		ResponseEntity<String> own(InvalidDataAccessApiUsageException ex) {
			return ResponseEntity.status(HttpStatus.UNPROCESSABLE_ENTITY).body("own");
		}
	}

	@RestController
	static class FluxInvoiceController {

		private final SnowflakeIdGenerator ids;

		FluxInvoiceController(SnowflakeIdGenerator ids) {
			this.ids = ids;
		}

		@PostMapping("/invoices")
		String create() {
			try {
				AssignedIdRefusedException.check(this.ids, "Invoice.id", -7, System.currentTimeMillis());
			}
			catch (AssignedIdRefusedException ex) { // as Spring Data wraps it
				throw new InvalidDataAccessApiUsageException(ex.getMessage(), ex);
			}
			return "saved";
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EnableWebFlux
	static class FluxConfiguration {

		@Bean
		FluxInvoiceController fluxInvoiceController(SnowflakeIdGenerator ids) {
			return new FluxInvoiceController(ids);
		}
	}
}
