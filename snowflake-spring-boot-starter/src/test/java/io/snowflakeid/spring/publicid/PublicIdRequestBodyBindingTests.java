package io.snowflakeid.spring.publicid;

import java.util.List;

import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.config.annotation.EnableWebMvc;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;

/**
 * A {@code @RequestBody} whose type has {@code @PublicId} shapes the Jackson modules support
 * ({@code @PublicId List<Long>}, {@code @PublicId String}, a tree {@code Node} with {@code List<Node> children}): Spring
 * MVC creates a data binder for it (for validation), and the starter's binding initializer must not treat the body as
 * a form. A valid request with valid tokens is answered, not a 500 (the start-up check does not see a body: it is no
 * bound object).
 */
class PublicIdRequestBodyBindingTests {

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class,
				SnowflakePublicIdWebMvcAutoConfiguration.class))
		.withUserConfiguration(WebConfiguration.class)
		.withPropertyValues("snowflake.public-id.keys.1=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=");

	@Test
	void aJsonBodyWithSupportedPublicIdShapesIsReadNotA500() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasNotFailed();
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			PublicIdCodec codec = context.getBean(PublicIdCodec.class);
			String t42 = codec.encode(42);
			String t43 = codec.encode(43);
			assertThat(status(mvc, "/batch", "{\"ids\":[\"" + t42 + "\",\"" + t43 + "\"]}")).isEqualTo("200 [42, 43]");
			assertThat(status(mvc, "/text", "{\"id\":\"" + t42 + "\"}")).isEqualTo("200 42");
			assertThat(status(mvc, "/tree", "{\"id\":\"" + t42 + "\",\"children\":[{\"id\":\"" + t43 + "\"}]}"))
				.isEqualTo("200 42");
		});
	}

	private static String status(MockMvc mvc, String path, String json) {
		try {
			var response = mvc.perform(post(path).contentType(MediaType.APPLICATION_JSON).content(json)).andReturn()
				.getResponse();
			return response.getStatus() + " " + response.getContentAsString().replace("\"", ""); // a JSON string
		}
		catch (Exception ex) { // MockMvc rethrows what a servlet container answers with a 500
			return "500 " + ex.getMessage();
		}
	}

	public static class Batch {

		@PublicId
		public List<Long> ids;

	}

	public static class Text {

		@PublicId
		public String id;

	}

	public static class Node {

		@PublicId
		public Long id;

		public List<Node> children;

	}

	@Configuration(proxyBeanMethods = false)
	@EnableWebMvc
	static class WebConfiguration implements WebMvcConfigurer {

		private final io.snowflakeid.spring.boot3.PublicIdJackson2Module module;

		WebConfiguration(io.snowflakeid.spring.boot3.PublicIdJackson2Module module) {
			this.module = module;
		}

		/** Jackson 2, on the test class path of both lines (Jackson 3's converter is Spring 7's only). */
		@Override
		@SuppressWarnings({ "deprecation", "removal" })
		public void extendMessageConverters(List<HttpMessageConverter<?>> converters) {
			converters.add(0, new org.springframework.http.converter.json.MappingJackson2HttpMessageConverter(
					org.springframework.http.converter.json.Jackson2ObjectMapperBuilder.json().modules(this.module).build()));
		}

		@Bean
		Controller controller() {
			return new Controller();
		}
	}

	@RestController
	static class Controller {

		@PostMapping("/batch")
		String batch(@RequestBody Batch batch) {
			return String.valueOf(batch.ids);
		}

		@PostMapping("/text")
		String text(@RequestBody Text text) {
			return text.id;
		}

		@PostMapping("/tree")
		String tree(@RequestBody Node node) {
			return String.valueOf(node.id);
		}
	}
}
