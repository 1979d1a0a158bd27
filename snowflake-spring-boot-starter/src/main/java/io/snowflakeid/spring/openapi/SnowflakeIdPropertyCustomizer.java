package io.snowflakeid.spring.openapi;

import java.lang.reflect.Type;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.Set;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.databind.JavaType;
import io.snowflakeid.SnowflakeLayout;
import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.hibernate.internal.SnowflakeIdJson;
import io.swagger.v3.core.converter.AnnotatedType;
import io.swagger.v3.oas.models.SpecVersion;
import io.swagger.v3.oas.models.media.JsonSchema;
import io.swagger.v3.oas.models.media.Schema;
import io.swagger.v3.oas.models.media.StringSchema;
import org.springdoc.core.customizers.PropertyCustomizer;

/**
 * Documents {@code @SnowflakeId Long}/{@code long} properties as the JSON strings the starter's Jackson module writes
 * ({@code snowflake.jackson.ids-as-strings=true}): {@code type: string} with {@link #PATTERN} and an example id of
 * the application's layout, instead of the {@code integer}/{@code int64} springdoc derives from the Java type; and
 * {@code @PublicId Long}/{@code long} properties, when public ids are configured, as the tokens the public id module
 * writes: {@code type: string} with the token's pattern and an example token. Works for OpenAPI 3.0 and 3.1
 * documents. Everything else is left as it is: other properties, {@code @SegmentId} ids (JSON numbers),
 * {@code String} ids (strings already), and a property whose schema an {@code @Schema} annotation already made
 * something other than an integer. One class for both: springdoc keeps model converters in a JVM-wide registry, one
 * per class (see {@link SnowflakeOpenApiAutoConfiguration}).
 */
final class SnowflakeIdPropertyCustomizer implements PropertyCustomizer {

	/**
	 * Exactly the text {@link Long#toString(long)} writes for any {@code long}: issued ids are never negative (the sign
	 * bit of every layout is 0), but ids an application assigns itself are kept as they are, and the JSON reader
	 * accepts negative ones too.
	 */
	static final String PATTERN = "^-?[0-9]{1,19}$";

	/** The instant of the example id, when the layout covers it: a fixed one, so the document is reproducible. */
	private static final Instant EXAMPLE_INSTANT = Instant.parse("2026-01-01T00:00:00Z");

	private final boolean idsAsStrings;

	private final String example;

	/** The public ids' token pattern and example, or null when public ids are not configured. */
	private final String publicIdPattern;

	private final PublicIdCodec publicIds;

	private final long publicIdExampleId;

	/**
	 * @param idsAsStrings whether the JSON mapper writes the ids as strings; when not, this customizer changes
	 * nothing (it still exists then, see {@link SnowflakeOpenApiAutoConfiguration})
	 * @param layout the layout the example id is composed in
	 */
	SnowflakeIdPropertyCustomizer(boolean idsAsStrings, SnowflakeLayout layout) {
		this(idsAsStrings, layout, null);
	}

	/**
	 * @param idsAsStrings whether the JSON mapper writes {@code @SnowflakeId} ids as strings
	 * @param layout the layout the example id is composed in
	 * @param publicIds the public id codec, or null when public ids are not configured ({@code @PublicId}
	 * properties are then left alone: the application does not start with them anyway)
	 */
	SnowflakeIdPropertyCustomizer(boolean idsAsStrings, SnowflakeLayout layout, PublicIdCodec publicIds) {
		this.idsAsStrings = idsAsStrings;
		long exampleId = exampleId(layout);
		this.example = Long.toString(exampleId);
		this.publicIdPattern = (publicIds != null) ? tokenPattern(publicIds) : null;
		this.publicIds = publicIds;
		this.publicIdExampleId = (publicIds != null) ? Math.min(exampleId, publicIds.maxId()) : 0;
	}

	/** The pattern of every token of {@code codec}: a current or older key version, then the payload. */
	static String tokenPattern(PublicIdCodec codec) {
		return "^[" + codec.alphabet().ranges() + "]{" + codec.tokenLength() + "}$";
	}

	/** The example id: 2026-01-01 (or the layout's first/last tick), datacenter, worker and sequence 1 where they fit. */
	static long exampleId(SnowflakeLayout layout) {
		long tick = Math.max(0, Math.min(layout.tickOf(EXAMPLE_INSTANT), layout.maxTimestamp()));
		return layout.compose(tick, Math.min(1, layout.maxDatacenterId()), Math.min(1, layout.maxWorkerId()),
				Math.min(1, layout.maxSequence()));
	}

