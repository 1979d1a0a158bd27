package io.snowflakeid.spring.publicid.review;

import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.spring.publicid.SnowflakePublicIdAutoConfiguration;
import io.snowflakeid.spring.publicid.SnowflakePublicIdWebMvcAutoConfiguration;
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

/**
 * Form binding ({@code @ModelAttribute}) of a {@code @PublicId} property the start-up scan cannot see from the
 * declared types: behind a generic property ({@code Holder<Item>}, {@code T value}) or a property declared as a
 * supertype whose instance has the {@code @PublicId}. The binder reaches it through the instance and converts a raw
 * decimal id with Spring's plain {@code Long} conversion.
 */
class PublicIdBindingReviewTests {

	private static final String KEY_1 = "AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=";

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class,
				SnowflakePublicIdWebMvcAutoConfiguration.class))
		.withUserConfiguration(WebConfiguration.class)
		.withPropertyValues("snowflake.public-id.keys.1=" + KEY_1);

	@Test
	void aPublicIdBehindAGenericPropertyNeverBindsARawId() {
		this.contextRunner.run((context) -> {
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			String token = context.getBean(PublicIdCodec.class).encode(42);
			int raw = mvc.perform(get("/generic").param("holder.value.id", "42")).andReturn().getResponse().getStatus();
			String rawBody = mvc.perform(get("/generic").param("holder.value.id", "42")).andReturn().getResponse()
				.getContentAsString();
			assertThat(rawBody).as("a raw id bound into the @PublicId Item.id").isNotEqualTo("42");
			assertThat(raw).isEqualTo(400);
		});
	}

	@Test
	void aPublicIdOnTheInstanceOfASupertypePropertyNeverBindsARawId() {
		this.contextRunner.run((context) -> {
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			int raw = mvc.perform(get("/subtype").param("party.id", "42")).andReturn().getResponse().getStatus();
			String rawBody = mvc.perform(get("/subtype").param("party.id", "42")).andReturn().getResponse()
				.getContentAsString();
			assertThat(rawBody).as("a raw id bound into the @PublicId Customer.id").isNotEqualTo("42");
			assertThat(raw).isEqualTo(400);
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

		@GetMapping("/generic")
		String generic(@ModelAttribute GenericForm form) {
			return String.valueOf(form.getHolder().getValue().getId());
		}

		@GetMapping("/subtype")
		String subtype(@ModelAttribute SubtypeForm form) {
			return String.valueOf(((Customer) form.getParty()).getId());
		}
	}

	public static class Item {

		@PublicId
		private Long id;

		public Long getId() {
			return this.id;
		}

		public void setId(Long id) {
			this.id = id;
		}
	}

	public static class Holder<T> {

		private T value;

		public Holder() {
		}

		public Holder(T value) {
			this.value = value;
		}

		public T getValue() {
			return this.value;
		}

		public void setValue(T value) {
			this.value = value;
		}
	}

	public static class GenericForm {

		private Holder<Item> holder = new Holder<>(new Item());

		public Holder<Item> getHolder() {
			return this.holder;
		}

		public void setHolder(Holder<Item> holder) {
			this.holder = holder;
		}
	}

	public static class Party {

		private String name;

		public String getName() {
			return this.name;
		}

		public void setName(String name) {
			this.name = name;
		}
	}

	public static class Customer extends Party {

		@PublicId
		private Long id;

		public Long getId() {
			return this.id;
		}

		public void setId(Long id) {
			this.id = id;
		}
	}

	public static class SubtypeForm {

		private Party party = new Customer();

		public Party getParty() {
			return this.party;
		}

		public void setParty(Party party) {
			this.party = party;
		}
	}
}
