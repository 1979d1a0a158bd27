package io.snowflakeid.hibernate.internal;

import io.snowflakeid.publicid.InvalidPublicIdException;
import io.snowflakeid.publicid.PublicId;

/**
 * What the public id support decides whatever the JSON library: the Jackson 2 and 3 modules beside it, and, public for
 * them, the starter's web and GraphQL support and the Quarkus extension's JSON-B and Qute support; an internal
 * package, not an API.
 */
public final class PublicIdJson {

	/** Why a JSON number is refused where a public id is expected. */
	public static final String NUMBER_REFUSED = "A @PublicId property is read from its token (a JSON string), "
			+ "never from a number: accepting raw ids would let clients enumerate them";

	private PublicIdJson() {
	}

	/**
	 * The Java types a {@link PublicId} value may have: {@code Long}/{@code long}, or a {@code String} holding the
	 * decimal id (applications with String snowflake ids).
	 */
	public static boolean isIdType(Class<?> type) {
		return type == Long.class || type == long.class || type == String.class;
	}

	/**
	 * The id of a {@code Long}, or of a {@code String} holding a decimal id (digits only, as {@link Long#toString}
	 * writes a non-negative id). Anything else is the application's bug, reported naming the property and never
	 * written as it is.
	 */
	public static long idOf(Object value, String where) {
		if (value instanceof Long id) {
			return id;
		}
		if (value instanceof String text && !text.isEmpty() && text.length() <= 19 && text.chars().allMatch((c) -> c >= '0' && c <= '9')) {
			try {
				return Long.parseLong(text);
			}
			catch (NumberFormatException ex) {
				// above Long.MAX_VALUE: refused below
			}
		}
		throw new IllegalArgumentException("@PublicId on " + where + " holds " + ((value instanceof String)
				? "a String that is not a decimal id (digits only, below 2^63)" : "a " + value.getClass().getName())
				+ ": only Long ids and Strings of decimal ids are written as tokens");
	}

	/** A decoded id as the property's type: the decimal {@code String} for a {@code String} property. */
	public static Object asTarget(long id, Class<?> target) {
		return (target == String.class) ? Long.toString(id) : (Object) id;
	}

	/**
	 * A type with a {@code @PublicId} member in a mapper that has the ids-as-strings module without the public-id
	 * module ({@code module}): refused, never written raw.
	 */
	public static String withoutPublicIdModule(String where, String module) {
		return "@PublicId " + where + " cannot be written or read as JSON by this mapper: it has the snowflake-id"
				+ " module without the public-id module (" + module + ", which the starter's mappers have), and the raw"
				+ " id must not go out where a token was promised. Register the public-id module too, or remove"
				+ " @PublicId";
	}

	/**
	 * Why a {@code @PublicId} property cannot be written or read where no key is configured (a class outside the
	 * packages the start searches): never the raw id instead.
	 */
	public static String withoutKey(String where) {
		return "@PublicId on " + where + " cannot be written or read as JSON: no public-id key is configured, and the "
				+ "raw id must not go out where a token was promised. Set " + io.snowflakeid.publicid.PublicIdCodec.KEYS
				+ ".<version>=<base64 AES key of 16, 24 or 32 bytes>, or remove @PublicId";
	}

	/** A module's codec given as a value: never null (a module without keys is made with a supplier of null). */
	static java.util.function.Supplier<io.snowflakeid.publicid.PublicIdCodec> constant(
			io.snowflakeid.publicid.PublicIdCodec codec) {
		java.util.Objects.requireNonNull(codec, "codec");
		return () -> codec;
	}

	/**
	 * The codec of a property's domain ({@code @PublicId("invoice")}) from the module's codec: none (no key
	 * configured) or a bad domain is refused, naming the property.
	 */
	static io.snowflakeid.publicid.PublicIdCodec domainCodec(io.snowflakeid.publicid.PublicIdCodec available,
			PublicId publicId, String where) {
		if (available == null) {
			throw new IllegalStateException(withoutKey(where));
		}
		try {
			return available.forDomain(publicId.value());
		}
		catch (IllegalArgumentException ex) {
			throw new IllegalArgumentException("@PublicId on " + where + ": " + ex.getMessage(), ex);
		}
	}

	/** A one-argument creator read from a token, and a {@code @JsonValue} written raw: refused. */
	static String jsonValueNotPublic(String type, String where) {
		return "@PublicId on the creator of " + type + ", which is read from a token, but its @JsonValue " + where
				+ " is not @PublicId: Jackson would write the raw id. Annotate the @JsonValue accessor with @PublicId as"
				+ " well";
	}

	/** A {@code @JsonValue} written as a token, and no creator that reads one: refused. */
	static String jsonValueWithoutCreator(String where, String type) {
		return "@PublicId on the @JsonValue " + where + ", but no one-argument creator of " + type + " has a @PublicId"
				+ " parameter: Jackson would read the raw id. Annotate the creator's parameter with @PublicId as well";
	}