	@Override
	@SuppressWarnings("rawtypes")
	public Schema customize(Schema property, AnnotatedType type) {
		if (property == null || !isInteger(property)) {
			return property;
		}
		PublicId publicId = (this.publicIdPattern != null) ? publicIdOf(type) : null;
		if (publicId != null) {
			// written as a token whatever else the property says (as the Jackson modules do), of its domain
			return asString(property, this.publicIdPattern,
					this.publicIds.forDomain(publicId.value()).encode(this.publicIdExampleId));
		}
		if (!this.idsAsStrings || !isSnowflakeIdProperty(type)) {
			return property;
		}
		return asString(property, PATTERN, this.example);
	}

	/** The {@code @PublicId} of a {@code Long}/{@code long} property, or null. */
	private static PublicId publicIdOf(AnnotatedType type) {
		if (type.getCtxAnnotations() != null) {
			for (var annotation : type.getCtxAnnotations()) {
				if (annotation instanceof PublicId publicId) {
					Class<?> raw = rawClass(type.getType());
					return (raw == Long.class || raw == long.class) ? publicId : null;
				}
			}
		}
		return null;
	}

	private static boolean isSnowflakeIdProperty(AnnotatedType type) {
		boolean annotated = false;
		boolean keepsNumber = false;
		if (type.getCtxAnnotations() != null) {
			for (var annotation : type.getCtxAnnotations()) {
				annotated |= annotation instanceof SnowflakeId;
				// @JsonFormat(shape = NUMBER): the Jackson modules leave it a number, so the document says integer
				keepsNumber |= annotation instanceof JsonFormat format && SnowflakeIdJson.keepsNumber(format);
			}
		}
		return !keepsNumber && SnowflakeIdJson.isNumericSnowflakeId(annotated, rawClass(type.getType()));
	}

	/** swagger-core describes a bean property's type with a Jackson 2 {@link JavaType}; other callers with a Class. */
	private static Class<?> rawClass(Type type) {
		if (type instanceof JavaType javaType) {
			return javaType.getRawClass();
		}
		return (type instanceof Class<?> rawClass) ? rawClass : null;
	}

	static boolean isInteger(Schema<?> schema) {
		if (schema.get$ref() != null) {
			return false;
		}
		return (schema.getSpecVersion() == SpecVersion.V31 && schema.getTypes() != null)
				? schema.getTypes().contains("integer") : "integer".equals(schema.getType());
	}

	/**
	 * A new string schema: the integer schema's numeric bounds and format do not apply to a string, and its example
	 * would be cast back to a number. What a user wrote about the property (description, title, access mode,
	 * nullability, deprecation, extensions) is kept; an example or default given in {@code @Schema} becomes a string.
	 */
	@SuppressWarnings({ "rawtypes", "unchecked" })
	static Schema asString(Schema<?> integer, String pattern, String example) {
		Schema string;
		if (integer.getSpecVersion() == SpecVersion.V31) {
			string = new JsonSchema();
			Set<String> types = new LinkedHashSet<>();
			for (String each : (integer.getTypes() != null) ? integer.getTypes() : Set.<String>of()) {
				types.add("integer".equals(each) ? "string" : each);
			}
			string.setTypes(types);
		}
		else {
			string = new StringSchema();
		}
		string.setName(integer.getName());
		string.setTitle(integer.getTitle());
		string.setDescription(integer.getDescription());
		string.setNullable(integer.getNullable());
		string.setReadOnly(integer.getReadOnly());
		string.setWriteOnly(integer.getWriteOnly());
		string.setDeprecated(integer.getDeprecated());
		string.setExternalDocs(integer.getExternalDocs());
		string.setExtensions(integer.getExtensions());
		string.setXml(integer.getXml());
		string.set$comment(integer.get$comment());
		string.setPattern((integer.getPattern() != null) ? integer.getPattern() : pattern);
		string.setExample((integer.getExample() != null) ? integer.getExample().toString() : example);
		if (integer.getDefault() != null) {
			string.setDefault(integer.getDefault().toString());
		}
		if (integer.getExamples() != null) {
			string.setExamples(integer.getExamples().stream().map(String::valueOf).toList());
		}
		if (integer.getEnum() != null) {
			string.setEnum(integer.getEnum().stream().map(String::valueOf).toList());
		}
		return string;
	}
}
