package io.snowflakeid.spring.boot3;

import java.io.IOException;

import com.fasterxml.jackson.annotation.JsonFormat;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.Version;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.introspect.Annotated;
import com.fasterxml.jackson.databind.introspect.AnnotatedMethod;
import com.fasterxml.jackson.databind.introspect.NopAnnotationIntrospector;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.ToStringSerializer;
import io.snowflakeid.hibernate.SnowflakeId;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.spring.internal.SnowflakeIdJson;

/**
 * Jackson 2 (Spring Boot 3.x): {@link SnowflakeId} {@code Long} properties are written as JSON strings, so
 * JavaScript clients do not round them (ids exceed 2^53), and read from strings or numbers.
 */
public class SnowflakeIdJackson2Module extends SimpleModule {

	private static final long serialVersionUID = 1L;

	public SnowflakeIdJackson2Module() {
		super("snowflake-id", Version.unknownVersion());
	}

	@Override
	public void setupModule(SetupContext context) {
		super.setupModule(context);
		context.insertAnnotationIntrospector(new Introspector());
	}

	private static final class Introspector extends NopAnnotationIntrospector {

		private static final long serialVersionUID = 1L;

		@Override
		public Object findSerializer(Annotated annotated) {
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
					return SnowflakeIdJson.parse(parser.getText());
				}
				catch (IllegalArgumentException ex) {
					return (Long) context.handleWeirdStringValue(Long.class, parser.getText(), ex.getMessage());
				}
			}
			return (Long) context.handleUnexpectedToken(Long.class, parser);
		}
	}
}
