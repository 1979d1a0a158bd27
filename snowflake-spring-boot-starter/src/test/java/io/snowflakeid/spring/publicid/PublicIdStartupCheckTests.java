package io.snowflakeid.spring.publicid;

import java.util.List;

import io.snowflakeid.publicid.PublicId;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ReactiveWebApplicationContextRunner;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.web.bind.annotation.CookieValue;
import org.springframework.web.bind.annotation.GetMapping;
import org.springframework.web.bind.annotation.MatrixVariable;
import org.springframework.web.bind.annotation.PathVariable;
import org.springframework.web.bind.annotation.RequestHeader;
import org.springframework.web.bind.annotation.RequestParam;
import org.springframework.web.bind.annotation.RestController;
import org.springframework.web.reactive.config.EnableWebFlux;
import org.springframework.web.servlet.config.annotation.EnableWebMvc;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A {@code @PublicId} the starter cannot honour stops the application at start, naming the parameter or property
 * and its handler method: not a 500 found by the first client, never a raw id.
 */
class PublicIdStartupCheckTests {

	private final WebApplicationContextRunner servlet = new WebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class,
				SnowflakePublicIdWebMvcAutoConfiguration.class))
		.withPropertyValues("snowflake.public-id.keys.1=" + SnowflakePublicIdAutoConfigurationTests.KEY_1);

	private final ReactiveWebApplicationContextRunner reactive = new ReactiveWebApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class,
				SnowflakePublicIdWebFluxAutoConfiguration.class))
		.withPropertyValues("snowflake.public-id.keys.1=" + SnowflakePublicIdAutoConfigurationTests.KEY_1);

	@Test
	void unsupportedPublicIdParametersStopTheStartNamingThem() {
		for (Class<?> controller : List.of(HeaderController.class, ListController.class, MatrixController.class)) {
			this.servlet.withUserConfiguration(Mvc.class, controller)
				.run((context) -> assertThat(publicIdFailure(context.getStartupFailure()))
					.hasMessageContaining("@PublicId on parameter 'id'")
					.hasMessageContaining(controller.getSimpleName()));
			this.reactive.withUserConfiguration(Flux.class, controller)
				.run((context) -> assertThat(publicIdFailure(context.getStartupFailure()))
					.hasMessageContaining("@PublicId on parameter 'id'")
					.hasMessageContaining(controller.getSimpleName()));
		}
	}

	@Test
	void aBoundObjectNoPathCoversStopsTheStartNamingTheProperty() {
		this.servlet.withUserConfiguration(Mvc.class, TreeController.class)
			.run((context) -> assertThat(publicIdFailure(context.getStartupFailure())).hasMessageContaining("'parent'")
				.hasMessageContaining("TreeController"));
		this.reactive.withUserConfiguration(Flux.class, TreeController.class)
			.run((context) -> assertThat(publicIdFailure(context.getStartupFailure())).hasMessageContaining("'parent'")
				.hasMessageContaining("TreeController"));
	}

	/** The outermost IllegalStateException about @PublicId in the failure's chain. */
	static Throwable publicIdFailure(Throwable failure) {
		assertThat(failure).as("the start fails").isNotNull();
		for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
			if (cause instanceof IllegalStateException && cause.getMessage() != null
					&& cause.getMessage().startsWith("@PublicId")) {
				return cause;
			}
		}
		throw new AssertionError("no @PublicId failure in " + failure, failure);
	}

	@Test
	void supportedPublicIdParametersStart() {
		this.servlet.withUserConfiguration(Mvc.class, FineController.class)
			.run((context) -> assertThat(context).hasNotFailed());
		this.reactive.withUserConfiguration(Flux.class, FineController.class)
			.run((context) -> assertThat(context).hasNotFailed());
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
	static class HeaderController {

		@GetMapping("/header")
		String header(@RequestHeader("X-Id") @PublicId Long id, @CookieValue("c") String cookie) {
			return String.valueOf(id);
		}
	}

	@RestController
	static class ListController {

		@GetMapping("/list")
		String list(@RequestParam @PublicId List<Long> id) {
			return String.valueOf(id);
		}
	}

	@RestController
	static class MatrixController {

		@GetMapping("/matrix/{segment}")
		String matrix(@PathVariable String segment, @MatrixVariable @PublicId Long id) {
			return String.valueOf(id);
		}
	}

	@RestController
	static class TreeController {

		@GetMapping("/tree")
		String tree(TreeForm form) {
			return String.valueOf(form.getId());
		}
	}

	@RestController
	static class FineController {

		@GetMapping("/fine/{id}")
		String fine(@PathVariable @PublicId Long id, @RequestParam @PublicId long other, @PublicId Long implicit,
				Form form) {
			return id + " " + other + " " + implicit + " " + form.getId();
		}
	}

	@Configuration(proxyBeanMethods = false)
	@EnableWebMvc
	static class Mvc {

	}

	@Configuration(proxyBeanMethods = false)
	@EnableWebFlux
	static class Flux {

	}
}
