package io.snowflakeid.spring.publicid;

import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
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
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.reactive.config.EnableWebFlux;
import org.springframework.web.servlet.config.annotation.EnableWebMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

/**
 * The start-up check registered by {@link SnowflakePublicIdAutoConfiguration} itself: without the web stack's
 * public-id auto-configuration (excluded with {@code spring.autoconfigure.exclude}, left out of an application's
 * explicit auto-configuration list, or backed off for want of a codec), a handler method that needs it stops the
 * start, naming the method, the parameter and the auto-configuration, so a {@code @PathVariable @PublicId Long id}
 * never reads a raw id ({@code /orders/42}); with it, the application starts.
 */
class PublicIdResolverAbsentTests {

	private static final String KEY_1 = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

	@Test
	void springMvcWithoutItsPublicIdConfigurationStopsTheStartNamingParameterAndConfiguration() {
		new WebApplicationContextRunner().withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class))
			.withUserConfiguration(MvcConfiguration.class)
			.withPropertyValues("snowflake.public-id.keys.1=" + KEY_1)
			.run((context) -> assertThat(context).getFailure()
				.hasMessageContaining("@PublicId in Spring MVC: parameter 'id' of ")
				.hasMessageContaining("OrderController.order(java.lang.Long)")
				.hasMessageContaining("SnowflakePublicIdWebMvcAutoConfiguration is missing from the "
						+ "auto-configurations or excluded"));
	}

	@Test
	void springMvcBindingAPublicIdPropertyWithoutItsPublicIdConfigurationStopsTheStart() {
		new WebApplicationContextRunner().withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class))
			.withUserConfiguration(MvcFormConfiguration.class)
			.withPropertyValues("snowflake.public-id.keys.1=" + KEY_1)
			.run((context) -> assertThat(context).getFailure()
				.hasMessageContaining("parameter 'form' of ")
				.hasMessageContaining("binds a Form with @PublicId properties")
				.hasMessageContaining("SnowflakePublicIdWebMvcAutoConfiguration"));
	}

	@Test
	void springMvcWithoutACodecStopsTheStartSayingSo() {
		new WebApplicationContextRunner().withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class,
				SnowflakePublicIdWebMvcAutoConfiguration.class))
			.withUserConfiguration(MvcConfiguration.class)
			.run((context) -> assertThat(context).getFailure()
				.hasMessageContaining("parameter 'id' of ")
				.hasMessageContaining("there is no PublicIdCodec (no " + PublicIdCodec.KEYS + ".* key)"));
	}

	@Test
	void springMvcWithItsPublicIdConfigurationStartsAndReadsTokens() {
		new WebApplicationContextRunner().withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class,
				SnowflakePublicIdWebMvcAutoConfiguration.class))
			.withUserConfiguration(MvcConfiguration.class, MvcFormConfiguration.class)
			.withPropertyValues("snowflake.public-id.keys.1=" + KEY_1)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
				String token = context.getBean(PublicIdCodec.class).encode(42);
				assertThat(mvc.perform(get("/orders/" + token)).andReturn().getResponse().getContentAsString())
					.isEqualTo("42");
				assertThat(mvc.perform(get("/orders/42")).andReturn().getResponse().getStatus()).isEqualTo(400);
			});
	}

	@Test
	void webFluxWithoutItsPublicIdConfigurationStopsTheStartNamingParameterAndConfiguration() {
		new ReactiveWebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class))
			.withUserConfiguration(FluxConfiguration.class)
			.withPropertyValues("snowflake.public-id.keys.1=" + KEY_1)
			.run((context) -> assertThat(context).getFailure()
				.hasMessageContaining("@PublicId in WebFlux: parameter 'id' of ")
				.hasMessageContaining("OrderController.order(java.lang.Long)")
				.hasMessageContaining("SnowflakePublicIdWebFluxAutoConfiguration is missing from the "
						+ "auto-configurations or excluded"));
	}

	@Test
	void webFluxWithItsPublicIdConfigurationStartsAndReadsTokens() {
		new ReactiveWebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class,
					SnowflakePublicIdWebFluxAutoConfiguration.class))
			.withUserConfiguration(FluxConfiguration.class)
			.withPropertyValues("snowflake.public-id.keys.1=" + KEY_1)
			.run((context) -> {
				assertThat(context).hasNotFailed();
				WebTestClient client = WebTestClient.bindToApplicationContext(context).build();
				String token = context.getBean(PublicIdCodec.class).encode(42);
				client.get().uri("/orders/" + token).exchange().expectStatus().isOk().expectBody(String.class)
					.isEqualTo("42");
				client.get().uri("/orders/42").exchange().expectStatus().isBadRequest();
			});
	}

	@RestController
	static class OrderController {

		@GetMapping("/orders/{id}")
		String order(@PathVariable @PublicId Long id) {
			return String.valueOf(id);
		}
	}

	public static class Form {

		@PublicId
		private Long customer;

		public Long getCustomer() {
			return this.customer;
		}

		public void setCustomer(Long customer) {
			this.customer = customer;
		}
	}

	@RestController
	static class FormController {

		@GetMapping("/forms")
		String form(@ModelAttribute Form form) {
			return String.valueOf(form.getCustomer());
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

	@Configuration(proxyBeanMethods = false)
	@EnableWebMvc
	static class MvcFormConfiguration {

		@Bean
		FormController formController() {
			return new FormController();
		}
	}
}
