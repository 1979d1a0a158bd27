package io.snowflakeid.spring.publicid;

import java.util.Optional;

import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.ResponseEntity;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.config.annotation.EnableWebMvc;
import org.springframework.web.servlet.mvc.method.annotation.MvcUriComponentsBuilder;

import static org.springframework.hateoas.server.mvc.WebMvcLinkBuilder.linkTo;
import static org.springframework.hateoas.server.mvc.WebMvcLinkBuilder.methodOn;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * Links to controller methods ({@code MvcUriComponentsBuilder.fromMethodOn}, Spring HATEOAS
 * {@code linkTo(methodOn(...))}) put the token of a {@code @PathVariable}/{@code @RequestParam @PublicId} argument
 * in the URI: not {@code %7Bid%7D}, not the raw id. And the link leads back: the token it carries is accepted.
 */
class PublicIdWebMvcLinkTests {

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class,
				SnowflakePublicIdWebMvcAutoConfiguration.class))
		.withUserConfiguration(WebConfiguration.class)
		.withPropertyValues("snowflake.public-id.keys.1=" + SnowflakePublicIdAutoConfigurationTests.KEY_1);

	@Test
	void mvcUriComponentsBuilderLinksCarryTheToken() {
		this.contextRunner.run((context) -> {
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			PublicIdCodec codec = context.getBean(PublicIdCodec.class);
			String token = codec.encode(42);
			mvc.perform(get("/links/mvc")).andExpect(status().isOk())
				.andExpect(content().string("http://localhost/orders/" + token + " http://localhost/orders?customer="
						+ token + " http://localhost/invoices/" + codec.forDomain("invoice").encode(42)
						+ " http://localhost/orders?customer=" + token));
			mvc.perform(get("/orders/" + token)).andExpect(status().isOk()).andExpect(content().string("42"));
		});
	}

	@Test
	void hateoasLinksCarryTheToken() {
		this.contextRunner.run((context) -> {
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			PublicIdCodec codec = context.getBean(PublicIdCodec.class);
			String token = codec.encode(42);
			mvc.perform(get("/links/hateoas")).andExpect(status().isOk())
				.andExpect(content().string("http://localhost/orders/" + token + " http://localhost/orders?customer="
						+ token + " http://localhost/invoices/" + codec.forDomain("invoice").encode(42)));
		});
	}

	@RestController
	static class OrderController {

		@GetMapping("/orders/{id}")
		ResponseEntity<String> byId(@PathVariable @PublicId Long id) {
			return ResponseEntity.ok(Long.toString(id));
		}

		@GetMapping("/orders")
		ResponseEntity<String> byCustomer(@RequestParam @PublicId Long customer) {
			return ResponseEntity.ok(Long.toString(customer));
		}

		@GetMapping("/optional-orders")
		ResponseEntity<String> byOptionalCustomer(@RequestParam("customer") @PublicId Optional<Long> customer) {
			return ResponseEntity.ok(String.valueOf(customer));
		}

		@GetMapping("/invoices/{id}")
		ResponseEntity<String> invoice(@PathVariable @PublicId("invoice") long id) {
			return ResponseEntity.ok(Long.toString(id));
		}
	}

	@RestController
	static class LinkController {

		@GetMapping("/links/mvc")
		String mvc() {
			return MvcUriComponentsBuilder.fromMethodCall(
					MvcUriComponentsBuilder.on(OrderController.class).byId(42L)).toUriString() + " "
					+ MvcUriComponentsBuilder.fromMethodCall(
							MvcUriComponentsBuilder.on(OrderController.class).byCustomer(42L)).toUriString() + " "
					+ MvcUriComponentsBuilder.fromMethodCall(
							MvcUriComponentsBuilder.on(OrderController.class).invoice(42L)).toUriString() + " "
					+ MvcUriComponentsBuilder.fromMethodCall(MvcUriComponentsBuilder.on(OrderController.class)
						.byOptionalCustomer(Optional.of(42L))).toUriString().replace("optional-orders", "orders");
		}

		@GetMapping("/links/hateoas")
		String hateoas() {
			return linkTo(methodOn(OrderController.class).byId(42L)).toUri() + " "
					+ linkTo(methodOn(OrderController.class).byCustomer(42L)).toUri() + " "
					+ linkTo(methodOn(OrderController.class).invoice(42L)).toUri();
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EnableWebMvc
	static class WebConfiguration {

		@Bean
		OrderController orderController() {
			return new OrderController();
		}

		@Bean
		LinkController linkController() {
			return new LinkController();
		}
	}
}
