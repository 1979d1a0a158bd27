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
import org.springframework.hateoas.config.EnableHypermediaSupport;
import org.springframework.hateoas.server.EntityLinks;
import org.springframework.hateoas.server.ExposesResourceFor;
import org.springframework.test.web.servlet.MockMvc;
import org.springframework.test.web.servlet.setup.MockMvcBuilders;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestMapping;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.servlet.config.annotation.EnableWebMvc;

import static org.assertj.core.api.Assertions.assertThat;
import static org.springframework.test.web.servlet.request.MockMvcRequestBuilders.get;

/**
 * Spring HATEOAS {@code EntityLinks} ({@code entityLinks.linkToItemResource(OrderView.class, id)}), the other common
 * way to link to an item besides {@code linkTo(methodOn(...))}: the controller exposing the resource takes
 * {@code @PathVariable @PublicId Long id}, but the link carries the raw id (and does not even lead back: the raw id
 * is a 400 there).
 */
class PublicIdEntityLinksReviewTests {

	private final WebApplicationContextRunner contextRunner = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class,
				SnowflakePublicIdWebMvcAutoConfiguration.class))
		.withUserConfiguration(WebConfiguration.class)
		.withPropertyValues("snowflake.public-id.keys.1=AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=");

	@Test
	void anEntityLinkToAnItemCarriesTheTokenNeverTheRawId() {
		this.contextRunner.run((context) -> {
			assertThat(context).hasNotFailed();
			MockMvc mvc = MockMvcBuilders.webAppContextSetup(context).build();
			String token = context.getBean(PublicIdCodec.class).encode(42);
			String href = mvc.perform(get("/links/entity")).andReturn().getResponse().getContentAsString();
			assertThat(href).isEqualTo("http://localhost/orders/" + token);
		});
	}

	public record OrderView(@PublicId Long id) {
	}

	@Configuration(proxyBeanMethods = false)
	@EnableWebMvc
	@EnableHypermediaSupport(type = EnableHypermediaSupport.HypermediaType.HAL)
	static class WebConfiguration {

		@Bean
		OrderController orderController() {
			return new OrderController();
		}

		@Bean
		LinkController linkController(EntityLinks links) {
			return new LinkController(links);
		}
	}

	@RestController
	@ExposesResourceFor(OrderView.class)
	@RequestMapping("/orders")
	static class OrderController {

		@GetMapping("/{id}")
		String byId(@PathVariable @PublicId Long id) {
			return Long.toString(id);
		}
	}

	@RestController
	static class LinkController {

		private final EntityLinks links;

		LinkController(EntityLinks links) {
			this.links = links;
		}

		@GetMapping("/links/entity")
		String entity() {
			return this.links.linkToItemResource(OrderView.class, 42L).getHref();
		}
	}
}
