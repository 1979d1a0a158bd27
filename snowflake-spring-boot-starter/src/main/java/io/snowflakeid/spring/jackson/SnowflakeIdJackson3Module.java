package io.snowflakeid.spring.jackson;

import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.publicid.PublicId;

/**
 * Jackson 3 (Spring Boot 4.x): {@link SnowflakeId} {@code Long} properties are written as JSON strings, so
 * JavaScript clients do not round them (ids exceed 2^53), and read from strings or numbers.
 * <p>
 * {@link PublicId} properties are the public-id module's ({@code PublicIdJackson3Module}, which the starter registers
 * in its mappers, with keys or refusing without). In a mapper that has this module without that one (built by hand),
 * writing or reading a type with a {@code @PublicId} member fails, naming it: Jackson would send the raw id. (The implementation
 * is shared with the Jackson 2 twin, {@code io.snowflakeid.spring.boot3.SnowflakeIdJackson2Module}, in an internal
 * package.)
 */
class SnowflakeIdJackson3Module extends io.snowflakeid.hibernate.internal.SnowflakeIdJackson3Module {

	private static final long serialVersionUID = 1L;

	SnowflakeIdJackson3Module() {
	}
}
