package io.snowflakeid.spring.publicid;

import java.util.List;
import java.util.Map;

import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.CookieValue;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.MatrixVariable;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.config.annotation.EnableWebMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * What an attacker tries next: matrix variables, a cookie, a map of parameters, a form body, a token followed by
 * matrix content, the raw id repeated after the token. Each either takes the token only or stops the start naming
 * the parameter; none reads a raw id.
 */
class PublicIdWebMvcAttackTests {

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class,
				SnowflakePublicIdWebMvcAutoConfiguration.class))
		.withUserConfiguration(WebConfiguration.class)
		.withPropertyValues("snowflake.public-id.keys.1=" + SnowflakePublicIdAutoConfigurationTests.KEY_1);

	@Test
	void matrixVariablesCookiesAndParameterMapsWithPublicIdStopTheStartNamingTheParameter() {
		for (Class<?> controller : List.of(MatrixController.class, CookieController.class, MapController.class)) {
			new WebApplicationContextRunner()
				.withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class,
						SnowflakePublicIdWebMvcAutoConfiguration.class))
				.withUserConfiguration(PublicIdStartupCheckTests.Mvc.class, controller)
				.withPropertyValues("snowflake.public-id.keys.1=" + SnowflakePublicIdAutoConfigurationTests.KEY_1)
				.run((context) -> assertThat(PublicIdStartupCheckTests.publicIdFailure(context.getStartupFailure()))
					.hasMessageContaining("@PublicId on parameter")
					.hasMessageContaining(controller.getSimpleName()));
		}
	}

	@Test
	void aTokenWithMatrixContentOrARepeatedParameterIsReadAsTheTokenOnly() {
		this.contextRunner.run((context) -> {
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			String token = context.getBean(PublicIdCodec.class).encode(42);
			// matrix content is not part of the path variable
			mvc.perform(get("/orders/" + token + ";id=43")).andExpect(status().isOk()).andExpect(content().string("42"));
			mvc.perform(get("/orders/43;id=" + token)).andExpect(status().isBadRequest());
			// the first value counts, as Spring reads a single-valued parameter
			mvc.perform(get("/orders").param("id", "43", token)).andExpect(status().isBadRequest());
			mvc.perform(get("/orders").param("id", token, "43")).andExpect(status().isOk())
				.andExpect(content().string("42"));
			// a form body is request parameters: the same resolver
			mvc.perform(post("/orders").contentType(MediaType.APPLICATION_FORM_URLENCODED).content("id=43"))
				.andExpect(status().isBadRequest());
			mvc.perform(post("/orders").contentType(MediaType.APPLICATION_FORM_URLENCODED).content("id=" + token))
				.andExpect(status().isOk()).andExpect(content().string("42"));
		});
	}

	@RestController
	static class Controller {

		@GetMapping(path = "/orders/{id}", produces = "text/plain")
		String byId(@PathVariable @PublicId Long id) {
			return Long.toString(id);
		}

		@GetMapping(path = "/orders", produces = "text/plain")
		String byParam(@RequestParam @PublicId Long id) {
			return Long.toString(id);
		}

		@PostMapping(path = "/orders", produces = "text/plain")
		String byForm(@RequestParam @PublicId Long id) {
			return Long.toString(id);
		}

	}

	@RestController
	static class MatrixController {

		@GetMapping(path = "/matrix/{segment}", produces = "text/plain")
		String matrix(@PathVariable String segment, @MatrixVariable @PublicId Long id) {
			return String.valueOf(id);
		}
	}

	@RestController
	static class CookieController {

		@GetMapping(path = "/cookie", produces = "text/plain")
		String cookie(@CookieValue @PublicId Long id) {
			return String.valueOf(id);
		}
	}

	@RestController
	static class MapController {

		@GetMapping(path = "/map", produces = "text/plain")
		String map(@RequestParam @PublicId Map<String, String> ids) {
			return ids.toString();
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EnableWebMvc
	static class WebConfiguration {

		@Bean
		Controller controller() {
			return new Controller();
		}
	}
}
