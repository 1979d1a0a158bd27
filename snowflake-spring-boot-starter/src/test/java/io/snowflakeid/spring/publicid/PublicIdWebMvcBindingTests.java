package io.snowflakeid.spring.publicid;

import java.util.ArrayList;
import java.util.List;

import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.ModelAttribute;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.config.annotation.EnableWebMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.content;
import static org.springframework.test.web.servlet.result.MockMvcResultMatchers.status;

/**
 * {@code @PublicId} properties of {@code @ModelAttribute} / command objects wherever the annotation sits (field,
 * getter, setter, record component) and however deep the property is ({@code customer.id}, {@code lines[0].product}):
 * tokens are accepted, raw ids are a 400. A shape it cannot cover (a cycle of types) stops the start naming the
 * property.
 */
class PublicIdWebMvcBindingTests {

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class,
				SnowflakePublicIdWebMvcAutoConfiguration.class))
		.withUserConfiguration(WebConfiguration.class)
		.withPropertyValues("snowflake.public-id.keys.1=" + SnowflakePublicIdAutoConfigurationTests.KEY_1);

	@Test
	void aPublicIdOnAGetterOrASetterTakesATokenAndRefusesARawId() {
		this.contextRunner.run((context) -> {
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			String token = context.getBean(PublicIdCodec.class).encode(42);
			for (String path : new String[] { "/getter", "/setter" }) {
				mvc.perform(get(path).param("id", token)).andExpect(status().isOk()).andExpect(content().string("42"));
				mvc.perform(get(path).param("id", "42")).andExpect(status().isBadRequest());
			}
		});
	}

	@Test
	void aPublicIdOfADomainTakesOnlyTokensOfThatDomain() {
		this.contextRunner.run((context) -> {
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			PublicIdCodec codec = context.getBean(PublicIdCodec.class);
			mvc.perform(get("/invoice").param("id", codec.forDomain("invoice").encode(42)))
				.andExpect(status().isOk())
				.andExpect(content().string("42"));
			mvc.perform(get("/invoice").param("id", codec.encode(42))).andExpect(status().isBadRequest());
		});
	}

	@Test
	void nestedPublicIdPropertiesTakeTokensAndRefuseRawIds() {
		this.contextRunner.run((context) -> {
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			String token = context.getBean(PublicIdCodec.class).encode(42);
			mvc.perform(get("/nested").param("customer.id", token)).andExpect(status().isOk())
				.andExpect(content().string("42 []"));
			mvc.perform(get("/nested").param("customer.id", "42")).andExpect(status().isBadRequest());
			mvc.perform(get("/nested").param("lines[0].product", token)).andExpect(status().isOk())
				.andExpect(content().string("null [42]"));
			mvc.perform(get("/nested").param("lines[0].product", "42")).andExpect(status().isBadRequest());
			mvc.perform(get("/nested-record").param("customer.id", token)).andExpect(status().isOk())
				.andExpect(content().string("42"));
			mvc.perform(get("/nested-record").param("customer.id", "42")).andExpect(status().isBadRequest());
		});
	}

	@Test
	void shapesNoPathCoversStopTheStartNamingThePropertyNeverARawId() {
		// parent.parent....id: no finite set of property paths covers it
		this.contextRunner.withUserConfiguration(TreeController.class)
			.run((context) -> assertThat(PublicIdStartupCheckTests.publicIdFailure(context.getStartupFailure()))
				.hasMessageContaining("'parent'")
				.hasMessageContaining("TreeController"));
		// Spring converts constructor arguments by name alone: a plain inner.id would take the token editor of id
		this.contextRunner.withUserConfiguration(ClashController.class)
			.run((context) -> assertThat(PublicIdStartupCheckTests.publicIdFailure(context.getStartupFailure()))
				.hasMessageContaining("inner.id")
				.hasMessageContaining("ClashController"));
	}

	/** @PublicId on the getter only. */
	public static class GetterForm {

		private Long id;

		@PublicId
		public Long getId() {
			return this.id;
		}

		public void setId(Long id) {
			this.id = id;
		}
	}

	/** @PublicId on the setter only. */
	public static class SetterForm {

		private Long id;

		public Long getId() {
			return this.id;
		}

		@PublicId
		public void setId(Long id) {
			this.id = id;
		}
	}

	public static class InvoiceForm {

		private long id;

		@PublicId("invoice")
		public long getId() {
			return this.id;
		}

		public void setId(long id) {
			this.id = id;
		}
	}

	public static class Customer {

		@PublicId
		private Long id;

		public Long getId() {
			return this.id;
		}

		public void setId(Long id) {
			this.id = id;
		}
	}

	public static class Line {

		private Long product;

		public Long getProduct() {
			return this.product;
		}

		@PublicId
		public void setProduct(Long product) {
			this.product = product;
		}
	}

	public static class NestedForm {

		private Customer customer;

		private List<Line> lines = new ArrayList<>();

		public Customer getCustomer() {
			return this.customer;
		}

		public void setCustomer(Customer customer) {
			this.customer = customer;
		}

		public List<Line> getLines() {
			return this.lines;
		}

		public void setLines(List<Line> lines) {
			this.lines = lines;
		}
	}

	public record CustomerRef(@PublicId Long id) {
	}

	public record NestedRecordForm(CustomerRef customer) {
	}

	public record Inner(Long id) {
	}

	public record ClashForm(@PublicId Long id, Inner inner) {
	}

	public static class TreeForm {

		@PublicId
		private Long id;

		private TreeForm parent;

		public Long getId() {
			return this.id;
		}

		public void setId(Long id) {
			this.id = id;
		}

		public TreeForm getParent() {
			return this.parent;
		}

		public void setParent(TreeForm parent) {
			this.parent = parent;
		}
	}

	@RestController
	static class Controller {

		@GetMapping("/getter")
		String getter(@ModelAttribute GetterForm form) {
			return String.valueOf(form.getId());
		}

		@GetMapping("/setter")
		String setter(SetterForm form) {
			return String.valueOf(form.getId());
		}

		@GetMapping("/invoice")
		String invoice(InvoiceForm form) {
			return String.valueOf(form.getId());
		}

		@GetMapping("/nested")
		String nested(NestedForm form) {
			return ((form.getCustomer() != null) ? form.getCustomer().getId() : null) + " "
					+ form.getLines().stream().map(Line::getProduct).toList();
		}

		@GetMapping("/nested-record")
		String nestedRecord(NestedRecordForm form) {
			return String.valueOf(form.customer().id());
		}

	}

	@RestController
	static class ClashController {

		@GetMapping("/clash")
		String clash(ClashForm form) {
			return String.valueOf(form.id());
		}
	}

	@RestController
	static class TreeController {

		@GetMapping("/tree")
		String tree(TreeForm form) {
			return String.valueOf(form.getParent().getParent().getId());
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
