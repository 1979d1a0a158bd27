package io.snowflakeid.spring.publicid;

import java.util.List;

import io.snowflakeid.spring.boot3.PublicIdJackson2Module;

import org.springframework.boot.autoconfigure.AutoConfigurations;
import org.springframework.boot.test.context.runner.WebApplicationContextRunner;
import org.springframework.context.annotation.Configuration;
import org.springframework.http.converter.HttpMessageConverter;
import org.springframework.web.servlet.config.annotation.EnableWebMvc;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * The real DispatcherServlet with the starter's public id auto-configuration and its Jackson 2 module on the JSON
 * converter (Jackson 2's converter exists on both Spring lines; Boot's own JSON auto-configuration differs).
 */
final class PublicIdMvcTestSupport {

	private PublicIdMvcTestSupport() {
	}

	static WebApplicationContextRunner runner(Class<?>... userConfigurations) {
		return new WebApplicationContextRunner()
			.withConfiguration(AutoConfigurations.of(SnowflakePublicIdAutoConfiguration.class,
					SnowflakePublicIdWebMvcAutoConfiguration.class))
			.withUserConfiguration(JsonConfiguration.class)
			.withUserConfiguration(userConfigurations)
			.withPropertyValues("snowflake.public-id.keys.1=" + SnowflakePublicIdAutoConfigurationTests.KEY_1);
	}

	@Configuration(proxyBeanMethods = false)
	@EnableWebMvc
	static class JsonConfiguration implements WebMvcConfigurer {

		private final PublicIdJackson2Module module;

		JsonConfiguration(PublicIdJackson2Module module) {
			this.module = module;
		}

		@Override
		@SuppressWarnings({ "deprecation", "removal" })
		public void extendMessageConverters(List<HttpMessageConverter<?>> converters) {
			converters.add(0, new org.springframework.http.converter.json.MappingJackson2HttpMessageConverter(
					org.springframework.http.converter.json.Jackson2ObjectMapperBuilder.json().modules(this.module).build()));
		}
	}
}
