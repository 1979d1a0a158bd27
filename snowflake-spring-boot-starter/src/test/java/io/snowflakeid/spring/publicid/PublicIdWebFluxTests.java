package io.snowflakeid.spring.publicid;

import java.util.Optional;

import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.spring.boot3.PublicIdJackson2Module;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;
import org.springframework.http.codec.ServerCodecConfigurer;
import org.springframework.test.web.reactive.server.WebTestClient;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.reactive.config.EnableWebFlux;
import org.springframework.web.reactive.config.WebFluxConfigurer;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * WebFlux with the real DispatcherHandler (WebTestClient bound to a reactive context): {@code @PathVariable},
 * {@code @RequestParam} and implicit {@code @PublicId} parameters and {@code @ModelAttribute} properties take tokens
 * only; a raw id or a bad token is a 400 with the reason, a blank one a 400, never a raw id read.
 */
class PublicIdWebFluxTests {

	private final ReactiveWebApplicationContextRunner contextRunner = new ReactiveWebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class,
				SnowflakePublicIdWebFluxAutoConfiguration.class))
		.withUserConfiguration(WebConfiguration.class)
		.withPropertyValues("snowflake.public-id.keys.1=" + SnowflakePublicIdAutoConfigurationTests.KEY_1);

	@Test
	void pathVariablesAndRequestParametersTakeTokensAndRefuseRawIds() {
		this.contextRunner.run((context) -> {
			WebTestClient client = WebTestClient.bindToApplicationContext(context).build();
			PublicIdCodec codec = context.getBean(PublicIdCodec.class);
			String token = codec.encode(912207628317364225L);
			client.get().uri("/orders/{id}", token).exchange().expectStatus().isOk()
				.expectBody(String.class).isEqualTo("912207628317364225");
			client.get().uri("/orders?customer={c}", token).exchange().expectStatus().isOk()
				.expectBody(String.class).isEqualTo("912207628317364225");
			client.get().uri("/implicit?id={c}", token).exchange().expectStatus().isOk()
				.expectBody(String.class).isEqualTo("912207628317364225");
			client.get().uri("/optional?id={c}", token).exchange().expectStatus().isOk()
				.expectBody(String.class).isEqualTo("Optional[912207628317364225]");
			client.get().uri("/invoices/{id}", codec.forDomain("invoice").encode(7)).exchange().expectStatus().isOk()
				.expectBody(String.class).isEqualTo("7");
			client.get().uri("/orders/912207628317364225").exchange().expectStatus().isBadRequest()
				.expectBody().jsonPath("$.reason").isEqualTo("MALFORMED")
				.jsonPath("$.detail").isEqualTo("Parameter 'id': Invalid public id: malformed (expected 17 characters "
						+ "of the base62 alphabet)");
			client.get().uri("/orders/1AAAAAAAAAAAAAAAA").exchange().expectStatus().isBadRequest()
				.expectBody().jsonPath("$.reason").isEqualTo("FAILED_CHECK");
			client.get().uri("/orders?customer=42").exchange().expectStatus().isBadRequest();
			client.get().uri("/implicit?id=42").exchange().expectStatus().isBadRequest();
			// a token of the default domain does not open an invoice
			client.get().uri("/invoices/{id}", codec.encode(7)).exchange().expectStatus().isBadRequest();
		});
	}

	@Test
	void blankOrMissingRequiredParametersAreA400() {
		this.contextRunner.run((context) -> {
			WebTestClient client = WebTestClient.bindToApplicationContext(context).build();
			client.get().uri("/orders?customer=").exchange().expectStatus().isBadRequest();
			client.get().uri("/orders?customer=%20").exchange().expectStatus().isBadRequest();
			client.get().uri("/orders").exchange().expectStatus().isBadRequest();
			client.get().uri("/orders/%20").exchange().expectStatus().isBadRequest();
			client.get().uri("/optional").exchange().expectStatus().isOk()
				.expectBody(String.class).isEqualTo("Optional.empty");
		});
	}

	@Test
	void modelAttributePropertiesTakeTokensAndRefuseRawIds() {
		this.contextRunner.run((context) -> {
			WebTestClient client = WebTestClient.bindToApplicationContext(context).build();
			String token = context.getBean(PublicIdCodec.class).encode(42);
			client.get().uri("/form?id={id}&customer.id={id}", token, token).exchange().expectStatus().isOk()
				.expectBody(String.class).isEqualTo("42 42");
			client.get().uri("/form?id=42").exchange().expectStatus().isBadRequest();
			client.get().uri("/form?customer.id=42").exchange().expectStatus().isBadRequest();
		});
	}

	@Test
	void aRawIdInAJsonBodyIsA400WithTheReason() {
		this.contextRunner.run((context) -> {
			WebTestClient client = WebTestClient.bindToApplicationContext(context).build();
			String token = context.getBean(PublicIdCodec.class).encode(5);
			client.post().uri("/orders").contentType(MediaType.APPLICATION_JSON).bodyValue("{\"id\":\"" + token + "\"}")
				.exchange().expectStatus().isOk().expectBody(String.class).isEqualTo("5");
			client.post().uri("/orders").contentType(MediaType.APPLICATION_JSON).bodyValue("{\"id\":5}")
				.exchange().expectStatus().isBadRequest()
				.expectBody().jsonPath("$.reason").isEqualTo("MALFORMED");
		});
	}

	@Test
	void headersAndCookiesWithPublicIdStopTheStartNamingTheParameterNeverARawId() {
		this.contextRunner.withUserConfiguration(HeaderController.class)
			.run((context) -> assertThat(PublicIdStartupCheckTests.publicIdFailure(context.getStartupFailure()))
				.hasMessageContaining("@PublicId on parameter 'id'")
				.hasMessageContaining("HeaderController"));
	}

	@Test
	void onlyInReactiveWebApplications() {
		new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class,
					SnowflakePublicIdWebFluxAutoConfiguration.class))
			.withPropertyValues("snowflake.public-id.keys.1=" + SnowflakePublicIdAutoConfigurationTests.KEY_1)
			.run((context) -> assertThat(context).doesNotHaveBean("publicIdReactiveArgumentResolverRegistrar"));
		this.contextRunner.run((context) -> assertThat(context).hasBean("publicIdReactiveArgumentResolverRegistrar"));
	}

	public record OrderBody(@PublicId Long id) {
	}

	public static class Customer {

		private Long id;

		public Long getId() {
			return this.id;
		}

		@PublicId
		public void setId(Long id) {
			this.id = id;
		}
	}

	public static class OrderForm {

		@PublicId
		private Long id;

		private Customer customer = new Customer();

		public Long getId() {
			return this.id;
		}

		public void setId(Long id) {
			this.id = id;
		}

		public Customer getCustomer() {
			return this.customer;
		}

		public void setCustomer(Customer customer) {
			this.customer = customer;
		}
	}

	@RestController
	static class OrderController {

		@GetMapping(path = "/orders/{id}", produces = "text/plain")
		String byId(@PathVariable @PublicId Long id) {
			return Long.toString(id);
		}

		@GetMapping(path = "/orders", produces = "text/plain")
		String byCustomer(@RequestParam @PublicId long customer) {
			return Long.toString(customer);
		}

		@GetMapping(path = "/implicit", produces = "text/plain")
		String implicit(@PublicId Long id) {
			return String.valueOf(id);
		}

		@GetMapping(path = "/optional", produces = "text/plain")
		String optional(@RequestParam("id") @PublicId Optional<Long> id) {
			return String.valueOf(id);
		}

		@GetMapping(path = "/invoices/{id}", produces = "text/plain")
		String invoice(@PathVariable @PublicId("invoice") Long id) {
			return Long.toString(id);
		}

		@GetMapping(path = "/form", produces = "text/plain")
		String form(@ModelAttribute OrderForm form) {
			return form.getId() + " " + form.getCustomer().getId();
		}

		@PostMapping(path = "/orders", produces = "text/plain")
		String create(@RequestBody OrderBody body) {
			return Long.toString(body.id());
		}
	}

	@RestController
	static class HeaderController {

		@GetMapping(path = "/header", produces = "text/plain")
		String header(@org.springframework.web.bind.annotation.RequestHeader("X-Id") @PublicId Long id,
				@org.springframework.web.bind.annotation.CookieValue("c") String cookie) {
			return String.valueOf(id);
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EnableWebFlux
	static class WebConfiguration implements WebFluxConfigurer {

		private final PublicIdCodec codec;

		WebConfiguration(PublicIdCodec codec) {
			this.codec = codec;
		}

		@Bean
		OrderController orderController() {
			return new OrderController();
		}

		/** Jackson 2's codecs exist on both Spring lines (Boot wires its own JSON mapper in applications). */
		@Override
		@SuppressWarnings({ "deprecation", "removal" })
		public void configureHttpMessageCodecs(ServerCodecConfigurer configurer) {
			com.fasterxml.jackson.databind.ObjectMapper mapper = org.springframework.http.converter.json.Jackson2ObjectMapperBuilder
				.json()
				.modules(new PublicIdJackson2Module(this.codec))
				.build();
			// custom codecs come before the default JSON ones (Jackson 3's on Spring 7)
			configurer.customCodecs().register(new org.springframework.http.codec.json.Jackson2JsonDecoder(mapper));
			configurer.customCodecs().register(new org.springframework.http.codec.json.Jackson2JsonEncoder(mapper));
		}
	}
}