	/** A type that may carry {@code @PublicId}: the JDK's types and primitives do not (not introspected for it). */
	static boolean isApplicationType(Class<?> raw) {
		return !raw.isPrimitive() && !raw.getName().startsWith("java.");
	}

	/** Why a {@code @PublicId} property of another shape is refused, naming it and what is allowed. */
	public static String unsupported(String where, String type) {
		return "@PublicId on " + where + " (" + type + ") is not supported: allowed Long, long, String (a decimal id), "
				+ "long[], collections, arrays and Optionals of Long or String, maps with Long keys and/or Long values, "
				+ "and @JsonIdentityInfo(generator = PropertyGenerator.class) on such an id. Without this failure "
				+ "Jackson would write the raw value";
	}

	/**
	 * A mapper bean with {@code MapperFeature.USE_ANNOTATIONS} disabled reads no annotation at all: no module can make
	 * it see {@code @PublicId} (Jackson 2 and 3 alike), so the start is refused.
	 */
	public static String blind(String beanName, Class<?> type) {
		return "The Jackson mapper bean '" + beanName + "' (" + type.getName() + ") has MapperFeature.USE_ANNOTATIONS "
				+ "disabled: it sees no @PublicId and would write every public id raw. Enable annotations on it";
	}

	/** A mapper bean that lists the module but whose annotation introspector was replaced after it was registered. */
	public static String introspectorReplaced(String beanName, Class<?> type) {
		return "The Jackson mapper bean '" + beanName + "' (" + type.getName() + ") has the public id module, but its "
				+ "annotation introspector was replaced after the module was registered: it sees no @PublicId and "
				+ "would write every public id raw. Pair yours with the current one instead of replacing it (e.g. "
				+ "Jackson2ObjectMapperBuilder.annotationIntrospector(current -> AnnotationIntrospectorPair.pair(yours, "
				+ "current)))";
	}

	/** Why a {@code @PublicId} container with {@code @JsonSerialize(using)}/{@code @JsonDeserialize(using)} is refused. */
	public static String replaced(String where) {
		return "@PublicId on " + where + " is not supported with @JsonSerialize(using = ...) or @JsonDeserialize(using "
				+ "= ...) on the same property: that serializer would replace the tokens of its elements and write the "
				+ "raw ids. Write the tokens in it with the PublicIdCodec bean, and drop @PublicId";
	}

	/**
	 * Why {@code @JsonIdentityInfo(generator = PropertyGenerator.class)} on a referencing property is refused when the
	 * referenced id is {@code @PublicId}: Jackson builds the reference's id writer there with the id's plain type.
	 */
	public static String identityOnReference(String where, String target) {
		return "@JsonIdentityInfo(generator = PropertyGenerator.class) on " + where + " refers to the @PublicId id of "
				+ target + ": not supported on the referencing property (Jackson would write and read the raw id). "
				+ "Put @JsonIdentityInfo on the class " + target + " and keep @JsonIdentityReference on the property";
	}

	/**
	 * The {@code @PublicId} of the field a creator parameter without one stands for: the parameter of a constructor or
	 * factory of {@code type} whose property is {@code names} (its explicit and implicit names), the field of that
	 * name (or with that {@code @JsonProperty} name) in {@code type} or a superclass; {@code null} if none has it.
	 * Jackson merges a field's annotations into the creator parameter of its property, but only for fields it
	 * collects: Jackson 3 leaves final fields out when deserializing ({@code ALLOW_FINAL_FIELDS_AS_MUTATORS} is off by
	 * default; Jackson 2 with it disabled likewise), so {@code @PublicId} on a final field alone (a Kotlin
	 * {@code @field:PublicId val}, a Java {@code @JsonCreator} class) never reached the parameter, read raw.
	 */
	public static PublicId fieldPublicId(Class<?> type, java.util.Collection<String> names) {
		if (names.isEmpty()) {
			return null;
		}
		for (Class<?> current = type; current != null && current != Object.class; current = current.getSuperclass()) {
			for (java.lang.reflect.Field field : current.getDeclaredFields()) {
				PublicId publicId = field.getAnnotation(PublicId.class);
				if (publicId == null || java.lang.reflect.Modifier.isStatic(field.getModifiers())) {
					continue;
				}
				com.fasterxml.jackson.annotation.JsonProperty property = field
					.getAnnotation(com.fasterxml.jackson.annotation.JsonProperty.class);
				if (names.contains(field.getName()) || (property != null && names.contains(property.value()))) {
					return publicId;
				}
			}
		}
		return null;
	}

