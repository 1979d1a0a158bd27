package io.snowflakeid.quarkus.runtime;

import java.lang.annotation.Annotation;
import java.lang.reflect.Type;
import java.util.function.Supplier;

import io.snowflakeid.publicid.InvalidPublicIdException;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import jakarta.enterprise.inject.Instance;
import jakarta.inject.Inject;
import jakarta.inject.Singleton;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ParamConverter;
import jakarta.ws.rs.ext.ParamConverterProvider;

/**
 * {@code @PublicId} path, query, header, form, matrix and cookie parameters of Quarkus REST: a token in, the id to the
 * method ({@code Long}, {@code long} or the decimal {@code String}); a token that does not decode, an empty value or
 * a raw number is a 400 that says why, never the raw id taken as it is. The build refuses {@code @PublicId} on other
 * parameter types, and the start refuses it without a key, so the codec is there whenever a parameter asks.
 */
@Singleton
public class PublicIdParamConverterProvider implements ParamConverterProvider {

	/** Looked up at the first conversion: Quarkus REST may ask for converters at static init, before the keys exist. */
	private final Instance<QuarkusPublicIds> publicIds;

	@Inject
	PublicIdParamConverterProvider(Instance<QuarkusPublicIds> publicIds) {
		this.publicIds = publicIds;
	}

	@Override
	@SuppressWarnings("unchecked")
	public <T> ParamConverter<T> getConverter(Class<T> rawType, Type genericType, Annotation[] annotations) {
		PublicId publicId = publicId(annotations);
		if (publicId == null) {
			return null;
		}
		if (rawType != Long.class && rawType != long.class && rawType != String.class) {
			throw new IllegalStateException("@PublicId on a parameter of type " + genericType.getTypeName()
					+ ": allowed Long, long and String (a decimal id)");
		}
		String domain = publicId.value();
		Supplier<PublicIdCodec> codec = () -> this.publicIds.get().required().forDomain(domain);
		return (ParamConverter<T>) new TokenConverter(codec, rawType == String.class);
	}

	private static PublicId publicId(Annotation[] annotations) {
		if (annotations != null) {
			for (Annotation annotation : annotations) {
				if (annotation instanceof PublicId publicId) {
					return publicId;
				}
			}
		}
		return null;
	}

	private static final class TokenConverter implements ParamConverter<Object> {

		private final Supplier<PublicIdCodec> lookup;

		private final boolean decimalString;

		/** The domain's codec, derived once (a key derivation) at the first request. */
		private volatile PublicIdCodec codec;

		TokenConverter(Supplier<PublicIdCodec> lookup, boolean decimalString) {
			this.lookup = lookup;
			this.decimalString = decimalString;
		}

		private PublicIdCodec codec() {
			PublicIdCodec codec = this.codec;
			if (codec == null) {
				codec = this.lookup.get();
				this.codec = codec;
			}
			return codec;
		}

		@Override
		public Object fromString(String token) {
			if (token == null) {
				throw new IllegalArgumentException("no token"); // JAX-RS never asks for null; absent values stay null
			}
			try {
				long id = codec().decode(token.trim());
				return this.decimalString ? Long.toString(id) : (Object) id;
			}
			catch (InvalidPublicIdException ex) {
				// the reason is safe to show to the client that sent the token (it names no key)
				throw new BadRequestException(Response.status(Response.Status.BAD_REQUEST)
					.type(MediaType.TEXT_PLAIN_TYPE)
					.entity(ex.getMessage())
					.build());
			}
		}

		@Override
		public String toString(Object id) {
			return codec().encode((id instanceof String text) ? Long.parseLong(text) : (Long) id);
		}
	}
}
