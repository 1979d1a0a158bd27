package io.snowflakeid.spring.publicid;

import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.config.annotation.EnableWebMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

/**
 * {@code @PublicId} on a handler method that returns the new id ({@code @PostMapping @PublicId Long create()}; its
 * target includes METHOD, for getters): the response body is never the raw id, either the token or a start failure
 * naming the method (as for unsupported parameters).
 */
class PublicIdHandlerReturnValueTests {

	private static final String KEY_1 = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class,
				SnowflakePublicIdWebMvcAutoConfiguration.class))
		.withUserConfiguration(WebConfiguration.class)
		.withPropertyValues("snowflake.public-id.keys.1=" + KEY_1);

	@Test
	void aPublicIdHandlerReturnValueIsNeverTheRawId() {
		this.contextRunner.run((context) -> {
			if (context.getStartupFailure() != null) {
				// refused at start, naming the method: acceptable
				assertThat(context.getStartupFailure()).hasStackTraceContaining("create");
				return;
			}
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			String body = mvc.perform(post("/orders")).andReturn().getResponse().getContentAsString();
			assertThat(body).isIn(context.getBean(PublicIdCodec.class).encode(42),
					"\"" + context.getBean(PublicIdCodec.class).encode(42) + "\"");
		});
	}

	@Configuration(proxyBeanMethods = false)
	@EnableWebMvc
	static class WebConfiguration {

		@Bean
		Controller controller() {
			return new Controller();
		}
	}

	@RestController
	static class Controller {

		@PostMapping("/orders")
		@PublicId
		Long create() {
			return 42L;
		}
	}
}
