package io.snowflakeid.spring.publicid;

import java.util.List;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.spring.boot3.PublicIdJackson2Module;
import io.snowflakeid.hibernate.internal.PublicIdJson;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

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
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * What any client can send: an empty or blank token, a raw id as a JSON number. Each is a 400 with a problem detail
 * naming the parameter (never a 500, never the controller called with null), and none logs a WARN line (a client
 * must not be able to flood the log).
 */
class PublicIdWebMvcBadInputTests {

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class,
				SnowflakePublicIdWebMvcAutoConfiguration.class))
		.withUserConfiguration(WebConfiguration.class)
		.withPropertyValues("snowflake.public-id.keys.1=" + SnowflakePublicIdAutoConfigurationTests.KEY_1);

	@Test
	void anEmptyOrBlankRequiredRequestParameterIsA400NamingItNotNullInTheController() {
		this.contextRunner.run((context) -> {
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			for (String blank : new String[] { "", " ", "\t" }) {
				mvc.perform(get("/orders").param("id", blank))
					.andExpect(status().isBadRequest())
					.andExpect(jsonPath("$.detail").value("Required parameter 'id' is not present."));
			}
			mvc.perform(get("/orders")).andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.detail").value("Required parameter 'id' is not present."));
			// Not required: blank is no id, as Spring reads an empty Long parameter.
			mvc.perform(get("/optional-orders").param("id", " ")).andExpect(status().isOk())
				.andExpect(content().string("null"));
		});
	}

	@Test
	void aBlankPathVariableIsA400NamingIt() {
		this.contextRunner.run((context) -> {
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			mvc.perform(get("/orders/{id}", " ")).andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.detail").value("Required path variable 'id' is not present."));
			// A segment of matrix variables only matches no {id}: a 404, never the controller with null.
			mvc.perform(get("/orders/;x=1")).andExpect(status().isNotFound());
		});
	}

	@Test
	void aRawIdAsAJsonNumberIsA400WithTheReasonAsABadTokenIs() {
		this.contextRunner.run((context) -> {
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			mvc.perform(post("/orders").contentType(MediaType.APPLICATION_JSON).content("{\"id\":912207628317364225}"))
				.andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.title").value("Invalid public id"))
				.andExpect(jsonPath("$.reason").value("MALFORMED"));
		});
	}

	/** The handler recognises a refused number by the modules' message: Jackson 3 (Boot 4's) uses it too. */
	@Test
	void jackson3RefusesAJsonNumberWithTheMessageTheHandlerRecognises() {
		this.contextRunner.run((context) -> {
			tools.jackson.databind.json.JsonMapper mapper = tools.jackson.databind.json.JsonMapper.builder()
				.addModule(new PublicIdJackson3Module(context.getBean(PublicIdCodec.class)))
				.build();
			assertThatThrownBy(() -> mapper.readValue("{\"id\":912207628317364225}", OrderBody.class))
				.hasMessageContaining(PublicIdJson.NUMBER_REFUSED);
		});
	}

	@Test
	void badInputLogsNoWarning() {
		this.contextRunner.run((context) -> {
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			ListAppender<ILoggingEvent> events = new ListAppender<>();
			Logger root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
			events.start();
			root.addAppender(events);
			try {
				mvc.perform(post("/orders").contentType(MediaType.APPLICATION_JSON).content("{\"id\":42}"))
					.andExpect(status().isBadRequest());
				mvc.perform(post("/orders").contentType(MediaType.APPLICATION_JSON).content("{\"id\":\"1AAAAAAAAAAAAAAAA\"}"))
					.andExpect(status().isBadRequest());
				mvc.perform(get("/orders/42")).andExpect(status().isBadRequest());
				mvc.perform(get("/orders").param("id", "")).andExpect(status().isBadRequest());
				mvc.perform(get("/orders")).andExpect(status().isBadRequest());
				mvc.perform(get("/orders/{id}", " ")).andExpect(status().isBadRequest());
			}
			finally {
				root.detachAppender(events);
			}
			assertThat(events.list).filteredOn((event) -> event.getLevel().isGreaterOrEqual(Level.WARN))
				.extracting(ILoggingEvent::getFormattedMessage)
				.isEmpty();
		});
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
		String byQuery(@RequestParam @PublicId Long id) {
			return Long.toString(id);
		}

		@GetMapping(path = "/optional-orders", produces = "text/plain")
		String optional(@RequestParam(required = false) @PublicId Long id) {
			return String.valueOf(id);
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

		@Override
		@SuppressWarnings({ "deprecation", "removal" })
		public void extendMessageConverters(List<HttpMessageConverter<?>> converters) {
			converters.add(0, new org.springframework.http.converter.json.MappingJackson2HttpMessageConverter(
					org.springframework.http.converter.json.Jackson2ObjectMapperBuilder.json()
						.modules(new PublicIdJackson2Module(this.codec))
						.build()));
		}
	}
}
