package io.snowflakeid.spring.publicid;

import java.lang.annotation.Annotation;
import java.lang.reflect.Array;
import java.lang.reflect.Constructor;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

import graphql.execution.DataFetcherResult;
import graphql.execution.instrumentation.Instrumentation;
import graphql.execution.instrumentation.InstrumentationState;
import graphql.execution.instrumentation.parameters.InstrumentationFieldFetchParameters;
import graphql.schema.DataFetcher;
import graphql.schema.DataFetchingEnvironment;
import graphql.schema.GraphQLScalarType;
import graphql.schema.GraphQLTypeUtil;
import io.snowflakeid.hibernate.internal.PublicIdJson;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;

import org.springframework.core.DefaultParameterNameDiscoverer;
import org.springframework.core.ParameterNameDiscoverer;
import org.springframework.util.ClassUtils;

/**
 * Spring for GraphQL: a field whose source object has a {@code @PublicId} property of the field's name (the
 * property data fetcher's rule, and a {@code @SchemaMapping} method's for that field) is sent as the token, never the
 * raw id: GraphQL reads the property itself and would write the number (as an {@code ID}, a string of digits).
 * Spring Boot's GraphQL auto-configuration adds every {@link Instrumentation} bean to the engine. Without a codec
 * the field fails (a GraphQL error, the field null), naming the key to set. Declare such fields {@code ID} (or
 * {@code String}) in the schema: a numeric type refuses the token, an error as well.
 *
 * <p>Arguments are not converted: {@link PublicIdGraphQlControllersCheck} refuses {@code @PublicId} there at start.
 */
final class PublicIdGraphQlInstrumentation implements Instrumentation {

	private static final ParameterNameDiscoverer PARAMETER_NAMES = new DefaultParameterNameDiscoverer();

	private final Supplier<PublicIdCodec> codec;

	private volatile PublicIdCodec found;

	/**
	 * Per source class, per field name (an empty Optional where there is none); a class value, so that an
	 * application's class loader is not kept.
	 */
	private final ClassValue<Map<String, Optional<PublicId>>> properties = new ClassValue<>() {
		@Override
		protected Map<String, Optional<PublicId>> computeValue(Class<?> type) {
			return new ConcurrentHashMap<>();
		}
	};

	/** {@code codec} answers {@code null} where there is none (no key): asked for at each field, not at start. */
	PublicIdGraphQlInstrumentation(Supplier<PublicIdCodec> codec) {
		this.codec = codec;
	}

	@Override
	public DataFetcher<?> instrumentDataFetcher(DataFetcher<?> dataFetcher, InstrumentationFieldFetchParameters parameters,
			InstrumentationState state) {
		if (!(GraphQLTypeUtil.unwrapAll(parameters.getField().getType()) instanceof GraphQLScalarType)) {
			return dataFetcher; // an object, list of objects or enum: no id is sent as such a field's value
		}
		DataFetchingEnvironment environment = parameters.getEnvironment(); // built lazily: only for scalars
		Object source = environment.getSource();
		if (source == null || source instanceof Map) {
			return dataFetcher; // a map carries no annotation; the query and mutation roots have no source
		}
		String field = environment.getFieldDefinition().getName();
		PublicId publicId;
		try {
			publicId = this.properties.get(source.getClass())
				.computeIfAbsent(field, (name) -> Optional.ofNullable(publicIdProperty(source.getClass(), name)))
				.orElse(null);
		}
		catch (IllegalStateException ex) {
			return (fetching) -> {
				throw ex; // this field fails, not the whole request
			};
		}
		if (publicId == null) {
			return dataFetcher;
		}
		String where = "GraphQL field '" + field + "' (property " + source.getClass().getName() + "." + field + ")";
		return (fetching) -> tokens(dataFetcher.get(fetching), publicId, where);
	}

	/**
	 * The {@code @PublicId} of {@code type}'s property {@code name}: on a field, getter or record component of the
	 * class or a superclass; on a getter of an interface it implements (a Spring Data projection is a proxy of its
	 * interface); or on the constructor parameter of that name (Kotlin's {@code class Order(@PublicId val id: Long)}
	 * puts it there only).
	 */
	static PublicId publicIdProperty(Class<?> type, String name) {
		PublicId found = PublicIdJson.publicIdProperty(type, name);
		if (found != null) {
			return found;
		}
		for (Class<?> contract : ClassUtils.getAllInterfacesForClassAsSet(type)) {
			found = PublicIdJson.publicIdProperty(contract, name);
			if (found != null) {
				return found;
			}
		}
		for (Constructor<?> constructor : type.getDeclaredConstructors()) {
			String[] names = PARAMETER_NAMES.getParameterNames(constructor);
			Annotation[][] annotations = constructor.getParameterAnnotations();
			for (int i = 0; i < annotations.length; i++) {
				for (Annotation annotation : annotations[i]) {
					if (annotation instanceof PublicId publicId) {
						if (names == null || names.length != annotations.length) {
							throw new IllegalStateException("@PublicId on a constructor parameter of " + type.getName()
									+ ", whose names are not known (compile with -parameters, or Kotlin with "
									+ "kotlin-reflect): GraphQL cannot tell which field is the public id, and sends none of"
									+ " this type's fields rather than a raw id. Annotate the field or getter instead");
						}
						if (names[i].equals(name)) {
							return publicId;
						}
					}
				}
			}
		}
		return null;
	}

	/** The value a data fetcher gave, with its ids as tokens, whatever way it gave them. */
	private Object tokens(Object value, PublicId publicId, String where) {
		if (value == null) {
			return null;
		}
		if (value instanceof CompletionStage<?> stage) {
			return stage.thenApply((result) -> tokens(result, publicId, where));
		}
		if (value instanceof DataFetcherResult<?> result) {
			return result.map((data) -> tokens(data, publicId, where));
		}
		if (value instanceof Optional<?> optional) {
			return optional.map((id) -> token(id, publicId, where)).orElse(null);
		}
		if (value instanceof Iterable<?> ids) {
			List<Object> tokens = new ArrayList<>();
			ids.forEach((id) -> tokens.add((id != null) ? token(id, publicId, where) : null));
			return tokens;
		}
		if (value.getClass().isArray()) {
			List<Object> tokens = new ArrayList<>();
			for (int i = 0; i < Array.getLength(value); i++) {
				Object id = Array.get(value, i);
				tokens.add((id != null) ? token(id, publicId, where) : null);
			}
			return tokens;
		}
		return token(value, publicId, where);
	}

	private String token(Object value, PublicId publicId, String where) {
		if (value instanceof CharSequence text && !(value instanceof String)) {
			value = text.toString();
		}
		if (!(value instanceof Long) && !(value instanceof String)) {
			throw new IllegalStateException("@PublicId on " + where + " holds a " + value.getClass().getName()
					+ ": GraphQL sends Long ids and Strings of decimal ids as tokens (alone, in a list, an array or an "
					+ "Optional), nothing else; without this failure it would send the raw value");
		}
		PublicIdCodec available = this.found;
		if (available == null) {
			available = this.codec.get();
			this.found = available; // asked again while there is none (a codec bean may come later)
		}
		if (available == null) {
			throw new IllegalStateException("@PublicId on " + where + " cannot be sent: no public-id key is configured, "
					+ "and the raw id must not go out where a token was promised. Set " + PublicIdCodec.KEYS
					+ ".<version>=<base64 AES key of 16, 24 or 32 bytes>, or remove @PublicId");
		}
		return available.forDomain(publicId.value()).encode(PublicIdJson.idOf(value, where));
	}
}
