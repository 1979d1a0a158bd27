package io.snowflakeid.spring.publicid;

import java.util.function.Supplier;

import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import tools.jackson.databind.ObjectMapper;
import tools.jackson.databind.cfg.MapperConfig;

/**
 * Jackson 3 (Spring Boot 4.x): {@link PublicId} properties are written as their {@link PublicIdCodec} token and read
 * from it, never as the raw id; any other shape of {@code @PublicId} property fails when Jackson builds its serializer
 * or deserializer, naming it. The starter registers it in its mappers; register it yourself in a mapper you build.
 * (The implementation is shared with the Jackson 2 twin, {@code io.snowflakeid.spring.boot3.PublicIdJackson2Module},
 * in an internal package.)
 */
public class PublicIdJackson3Module extends io.snowflakeid.hibernate.internal.PublicIdJackson3Module {

	private static final long serialVersionUID = 1L;

	public PublicIdJackson3Module(PublicIdCodec codec) {
		super(codec);
	}

	/**
	 * A module whose codec is asked for when Jackson first builds a serializer or deserializer of a public id, not
	 * when the module is created: a codec bean may itself need the mapper. A supplier that gives null (no key) or
	 * throws fails that serializer, never writing the raw id.
	 */
	public PublicIdJackson3Module(Supplier<PublicIdCodec> codec) {
		super(codec);
	}

	/**
	 * Where no key is configured: every {@code @PublicId} property fails when Jackson builds its serializer or
	 * deserializer, naming it and the key to set, instead of going out (or in) as the raw id. The start refuses
	 * {@code @PublicId} without a key in the application's packages; this covers the classes outside them (a DTO in
	 * another package or a library).
	 */
	public static PublicIdJackson3Module withoutKeys() {
		return new PublicIdJackson3Module(() -> null);
	}

	/**
	 * Whether the module's annotation introspector is in effect in {@code mapper}, for serialization and
	 * deserialization: a mapper can list the module yet have had its introspector replaced afterwards.
	 */
	public static boolean isActiveIn(ObjectMapper mapper) {
		return io.snowflakeid.hibernate.internal.PublicIdJackson3Module.isActiveIn(mapper);
	}

	/**
	 * Whether the module's annotation introspector is among {@code config}'s: the ids-as-strings module refuses
	 * {@code @PublicId} properties in a mapper without it.
	 */
	public static boolean introspects(MapperConfig<?> config) {
		return io.snowflakeid.hibernate.internal.PublicIdJackson3Module.introspects(config);
	}
}
