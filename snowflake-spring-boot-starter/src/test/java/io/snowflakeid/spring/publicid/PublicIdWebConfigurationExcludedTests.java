package io.snowflakeid.spring.publicid;

import io.snowflakeid.publicid.PublicId;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.reactive.config.EnableWebFlux;
import org.springframework.web.servlet.config.annotation.EnableWebMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

/**
 * The codec and the JSON support on (SnowflakePublicIdAutoConfiguration) but the web auto-configuration that decodes
 * {@code @PublicId} parameters excluded ({@code spring.autoconfigure.exclude}, or left out of an application's
 * explicit auto-configuration list), where the start-up check that refuses undecodable parameters also lives: a
 * {@code @PathVariable @PublicId Long id} must never read the raw id ({@code /orders/42}): the start stops naming the
 * parameter, or the raw id is refused.
 */
class PublicIdWebConfigurationExcludedTests {

	private static final String KEY_1 = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

	@Test
	void webFluxWithoutThePublicIdWebFluxConfigurationNeverReadsARawIdIntoAPublicIdPathVariable() {
		new ReactiveWebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class))
			.withUserConfiguration(FluxConfiguration.class)
			.withPropertyValues("snowflake.public-id.keys.1=" + KEY_1)
			.run((context) -> {
				if (context.getStartupFailure() != null) {
					assertThat(context.getStartupFailure()).hasMessageContaining("@PublicId");
					return;
				}
				WebTestClient client = WebTestClient.bindToApplicationContext(context).build();
				byte[] body = client.get().uri("/orders/42").exchange().expectBody().returnResult().getResponseBody();
				assertThat(body == null ? "" : new String(body)).as("a raw id read as a @PublicId path variable")
					.isNotEqualTo("42");
			});
	}

	@Test
	void springMvcWithoutThePublicIdWebMvcConfigurationNeverReadsARawIdIntoAPublicIdPathVariable() {
		new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class))
			.withUserConfiguration(MvcConfiguration.class)
			.withPropertyValues("snowflake.public-id.keys.1=" + KEY_1)
			.run((context) -> {
				if (context.getStartupFailure() != null) {
					assertThat(context.getStartupFailure()).hasMessageContaining("@PublicId");
					return;
				}
				MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
				String body = mvc.perform(get("/orders/42")).andReturn().getResponse().getContentAsString();
				assertThat(body).as("a raw id read as a @PublicId path variable").isNotEqualTo("42");
			});
	}

	@RestController
	static class OrderController {

		@GetMapping("/orders/{id}")
		String order(@PathVariable @PublicId Long id) {
			return String.valueOf(id);
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EnableWebFlux
	static class FluxConfiguration {

		@Bean
		OrderController orderController() {
			return new OrderController();
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EnableWebMvc
	static class MvcConfiguration {

		@Bean
		OrderController orderController() {
			return new OrderController();
		}
	}
}
