package io.snowflakeid.spring.publicid;

import java.lang.reflect.Field;
import java.lang.reflect.Method;

import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.publicid.InvalidPublicIdException;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.spring.boot3.PublicIdJackson2Module;
import io.snowflakeid.spring.openapi.OpenApiCustomizers;
import io.snowflakeid.spring.publicid.baddomain.InvoiceView;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.oas.models.media.IntegerSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.parameters.Parameter;
import org.junit.jupiter.api.Test;

import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.boot.autoconfigure.AutoConfigurationPackages;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.MethodParameter;
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
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.post;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.jsonPath;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * {@code @PublicId("invoice")}: the token of the property's domain in JSON (Jackson 3 and 2), path variables, request
 * parameters, bound objects and the OpenAPI example; a token of another domain is refused (a 400); an invalid domain
 * name stops the start naming class, member and value.
 */
class PublicIdDomainTests {

	@Test
	void jsonWritesAndReadsTheTokenOfThePropertysDomain() throws Exception {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class))
			.withPropertyValues("snowflake.public-id.keys.1=" + SnowflakePublicIdAutoConfigurationTests.KEY_1)
			.run((context) -> {
				PublicIdCodec codec = context.getBean(PublicIdCodec.class);
				tools.jackson.databind.json.JsonMapper jackson3 = tools.jackson.databind.json.JsonMapper.builder()
					.addModule(context.getBean(PublicIdJackson3Module.class))
					.build();
				com.fasterxml.jackson.databind.ObjectMapper jackson2 = new com.fasterxml.jackson.databind.ObjectMapper()
					.registerModule(context.getBean(PublicIdJackson2Module.class));
				String invoice = codec.forDomain("invoice").encode(42);
				String account = codec.forDomain("account").encode(42);
				assertThat(invoice).isNotEqualTo(account).isNotEqualTo(codec.encode(42));
				String expected = "{\"invoice\":\"" + invoice + "\",\"account\":\"" + account + "\"}";
				assertThat(jackson3.writeValueAsString(new Both(42L, 42L))).isEqualTo(expected);
				assertThat(jackson2.writeValueAsString(new Both(42L, 42L))).isEqualTo(expected);
				assertThat(jackson3.readValue(expected, Both.class)).isEqualTo(new Both(42L, 42L));
				assertThat(jackson2.readValue(expected, Both.class)).isEqualTo(new Both(42L, 42L));
				String swapped = "{\"invoice\":\"" + account + "\",\"account\":\"" + invoice + "\"}";
				assertThatThrownBy(() -> jackson3.readValue(swapped, Both.class))
					.hasRootCauseInstanceOf(InvalidPublicIdException.class);
				assertThatThrownBy(() -> jackson2.readValue(swapped, Both.class))
					.hasRootCauseInstanceOf(InvalidPublicIdException.class);
			});
	}

	@Test
	void aTokenOfAnotherDomainIsA400OnEveryMvcPath() {
		PublicIdMvcTestSupport.runner(Endpoints.class).run((context) -> {
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			PublicIdCodec codec = context.getBean(PublicIdCodec.class);
			String invoice = codec.forDomain("invoice").encode(42);
			String account = codec.forDomain("account").encode(42);
			mvc.perform(get("/invoices/{id}", invoice)).andExpect(status().isOk()).andExpect(content().string("42"));
			mvc.perform(get("/invoices/{id}", account)).andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.reason").value("FAILED_CHECK"));
			mvc.perform(get("/invoices/{id}", codec.encode(42))).andExpect(status().isBadRequest());
			mvc.perform(get("/invoices").param("id", invoice)).andExpect(status().isOk());
			mvc.perform(get("/invoices").param("id", account)).andExpect(status().isBadRequest());
			mvc.perform(get("/invoice-form").param("id", invoice)).andExpect(status().isOk())
				.andExpect(content().string("42"));
			mvc.perform(get("/invoice-form").param("id", account)).andExpect(status().isBadRequest());
			mvc.perform(post("/invoices").contentType(MediaType.APPLICATION_JSON)
				.content("{\"invoice\":\"" + invoice + "\",\"account\":\"" + account + "\"}")).andExpect(status().isOk());
			mvc.perform(post("/invoices").contentType(MediaType.APPLICATION_JSON)
				.content("{\"invoice\":\"" + account + "\",\"account\":\"" + account + "\"}"))
				.andExpect(status().isBadRequest())
				.andExpect(jsonPath("$.reason").value("FAILED_CHECK"));
		});
	}

	@Test
	void theOpenApiExampleIsATokenOfTheDomain() throws Exception {
		PublicIdCodec codec = PublicIdCodec.builder().key("1", PublicIdTestKeys.KEY_16).build();
		Field field = Form.class.getDeclaredField("id");
		AnnotatedType property = new AnnotatedType().type(field.getType())
			.schemaProperty(true)
			.propertyName("id")
			.ctxAnnotations(field.getAnnotations());
		Schema<?> schema = OpenApiCustomizers.snowflakeIdProperties(true, SnowflakeLayout.DEFAULT, codec)
			.customize(new IntegerSchema().format("int64"), property);
		assertThat(codec.forDomain("invoice").decode((String) schema.getExample())).isNotNegative();
		Method byId = Controller.class.getDeclaredMethod("byId", Long.class);
		Parameter parameter = OpenApiCustomizers.publicIdParameters(codec).customize(
				new Parameter().name("id").schema(new IntegerSchema().format("int64")), new MethodParameter(byId, 0));
		assertThat(codec.forDomain("invoice").decode((String) parameter.getSchema().getExample())).isZero();
	}

	@Test
	void anInvalidDomainStopsTheStartNamingClassMemberAndValue() {
		new ApplicationContextRunner().withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class))
			.withPropertyValues("snowflake.public-id.keys.1=" + SnowflakePublicIdAutoConfigurationTests.KEY_1)
			.withInitializer((context) -> AutoConfigurationPackages.register(
					(BeanDefinitionRegistry) context.getBeanFactory(), InvoiceView.class.getPackageName()))
			.run((context) -> assertThat(context).getFailure()
				.hasMessageContaining(InvoiceView.class.getName() + ".id")
				.hasMessageContaining("\"in voice\"")
				.hasMessageContaining("A-Z, a-z, 0-9"));
	}

	public record Both(@PublicId("invoice") Long invoice, @PublicId("account") Long account) {
	}

	public static class Form {

		@PublicId("invoice")
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

		@GetMapping(path = "/invoices/{id}", produces = "text/plain")
		String byId(@PathVariable @PublicId("invoice") Long id) {
			return Long.toString(id);
		}

		@GetMapping(path = "/invoices", produces = "text/plain")
		String byParam(@RequestParam @PublicId("invoice") Long id) {
			return Long.toString(id);
		}

		@GetMapping(path = "/invoice-form", produces = "text/plain")
		String form(@ModelAttribute Form form) {
			return Long.toString(form.getId());
		}

		@PostMapping(path = "/invoices", produces = "text/plain")
		String create(@RequestBody Both body) {
			return body.invoice() + "/" + body.account();
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class Endpoints {

		@Bean
		Controller invoiceController() {
			return new Controller();
		}
	}
}
