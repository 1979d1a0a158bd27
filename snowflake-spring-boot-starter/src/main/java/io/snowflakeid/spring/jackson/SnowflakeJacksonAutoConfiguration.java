package io.snowflakeid.spring.jackson;

import io.snowflakeid.spring.SnowflakeAutoConfiguration;

import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;

/**
 * JSON that writes {@code @SnowflakeId Long} properties as strings (JavaScript numbers lose precision above
 * 2^53), with Jackson 3 as Spring Boot 4 uses it: {@code JacksonModule} beans are registered with the
 * {@code JsonMapper}. Switch off with {@code snowflake.jackson.ids-as-strings=false}. The Jackson 2 module of the
 * Spring Boot 3.5 line is in {@code io.snowflakeid.spring.boot3}. Not conditional on a generator: the JSON form is
 * the API's contract, the same in a test slice ({@code @JsonTest}, {@code @WebMvcTest}) as in the application.
 */
@AutoConfiguration(after = SnowflakeAutoConfiguration.class)
@ConditionalOnClass(name = "tools.jackson.databind.JacksonModule")
@ConditionalOnProperty(prefix = "snowflake.jackson", name = "ids-as-strings", matchIfMissing = true)
public final class SnowflakeJacksonAutoConfiguration {

	@Bean
	@ConditionalOnMissingBean(name = "snowflakeIdJackson3Module")
	SnowflakeIdJackson3Module snowflakeIdJackson3Module() {
		return new SnowflakeIdJackson3Module();
	}
}
