package io.snowflakeid.spring.publicid;

import java.util.List;

import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.spring.boot3.PublicIdJackson2Module;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.config.annotation.EnableWebMvc;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/** Spring MVC with the real DispatcherServlet (MockMvc): tokens in paths, parameters and bodies; bad ones are a 400. */
class PublicIdWebMvcTests {

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class,
				SnowflakePublicIdWebMvcAutoConfiguration.class))
		.withUserConfiguration(WebConfiguration.class)
		.withPropertyValues("snowflake.public-id.keys.1=" + SnowflakePublicIdAutoConfigurationTests.KEY_1);

	@Test
	void pathVariablesAndRequestParametersAreDecodedAndBadTokensAreA400WithTheReason() {
		this.contextRunner.run((context) -> {
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			PublicIdCodec codec = context.getBean(PublicIdCodec.class);
			String token = codec.encode(912207628317364225L);
			mvc.perform(get("/orders/" + token)).andExpect(status().isOk()).andExpect(content().string("912207628317364225"));
			mvc.perform(get("/orders").param("customer", token).param("page", "3"))
				.andExpect(status().isOk())
				.andExpect(content().string("912207628317364225/3"));
			mvc.perform(get("/orders/1AAAAAAAAAAAAAAAA"))
				.andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.title").value("Invalid public id"))
				.andExpect(jsonPath("$.detail").value("Parameter 'id': Invalid public id: failed check"))
				.andExpect(jsonPath("$.reason").value("FAILED_CHECK"));
			// A raw id, or a token made of digits only, is never read as a number.
			mvc.perform(get("/orders/912207628317364225"))
				.andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.reason").value("MALFORMED"));
			mvc.perform(get("/orders/12345678901234567")).andExpect(status().isBadRequest());
			mvc.perform(get("/orders").param("customer", "42")).andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.detail").value("Parameter 'customer': Invalid public id: malformed (expected 17 "
						+ "characters of the base62 alphabet)"));
			mvc.perform(get("/orders").param("customer", "9" + token.substring(1)))
				.andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.detail").value("Parameter 'customer': Invalid public id: unknown key version"));
			// Not a public id: a plain Long parameter is still a number, and its errors are Spring's usual 400.
			mvc.perform(get("/orders").param("customer", token).param("page", "x")).andExpect(status().isBadRequest())
				.andExpect(content().string(""));
		});
	}

	@Test
	void aBodyWithABadTokenIsA400WithTheReason() {
		this.contextRunner.run((context) -> {
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			String token = context.getBean(PublicIdCodec.class).encode(5);
			mvc.perform(post("/orders").contentType(MediaType.APPLICATION_JSON).content("{\"id\":\"" + token + "\"}"))
				.andExpect(status().isOk())
				.andExpect(content().string("5"));
			mvc.perform(post("/orders").contentType(MediaType.APPLICATION_JSON).content("{\"id\":\"1AAAAAAAAAAAAAAAA\"}"))
				.andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.detail").value("Request body: Invalid public id: failed check"));
		});
	}

	@Test
	void theMvcSupportNeedsACodec() {
		new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class,
					SnowflakePublicIdWebMvcAutoConfiguration.class))
			.run((context) -> assertThat(context).doesNotHaveBean("publicIdArgumentResolverRegistrar")
				.doesNotHaveBean(PublicIdExceptionHandler.class));
	}

	public record OrderBody(@PublicId Long id) {
	}

	@RestController
	static class OrderController {

		@GetMapping(path = "/orders/{id}", produces = "text/plain")
		String byId(@PathVariable @PublicId Long id) {
			return Long.toString(id);
		}

		@GetMapping(path = "/orders", produces = "text/plain")
		String byCustomer(@RequestParam @PublicId long customer, @RequestParam Long page) {
			return customer + "/" + page;
		}

		@PostMapping(path = "/orders", produces = "text/plain")
		String create(@RequestBody OrderBody body) {
			return Long.toString(body.id());
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EnableWebMvc
	static class WebConfiguration implements WebMvcConfigurer {

		private final PublicIdCodec codec;

		WebConfiguration(PublicIdCodec codec) {
			this.codec = codec;
		}

		@Bean
		OrderController orderController() {
			return new OrderController();
		}

		/** Jackson 2's converter exists on both Spring lines (Boot's own JSON auto-configuration differs). */
		@Override
		@SuppressWarnings({ "deprecation", "removal" })
		public void extendMessageConverters(List<HttpMessageConverter<?>> converters) {
			converters.add(0, new org.springframework.http.converter.json.MappingJackson2HttpMessageConverter(
					org.springframework.http.converter.json.Jackson2ObjectMapperBuilder.json() // with the ProblemDetail mix-in
						.modules(new PublicIdJackson2Module(this.codec))
						.build()));
		}
	}
}
