package io.snowflakeid.spring.publicid;

import io.snowflakeid.publicid.PublicIdCodec;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnWebApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.format.FormatterRegistry;
import org.springframework.web.servlet.config.annotation.WebMvcConfigurer;

/**
 * Spring MVC: {@code @PathVariable @PublicId Long id} and {@code @RequestParam @PublicId Long id} are decoded from
 * tokens ({@link PublicIdConverter}), and a token that does not decode is a 400 with a problem detail
 * ({@link PublicIdExceptionHandler}). Only in servlet web applications with a {@link PublicIdCodec}.
 */
@AutoConfiguration(after = SnowflakePublicIdAutoConfiguration.class)
@ConditionalOnWebApplication(type = ConditionalOnWebApplication.Type.SERVLET)
@ConditionalOnClass(name = "org.springframework.web.servlet.config.annotation.WebMvcConfigurer")
@ConditionalOnBean(PublicIdCodec.class)
public final class SnowflakePublicIdWebMvcAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean
	PublicIdConverter publicIdConverter(PublicIdCodec codec) {
		return new PublicIdConverter(codec);
	}

	@Bean
	WebMvcConfigurer publicIdWebMvcConfigurer(PublicIdConverter converter) {
		return new WebMvcConfigurer() {
			@Override
			public void addFormatters(FormatterRegistry registry) {
				registry.addConverter(converter);
			}
		};
	}

	@Bean
	@ConditionalOnMissingBean
	PublicIdExceptionHandler publicIdExceptionHandler() {
		return new PublicIdExceptionHandler();
	}
}
