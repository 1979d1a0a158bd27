package io.snowflakeid.spring.publicid;

import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.spring.boot3.PublicIdJackson2Module;
import org.junit.jupiter.api.Test;

import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.MediaType;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.PostMapping;
import org.springframework.web.bind.annotation.RequestBody;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * A token with spaces around it (a copied link, a form field) is read the same on every path: trimmed in JSON bodies
 * and JSON map keys, path variables, request parameters and bound objects alike. Whitespace inside a token is
 * refused everywhere.
 */
class PublicIdTokenWhitespaceTests {

	@Test
	void surroundingWhitespaceIsTrimmedOnEveryPathAndInnerWhitespaceRefused() {
		PublicIdMvcTestSupport.runner(Endpoints.class).run((context) -> {
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			String token = context.getBean(PublicIdCodec.class).encode(42);
			String padded = " " + token + "\t";
			mvc.perform(get("/ws/path/{id}", padded)).andExpect(status().isOk()).andExpect(content().string("42"));
			mvc.perform(get("/ws/param").param("id", padded)).andExpect(status().isOk()).andExpect(content().string("42"));
			mvc.perform(get("/ws/form").param("id", padded)).andExpect(status().isOk()).andExpect(content().string("42"));
			mvc.perform(post("/ws/body").contentType(MediaType.APPLICATION_JSON).content("{\"id\":\"" + " " + token + " \"}"))
				.andExpect(status().isOk())
				.andExpect(content().string("42"));
			String inner = token.substring(0, 5) + " " + token.substring(5);
			mvc.perform(get("/ws/param").param("id", inner)).andExpect(status().isBadRequest());
			mvc.perform(get("/ws/form").param("id", inner)).andExpect(status().isBadRequest());
			mvc.perform(post("/ws/body").contentType(MediaType.APPLICATION_JSON).content("{\"id\":\"" + inner + "\"}"))
				.andExpect(status().isBadRequest());
		});
		// JSON alone, as the module reads it
		PublicIdMvcTestSupport.runner().run((context) -> {
			com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper()
				.registerModule(context.getBean(PublicIdJackson2Module.class));
			String token = context.getBean(PublicIdCodec.class).encode(7);
			assertThat(mapper.readValue("{\"id\":\" " + token + "\"}", Body.class).id()).isEqualTo(7);
		});
	}

	public record Body(@PublicId Long id) {
	}

	public static class Form {

		@PublicId
		private Long id;

		public Long getId() {
			return this.id;
		}

		public void setId(Long id) {
			this.id = id;
		}
	}

	@RestController
	static class Controller {

		@GetMapping(path = "/ws/path/{id}", produces = "text/plain")
		String path(@PathVariable @PublicId Long id) {
			return Long.toString(id);
		}

		@GetMapping(path = "/ws/param", produces = "text/plain")
		String param(@RequestParam @PublicId Long id) {
			return Long.toString(id);
		}

		@GetMapping(path = "/ws/form", produces = "text/plain")
		String form(@ModelAttribute Form form) {
			return Long.toString(form.getId());
		}

		@PostMapping(path = "/ws/body", produces = "text/plain")
		String body(@RequestBody Body body) {
			return Long.toString(body.id());
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class Endpoints {

		@Bean
		Controller whitespaceController() {
			return new Controller();
		}
	}
}
