package io.snowflakeid.hibernate.internal;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.Version;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.introspect.Annotated;
import com.fasterxml.jackson.databind.introspect.AnnotatedMethod;
import com.fasterxml.jackson.databind.introspect.NopAnnotationIntrospector;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.publicid.PublicId;

/**
 * Jackson 2 (Spring Boot 3.x, Quarkus 3.x): {@link SnowflakeId} {@code Long} properties are written as JSON strings,
 * so JavaScript clients do not round them (ids exceed 2^53), and read from strings or numbers.
 * <p>
 * {@link PublicId} properties are the public-id module's ({@link PublicIdJackson2Module}, which the Spring starter and
 * the Quarkus extension register beside it, with keys or refusing without). In a mapper that has this module without
 * that one (built by hand), writing or reading a type with a {@code @PublicId} member fails, naming it: Jackson would
 * send the raw id ({@link Jackson2PublicIdGuard}).
 * <p>
 * The Jackson 3 twin is {@link SnowflakeIdJackson3Module}, beside it (what they decide alike: {@link SnowflakeIdJson}).
 * Internal: the starter's {@code io.snowflakeid.spring.boot3.SnowflakeIdJackson2Module} (bean
 * {@code snowflakeIdJackson2Module}) extends it.
 */
public class SnowflakeIdJackson2Module extends SimpleModule {

	private static final long serialVersionUID = 1L;

	/** The module's name, which Jackson also uses as its id in {@code ObjectMapper.getRegisteredModuleIds()}. */
	public static final String NAME = "snowflake-id";

	public SnowflakeIdJackson2Module() {
		super(NAME, Version.unknownVersion());
	}

	@Override
	public void setupModule(SetupContext context) {
		super.setupModule(context);
		context.insertAnnotationIntrospector(new Introspector());
		context.addBeanSerializerModifier(new Jackson2ObjectIds());
		// unless the public-id module is there too, types with a @PublicId member are refused
		context.addBeanSerializerModifier(new Jackson2PublicIdGuard.Serializers());
		context.addBeanDeserializerModifier(new Jackson2PublicIdGuard.Deserializers());
	}

	private static final class Introspector extends NopAnnotationIntrospector {

		private static final long serialVersionUID = 1L;

		@Override
		public Object findSerializer(Annotated annotated) {
			if (appliesToLongArray(annotated)) {
				return LongArrayAsStrings.INSTANCE;
			}
			return applies(annotated, false) ? ToStringSerializer.instance : null;
		}

		@Override
		public Object findDeserializer(Annotated annotated) {
			return applies(annotated, true) ? LenientLongDeserializer.INSTANCE : null;
		}

		/** {@code @SnowflakeId} on {@code Optional<Long>}, a collection, array or map of {@code Long}: each value. */
		@Override
		public Object findContentSerializer(Annotated annotated) {
			return appliesToContent(annotated, false) ? ToStringSerializer.instance : null;
		}

		@Override
		public Object findContentDeserializer(Annotated annotated) {
			return appliesToContent(annotated, true) ? LenientLongDeserializer.INSTANCE : null;
		}

		private static boolean appliesToContent(Annotated annotated, boolean mutator) {
			if (!SnowflakeIdJson.asString(annotated::getAnnotation, mutator, () -> ownCodec(annotated, mutator, true))) {
				return false;
			}
			JavaType type = mutatorType(annotated, mutator);
			JavaType content = (type != null) ? type.getContentType() : null;
			return content != null && content.getRawClass() == Long.class;
		}

		private static boolean applies(Annotated annotated, boolean mutator) {
			// the resolved type: an id declared once in a generic superclass (I id, with I = Long) is a Long here
			JavaType type = mutatorType(annotated, mutator);
			Class<?> raw = (type != null) ? type.getRawClass() : annotated.getRawType();
			return SnowflakeIdJson.isNumericSnowflakeId(true, raw)
					&& SnowflakeIdJson.asString(annotated::getAnnotation, mutator, () -> ownCodec(annotated, mutator, false));
		}

		/** The type a member reads into ({@code mutator}: a setter's parameter) or writes from. */
		private static JavaType mutatorType(Annotated annotated, boolean mutator) {
			return (mutator && annotated instanceof AnnotatedMethod method && method.getParameterCount() == 1)
					? method.getParameterType(0) : annotated.getType();
		}

		/**
		 * {@code @SnowflakeId long[]}: Jackson's primitive array serializer takes no element serializer, so the array
		 * is written here (read back by Jackson's own, which takes strings and numbers).
		 */
		private static boolean appliesToLongArray(Annotated annotated) {
			return annotated.getType() != null && annotated.getType().getRawClass() == long[].class
					&& SnowflakeIdJson.asString(annotated::getAnnotation, false, () -> ownCodec(annotated, false, false));
		}

		/** The application's own (de)serializer on the property ({@code @JsonSerialize(using = ...)}) is kept. */
		private static boolean ownCodec(Annotated annotated, boolean mutator, boolean content) {
			if (mutator) {
				JsonDeserialize deserialize = annotated.getAnnotation(JsonDeserialize.class);
				return deserialize != null
						&& (content ? deserialize.contentUsing() : deserialize.using()) != JsonDeserializer.None.class;
			}
			JsonSerialize serialize = annotated.getAnnotation(JsonSerialize.class);
			return serialize != null && (content ? serialize.contentUsing() : serialize.using()) != JsonSerializer.None.class;
		}
	}

	static final class LongArrayAsStrings extends StdSerializer<long[]> {

		private static final long serialVersionUID = 1L;

		static final LongArrayAsStrings INSTANCE = new LongArrayAsStrings();

		LongArrayAsStrings() {
			super(long[].class);
		}

		@Override
		public void serialize(long[] ids, JsonGenerator generator, SerializerProvider provider) throws IOException {
			generator.writeStartArray(ids, ids.length);
			for (long id : ids) {
				generator.writeString(Long.toString(id));
			}
			generator.writeEndArray();
		}
	}

	static final class LenientLongDeserializer extends StdScalarDeserializer<Long> {

		private static final long serialVersionUID = 1L;

		static final LenientLongDeserializer INSTANCE = new LenientLongDeserializer();

		LenientLongDeserializer() {
			super(Long.class);
		}

		@Override
		public Long deserialize(JsonParser parser, DeserializationContext context) throws IOException {
			JsonToken token = parser.currentToken();
			if (token == JsonToken.VALUE_NUMBER_INT) {
				return parser.getLongValue();
			}
			if (token == JsonToken.VALUE_STRING) {
				try {
					return SnowflakeIdText.parse(parser.getText());
				}
				catch (IllegalArgumentException ex) {
					return (Long) context.handleWeirdStringValue(Long.class, parser.getText(), ex.getMessage());
				}
			}
			return (Long) context.handleUnexpectedToken(Long.class, parser);
		}
	}
}
