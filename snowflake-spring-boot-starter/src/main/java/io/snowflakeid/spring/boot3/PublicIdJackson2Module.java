package io.snowflakeid.spring.boot3;

import java.io.IOException;
import java.util.Arrays;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.Version;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
import com.fasterxml.jackson.databind.deser.std.StdScalarDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import com.fasterxml.jackson.databind.introspect.Annotated;
import com.fasterxml.jackson.databind.introspect.AnnotatedMethod;
import com.fasterxml.jackson.databind.introspect.NopAnnotationIntrospector;
import com.fasterxml.jackson.databind.module.SimpleModule;
import com.fasterxml.jackson.databind.ser.std.StdSerializer;
import io.snowflakeid.publicid.InvalidPublicIdException;
import io.snowflakeid.publicid.PublicId;
import io.snowflakeid.publicid.PublicIdCodec;
import io.snowflakeid.spring.internal.PublicIdJson;

/**
 * Jackson 2 (Spring Boot 3.x): {@link PublicId} {@code Long}/{@code long} properties (and the values of
 * {@code Optional<Long>}, collections, arrays and maps so annotated) are written as their {@link PublicIdCodec} token
 * and read from it. A JSON number, or a token that does not decode, is an {@code InvalidFormatException} (a 400 in
 * Spring MVC) whose cause is the {@link InvalidPublicIdException}.
 */
public class PublicIdJackson2Module extends SimpleModule {

	private static final long serialVersionUID = 1L;

	private final transient PublicIdCodec codec;

	public PublicIdJackson2Module(PublicIdCodec codec) {
		super("snowflake-public-id", Version.unknownVersion());
		this.codec = codec;
	}

	@Override
	public void setupModule(SetupContext context) {
		super.setupModule(context);
		// Inserted first, so it also wins over @SnowflakeId's ids-as-strings on a property carrying both.
		context.insertAnnotationIntrospector(new Introspector(new TokenSerializer(this.codec),
				new TokenDeserializer(this.codec), new TokenArraySerializer(this.codec),
				new TokenArrayDeserializer(new TokenDeserializer(this.codec))));
	}

	private static final class Introspector extends NopAnnotationIntrospector {

		private static final long serialVersionUID = 1L;

		private final transient TokenSerializer serializer;

		private final transient TokenDeserializer deserializer;

		private final transient TokenArraySerializer arraySerializer;

		private final transient TokenArrayDeserializer arrayDeserializer;

		Introspector(TokenSerializer serializer, TokenDeserializer deserializer, TokenArraySerializer arraySerializer,
				TokenArrayDeserializer arrayDeserializer) {
			this.serializer = serializer;
			this.deserializer = deserializer;
			this.arraySerializer = arraySerializer;
			this.arrayDeserializer = arrayDeserializer;
		}

		@Override
		public Object findSerializer(Annotated annotated) {
			if (PublicIdJson.isPublicIdArray(annotated.hasAnnotation(PublicId.class), type(annotated, false))) {
				return this.arraySerializer;
			}
			return applies(annotated, false) ? this.serializer : null;
		}

		@Override
		public Object findDeserializer(Annotated annotated) {
			if (PublicIdJson.isPublicIdArray(annotated.hasAnnotation(PublicId.class), type(annotated, true))) {
				return this.arrayDeserializer;
			}
			return applies(annotated, true) ? this.deserializer : null;
		}

		@Override
		public Object findContentSerializer(Annotated annotated) {
			return appliesToContent(annotated, false) ? this.serializer : null;
		}

		@Override
		public Object findContentDeserializer(Annotated annotated) {
			return appliesToContent(annotated, true) ? this.deserializer : null;
		}

		private static boolean applies(Annotated annotated, boolean mutator) {
			return PublicIdJson.isPublicId(annotated.hasAnnotation(PublicId.class), type(annotated, mutator));
		}

		private static Class<?> type(Annotated annotated, boolean mutator) {
			return (mutator && annotated instanceof AnnotatedMethod method && method.getParameterCount() == 1)
					? method.getRawParameterType(0) : annotated.getRawType();
		}

		private static boolean appliesToContent(Annotated annotated, boolean mutator) {
			if (!annotated.hasAnnotation(PublicId.class)) {
				return false;
			}
			JavaType type = (mutator && annotated instanceof AnnotatedMethod method && method.getParameterCount() == 1)
					? method.getParameterType(0) : annotated.getType();
			JavaType content = (type != null) ? type.getContentType() : null;
			return content != null && content.getRawClass() == Long.class;
		}
	}

	static final class TokenSerializer extends StdSerializer<Long> {

		private static final long serialVersionUID = 1L;

		private final transient PublicIdCodec codec;

		TokenSerializer(PublicIdCodec codec) {
			super(Long.class);
			this.codec = codec;
		}

		@Override
		public void serialize(Long value, JsonGenerator generator, SerializerProvider provider) throws IOException {
			generator.writeString(this.codec.encode(value));
		}
	}

	static final class TokenDeserializer extends StdScalarDeserializer<Long> {

		private static final long serialVersionUID = 1L;

		private final transient PublicIdCodec codec;

		TokenDeserializer(PublicIdCodec codec) {
			super(Long.class);
			this.codec = codec;
		}

		@Override
		public Long deserialize(JsonParser parser, DeserializationContext context) throws IOException {
			if (parser.currentToken() != JsonToken.VALUE_STRING) {
				return (Long) context.reportInputMismatch(this, PublicIdJson.NUMBER_REFUSED);
			}
			String token = parser.getText();
			try {
				return this.codec.decode(token);
			}
			catch (InvalidPublicIdException ex) {
				InvalidFormatException failure = InvalidFormatException.from(parser, PublicIdJson.invalid(ex), token,
						Long.class);
				failure.initCause(ex);
				throw failure;
			}
		}
	}
	/** {@code @PublicId long[]}: an array of tokens. */
	static final class TokenArraySerializer extends StdSerializer<long[]> {

		private static final long serialVersionUID = 1L;

		private final transient PublicIdCodec codec;

		TokenArraySerializer(PublicIdCodec codec) {
			super(long[].class);
			this.codec = codec;
		}

		@Override
		public void serialize(long[] value, JsonGenerator generator, SerializerProvider provider) throws IOException {
			generator.writeStartArray(value, value.length);
			for (long id : value) {
				generator.writeString(this.codec.encode(id));
			}
			generator.writeEndArray();
		}
	}

	/** {@code @PublicId long[]}: read from an array of tokens, each as {@link TokenDeserializer} reads one. */
	static final class TokenArrayDeserializer extends StdDeserializer<long[]> {

		private static final long serialVersionUID = 1L;

		private final transient TokenDeserializer element;

		TokenArrayDeserializer(TokenDeserializer element) {
			super(long[].class);
			this.element = element;
		}

		@Override
		public long[] deserialize(JsonParser parser, DeserializationContext context) throws IOException {
			if (!parser.isExpectedStartArrayToken()) {
				return (long[]) context.handleUnexpectedToken(long[].class, parser);
			}
			long[] ids = new long[8];
			int count = 0;
			while (parser.nextToken() != JsonToken.END_ARRAY) {
				if (count == ids.length) {
					ids = Arrays.copyOf(ids, count * 2);
				}
				ids[count++] = this.element.deserialize(parser, context);
			}
			return Arrays.copyOf(ids, count);
		}
	}
}
