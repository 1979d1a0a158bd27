package io.snowflakeid.spring.jackson;

import com.fasterxml.jackson.annotation.JsonFormat;
import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.hibernate.internal.SnowflakeIdJson;
import tools.jackson.core.JsonParser;
import tools.jackson.core.JsonToken;
import tools.jackson.databind.DeserializationContext;
import tools.jackson.databind.JavaType;
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
	}

	private static final class Introspector extends NopAnnotationIntrospector {

		private static final long serialVersionUID = 1L;

		@Override
		public Object findSerializer(MapperConfig<?> config, Annotated annotated) {
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
			if (!annotated.hasAnnotation(SnowflakeId.class) || annotated.hasAnnotation(PublicId.class)
					|| (!mutator && SnowflakeIdJson.keepsNumber(annotated.getAnnotation(JsonFormat.class)))) {
				return false;
			}
			JavaType type = (mutator && annotated instanceof AnnotatedMethod method && method.getParameterCount() == 1)
					? method.getParameterType(0) : annotated.getType();
			JavaType content = (type != null) ? type.getContentType() : null;
			return content != null && content.getRawClass() == Long.class;
		}

		private static boolean applies(Annotated annotated, boolean mutator) {
			Class<?> type = (mutator && annotated instanceof AnnotatedMethod method && method.getParameterCount() == 1)
					? method.getRawParameterType(0) : annotated.getRawType();
			return SnowflakeIdJson.isNumericSnowflakeId(
					annotated.hasAnnotation(SnowflakeId.class) && !annotated.hasAnnotation(PublicId.class), type)
					&& (mutator || !SnowflakeIdJson.keepsNumber(annotated.getAnnotation(JsonFormat.class)));
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
					return SnowflakeIdJson.parse(parser.getString());
				}
				catch (IllegalArgumentException ex) {
					return (Long) context.handleWeirdStringValue(Long.class, parser.getString(), ex.getMessage());
				}
			}
			return (Long) context.handleUnexpectedToken(Long.class, parser);
		}
	}
}
