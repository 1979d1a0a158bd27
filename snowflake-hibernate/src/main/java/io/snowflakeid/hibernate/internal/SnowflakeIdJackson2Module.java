package io.snowflakeid.hibernate.internal;

import java.io.IOException;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.Version;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JavaType;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import com.fasterxml.jackson.databind.annotation.JsonDeserialize;
import com.fasterxml.jackson.databind.annotation.JsonSerialize;
import com.fasterxml.jackson.databind.deser.std.StdDeserializer;
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
 * {@link PublicId} properties are not this module's: where a public-id module handles them (the Spring starter with
 * keys) they are skipped; everywhere else ({@link #refusingPublicIds()}) writing or reading one fails, because
 * Jackson's default would send the raw id where a token was promised.
 */
public class SnowflakeIdJackson2Module extends SimpleModule {

	private static final long serialVersionUID = 1L;

	/** The module's name, which Jackson also uses as its id in {@code ObjectMapper.getRegisteredModuleIds()}. */
	public static final String NAME = "snowflake-id";

	private final boolean publicIdsHandledElsewhere;

	/** For a caller whose own public-id module handles (or whose start refuses) every {@code @PublicId} property. */
	protected SnowflakeIdJackson2Module(boolean publicIdsHandledElsewhere) {
		super(NAME, Version.unknownVersion());
		this.publicIdsHandledElsewhere = publicIdsHandledElsewhere;
	}

	/** Where nothing turns ids into tokens: a {@code @PublicId} property fails instead of going out raw. */
	public static SnowflakeIdJackson2Module refusingPublicIds() {
		return new SnowflakeIdJackson2Module(false);
	}

	/**
	 * Beside a {@link PublicIdJackson2Module} registered after it (whose annotation introspector Jackson then asks
	 * first), which handles every {@code @PublicId} property.
	 */
	public static SnowflakeIdJackson2Module besidePublicIds() {
		return new SnowflakeIdJackson2Module(true);
	}

	@Override
	public void setupModule(SetupContext context) {
		super.setupModule(context);
		context.insertAnnotationIntrospector(new Introspector(this.publicIdsHandledElsewhere));
		context.addBeanSerializerModifier(new Jackson2ObjectIds());
		if (this.publicIdsHandledElsewhere) { // unless the public-id module is there too, refuse its types
			context.addBeanSerializerModifier(new Jackson2PublicIdGuard.Serializers());
			context.addBeanDeserializerModifier(new Jackson2PublicIdGuard.Deserializers());
		}
	}

	private static final class Introspector extends NopAnnotationIntrospector {

		private static final long serialVersionUID = 1L;

		private final boolean publicIdsHandledElsewhere;

		Introspector(boolean publicIdsHandledElsewhere) {
			this.publicIdsHandledElsewhere = publicIdsHandledElsewhere;
		}

		@Override
		public Object findSerializer(Annotated annotated) {
			if (refuses(annotated)) {
				return new PublicIdRefusal(annotated);
			}
			if (appliesToLongArray(annotated)) {
				return LongArrayAsStrings.INSTANCE;
			}
			return applies(annotated, false) ? ToStringSerializer.instance : null;
		}

		@Override
		public Object findDeserializer(Annotated annotated) {
			if (refuses(annotated)) {
				return new PublicIdReadRefusal(annotated);
			}
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

		private boolean refuses(Annotated annotated) {
			return !this.publicIdsHandledElsewhere && annotated.hasAnnotation(PublicId.class);
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

	static String refusal(Annotated annotated) {
		return "@PublicId property '" + annotated.getName() + "' cannot be written or read as JSON here: no public-id"
				+ " support turns it into a token, and the raw id must not go out where a token was promised."
				+ " Remove @PublicId, or use the Spring starter with snowflake.public-id.keys";
	}

	/** Fails closed: Jackson would otherwise write the raw id. */
	static final class PublicIdRefusal extends StdSerializer<Object> {

		private static final long serialVersionUID = 1L;

		private final String message;

		PublicIdRefusal(Annotated annotated) {
			super(Object.class);
			this.message = refusal(annotated);
		}

		@Override
		public void serialize(Object value, JsonGenerator generator, SerializerProvider provider) throws IOException {
			throw JsonMappingException.from(generator, this.message);
		}
	}

	static final class PublicIdReadRefusal extends StdDeserializer<Object> {

		private static final long serialVersionUID = 1L;

		private final String message;

		PublicIdReadRefusal(Annotated annotated) {
			super(Object.class);
			this.message = refusal(annotated);
		}

		@Override
		public Object deserialize(JsonParser parser, DeserializationContext context) throws IOException {
			throw JsonMappingException.from(parser, this.message);
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