	/**
	 * The explicit ({@code @JsonProperty}) and, when compiled with {@code -parameters}, implicit names of parameter
	 * {@code index} of {@code creator} (a {@code Constructor} or {@code Method}), for {@link #fieldPublicId}.
	 */
	public static java.util.List<String> parameterNames(java.lang.reflect.Member creator, int index) {
		java.util.List<String> names = new java.util.ArrayList<>();
		if (creator instanceof java.lang.reflect.Executable executable && index < executable.getParameterCount()) {
			java.lang.reflect.Parameter parameter = executable.getParameters()[index];
			com.fasterxml.jackson.annotation.JsonProperty property = parameter
				.getAnnotation(com.fasterxml.jackson.annotation.JsonProperty.class);
			if (property != null && !property.value().isEmpty()) {
				names.add(property.value());
			}
			if (parameter.isNamePresent()) {
				names.add(parameter.getName());
			}
		}
		return names;
	}

	/** {@code @PublicId} on the field of a property only, whose creator parameter is read without it: refused. */
	public static String creatorParameterUnlinked(String type, String property) {
		return "@PublicId on the field " + type + "." + property + " only, but the object is built by a creator (a "
				+ "constructor or factory) whose parameter for '" + property + "' is not @PublicId, and its field "
				+ "could not be matched to it: Jackson would read the raw id. Annotate the creator parameter with "
				+ "@PublicId as well (in Kotlin: @PublicId on the constructor property, not only @field:PublicId)";
	}

	/** Whether {@code type} (or a superclass) has a {@code @PublicId} field, getter or record component {@code name}. */
	public static boolean hasPublicIdProperty(Class<?> type, String name) {
		return publicIdProperty(type, name) != null;
	}

	/**
	 * The {@code @PublicId} of {@code type}'s (or a superclass's) field, getter or record component {@code name};
	 * {@code null} if it has none.
	 */
	public static PublicId publicIdProperty(Class<?> type, String name) {
		String capitalized = name.isEmpty() ? name : Character.toUpperCase(name.charAt(0)) + name.substring(1);
		for (Class<?> current = type; current != null && current != Object.class; current = current.getSuperclass()) {
			for (java.lang.reflect.Field field : current.getDeclaredFields()) {
				if (field.getName().equals(name) && field.isAnnotationPresent(PublicId.class)) {
					return field.getAnnotation(PublicId.class);
				}
			}
			for (java.lang.reflect.Method method : current.getDeclaredMethods()) {
				String methodName = method.getName();
				boolean accessor = methodName.equals(name) || methodName.equals("get" + capitalized)
						|| methodName.equals("is" + capitalized);
				if (accessor && method.getParameterCount() == 0 && method.isAnnotationPresent(PublicId.class)) {
					return method.getAnnotation(PublicId.class);
				}
			}
		}
		return null;
	}

	/**
	 * The token as sent, without surrounding whitespace: path variables, request parameters, bound objects and JSON
	 * all trim the same way (a copied link, a form field); whitespace inside a token still fails as malformed.
	 */
	public static String token(String text) {
		return (text != null) ? text.trim() : null;
	}

	/** The message of a token that does not decode: the codec's reason, never a key. */
	public static String invalid(InvalidPublicIdException ex) {
		return ex.getMessage();
	}

	/**
	 * A value built by Jackson through a builder ({@code @JsonDeserialize(builder = ...)}, Lombok's {@code @Jacksonized}):
	 * Jackson reads the builder's methods, not the value's properties, so a {@code @PublicId} field of the value whose
	 * builder method is not {@code @PublicId} would read the raw number. Refused, naming both.
	 */
	public static void requirePublicBuilder(Class<?> value, Class<?> builder) {
		for (Class<?> type = value; type != null && type != Object.class; type = type.getSuperclass()) {
			for (java.lang.reflect.Field field : type.getDeclaredFields()) {
				if (!field.isAnnotationPresent(io.snowflakeid.publicid.PublicId.class)) {
					continue;
				}
				String name = field.getName();
				String capitalized = Character.toUpperCase(name.charAt(0)) + name.substring(1);
				for (java.lang.reflect.Method method : builder.getMethods()) {
					String methodName = method.getName();
					boolean names = methodName.equals(name) || (methodName.endsWith(capitalized)
							&& methodName.length() > capitalized.length()
							&& Character.isLowerCase(methodName.charAt(0)));
					if (method.getParameterCount() == 1 && names && method.getDeclaringClass() != Object.class
							&& !method.isAnnotationPresent(io.snowflakeid.publicid.PublicId.class)
							&& !method.getParameters()[0].isAnnotationPresent(io.snowflakeid.publicid.PublicId.class)) {
						throw new IllegalArgumentException("@PublicId on " + type.getName() + "." + name + ", but "
								+ value.getName() + " is built by " + builder.getName() + ", whose " + methodName
								+ "(...) is not @PublicId: Jackson would read the raw id. Annotate the builder's method "
								+ "with @PublicId as well (Lombok: lombok.copyableAnnotations += "
								+ "io.snowflakeid.publicid.PublicId)");
					}
				}
			}
		}
	}
}
