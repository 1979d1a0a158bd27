package io.snowflakeid.hibernate.internal;

import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.publicid.PublicId;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
import tools.jackson.databind.ValueDeserializer;
import tools.jackson.databind.ValueSerializer;
import tools.jackson.databind.annotation.JsonDeserialize;
import tools.jackson.databind.annotation.JsonSerialize;
import tools.jackson.databind.cfg.MapperConfig;
import tools.jackson.databind.deser.std.StdScalarDeserializer;
import tools.jackson.databind.introspect.Annotated;
import tools.jackson.databind.introspect.AnnotatedMethod;
import tools.jackson.databind.introspect.NopAnnotationIntrospector;
import tools.jackson.databind.module.SimpleModule;
import tools.jackson.databind.ser.std.ToStringSerializer;

/**
 * Jackson 3 (Spring Boot 4.x): {@link SnowflakeId} {@code Long} properties are written as JSON strings, so
 * JavaScript clients do not round them (ids exceed 2^53), and read from strings or numbers.
 * <p>
 * {@link PublicId} properties are the public-id module's ({@code PublicIdJackson3Module}, which the starter registers
 * in its mappers, with keys or refusing without). In a mapper that has this module without that one (built by hand),
 * writing or reading a type with a {@code @PublicId} member fails, naming it: Jackson would send the raw id.
 * <p>
 * The Jackson 2 twin is {@link SnowflakeIdJackson2Module}, beside it (what they decide alike: {@link SnowflakeIdJson}).
 * Internal: the starter's {@code io.snowflakeid.spring.jackson.SnowflakeIdJackson3Module} (bean
 * {@code snowflakeIdJackson3Module}) extends it.
 */
public class SnowflakeIdJackson3Module extends SimpleModule {

	private static final long serialVersionUID = 1L;

	public SnowflakeIdJackson3Module() {
		super("snowflake-id");
	}

	@Override
	public void setupModule(SetupContext context) {
		super.setupModule(context);
		context.insertAnnotationIntrospector(new Introspector());
		context.addSerializerModifier(new Jackson3ObjectIds());
		context.addSerializerModifier(new Jackson3PublicIdGuard.Serializers());
		context.addDeserializerModifier(new Jackson3PublicIdGuard.Deserializers());
	}

	private static final class Introspector extends NopAnnotationIntrospector {

		private static final long serialVersionUID = 1L;

		@Override
		public Object findSerializer(MapperConfig<?> config, Annotated annotated) {
			if (appliesToLongArray(annotated)) {
				return LongArrayAsStrings.INSTANCE;
			}
			return applies(annotated, false) ? ToStringSerializer.instance : null;
		}

		@Override
		public Object findDeserializer(MapperConfig<?> config, Annotated annotated) {
			return applies(annotated, true) ? LenientLongDeserializer.INSTANCE : null;
		}


		/** {@code @SnowflakeId} on {@code Optional<Long>}, a collection, array or map of {@code Long}: each value. */
		@Override
		public Object findContentSerializer(MapperConfig<?> config, Annotated annotated) {
			return appliesToContent(annotated, false) ? ToStringSerializer.instance : null;
		}

		@Override
		public Object findContentDeserializer(MapperConfig<?> config, Annotated annotated) {
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
						&& (content ? deserialize.contentUsing() : deserialize.using()) != ValueDeserializer.None.class;
			}
			JsonSerialize serialize = annotated.getAnnotation(JsonSerialize.class);
			return serialize != null && (content ? serialize.contentUsing() : serialize.using()) != ValueSerializer.None.class;
		}
	}

	static final class LongArrayAsStrings extends tools.jackson.databind.ser.std.StdSerializer<long[]> {

		static final LongArrayAsStrings INSTANCE = new LongArrayAsStrings();

		LongArrayAsStrings() {
			super(long[].class);
		}

		@Override
		public void serialize(long[] ids, tools.jackson.core.JsonGenerator generator,
				tools.jackson.databind.SerializationContext context) {
			generator.writeStartArray(ids, ids.length);
			for (long id : ids) {
				generator.writeString(Long.toString(id));
			}
			generator.writeEndArray();
		}
	}

	static final class LenientLongDeserializer extends StdScalarDeserializer<Long> {

		static final LenientLongDeserializer INSTANCE = new LenientLongDeserializer();

		LenientLongDeserializer() {
			super(Long.class);
		}

		@Override
		public Long deserialize(JsonParser parser, DeserializationContext context) {
			JsonToken token = parser.currentToken();
			if (token == JsonToken.VALUE_NUMBER_INT) {
				return parser.getLongValue();
			}
			if (token == JsonToken.VALUE_STRING) {
				try {
					return SnowflakeIdText.parse(parser.getString());
				}
				catch (IllegalArgumentException ex) {
					return (Long) context.handleWeirdStringValue(Long.class, parser.getString(), ex.getMessage());
				}
			}
			return (Long) context.handleUnexpectedToken(Long.class, parser);
		}
	}
}
