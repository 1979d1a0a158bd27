package io.snowflakeid.spring.publicid;

import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.spring.SnowflakeAutoConfiguration;
import io.snowflakeid.spring.publicid.fixture.OrderView;
import org.junit.jupiter.api.Test;
import tools.jackson.databind.JacksonModule;
import tools.jackson.databind.json.JsonMapper;

import org.springframework.beans.factory.ObjectProvider;
import org.springframework.beans.factory.support.BeanDefinitionRegistry;
import org.springframework.boot.autoconfigure.AutoConfigurationPackages;
import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.ApplicationContextRunner;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Without keys the public-id modules are registered in their refusing mode: the starts they must not break (found by
 * the review of that change), and the application's own codec without keys checked as the keys' codec is.
 */
class PublicIdNoKeyStartTests {

	private final ApplicationContextRunner contextRunner = new ApplicationContextRunner()
		.withConfiguration(AutoConfigurations.of(SnowflakeAutoConfiguration.class, SnowflakePublicIdAutoConfiguration.class))
		.withUserConfiguration(MapperConfiguration.class)
		.withPropertyValues("snowflake.datacenter-id=3", "snowflake.worker-id=4");

	/** Codecs used by hand (one per partner), none for JSON: the start goes on; a @PublicId in JSON is refused. */
	@Test
	void twoCodecBeansWithoutKeysDoNotBreakTheStart() {
		this.contextRunner
			.withBean("partnerA", PublicIdCodec.class,
					() -> PublicIdCodec.builder().key("1", SnowflakePublicIdAutoConfigurationTests.KEY_1).build())
			.withBean("partnerB", PublicIdCodec.class,
					() -> PublicIdCodec.builder().key("2", SnowflakePublicIdAutoConfigurationTests.KEY_2).build())
			.run((context) -> {
				assertThat(context).hasNotFailed();
				JsonMapper mapper = context.getBean(JsonMapper.class);
				assertThatThrownBy(() -> mapper.writeValueAsString(new OrderView(912207628317364225L, "x")))
					.hasMessageContaining("no public-id key is configured")
					.hasMessageNotContaining("912207628317364225");
			});
	}

	/** A codec bean that needs the JSON mapper itself (its keys read with it): no circular reference. */
	@Test
	void aCodecThatNeedsTheJsonMapperMakesNoCycle() {
		this.contextRunner.withUserConfiguration(CodecFromMapper.class).run((context) -> {
			assertThat(context).hasNotFailed();
			PublicIdCodec codec = context.getBean(PublicIdCodec.class);
			String json = context.getBean(JsonMapper.class).writeValueAsString(new OrderView(912207628317364225L, "x"));
			assertThat(json).contains("\"" + codec.encode(912207628317364225L) + "\"").doesNotContain("912207628317364225");
		});
	}

	/** The application's own codec without keys: a bad domain fails the start, as with keys. */
	@Test
	void anOwnCodecWithoutKeysChecksDomainsAtStart() {
		this.contextRunner
			.withBean(PublicIdCodec.class,
					() -> PublicIdCodec.builder().key("1", SnowflakePublicIdAutoConfigurationTests.KEY_1).build())
			.withInitializer((context) -> AutoConfigurationPackages.register(
					(BeanDefinitionRegistry) context.getBeanFactory(), "io.snowflakeid.spring.publicid.baddomain"))
			.run((context) -> assertThat(context).getFailure().hasMessageContaining("@PublicId(\"in voice\")"));
	}

	/** A mapper bean made from the module beans, as Spring Boot 4's Jackson auto-configuration makes it. */
	@Configuration(proxyBeanMethods = false)
	static class MapperConfiguration {

		@Bean
		JsonMapper jsonMapper(ObjectProvider<JacksonModule> modules) {
			return JsonMapper.builder().addModules(modules.orderedStream().toList()).build();
		}
	}

	@Configuration(proxyBeanMethods = false)
	static class CodecFromMapper {

		@Bean
		PublicIdCodec publicIdCodec(JsonMapper mapper) {
			String key = mapper.readTree("{\"k\":\"" + SnowflakePublicIdAutoConfigurationTests.KEY_1 + "\"}")
				.get("k")
				.asString();
			return PublicIdCodec.builder().key("1", key).build();
		}
	}
}
