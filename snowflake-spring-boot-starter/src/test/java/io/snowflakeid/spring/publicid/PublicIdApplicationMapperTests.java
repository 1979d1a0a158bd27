package io.snowflakeid.spring.publicid;

import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.spring.boot3.PublicIdJackson2Module;
import org.junit.jupiter.api.Test;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An application that defines its own {@code JsonMapper} (Jackson 3, Boot 4) or {@code ObjectMapper} (Jackson 2,
 * Boot 3.5) bean makes Boot's Jackson auto-configuration back off, and with it the registration of {@code Module}
 * beans: every {@code @PublicId} would go out raw. The starter puts its module into every mapper bean of the
 * context, or refuses the start naming the bean it cannot change.
 */
class PublicIdApplicationMapperTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class))
		.withPropertyValues("snowflake.public-id.keys.1=" + SnowflakePublicIdAutoConfigurationTests.KEY_1);

	@Test
	void theApplicationsOwnJackson3JsonMapperWritesAndReadsTokens() {
		this.contextRunner.withUserConfiguration(OwnJsonMapper.class).run((context) -> {
			assertThat(context).hasNotFailed();
			tools.jackson.databind.json.JsonMapper mapper = context.getBean(tools.jackson.databind.json.JsonMapper.class);
			String token = context.getBean(PublicIdCodec.class).encode(42);
			assertThat(mapper.writeValueAsString(new View(42L))).isEqualTo("{\"id\":\"" + token + "\"}");
			assertThat(mapper.readValue("{\"id\":\"" + token + "\"}", View.class).id()).isEqualTo(42L);
		});
	}

	@Test
	void aJackson3MapperThatAlreadyHasTheModuleIsLeftAsItIs() {
		this.contextRunner.withUserConfiguration(MapperWithTheModule.class).run((context) -> {
			assertThat(context.getBean("jsonMapper")).isSameAs(MapperWithTheModule.built);
		});
	}

	@Test
	void aJackson3MapperSubclassThatCannotBeRebuiltStopsTheStartNamingTheBean() {
		this.contextRunner.withUserConfiguration(OwnMapperSubclass.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("'customMapper'")
				.hasMessageContaining(CustomJsonMapper.class.getName())
				.hasMessageContaining("PublicIdJackson3Module");
		});
	}

	@Test
	void theApplicationsOwnJackson2ObjectMapperWritesAndReadsTokens() {
		this.contextRunner.withUserConfiguration(OwnObjectMapper.class).run((context) -> {
			assertThat(context).hasNotFailed();
			com.fasterxml.jackson.databind.ObjectMapper mapper = context
				.getBean(com.fasterxml.jackson.databind.ObjectMapper.class);
			String token = context.getBean(PublicIdCodec.class).encode(42);
			assertThat(mapper.writeValueAsString(new View(42L))).isEqualTo("{\"id\":\"" + token + "\"}");
			assertThat(mapper.readValue("{\"id\":\"" + token + "\"}", View.class).id()).isEqualTo(42L);
			assertThat(mapper.getRegisteredModuleIds())
				.containsOnlyOnce(context.getBean(PublicIdJackson2Module.class).getTypeId());
		});
	}

	/** Without annotations Jackson sees no @PublicId at all: the module could not help, every id would go out raw. */
	@Test
	void aMapperBeanThatIgnoresAnnotationsStopsTheStartNamingTheBean() {
		this.contextRunner.withUserConfiguration(Jackson3WithoutAnnotations.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("'plainJsonMapper'")
				.hasMessageContaining("USE_ANNOTATIONS");
		});
		this.contextRunner.withUserConfiguration(Jackson2WithoutAnnotations.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("'plainObjectMapper'")
				.hasMessageContaining("USE_ANNOTATIONS");
		});
	}

	/**
	 * Spring's Jackson2ObjectMapperBuilder registers modules first and sets an annotation introspector afterwards: the
	 * module's introspector is gone while the module still counts as registered.
	 */
	@Test
	void aMapperBeanWhoseIntrospectorWasReplacedAfterTheModuleStopsTheStart() {
		this.contextRunner.withUserConfiguration(Jackson2IntrospectorReplaced.class).run((context) -> {
			assertThat(context).hasFailed();
			assertThat(context.getStartupFailure()).rootCause()
				.hasMessageContaining("'replacedObjectMapper'")
				.hasMessageContaining("annotation introspector");
		});
	}

	@Configuration(proxyBeanMethods = false)
	static class Jackson2IntrospectorReplaced {

		@Bean
		com.fasterxml.jackson.databind.ObjectMapper replacedObjectMapper(PublicIdJackson2Module module) {
			com.fasterxml.jackson.databind.ObjectMapper mapper = new com.fasterxml.jackson.databind.ObjectMapper()
				.registerModule(module);
			mapper.setAnnotationIntrospector(new com.fasterxml.jackson.databind.introspect.JacksonAnnotationIntrospector());
			return mapper;
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class Jackson3WithoutAnnotations {

		@Bean
		tools.jackson.databind.json.JsonMapper plainJsonMapper() {
			return tools.jackson.databind.json.JsonMapper.builder()
				.disable(tools.jackson.databind.MapperFeature.USE_ANNOTATIONS)
				.build();
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class Jackson2WithoutAnnotations {

		@Bean
		@SuppressWarnings("deprecation")
		com.fasterxml.jackson.databind.ObjectMapper plainObjectMapper() {
			return new com.fasterxml.jackson.databind.ObjectMapper()
				.disable(com.fasterxml.jackson.databind.MapperFeature.USE_ANNOTATIONS);
		}
	}

	public record View(@PublicId Long id) {
	}

	@Configuration(proxyBeanMethods = false)
	static class OwnJsonMapper {

		@Bean
		tools.jackson.databind.json.JsonMapper jsonMapper() {
			return tools.jackson.databind.json.JsonMapper.builder().build();
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class MapperWithTheModule {

		static tools.jackson.databind.json.JsonMapper built;

		@Bean
		tools.jackson.databind.json.JsonMapper jsonMapper(PublicIdJackson3Module module) {
			built = tools.jackson.databind.json.JsonMapper.builder().addModule(module).build();
			return built;
		}
	}

	static class CustomJsonMapper extends tools.jackson.databind.json.JsonMapper {

		private static final long serialVersionUID = 1L;
	}

	@Configuration(proxyBeanMethods = false)
	static class OwnMapperSubclass {

		@Bean
		CustomJsonMapper customMapper() {
			return new CustomJsonMapper();
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class OwnObjectMapper {

		@Bean
		com.fasterxml.jackson.databind.ObjectMapper objectMapper() {
			return new com.fasterxml.jackson.databind.ObjectMapper();
		}
	}
}
