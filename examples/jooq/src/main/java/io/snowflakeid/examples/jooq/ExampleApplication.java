package io.snowflakeid.examples.jooq;

import org.jooq.conf.RenderQuotedNames;
import org.jooq.conf.Settings;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

@SpringBootApplication
public class ExampleApplication {

	public static void main(String[] args) {
		SpringApplication.run(ExampleApplication.class, args);
	}

	/** Unquoted names: each database folds them its own way, as it did for schema.sql. */
	@Bean
	Settings jooqSettings() {
		return new Settings().withRenderQuotedNames(RenderQuotedNames.NEVER);
	}
}
