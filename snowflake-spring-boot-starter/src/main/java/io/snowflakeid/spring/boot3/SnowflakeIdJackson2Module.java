package io.snowflakeid.spring.boot3;

import io.snowflakeid.hibernate.SnowflakeId;

/**
 * Jackson 2 (Spring Boot 3.x): {@link SnowflakeId} {@code Long} properties are written as JSON strings, so
 * JavaScript clients do not round them (ids exceed 2^53), and read from strings or numbers. {@code @PublicId}
 * properties are left to the starter's public-id module ({@code PublicIdJackson2Module}, with keys or refusing
 * without); in a mapper that has this module without that one (built by hand), a type with a {@code @PublicId} member
 * is refused, naming it.
 */
class SnowflakeIdJackson2Module extends io.snowflakeid.hibernate.internal.SnowflakeIdJackson2Module {

	private static final long serialVersionUID = 1L;

	SnowflakeIdJackson2Module() {
	}
}
