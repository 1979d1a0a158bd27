package io.snowflakeid.spring.boot3;

import java.util.function.Supplier;

import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;

/**
 * Jackson 2 (Spring Boot 3.x): {@link PublicId} properties are written as their {@link PublicIdCodec} token and read
 * from it: {@code Long}/{@code long}, {@code String} (holding the decimal id), {@code long[]}, the {@code Long} or
 * {@code String} elements of collections, arrays and {@code Optional}s, the {@code Long} keys and values of maps, and
 * object-identity references to an object whose id property is {@code @PublicId}. Any other {@code @PublicId}
 * property fails when Jackson builds its serializer or deserializer, naming it: never a raw number out or in. A JSON
 * number, or a token that does not decode, is an {@code InvalidFormatException} (a 400 in Spring MVC) whose cause is
 * the {@code InvalidPublicIdException}. The implementation is shared with the Quarkus extension.
 */
public class PublicIdJackson2Module extends io.snowflakeid.hibernate.internal.PublicIdJackson2Module {

	private static final long serialVersionUID = 1L;

	public PublicIdJackson2Module(PublicIdCodec codec) {
		super(codec);
	}

	/**
	 * A module whose codec is asked for when Jackson first builds a serializer or deserializer of a public id, not
	 * when the module is created: a codec bean may itself need the mapper. A supplier that gives null (no key) or
	 * throws fails that serializer, never writing the raw id.
	 */
	public PublicIdJackson2Module(Supplier<PublicIdCodec> codec) {
		super(codec);
	}

	/**
	 * Where no key is configured: every {@code @PublicId} property fails when Jackson builds its serializer or
	 * deserializer, naming it and the key to set, instead of going out (or in) as the raw id. The start refuses
	 * {@code @PublicId} without a key in the application's packages; this covers the classes outside them.
	 */
	public static PublicIdJackson2Module withoutKeys() {
		return new PublicIdJackson2Module(() -> null);
	}
}
